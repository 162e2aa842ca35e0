"""The duel's stage: engine events become beats played one after another (no pygame).

The engine changes at once; what the players see follows beat by beat (a cup shakes,
a bubble pops, a cup lifts). Every beat's effect on the picture happens when it
starts, so skip() can run the rest instantly and leave the same picture behind.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from bluffhouse.game.duel_events import (
    BiddingStarted,
    Challenged,
    Declared,
    DiceRevealed,
    DiceRolled,
    FirstDieRolled,
    Mood,
    OpeningReplayed,
    Proposed,
    ProposerChosen,
    Rerolled,
    RoundWon,
)
from bluffhouse.scenes.duel.words import claim_words, mood_words
from bluffhouse.scenes.shell.messages import Lazy, Message, Name, Said, message, said, you_key

# Seconds each beat lasts (a click or a key skips them all). A shake and a claim are the beats a
# match has most of (some sixty): each holds the table only as long as it takes to see it.
FIRST_ROLL, BANNER, SHAKE, LAND, SAY, CLAIM = 1.5, 1.3, 0.5, 0.25, 0.75, 0.75
CHALLENGE, LIFT, VERDICT, POINT = 0.85, 0.8, 1.1, 0.7
# Beats whose picture is whole from their first frame (a claim's bubble, a mood said): the player
# who answers reads it while deciding, so the last of them does not hold the table back.
ANSWERABLE = frozenset({"claim", "say"})
LOG_LINES = 6


@dataclass(slots=True)
class Beat:
    """One moment of the show: what it is, how long it lasts, what it carries."""

    kind: str
    duration: float
    data: dict = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 through the beat."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


@dataclass(slots=True)
class SeatShow:
    """What the table shows of one seat: its last words, its cup, its score. Words are kept as
    said (scenes.shell.messages) and told in the language of the moment they are drawn."""

    bubble_words: Said | None = None
    bubble_kind: str = "say"  # "good", "bad", "say", "claim"
    bubble_at: float = -9.0  # stage time the bubble appeared (for its pop)
    status_words: Said = ""  # "rerolled 3 dice (1 of 2)"
    dice: tuple[int, ...] | None = None  # the dice as they last landed (drawn only if allowed)
    lifted: bool = False  # the cup was lifted in the challenge
    score: int = 0

    @property
    def bubble(self) -> str | None:
        """The seat's last words in the current language, or None."""
        return None if self.bubble_words is None else said(self.bubble_words)

    @property
    def status(self) -> str:
        """What the seat did ("rerolled 3 dice (1 of 2)") in the current language, or ""."""
        return said(self.status_words)


@dataclass(slots=True)
class Show:
    """Everything the picture shows that follows the beats rather than the engine."""

    seats: list[SeatShow] = field(default_factory=lambda: [SeatShow(), SeatShow()])
    claim: tuple[int, ...] | None = None
    claimant: int | None = None
    told: list[Said] = field(default_factory=list)  # the round's log, told when drawn
    first: tuple[int, int] | None = None  # the last pair of first dice rolled
    verdict: dict | None = None  # met, winner, claimant, claim, had
    lifted_at: float | None = None  # stage time the challenged cup was lifted
    over: bool = False  # the round's beats are all played

    @property
    def log(self) -> list[str]:
        """The round's log in the current language, oldest first."""
        return [said(line) for line in self.told]

    def note(self, line: Said) -> None:
        """Add a line to the round's log."""
        self.told.append(line)
        del self.told[:-LOG_LINES]


