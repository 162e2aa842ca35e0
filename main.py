"""Bluffhouse from a checkout: `python main.py --help`. Installed, the same is the `bluffhouse` command.

The program itself is bluffhouse/cli.py; this file stays so that `python main.py` and `make play`
work from the repository as they always have.
"""

import sys

from bluffhouse.python_version import require_python

require_python()  # an older Python: one line saying what to install, not a traceback

from bluffhouse.cli import main, parse_args, summary  # noqa: E402

__all__ = ["main", "parse_args", "summary"]

if __name__ == "__main__":
    sys.exit(main())
