"""A teacher's report: each player's games, accuracy, mistakes and puzzles (`equation-duel
report`, and the Report screen).

- `accuracy`: each player's moves judged by the solver (rules.analysis), from game records.
- `gather`: what the report holds, read from the statistics database, the saves folder
  and the finished games kept.
- `text`: the report as text and CSV.
"""
