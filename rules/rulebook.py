"""The rules of each game (seed + rulings), for `rules GAME` and F1, from the Markdown files
in `rules/texts/`; a text that cannot be read gives a short one that says so.
"""

from __future__ import annotations

from importlib.resources import as_file, files

from rules.safe_files import UnsafeFile, read_file_text

#: A rules text larger than this is not read (the shipped ones are a few kilobytes).
MAX_RULES_BYTES = 256 * 1024


#: Every way each game accepts its operators being typed (RULINGS.md).
OPERATOR_FORMS: dict[str, str] = {
    "collect": "in a declaration, `+` `-` or `−` `*` or `×` or `x` `/` or `÷`: "
    "`5-2=3`, `5−2=3`, `2x3=6`, `6÷3=2`",
    "template": "in a template of your own, `+` `-` or `−` `*` or `×` or `x` `/` or `÷`: "
    "`_ + _ x _`, `(_ − _) ÷ _`",
    "fifty": "`6*7`, `6×7` or `6x7`; `9-5` or `9−5`; `7/2` or `7÷2`; `2+3`",
    "conquest": "only in the declare variant's statements, `+` `-` or `−` `*` or `×` or "
    "`x` `/` or `÷`: `2+3=5`, `1=5−4`",
    "countdown": "`+5`; `-9` or `−9`; `*3`, `×3` or `x3`; `/2` or `÷2`; the number may "
    "come first (`5+`); `pass`",
}


def _read(name: str) -> str:
    with as_file(files("rules").joinpath("texts", f"{name}.md")) as path:
        return read_file_text(path, MAX_RULES_BYTES, "rules text")


def rules_markdown(game_id: str) -> str:
    """The Markdown text of a game's rules, shipped in `rules/texts/`, with the rulings on
    text a player types (`typing.md`, every game) and the game's operator forms."""
    try:
        text = _read(game_id)
    except UnsafeFile as error:
        return f"# {game_id}\n\nThe rules text cannot be read: {error.problem}.\n"
    try:
        typing = _read("typing")
    except UnsafeFile:
        return text
    forms = OPERATOR_FORMS.get(game_id)
    if forms is not None:
        typing += f"- **Operators in this game**: {forms}.\n"
    return text.rstrip("\n") + "\n" + typing
