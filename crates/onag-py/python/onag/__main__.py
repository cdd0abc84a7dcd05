"""``python -m onag …`` runs the onag command-line tool (see :mod:`onag._cli`)."""

import sys

from ._cli import main

sys.exit(main())
