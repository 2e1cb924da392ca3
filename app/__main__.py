"""`python -m app` is `equation-duel`."""

import sys

from app.launch import main

sys.exit(main())
