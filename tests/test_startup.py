"""Start-up imports only what the first screen needs (issue 11): every other screen is imported
when it is first opened."""

import importlib

from started import modules_at_start

from scenes import screens
from scenes.shell import registry


def test_start_up_imports_the_menu_but_no_game_screen():
    started = modules_at_start()  # a fresh process's (tests/started.py)
    assert "scenes.menu" in started and "scenes.shell.app" in started
    assert sorted(m for m, _ in screens.LAZY.values() if m in started and m != "scenes.demo") == []  # later


def test_every_lazy_screen_is_there_when_opened():
    screens.register_all()
    for key, (module, name) in screens.LAZY.items():
        factory = registry.SCENES[key]
        assert callable(factory) and callable(getattr(importlib.import_module(module), name)), key
