"""Computer players' pacing, both games': a think time drawn from the flow's own generator, at
the players' pace; plans due at a game time, made stale by any applied action (GameFlow.act
bumps the serial and clears them), and a turn never acted on while the screen still shows
something. GameFlow (scenes/play/flow.py) keeps the clock, the hold and the generator."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(slots=True)
class Plan:
    """A computer player's planned move: due at a game time, made at one state (`serial`)."""

    due: float
    seat: int
    kind: str  # "turn" (its move when its turn comes) | "challenge" (a challenge key, in the window)
    serial: int = 0


class Plans:
    """The computer players' plans of one flow (GameFlow sets every attribute named here)."""

    rng: random.Random  # the think times' own generator
    pace: float  # the players' game pace (Options)
    clock: float  # the flow's game time
    hold_until: float  # a verdict on screen holds the game until then
    _plans: list[Plan]
    _serial: int  # bumps at every applied action: plans made before it are stale

    def think(self, span: tuple[float, float]) -> float:
        """A computer player's delay, like a person's, at the players' pace."""
        return self.rng.uniform(*span) / self.pace

    def plan(self, seat: int, kind: str, delay: float) -> None:
        """Plan a computer player's move `delay` seconds on (counted after any hold)."""
        start = max(self.clock, self.hold_until)
        self._plans.append(Plan(start + delay, seat, kind, self._serial))

    def due(self, busy: bool) -> list[Plan]:
        """The plans whose time has come (taken off the list); a turn waits while the screen is
        busy showing something, a challenge key does not."""
        due = [p for p in self._plans if p.due <= self.clock and not (busy and p.kind == "turn")]
        for plan in due:
            self._plans.remove(plan)
        return [plan for plan in due if plan.serial == self._serial]

    def planned(self, kind: str = "turn") -> Plan | None:
        """The first plan of that kind still waiting, or None."""
        return next((p for p in self._plans if p.kind == kind), None)

    def drop_plans(self) -> None:
        """Nothing a computer player planned still holds."""
        self._plans.clear()

    def next_due(self) -> float | None:
        """The game time of the next thing the flow will do by itself (a computer player's planned
        move), or None when nothing is planned (people are to act)."""
        return min((plan.due for plan in self._plans), default=None)