class Stage:
    """A queue of beats played in order; `show` holds the picture they leave behind."""

    def __init__(
        self, names: list[str], sound: Callable[[str], None] | None = None, you: int | None = None
    ) -> None:
        """names by seat, for the words; sound(name) plays an effect."""
        self.names = names
        self.you = you  # the only person at the table, spoken to as "you"
        self.sound = sound or (lambda name: None)
        self.queue: deque[Beat] = deque()
        self.current: Beat | None = None
        self.show = Show()
        self.time = 0.0
        self._verdict: dict = {}
        self._moods: dict[int, Mood] = {}  # what each seat said of its dice in this opening

    def words(self, key: str, seat: int, **fmt) -> Message:
        """A line about seat: its second-person form when seat is the only person at the table."""
        return Message(you_key(key, seat == self.you), (("name", Name(self.names, seat)), *fmt.items()))

    def _replay_words(self) -> Message:
        """Why the opening starts again: nobody was content, or (the proposer decides, or the
        other one when the proposer said all the same) the one whose word settled it was not."""
        unhappy = [seat for seat, mood in self._moods.items() if mood is Mood.NOT_SATISFIED]
        if len(unhappy) == 2 or not self._moods:
            return message("duel.banner.replay")
        return self.words("duel.banner.replay_one", next(reversed(self._moods)))

    @property
    def busy(self) -> bool:
        """A beat holds the table: one is playing or waiting, except a last claim or word already
        on screen (the answer may come while it plays; its beats follow once it ends)."""
        if self.queue:
            return True
        return self.current is not None and self.current.kind not in ANSWERABLE

    def reading(self, seconds: float) -> bool:
        """True from a challenge until its lifted cup has been in view for `seconds` (stage time)."""
        if self.show.lifted_at is None:
            return any(beat.kind == "lift" for beat in self._pending())
        return self.time - self.show.lifted_at < seconds

    def _pending(self) -> list[Beat]:
        return ([self.current] if self.current is not None else []) + list(self.queue)

    @property
    def remaining(self) -> float:
        """Seconds of beats still to play (the current one's rest and every waiting one)."""
        rest = 0.0 if self.current is None else max(0.0, self.current.duration - self.current.elapsed)
        return rest + sum(beat.duration for beat in self.queue)

    def add(self, kind: str, duration: float, **data) -> Beat:
        """Queue a beat."""
        beat = Beat(kind, duration, data)
        self.queue.append(beat)
        if self.current is None:
            self._next(quiet=False)
        return beat

    def update(self, dt: float) -> None:
        """Advance the current beat; start the next when it ends."""
        self.time += dt
        while self.current is not None:
            self.current.elapsed += dt
            if self.current.elapsed < self.current.duration:
                return
            dt = self.current.elapsed - self.current.duration
            self.current = None
            self._next(quiet=False)

    def skip(self) -> None:
        """Play every waiting beat at once, quietly: the picture jumps to the end."""
        self.current = None
        while self.queue:
            self._next(quiet=True)
            self.current = None

    def _next(self, quiet: bool) -> None:
        if not self.queue:
            return
        self.current = self.queue.popleft()
        self._start(self.current, quiet)

    # -- what each beat does to the picture ----------------------------------------------

    def _start(self, beat: Beat, quiet: bool) -> None:
        show, data = self.show, beat.data
        sound = None
        if beat.kind == "first_roll":
            show.first = data["faces"]
            sound = "roll"
        elif beat.kind == "banner":
            if data.get("log"):
                show.note(data["text"])
            sound = data.get("sound")
        elif beat.kind == "shake":
            for seat in data["seats"]:
                show.seats[seat].lifted = False
            sound = "shake"
        elif beat.kind == "land":
            for seat, dice in data["dice"].items():
                show.seats[seat].dice = dice
            sound = "roll"
        elif beat.kind == "say":
            self._bubble(data["seat"], data["text"], data.get("tone", "say"))
            show.note(self.words("duel.log.said", data["seat"], text=data["text"]))
            sound = "tock"
        elif beat.kind == "status":
            show.seats[data["seat"]].status_words = data["text"]
            show.note(data["log"])
        elif beat.kind == "claim":
            seat = data["seat"]
            show.claim, show.claimant = data["dice"], seat
            words = Lazy(claim_words, (data["dice"],))
            self._bubble(seat, words, "claim")
            show.seats[seat].status_words = ""
            show.note(self.words("duel.log.said", seat, text=words))
            sound = "deal"
        elif beat.kind == "clear_bubbles":
            for seat_show in show.seats:
                seat_show.bubble_words = None
                seat_show.status_words = ""
        elif beat.kind == "challenge":
            self._bubble(data["seat"], message("duel.say.challenge"), "bad")
            show.note(self.words("duel.log.challenged", data["seat"]))
            sound = "doubt"
        elif beat.kind == "lift":
            seat_show = show.seats[data["seat"]]
            seat_show.dice, seat_show.lifted = data["dice"], True
            show.lifted_at = self.time
            sound = "flip"
        elif beat.kind == "verdict":
            show.verdict = dict(data, at=self.time)
            sound = "reveal_true" if data["met"] else "reveal_lie"
        elif beat.kind == "point":
            show.seats[data["seat"]].score += 1
            sound = "win" if data.get("match_over") else "bullet_back"
        elif beat.kind == "over":
            show.over = True
        if sound and not quiet:
            self.sound(sound)

    def _bubble(self, seat: int, text: Said, tone: str) -> None:
        seat_show = self.show.seats[seat]
        seat_show.bubble_words, seat_show.bubble_kind, seat_show.bubble_at = text, tone, self.time

    # -- engine events into beats ----------------------------------------------------------

    def play(
        self,
        events,
        positions: dict[int, tuple[int, ...]] | None = None,
        dice: dict[int, tuple[int, ...]] | None = None,
        claim: tuple[int, ...] | None = None,
        match_over: bool = False,
    ) -> None:
        """Queue the beats for a list of engine events.

        positions: which dice of a rerolling seat tumble; dice: each seat's dice after the
        events (what lands when a cup stops shaking; the drawing decides who may see it);
        claim: the proposition standing when a challenge ends the round.
        """
        first = []
        for event in events:
            if isinstance(event, FirstDieRolled):
                first.append(event.face)
                if len(first) == 2:
                    tie = first[0] == first[1]
                    self.add("first_roll", FIRST_ROLL, faces=tuple(first), tie=tie)
                    if tie:
                        self.add("banner", BANNER * 0.7, text=message("duel.banner.tie"))
                    first = []
            elif isinstance(event, ProposerChosen):
                key = "duel.banner.first_high" if self.show.first else "duel.banner.first_loser"
                self.add("banner", BANNER, text=self.words(key, event.seat), log=True)
            elif isinstance(event, DiceRolled):
                if event.replay == 0:
                    self.add("banner", BANNER * 0.45, text=message("duel.banner.roll"))
                self.add("shake", SHAKE, seats=(0, 1), positions={0: range(5), 1: range(5)})
                self.add("land", LAND, dice=dict(dice or {}))
            elif isinstance(event, Declared):
                tone = {Mood.SATISFIED: "good", Mood.NOT_SATISFIED: "bad"}.get(event.mood, "say")
                self.add("say", SAY, seat=event.seat, text=Lazy(mood_words, (event.mood,)), tone=tone)
                self._moods[event.seat] = event.mood
            elif isinstance(event, OpeningReplayed):
                self.add("banner", BANNER, text=self._replay_words(), log=True)
                self.add("clear_bubbles", 0.0)
                self._moods = {}
            elif isinstance(event, BiddingStarted):
                self._moods = {}
                self.add("clear_bubbles", 0.0)
                self.add("banner", BANNER * 0.8, text=self.words("duel.banner.bidding", event.seat))
            elif isinstance(event, Rerolled):
                text = message("duel.status.rerolled", n=event.count, number=event.number)
                log = self.words("duel.log.rerolled", event.seat, n=event.count, number=event.number)
                self.add("status", 0.0, seat=event.seat, text=text, log=log)
                where = (positions or {}).get(event.seat, range(5))
                self.add("shake", SHAKE, seats=(event.seat,), positions={event.seat: where})
                self.add("land", LAND, dice={event.seat: (dice or {}).get(event.seat)})
            elif isinstance(event, Proposed):
                self.add("claim", CLAIM, seat=event.seat, dice=event.dice)
            elif isinstance(event, Challenged):
                self.add("challenge", CHALLENGE, seat=event.challenger)
            elif isinstance(event, DiceRevealed):
                self.add("lift", LIFT, seat=event.seat, dice=event.dice)
                self._verdict = dict(met=event.value_met, claimant=event.seat, had=event.dice)
            elif isinstance(event, RoundWon):
                self.add("verdict", VERDICT, **self._verdict, winner=event.seat, claim=claim)
                self.add("point", POINT, seat=event.seat, match_over=match_over)
                self.add("over", 0.0)
