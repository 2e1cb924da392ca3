"""Puzzles: positions where the player to move can force a win (docs/puzzles.md)."""
