"""What a fresh start of the game imports, found once per test run: a new Python process imports
the composition root, registers every screen (as main.py does before it builds the App) and the
App's module, and lists its modules. The start-up tests read this one list (each start of a
process costs 0.3-0.5 s of CPU)."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = ("import json, sys; from scenes.screens import register_all; register_all(); "
         "import scenes.shell.app; print(json.dumps(sorted(sys.modules)))")  # fmt: skip


@cache
def modules_at_start() -> tuple[str, ...]:
    """The names of every module imported by the start-up, in a process with a bare environment."""
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "",
                              "PYGAME_HIDE_SUPPORT_PROMPT": "1"})  # fmt: skip
    return tuple(json.loads(out.stdout.strip().splitlines()[-1]))
