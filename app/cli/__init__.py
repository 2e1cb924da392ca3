"""Every subcommand's parser and entry: `equation-duel play`, `solve`, `puzzle`, `stats`, `host`/`join`, `tournament`, `report`, `worksheet`."""
