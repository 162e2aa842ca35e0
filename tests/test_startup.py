"""Start-up imports only what the first screen needs (issue 11): every other screen is imported
when it is first opened."""

import importlib
import subprocess
import sys
from pathlib import Path

from scenes import screens
from scenes.shell import registry

ROOT = Path(__file__).resolve().parent.parent


def test_start_up_imports_the_menu_but_no_game_screen():
    probe = ("import sys; from scenes.screens import LAZY, register_all; register_all(); "
             "print(sorted(m for m, _ in LAZY.values() if m in sys.modules and m != 'scenes.demo'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "",
                              "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert out.stdout.strip().splitlines()[-1] == "[]"  # the table, the duel, the set-ups: later


def test_every_lazy_screen_is_there_when_opened():
    screens.register_all()
    for key, (module, name) in screens.LAZY.items():
        factory = registry.SCENES[key]
        assert callable(factory) and callable(getattr(importlib.import_module(module), name)), key
