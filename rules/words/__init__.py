"""What a player reads, in the game's own words, for every front end; notation never appears."""
