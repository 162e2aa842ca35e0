"""Where the game keeps its things on this computer: the settings file, the records and the log.

The platform's own user folders, as platformdirs knows them (one library's rules, kept up to date
for every system, rather than ours), the same base for all three on each platform:

- Linux and other Unix: settings in $XDG_CONFIG_HOME/bluffhouse (~/.config/bluffhouse), records in
  $XDG_DATA_HOME/bluffhouse (~/.local/share/bluffhouse), the log in $XDG_STATE_HOME/bluffhouse/log
  (~/.local/state/bluffhouse/log); a relative $XDG_… is ignored, as the XDG spec says.
- Windows: %LOCALAPPDATA%\\bluffhouse for settings and records, its Logs folder for the log.
- macOS: ~/Library/Application Support/bluffhouse for settings and records, ~/Library/Logs/bluffhouse.

The game's own overrides come first: $BLUFFHOUSE_SETTINGS is the settings file, $BLUFFHOUSE_DATA
the data folder (records, shared replays, and then the log too, so that a run pointed elsewhere,
as every test run is, writes nothing in the player's folders).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from platformdirs.api import PlatformDirsABC

APP = "bluffhouse"
SETTINGS_NAME = "settings.json"
LOG_NAME = "bluffhouse.log"


def platform_dirs() -> PlatformDirsABC:
    """This platform's user folders for the game (no vendor folder: there is no company name)."""
    from platformdirs import PlatformDirs

    return PlatformDirs(APP, appauthor=False)


def _folder(kind: str, dirs: PlatformDirsABC | None) -> Path:
    """One of platformdirs' user folders; a temporary folder when this user has no home at all."""
    try:
        return Path(getattr(dirs or platform_dirs(), kind))
    except (RuntimeError, OSError):  # no $HOME and no password entry: nothing to keep things in
        return Path(tempfile.gettempdir()) / APP


def settings_file(dirs: PlatformDirsABC | None = None) -> Path:
    """$BLUFFHOUSE_SETTINGS, else settings.json in the user's config folder."""
    override = os.environ.get("BLUFFHOUSE_SETTINGS")
    if override:
        return Path(override)
    return _folder("user_config_dir", dirs) / SETTINGS_NAME


def data_folder(dirs: PlatformDirsABC | None = None) -> Path:
    """$BLUFFHOUSE_DATA, else the game's folder in the user's data folder."""
    override = os.environ.get("BLUFFHOUSE_DATA")
    if override:
        return Path(override)
    return _folder("user_data_dir", dirs)


def cache_folder(dirs: PlatformDirsABC | None = None) -> Path:
    """What the game may always make again (pictures kept between runs): in $BLUFFHOUSE_DATA when
    it is set, else the game's folder in the user's cache folder."""
    override = os.environ.get("BLUFFHOUSE_DATA")
    if override:
        return Path(override) / "cache"
    return _folder("user_cache_dir", dirs)


def log_file(dirs: PlatformDirsABC | None = None) -> Path:
    """The log: in $BLUFFHOUSE_DATA when it is set, else in the user's log folder."""
    override = os.environ.get("BLUFFHOUSE_DATA")
    if override:
        return Path(override) / LOG_NAME
    return _folder("user_log_dir", dirs) / LOG_NAME
