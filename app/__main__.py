"""`python -m app` is `equation-duel`."""

import sys

from app.launch import main
from app.process.parent_watch import watch_server

watch_server()  # under `serve`, where there is no parent-death signal
sys.exit(main())
