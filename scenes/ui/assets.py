"""Where the game's own files live, and what to tell a player when one of them is damaged."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"  # scenes/ui/assets.py -> the repository


def restore_hint(path: Path) -> str:
    """What to do about a damaged file of the game, in words a player can act on."""
    parts = path.parts
    if "assets" in parts:  # the path inside the game's folder, as git knows it
        shown = "/".join(parts[len(parts) - 1 - parts[::-1].index("assets"):])
    else:
        shown = str(path)
    return f"reinstall the game or run `git checkout -- {shown}`"
