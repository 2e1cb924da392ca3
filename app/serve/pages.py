"""The server's own small pages: refused (no token) and full (too many tabs)."""

from __future__ import annotations

from html import escape

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Equation Duel: {title}</title>
<style>
body {{ background: #0c181f; color: #e8eef2; font-family: menlo, monospace;
       display: flex; align-items: center; justify-content: center; height: 90vh; }}
main {{ max-width: 36em; background: #12232d; padding: 2em 3em; }}
</style></head>
<body><main><h1>{title}</h1><p>{text}</p></main></body>
</html>
"""


def page(title: str, text: str) -> str:
    return _PAGE.format(title=escape(title), text=escape(text))


FORBIDDEN = page(
    "Not without the token",
    "This game server only opens with the full address it printed when it started, "
    "token included. Ask whoever runs it for that address.",
)


def full_page(max_sessions: int) -> str:
    tabs = "one tab" if max_sessions == 1 else f"{max_sessions} tabs"
    return page(
        "The server is full",
        f"This server runs at most {tabs} at once, and all are in use. "
        "Try again when someone has closed theirs.",
    )
