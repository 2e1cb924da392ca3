"""The rules of each game as we play them (seed + rulings), for `rules GAME` and F1.

The texts are Markdown files in `rules/texts/`, shipped inside the package, read by the
one safe reader (rules.safe_files); a text that cannot be read gives a short one that
says so, never a crash or a wait."""

from __future__ import annotations

from importlib.resources import as_file, files

from rules.safe_files import UnsafeFile, read_file_text

#: A rules text larger than this is not read (the shipped ones are a few kilobytes).
MAX_RULES_BYTES = 256 * 1024


def rules_markdown(game_id: str) -> str:
    """The Markdown text of a game's rules, shipped in `rules/texts/`."""
    with as_file(files("rules").joinpath("texts", f"{game_id}.md")) as path:
        try:
            return read_file_text(path, MAX_RULES_BYTES, "rules text")
        except UnsafeFile as error:
            return f"# {game_id}\n\nThe rules text cannot be read: {error.problem}.\n"
