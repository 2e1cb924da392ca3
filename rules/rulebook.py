"""The rules of each game as we play them (seed + rulings), for `rules GAME` and F1.

The texts are Markdown files in `rules/texts/`, shipped inside the package."""

from __future__ import annotations

from importlib.resources import files


def rules_markdown(game_id: str) -> str:
    """The Markdown text of a game's rules, shipped in `rules/texts/`."""
    return files("rules").joinpath("texts", f"{game_id}.md").read_text(encoding="utf-8")
