"""The server's own small pages (refused: no token; full: too many tabs), the app page's
changes (the bundled font, an early start) and the static files, compressed and cached."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from html import escape
from pathlib import Path

from aiohttp import web

from rules.safe_files import UnsafeFile, read_file_bytes

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


#: textual.js connects on the page's load event, which waits for every image of the page
#: (its intro's background picture) and the font. The terminal can draw as soon as the
#: page is parsed and the font is in: this starts it then, once (the load event then
#: finds nothing to do).
EARLY_START = """<script>
(function () {
  var start = window.onload;
  if (typeof start !== "function") { return; }
  window.onload = null;
  var go = function () { start(); };
  if (document.fonts && document.fonts.load) {
    document.fonts.load("16px 'Roboto Mono'").then(go, go);
  } else {
    go();
  }
})();
</script>
"""


def early_start(html: str) -> str:
    """The app page with its terminal started as soon as it can draw (`EARLY_START`)."""
    at = html.rfind("</body>")
    if at < 0:
        return html
    return html[:at] + EARLY_START + html[at:]


#: A static file is at most this large (textual.js, the largest, is about 0.5 MB).
STATIC_LIMIT = 8 << 20

#: The browser keeps a static file this long (seconds) before asking again; they change
#: only with textual-serve itself.
STATIC_MAX_AGE = 24 * 3600

#: Kinds of file worth compressing (the pictures and web fonts are compressed already).
COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".map", ".ttf", ".txt")


class StaticFiles:
    """textual-serve's static files (`root`), served gzip-compressed where the browser
    accepts it and cached by the browser (Cache-Control, ETag): textual.js is about
    0.5 MB as it ships and about a quarter of that compressed. Each file is read (through
    `rules.safe_files`) and compressed once, on its first request; a name outside `root`
    or not a regular file is not found."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._files: dict[str, tuple[bytes, bytes | None, str, str]] = {}

    def _file(self, name: str) -> tuple[bytes, bytes | None, str, str] | None:
        found = self._files.get(name)
        if found is not None:
            return found
        if "\x00" in name or "\\" in name:
            return None
        path = (self.root / name).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            return None
        try:
            body = read_file_bytes(path, STATIC_LIMIT, "static file")
        except UnsafeFile:
            return None
        packed = gzip.compress(body, 6, mtime=0) if path.suffix in COMPRESSIBLE else None
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        found = self._files[name] = (body, packed, kind, tag)
        return found

    async def handle(self, request: web.Request) -> web.Response:
        found = self._file(request.match_info.get("path", ""))
        if found is None:
            raise web.HTTPNotFound()
        body, packed, kind, tag = found
        headers = {
            "Cache-Control": f"public, max-age={STATIC_MAX_AGE}",
            "ETag": tag,
            "Vary": "Accept-Encoding",
        }
        if tag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        if packed is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            body = packed
        return web.Response(body=body, content_type=kind, headers=headers)


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
