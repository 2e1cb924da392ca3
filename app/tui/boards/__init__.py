"""One module per game: its board on the shared base game screen (`SCREEN`)."""
