"""The replay's playback over a records cursor: step, jump to a lie or a challenge, scrub, play.

No pygame: the Replay screen turns intents into these calls and draws `step`. Every move goes
through Cursor.seek (keyframes every 16 moves), the same path tools/records_bench.py times.
"""

from __future__ import annotations

from bluffhouse.game.records.check import Story
from bluffhouse.game.records.cursor import Cursor, Step

SPEEDS = (1, 2, 4)


class Playback:
    """Where a replay is, how fast it plays, and the moves to get elsewhere."""

    def __init__(self, story: Story) -> None:
        """story: a checked record (game.records.check), keyframed here when it is not."""
        self.cursor = Cursor(story)
        self.story = self.cursor.story
        self.record = self.story.record
        self.speed = 1
        self.playing = False
        self.clock = 0.0  # seconds of playback at 1x
        self.step: Step = self.cursor.seek(0)

    @property
    def position(self) -> int:
        """The position shown now (0: the first deal)."""
        return self.step.position

    @property
    def last(self) -> int:
        """The last position of the record."""
        return self.cursor.positions - 1

    @property
    def fraction(self) -> float:
        """How far along the record the position is, 0..1 (the timeline's playhead)."""
        return self.position / self.last if self.last else 1.0

    def go(self, position: int) -> bool:
        """Show a position (clamped); True when it moved."""
        before = self.position
        self.step = self.cursor.seek(position)
        self.clock = self.cursor.seconds(self.step.position)
        return self.step.position != before

    def forward(self) -> bool:
        """One move on."""
        return self.go(self.position + 1)

    def back(self) -> bool:
        """One move back."""
        return self.go(self.position - 1)

    def next_lie(self) -> bool:
        """To just after the next lie told; False when there is none."""
        return self._to(self.cursor.next_lie(self.position))

    def previous_lie(self) -> bool:
        """To just after the previous lie told; False when there is none."""
        return self._to(self.cursor.previous_lie(self.position))

    def next_challenge(self) -> bool:
        """To just after the next challenge; False when there is none."""
        return self._to(self.cursor.next_challenge(self.position))

    def previous_challenge(self) -> bool:
        """To just after the previous challenge; False when there is none."""
        return self._to(self.cursor.previous_challenge(self.position))

    def scrub(self, fraction: float) -> bool:
        """To the position at `fraction` (0..1) of the timeline."""
        fraction = min(1.0, max(0.0, float(fraction))) if fraction == fraction else 0.0
        return self.go(round(fraction * self.last))

    def toggle(self) -> None:
        """Play or pause; playing from the end starts again from the beginning."""
        if not self.playing and self.position >= self.last:
            self.go(0)
        self.playing = not self.playing

    def faster(self, delta: int = 1) -> int:
        """The next speed up (or down) of 1x, 2x, 4x, going round; the speed now."""
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + delta) % len(SPEEDS)]
        return self.speed

    def update(self, dt: float) -> bool:
        """Play on by dt seconds at the speed chosen; True when the position changed."""
        if not self.playing:
            return False
        self.clock += max(0.0, dt) * self.speed
        wanted = self.cursor.position_at(self.clock)
        moved = False
        if wanted > self.position:
            clock = self.clock
            self.step = self.cursor.seek(wanted)
            self.clock, moved = clock, True
        if self.position >= self.last:
            self.playing = False
        return moved

    def _to(self, position: int | None) -> bool:
        if position is None:
            return False
        self.playing = False
        return self.go(position)
