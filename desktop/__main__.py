"""`python -m desktop`: the same as the `foebook` command."""

import sys

from desktop.cli import main

sys.exit(main())
