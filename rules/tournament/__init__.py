"""Tournaments for a class, without a screen or a database."""
