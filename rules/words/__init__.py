"""What a player reads, in the game's own words: one place for every front end.

`outcome` renders how a game ended (from `rules.base.Outcome`), `moves` describes a move
of any game (one module per game: `collect`, `template`, `fifty`, `conquest`,
`countdown`), `advice` turns the solver's verdicts into hints and analysis lines. The TUI,
the plain mode and the command line all speak through these; none of them imports another.
Notation (`9@1.1`, `2:2+4=6`, `8*1`) stays what players type, records store and `--moves`
takes; it never appears here.
"""
