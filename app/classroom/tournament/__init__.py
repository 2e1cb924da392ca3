"""Tournaments kept in the statistics database, and the `tournament` command line.

- `store`: the tournaments' tables (their own schema version in the statistics file).
- `cli`: `equation-duel tournament new|pairings|result|absent|show|play`.
- `text`: pairings and standings as text, JSON and CSV.
- `playing`: a pairing played on this machine, hot-seat, and its result found;
  `play_cli`: `tournament play` (the full screen or the plain mode).
"""
