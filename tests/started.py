"""What a fresh start of the game imports, found once per test run: a new Python process runs
`main.py --frames 1` (the window, the menu's first frame, quit) as a player's start would, and
lists its modules. The start-up tests read this one list (each start of a process costs 0.3-0.5 s
of CPU)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = (
    "import json, sys; from bluffhouse.cli import main; main(['--frames', '1']); "
    "print(json.dumps(sorted(sys.modules)))"
)


@cache
def modules_at_start() -> tuple[str, ...]:
    """The name of every module a process had imported once the menu's first frame was shown, in
    a bare environment (settings and records in a folder of their own, the player's untouched)."""
    with tempfile.TemporaryDirectory(prefix="bluffhouse-started-") as folder:
        env = {
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PATH": "",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "BLUFFHOUSE_SETTINGS": str(Path(folder) / "settings.json"),
            "BLUFFHOUSE_DATA": str(Path(folder) / "data"),
        }
        out = subprocess.run(
            [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("bluffhouse: frames=1 "), out.stdout  # the frame was drawn
    return tuple(json.loads(lines[-1]))
