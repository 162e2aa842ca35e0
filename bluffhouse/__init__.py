"""Bluffhouse: three bluffing games for one screen. The version lives here and only here.

This package holds the program's front door (`bluffhouse.cli`, the `bluffhouse` command and
`python main.py`) and the version number that pyproject.toml, `bluffhouse --version`, the
menu's corner and the one-folder build all read. Importing it imports nothing else, so any
layer may ask for the version.
"""

__version__ = "1.0.0"
