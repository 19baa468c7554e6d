"""``python -m waddle``: the command-line front end."""

import sys

from waddle.cli import main

sys.exit(main())
