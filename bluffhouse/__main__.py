"""`python -m bluffhouse`: the same as the `bluffhouse` command."""

import sys

from bluffhouse.cli import main

sys.exit(main())
