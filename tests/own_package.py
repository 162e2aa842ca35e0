"""A package of a test's own that the warm-up takes for one of this project's (its tests)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from bluffhouse.scenes.shell import warmup


@contextmanager
def own_package(tmp_path, monkeypatch, name: str, modules: dict[str, str]) -> Iterator[None]:
    """The package `name` of these files (file name -> text) under tmp_path, importable and the
    warm-up's only own package while it lasts; its modules are forgotten after."""
    (tmp_path / name).mkdir()
    for file, text in modules.items():
        (tmp_path / name / file).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(warmup, "PACKAGES", frozenset({name}))
    try:
        yield
    finally:
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
