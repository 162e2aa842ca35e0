"""What the warm-up queue (scenes/shell/warmup.py) knows of a piece of art: the (key, kind, build)
triple a screen wants built, and the kinds too big for a frame's spare time. No art is imported
here: the queue is made with the window, before any card is drawn (scenes/art/wanted.py makes
the pieces)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

Key = tuple[Hashable, ...]  # a piece's key, e.g. ("felt", 1280, 720)
Wanted = tuple[Key, str, Callable[[], object]]  # (key, kind, build): the kind names a cost class
# Pieces too big for any frame's spare time (10–25 ms): built as the screen enters, in the
# frame that changes screens, which draws the new screen's felt for the first time anyway; the
# warm-up builds one ahead only in a frame that took almost nothing (scenes/shell/warmup.py).
AT_ENTRY = frozenset({"felt", "pile back", "pile canvas", "cup"})
