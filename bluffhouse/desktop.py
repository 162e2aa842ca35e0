"""The game in a Linux desktop's menu: `bluffhouse --install-desktop` writes a .desktop entry and the
icon at every size into the user's own data folder (freedesktop.org's places, no root needed).

pip and pipx cannot run anything when they install, and a folder build does not know where it
will be unpacked, so the entry is written on request by the program itself, with the exact way
to start this very copy of the game: the one-folder build, the installed command or main.py.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

APP_ID = "bluffhouse"  # the entry's file name, the icon's name and the window's class
CATEGORIES = "Game;CardGame;"
KEYWORDS = "cards;dice;bluff;party;couch;liar;poker dice;Kamu;"
_RESERVED = re.compile(r"""[\s"'\\><~|&;$*?#()`]""")  # an Exec argument with one of these is quoted


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share: where a user's menu entries and icons live."""
    configured = os.environ.get("XDG_DATA_HOME", "")
    return Path(configured) if os.path.isabs(configured) else Path.home() / ".local" / "share"


def start_command() -> list[str]:
    """How this very copy of the game is started: the built program, main.py, or the command."""
    if getattr(sys, "frozen", False):  # the one-folder build
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.argv[0]).resolve()
    if script.name == "__main__.py":  # python -m bluffhouse
        return [str(Path(sys.executable).absolute()), "-m", "bluffhouse"]
    if script.suffix == ".py":  # python main.py in a checkout
        return [str(Path(sys.executable).absolute()), str(script)]
    return [str(script)]  # the bluffhouse command of pip or pipx


def exec_line(argv: list[str]) -> str:
    """argv as a desktop entry's Exec value: arguments quoted by the spec's rules, % doubled."""
    words = []
    for arg in argv:
        if _RESERVED.search(arg):
            arg = '"' + re.sub(r'(["`$\\])', r"\\\1", arg) + '"'
        words.append(arg.replace("%", "%%"))
    return " ".join(words).replace("\\", "\\\\")  # the string type's own escape, applied last


def entry(argv: list[str], comments: dict[str, str]) -> str:
    """The text of the .desktop file; comments maps a language code ("" for the default) to a line."""
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4", "Name=Bluffhouse"]
    lines += [f"Comment{f'[{code}]' if code else ''}={text}" for code, text in comments.items()]
    lines += [
        f"Exec={exec_line(argv)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        f"Categories={CATEGORIES}",
        f"Keywords={KEYWORDS}",
        f"StartupWMClass={APP_ID}",
    ]
    return "\n".join(lines) + "\n"


def taglines() -> dict[str, str]:
    """The menu's tagline in every language, English as the default: the entry's comment."""
    from bluffhouse.scenes.ui.lang import FALLBACK, Translator, available_languages

    lines = {"": Translator(FALLBACK)("menu.tagline")}
    for code in available_languages():
        if code != FALLBACK:
            lines[code] = Translator(code)("menu.tagline")
    return {code: " ".join(text.split()) for code, text in lines.items()}  # one line each


def icons() -> dict[int, Path]:
    """Size in pixels -> the shipped PNG icon of that size."""
    from bluffhouse.scenes.ui.assets import ASSETS

    found = {}
    for path in (ASSETS / "icons").glob(f"{APP_ID}-*.png"):
        size = path.stem.rpartition("-")[2]
        if size.isdigit():
            found[int(size)] = path
    return dict(sorted(found.items()))


def install(home: Path | None = None) -> tuple[int, str]:
    """Write the entry and the icons under home (data_home()); (exit code, what was done in one line)."""
    if sys.platform in ("win32", "darwin"):
        return 1, "bluffhouse: --install-desktop is for Linux desktops; here, make a shortcut to the program"
    home = home or data_home()
    try:
        written = []
        for size, source in icons().items():
            target = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(size)
        desktop = home / "applications" / f"{APP_ID}.desktop"
        desktop.parent.mkdir(parents=True, exist_ok=True)
        desktop.write_text(entry(start_command(), taglines()), encoding="utf-8")
    except OSError as error:
        return 1, f"bluffhouse: could not write the menu entry ({error})"
    sizes = ", ".join(map(str, written)) or "none found"
    return 0, (
        f"bluffhouse: wrote {desktop} and the icon ({sizes} px) under {home / 'icons' / 'hicolor'}; "
        "delete them to take Bluffhouse out of the menu"
    )
