"""The cache of finished art: every drawing function renders once per set of arguments."""

from __future__ import annotations

import inspect
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps

import pygame

# Bounded by the pixels it holds: a whole session of both decks at every size the screens
# use is about 40 MB, so the budget is a safety net for arguments that never repeat.
CACHE_BUDGET = 96 * 1024 * 1024
_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_FAST: dict[tuple, pygame.Surface] = {}  # the same calls, keyed as they were spelled
_held = 0  # bytes of pixels in _CACHE
_on_clear: list[Callable[[], None]] = []


def cached(fn: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
    """Memoise a surface factory on its arguments (defaults filled in, so f(90) and
    f(90, style="french") are one entry); callers must not draw on the result."""
    signature = inspect.signature(fn)

    @wraps(fn)
    def wrapper(*args, **kwargs):
        fast = (fn.__name__, args, tuple(kwargs.items()))
        surf = _FAST.get(fast)
        if surf is not None:
            return surf
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        key = (fn.__name__, tuple(bound.arguments.values()))
        surf = _CACHE.get(key)
        if surf is None:
            surf = finish(fn(*args, **kwargs))
            _keep(key, surf)
        else:
            _CACHE.move_to_end(key)
        _FAST[fast] = surf
        return surf

    return wrapper


def _keep(key: tuple, surf: pygame.Surface) -> None:
    """Cache a surface; past the budget the least recently asked-for ones go."""
    global _held
    _CACHE[key] = surf
    _held += _bytes(surf)
    if _held > CACHE_BUDGET:
        while _held > CACHE_BUDGET * 3 // 4 and len(_CACHE) > 1:
            _held -= _bytes(_CACHE.popitem(last=False)[1])
        _FAST.clear()  # refilled by the next calls; hits through _CACHE refresh their place


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def on_clear(forget: Callable[[], None]) -> None:
    """Have clear_cache() also call forget (for caches the art modules keep themselves)."""
    _on_clear.append(forget)


def clear_cache() -> None:
    """Forget every rendered surface (e.g. after the window changes size)."""
    global _held
    _CACHE.clear()
    _FAST.clear()
    _held = 0
    for forget in _on_clear:
        forget()


def cache_size() -> int:
    """How many distinct surfaces are cached."""
    return len(_CACHE)


def cache_bytes() -> int:
    """How many bytes of pixels the cache holds (at most CACHE_BUDGET)."""
    return _held


def finish(surf: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when a window exists (faster blits), keeping
    per-pixel alpha where there is some; untouched when there is no window."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
    return surf
