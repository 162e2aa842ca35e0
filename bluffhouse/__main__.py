"""`python -m bluffhouse`: the same as the `bluffhouse` command."""

import sys

from bluffhouse.python_version import require_python

require_python()  # an older Python: one line saying what to install, not a traceback

from bluffhouse.cli import main  # noqa: E402

sys.exit(main())
