"""Bluffhouse needs Python 3.11: said in one line, before anything that needs it is imported.

main.py and `python -m bluffhouse` call require_python() first, so an older Python prints what to
install instead of a traceback from deep in the game. Written so that any Python, 2.7 included,
can run it (no f-strings, no annotations); the installed command never needs it: pip refuses to
install the package on an older Python (requires-python in pyproject.toml).
"""

import sys

NEEDED = (3, 11)


def require_python() -> None:
    """Exit with a message (code 1) when this Python is older than NEEDED."""
    if tuple(sys.version_info[:2]) < NEEDED:
        have = "%d.%d.%d" % tuple(sys.version_info[:3])
        sys.exit(
            "Bluffhouse needs Python %d.%d or newer; this is Python %s (%s).\n"
            "Install Python 3.11 or newer (Debian, Ubuntu: apt install python3.11 python3.11-venv) "
            "and start the game with it." % (NEEDED[0], NEEDED[1], have, sys.executable)
        )
