"""Exact solutions of every game: who wins with best play, which moves keep it, how soon."""
