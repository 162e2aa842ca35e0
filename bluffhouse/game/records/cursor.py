"""A cursor over a checked record: the whole table at any step, face up, and jumps to what matters.

Positions run over the whole record: each game's deal, then the state after each of its moves
(a Kamu match of three rounds of 100 moves has 303 positions). seek() goes to a position from
the nearest keyframe (a copy of the engine kept every KEYFRAME_EVERY moves when the record
was checked), so a jump anywhere costs at most that many moves played again. Replays are only
of games that ended, so a Step's engine holds every hand and cup, for the screen to show.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from bluffhouse.game.contract import Engine
from bluffhouse.game.records.check import Story, check
from bluffhouse.game.records.story import Moment

KEYFRAME_EVERY = 16
GAME_GAP = 3.0  # seconds of playback between two games of a match (the results in between)
# A replay at 1x keeps the game's rhythm but not its idle stretches: people's thinking pauses
# (30 s on "move 1 of 4") are shortened to this, so a move comes at least every two seconds.
MOST_BETWEEN_MOVES = 2.0


@dataclass(frozen=True, slots=True)
class Step:
    """The record at one position: which game, how far, the engine as it stood, the last move."""

    position: int
    game: int
    moves: int  # moves of this game applied
    engine: object  # a Table or a Duel of its own: the whole truth, every hand face up
    moment: Moment | None  # the move that led here (None at a game's deal)
    scores: tuple[int, ...]  # the match's points so far (this game's counted once it is over)

    @property
    def at(self) -> float:
        """Seconds since this game began."""
        return self.moment.at if self.moment is not None else 0.0


class Cursor:
    """Walks a record: seek anywhere, one step either way, next/previous lie or challenge."""

    def __init__(self, story: Story) -> None:
        """story: a checked record (checked again with keyframes when it has none)."""
        if not story.keyframes:
            story = check(story.record, KEYFRAME_EVERY)
        self.story = story
        self.record = story.record
        self.positions = story.positions
        self._starts = story.starts
        self._by_step = {m.step: m for m in story.moments}
        self._lies = [m.step for m in story.moments if m.is_call and m.lie]
        self._challenges = [m.step for m in story.moments if m.is_challenge]
        times, total = [], 0.0  # the playback time of every position, at 1x
        for index, game in enumerate(self.record.games):
            total += GAME_GAP if index else 0.0
            times.append(total)  # its deal
            before = 0.0
            for move in game.moves:
                total += min(MOST_BETWEEN_MOVES, max(0.0, move.at - before))
                before = move.at
                times.append(total)
        self._times = times
        self.duration = times[-1] if times else 0.0  # seconds of playback at 1x
        self._engine: Engine | None = None
        self._at: tuple[int, int] | None = None  # (game, moves) of _engine
        self.position = 0

    # -- where a position is ----------------------------------------------------------------

    def locate(self, position: int) -> tuple[int, int]:
        """(game, moves applied in it) of a position."""
        game = bisect_right(self._starts, position) - 1
        return game, position - self._starts[game]

    def clamp(self, position: int) -> int:
        """A position inside the record."""
        return max(0, min(self.positions - 1, int(position)))

    def seconds(self, position: int) -> float:
        """The playback time of a position at 1x: the game's own rhythm, each wait between two
        moves at most MOST_BETWEEN_MOVES, and GAME_GAP between two games of a match."""
        return self._times[self.clamp(position)]

    def position_at(self, seconds: float) -> int:
        """The last position whose playback time is at or before `seconds`."""
        return max(0, min(self.positions - 1, bisect_right(self._times, seconds) - 1))

    # -- moving -----------------------------------------------------------------------------

    def seek(self, position: int) -> Step:
        """The record at `position` (clamped into it)."""
        position = self.clamp(position)
        game, moves = self.locate(position)
        engine = self._engine_at(game, moves)
        scores = (
            self.story.scores[game]
            if moves == len(self.record.games[game].moves) and self.story.winners[game] is not None
            else self._scores_before(game)
        )
        self.position = position
        return Step(
            position, game, moves, engine.clone(), self._by_step.get(position) if moves else None, scores
        )

    def step(self, delta: int = 1) -> Step:
        """One position forward (or back with a negative delta)."""
        return self.seek(self.position + delta)

    def next_lie(self, position: int | None = None) -> int | None:
        """The position just after the next lie told, or None."""
        return self._after(self._lies, self.position if position is None else position)

    def previous_lie(self, position: int | None = None) -> int | None:
        """The position just after the previous lie told, or None."""
        return self._before(self._lies, self.position if position is None else position)

    def next_challenge(self, position: int | None = None) -> int | None:
        """The position just after the next challenge (its cards turned up), or None."""
        return self._after(self._challenges, self.position if position is None else position)

    def previous_challenge(self, position: int | None = None) -> int | None:
        """The position just after the previous challenge, or None."""
        return self._before(self._challenges, self.position if position is None else position)

    # -- inside -----------------------------------------------------------------------------

    @staticmethod
    def _after(steps: list[int], position: int) -> int | None:
        index = bisect_right(steps, position)
        return steps[index] if index < len(steps) else None

    @staticmethod
    def _before(steps: list[int], position: int) -> int | None:
        index = bisect_left(steps, position)
        return steps[index - 1] if index else None

    def _scores_before(self, game: int) -> tuple[int, ...]:
        return self.story.scores[game - 1] if game else (0,) * self.record.rules.players

    def _engine_at(self, game: int, moves: int) -> Engine:
        """The cursor's own engine moved to (game, moves): forward from where it is when that is
        near, else from the nearest keyframe at or before it."""
        here, engine = self._at, self._engine
        if here is None or engine is None or here[0] != game or not 0 <= moves - here[1] <= KEYFRAME_EVERY:
            frames = self.story.keyframes[game]
            done, frame = frames[bisect_right([k for k, _ in frames], moves) - 1]
            engine, here = frame.clone(), (game, done)
            self._engine = engine
        for move in self.record.games[game].moves[here[1] : moves]:
            engine.apply(move.action)
        self._at = (game, moves)
        return engine
