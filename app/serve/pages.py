"""The server's own small pages: refused (no token) and full (too many tabs)."""

from __future__ import annotations

import re
from html import escape

#: textual-serve's page asks a font from a third-party site; the same font ships in its
#: static files, so the page is served with that instead (no request leaves the server).
THIRD_PARTY_FONT = re.compile(
    r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com[^"]*"\s*/?>'
)
LOCAL_FONT = (
    "<style>@font-face {{ font-family: 'Roboto Mono'; "
    "src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf'); }}</style>"
)


def local_font(html: str, static_url: str) -> str:
    """The app page with the bundled Roboto Mono in place of the third-party stylesheet."""
    return THIRD_PARTY_FONT.sub(LOCAL_FONT.format(static=escape(static_url)), html, count=1)


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
