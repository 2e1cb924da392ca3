"""The served page starts its terminal early, and the static files go out compressed and
cached: the same bytes after decompression, a 304 when the browser has them, nothing
outside the static folder. Handlers are called directly with mocked requests."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from app.serve.pages import EARLY_START, StaticFiles, early_start


def request(name: str, headers: dict[str, str] | None = None) -> web.Request:
    made = make_mocked_request("GET", f"/static/{name}", headers=headers or {})
    made.match_info.update({"path": name})  # (as the router would set it)
    return made


@pytest.fixture
def static(tmp_path: Path) -> StaticFiles:
    root = tmp_path / "static"
    (root / "js").mkdir(parents=True)
    (root / "js" / "textual.js").write_text("window.onload = () => {};\n" * 400)
    (root / "images").mkdir()
    (root / "images" / "background.png").write_bytes(b"\x89PNG" + bytes(200))
    (tmp_path / "secret.txt").write_text("not for the browser")
    return StaticFiles(root)


async def test_a_script_goes_compressed_and_cached(static: StaticFiles) -> None:
    plain = await static.handle(request("js/textual.js"))
    packed = await static.handle(request("js/textual.js", {"Accept-Encoding": "gzip, br"}))
    assert plain.body is not None and packed.body is not None
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(bytes(packed.body)) == bytes(plain.body)  # type: ignore[arg-type]
    assert len(bytes(packed.body)) < len(bytes(plain.body)) // 4  # type: ignore[arg-type]
    assert "max-age" in packed.headers["Cache-Control"]
    assert packed.content_type == "text/javascript"
    again = await static.handle(request("js/textual.js", {"If-None-Match": plain.headers["ETag"]}))
    assert again.status == 304


async def test_a_picture_goes_as_it_is(static: StaticFiles) -> None:
    picture = await static.handle(request("images/background.png", {"Accept-Encoding": "gzip"}))
    assert "Content-Encoding" not in picture.headers
    assert picture.content_type == "image/png"


@pytest.mark.parametrize("name", ["../secret.txt", "js/../../secret.txt", "js", "nothing.js", ""])
async def test_nothing_outside_the_static_files(static: StaticFiles, name: str) -> None:
    with pytest.raises(web.HTTPNotFound):
        await static.handle(request(name))


def test_the_page_starts_its_terminal_once_parsed() -> None:
    page = '<html><body><div id="terminal"></div></body></html>'
    started = early_start(page)
    assert started.count(EARLY_START) == 1
    assert started.index('id="terminal"') < started.index(EARLY_START) < started.index("</body>")
    assert early_start("no body here") == "no body here"
