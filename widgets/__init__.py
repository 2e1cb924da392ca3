"""Reusable Textual widgets, each showing one piece of game state and posting messages up."""
