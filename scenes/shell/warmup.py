"""Ahead of need: the art a screen will draw, built in the spare time at the end of frames.

Art made in code costs milliseconds a piece (a card face 2–9 ms, a card back 5 ms), so a
face drawn for the first time in the middle of play drops a frame. When a screen enters,
the app asks it what it (and the screen likely after it) will draw — `Scene.art_wanted()`,
a list of (key, kind, build) pieces, most urgent first — and builds them a piece at a time
after each frame is drawn, while the frame's time allows. The queue knows no screen and no
game: each screen says what it wants (scenes/table/art_wanted.py, scenes/duel/art_wanted.py).

Privacy: whole decks are warmed in deck order, whoever holds the cards, through the art
modules' own builders. Nothing is drawn, and the privacy audit, which watches the
painters' `scenes.art.card_face`, sees only what is drawn.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from scenes.art.wanted import AT_ENTRY, Wanted

if TYPE_CHECKING:
    from scenes.shell.scene import Scene

BUDGET = 0.012  # seconds of a 16.7 ms frame the frame and its warm-up may use together
EAGER_UNDER = 0.003  # a frame that took less than this always builds one piece
FIRST_GUESS = 0.006  # seconds a piece of unknown kind is expected to take
CACHED = 0.0002  # a piece that took less than this was already made

Job = tuple[str, Callable[[], object]]  # (kind, build): the kind names a cost class


class Warmup:
    """A queue of pieces to build, run in the time a frame leaves over."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """An empty queue; clock gives seconds (wall time: what a frame's budget is in)."""
        self.clock = clock
        self.queue: deque[Job] = deque()
        self.queued: set[tuple] = set()
        self.cost: dict[str, float] = {}  # kind -> seconds, a running mean
        self.built = 0

    def want(self, jobs: Iterable[Wanted]) -> None:
        """Queue (key, kind, build) jobs not already queued, after those waiting."""
        for key, kind, build in jobs:
            if key not in self.queued:
                self.queued.add(key)
                self.queue.append((kind, build))

    def run(self, frame_start: float, budget: float = BUDGET) -> int:
        """Build pieces while the next is expected to end within budget; how many were built."""
        done = 0
        while self.queue:
            kind, build = self.queue[0]
            now = self.clock()
            # Capped, so one slow piece (a busy machine) never stalls the queue for good.
            expected = min(self.cost.get(kind, FIRST_GUESS), budget / 2)
            eager = done == 0 and now - frame_start < EAGER_UNDER
            if not eager and now + expected > frame_start + budget:
                break
            self.queue.popleft()
            build()
            took = self.clock() - now
            if took > CACHED:  # a piece already made says nothing about the cost of its kind
                self.cost[kind] = took if kind not in self.cost else 0.7 * self.cost[kind] + 0.3 * took
            done += 1
        self.built += done
        if not self.queue:
            self.queued.clear()
        return done

    def ahead(self, scene: Scene) -> None:
        """Queue what `scene` (just entered) and the screen likely after it will draw, before
        anything an earlier screen wanted; overlays (pause, help) want nothing and keep it."""
        jobs = list(scene.art_wanted())
        if jobs:
            self.queue.clear()
            self.queued.clear()
            for _, kind, build in jobs:
                if kind in AT_ENTRY:
                    build()
            self.want(job for job in jobs if job[1] not in AT_ENTRY)
