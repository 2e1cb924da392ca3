"""The served app in headless Chromium, driven by Playwright (used by tests and bench/web.py).

Debian's `chromium` is used (Playwright's own browser download is never needed): the
path comes from EQUATION_DUEL_CHROMIUM, else `chromium` on PATH. The page draws the
terminal on a canvas, so its text is read from the page's own xterm.js terminal: a
script added before the page loads keeps the Terminal object textual.js makes, and
`screen()` reads its buffer row by row, the text the canvas shows.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

WAIT = 30.0

#: Keeps the xterm.js Terminal that textual.js assigns to `this.terminal`.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && !window.__duelTerminal) window.__duelTerminal = value;
  },
  get() { return undefined; },
});
"""
READ_SCREEN = """() => {
  const term = window.__duelTerminal;
  if (!term) return "";
  const buffer = term.buffer.active;
  const rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
CANVAS_BOX = """() => {
  const term = window.__duelTerminal;
  const box = document.querySelector("#terminal canvas").getBoundingClientRect();
  return [box.x, box.y, box.width, box.height, term.cols, term.rows];
}"""


class BrowserMissing(RuntimeError):
    """Playwright or Chromium cannot be had: the message says what to install."""


def chromium_path() -> str:
    path = os.environ.get("EQUATION_DUEL_CHROMIUM") or shutil.which("chromium")
    if not path or not os.access(path, os.X_OK):
        raise BrowserMissing(
            "Debian's chromium is not installed (apt-get install chromium), "
            "or set EQUATION_DUEL_CHROMIUM to a Chromium executable"
        )
    return path


class Browser:
    """Headless Chromium; `open(url)` gives a Page on the served app."""

    def __init__(self) -> None:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as error:
            raise BrowserMissing("playwright is not installed: pip install -e '.[test]'") from error
        executable = chromium_path()
        self._manager = sync_playwright()
        self._playwright = self._manager.start()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=executable, args=["--no-sandbox"]
            )
        except Exception:
            self._manager.__exit__(None, None, None)
            raise

    def open(self, url: str, width: int = 1200, height: int = 800) -> Page:
        page = self._browser.new_page(viewport={"width": width, "height": height})
        page.add_init_script(KEEP_TERMINAL)
        page.goto(url)
        return Page(page)

    @contextlib.contextmanager
    def tab(self, url: str, shot: Path) -> Iterator[Page]:
        """A tab on `url`, closed at the end; a failed check leaves its screen in `shot`."""
        page = self.open(url)
        try:
            yield page
        except AssertionError:
            page.page.screenshot(path=str(shot))
            raise
        finally:
            page.close()

    def close(self) -> None:
        self._browser.close()
        self._manager.__exit__(None, None, None)

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Page:
    """One tab on the served app: read its screen, press keys, click on text."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def screen(self) -> str:
        text: str = self.page.evaluate(READ_SCREEN)
        return text

    def wait_for(self, *texts: str, timeout: float = WAIT) -> str:
        """The screen once all of `texts` are on it; AssertionError with the screen if not."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{texts} not on the page after {timeout:.0f} s:\n{screen}")
            self.page.wait_for_timeout(20)

    def focus(self) -> None:
        """Give the terminal the keyboard (as a player's first click would)."""
        self.page.locator(".xterm-helper-textarea").focus()

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def click_text(self, text: str, offset: int = 0) -> None:
        """Click the cell `offset` characters into the first place `text` is on screen."""
        rows = self.screen().split("\n")
        for row, line in enumerate(rows):  # noqa: B007 (row is used after the loop)
            column = line.find(text)
            if column >= 0:
                break
        else:
            raise AssertionError(f"{text!r} is not on the page:\n{chr(10).join(rows)}")
        x, y, width, height, columns, lines = self.page.evaluate(CANVAS_BOX)
        cell_width, cell_height = width / columns, height / lines
        self.page.mouse.click(
            x + (column + offset + 0.5) * cell_width, y + (row + 0.5) * cell_height
        )

    def close(self) -> None:
        self.page.close()
