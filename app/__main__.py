"""`python -m app` is `equation-duel`."""

import sys

from app.cli import main

sys.exit(main())
