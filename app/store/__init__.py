"""The data folder and everything kept in it: saves, kept and finished games, settings, exports, the statistics and the ratings."""
