"""Easing functions, tweens and timelines driven by dt, so every animation can be skipped."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Generic, TypeVar, overload

Ease = Callable[[float], float]
Value = float | tuple[float, ...]
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
V = TypeVar("V", float, tuple[float, ...])  # what a Tween moves: a number, or a tuple (a position, a colour)


def linear(x: float) -> float:
    """No easing."""
    return x


def in_quad(x: float) -> float:
    """Starts slow."""
    return x * x


def out_quad(x: float) -> float:
    """Ends slow."""
    return 1 - (1 - x) * (1 - x)


def in_out_quad(x: float) -> float:
    """Slow at both ends."""
    return 2 * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 2 / 2


def out_cubic(x: float) -> float:
    """Fast then gently settles: the default for things sliding into place."""
    return 1 - (1 - x) ** 3


def in_out_cubic(x: float) -> float:
    """Slow, fast, slow."""
    return 4 * x**3 if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2


def out_back(x: float, overshoot: float = 1.70158) -> float:
    """Overshoots a little and comes back: cards landing, buttons popping."""
    c3 = overshoot + 1
    return 1 + c3 * (x - 1) ** 3 + overshoot * (x - 1) ** 2


def out_elastic(x: float) -> float:
    """Springs past the end a few times."""
    if x in (0.0, 1.0):
        return x
    return 2 ** (-10 * x) * math.sin((x * 10 - 0.75) * (2 * math.pi / 3)) + 1


def out_bounce(x: float) -> float:
    """Bounces at the end like a dropped die."""
    n, d = 7.5625, 2.75
    if x < 1 / d:
        return n * x * x
    if x < 2 / d:
        x -= 1.5 / d
        return n * x * x + 0.75
    if x < 2.5 / d:
        x -= 2.25 / d
        return n * x * x + 0.9375
    x -= 2.625 / d
    return n * x * x + 0.984375


def clamp01(x: float) -> float:
    """x limited to 0..1."""
    return 0.0 if x < 0 else 1.0 if x > 1 else x


@overload
def lerp(a: float, b: float, k: float) -> float: ...
@overload
def lerp(a: tuple[float, ...], b: tuple[float, ...], k: float) -> tuple[float, ...]: ...
@overload
def lerp(a: Value, b: Value, k: float) -> Value: ...
def lerp(a: Value, b: Value, k: float) -> Value:
    """Linear interpolation of numbers or of equal-length tuples (positions, colours)."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        assert isinstance(a, Sequence) and isinstance(b, Sequence)
        return tuple(x + (y - x) * k for x, y in zip(a, b, strict=True))
    return a + (b - a) * k


@overload
def lerp_color(a: RGB, b: RGB, k: float) -> RGB: ...
@overload
def lerp_color(a: RGBA, b: RGBA, k: float) -> RGBA: ...
@overload
def lerp_color(a: Sequence[int], b: Sequence[int], k: float) -> tuple[int, ...]: ...
def lerp_color(a: Sequence[int], b: Sequence[int], k: float) -> tuple[int, ...]:
    """A colour between a and b, rounded to whole channel values."""
    k = clamp01(k)
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b, strict=False))  # RGB with RGBA: RGB


class Motion:
    """The player's choice of motion (Options): with reduced motion nothing shakes, flashes,
    flies or sways, and transitions are instant. Painters and animations ask `reduced`."""

    reduced = False


def pulse(time: float, period: float = 1.2) -> float:
    """A smooth 0..1..0 wave over period seconds, for glows and blinking keys (steady when the
    player asked for reduced motion)."""
    if Motion.reduced:
        return 0.5
    return 0.5 - 0.5 * math.cos(2 * math.pi * time / period)


@dataclass(slots=True)
class Tween(Generic[V]):
    """A value moving from start to end over duration seconds (after delay), eased."""

    start: V
    end: V
    duration: float
    ease: Ease = out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """How far along, 0..1, before easing."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def value(self) -> V:
        """The eased value now."""
        return lerp(self.start, self.end, self.ease(self.progress))

    @property
    def done(self) -> bool:
        """Whether the end value has been reached."""
        return self.elapsed >= self.delay + self.duration

    @property
    def total(self) -> float:
        """Delay plus duration."""
        return self.delay + self.duration

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""
        self.elapsed = min(self.elapsed + dt, self.total)

    def seek(self, elapsed: float) -> None:
        """Jump to a given time since the tween began."""
        self.elapsed = max(0.0, min(elapsed, self.delay + self.duration))  # (total, inlined)

    def finish(self) -> None:
        """Skip to the end."""
        self.elapsed = self.total


@dataclass(slots=True)
class _Entry:
    at: float
    tween: Tween[float] | Tween[tuple[float, ...]] | None = None
    action: Callable[[], None] | None = None
    fired: bool = False


_AT = attrgetter("at")  # an entry's time, the order a timeline runs them in


@dataclass
class Timeline:
    """Tweens and calls placed on one clock; skip() jumps to the end firing every call once.

    >>> tl = Timeline(); slide = tl.add(Tween(0, 100, 0.3)); tl.wait(0.2); tl.call(print)
    """

    time: float = 0.0
    end: float = 0.0
    entries: list[_Entry] = field(default_factory=list)

    def add(self, tween: Tween[V], at: float | None = None) -> Tween[V]:
        """Place tween at time `at` (default: after everything so far); returns it."""
        start = self.end if at is None else at
        self.entries.append(_Entry(start, tween=tween))
        self.end = max(self.end, start + tween.total)
        tween.seek(self.time - start)
        return tween

    def wait(self, seconds: float) -> None:
        """Leave a pause after everything so far."""
        self.end += seconds

    def call(self, action: Callable[[], None], at: float | None = None) -> None:
        """Run action once when the clock reaches `at` (default: the current end)."""
        start = self.end if at is None else at
        self.entries.append(_Entry(start, action=action))
        self.end = max(self.end, start)

    @property
    def done(self) -> bool:
        """Whether the clock has passed the end and every call has run."""
        return self.time >= self.end and all(e.fired or e.action is None for e in self.entries)

    def update(self, dt: float) -> None:
        """Advance the clock by dt, moving tweens and running due calls in time order."""
        self.time = min(self.time + dt, max(self.end, self.time))
        for entry in sorted(self.entries, key=_AT):  # (stable: equal times keep their order)
            if entry.tween is not None:
                entry.tween.seek(self.time - entry.at)
            elif entry.action is not None and not entry.fired and entry.at <= self.time:
                entry.fired = True
                entry.action()

    def skip(self) -> None:
        """Jump to the end: every tween at its end value, every pending call run once."""
        for _ in range(100):  # a call may add more to the timeline; follow it to the end
            self.update(self.end - self.time)
            if self.done:
                return
