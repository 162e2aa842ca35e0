"""Where the game's own files live, and what to tell a player when one of them is damaged."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def assets_folder(package: str = "bluffhouse.assets") -> Path:
    """The folder of the assets package, wherever the game runs from (a checkout, a wheel, the build)."""
    found = resources.files(package)
    if not isinstance(found, Path):  # pygame and the phone server open files by path
        raise RuntimeError(f"the game's files must be a folder on disk, not {found!r}: reinstall the game")
    return found


ASSETS = assets_folder()


def restore_hint(path: Path) -> str:
    """What to do about a damaged file of the game, in words a player can act on."""
    parts = path.parts
    if "assets" in parts:  # the path inside the game's folder, as git knows it: bluffhouse/assets/...
        start = len(parts) - 1 - parts[::-1].index("assets")
        start -= start > 0 and parts[start - 1] == "bluffhouse"
        shown = "/".join(parts[start:])
    else:
        shown = str(path)
    return f"reinstall the game or run `git checkout -- {shown}`"
