"""The five games as pure data and functions. Never imports textual.

Import what you need from the modules: `rules.base` (the game protocol),
`rules.catalog` (the ids and titles, loading no game), `rules.registry` (the games by
id), `rules.<game>` (each game).
"""
