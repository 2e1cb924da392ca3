"""Puzzles kept for a player: the bank, their mistakes, streaks and storms."""
