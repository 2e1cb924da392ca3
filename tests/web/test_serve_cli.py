"""`equation-duel serve` on the command line: settings refused in one line, the extra missing."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys

import pytest

from app.cli.main import main
from app.serve import INSTALL_HINT
from tests.web.support import WAIT, require_web_extra


def test_without_the_web_extra_serve_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name == "textual_serve" else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err == INSTALL_HINT + "\n"
    assert "pip install 'equation-duel[web]'" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--port", "70000"], "--port: 70000 is not a port number"),
        (["--token", "short"], "--token must be"),
        (["--public-url", "javascript:alert(1)"], "--public-url"),
        (["--idle-minutes", "0"], "--idle-minutes"),
        (["--max-connections", "3"], "--max-connections must be at least 8"),
    ],
)
def test_bad_settings_fail_in_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_a_port_in_use_is_one_line() -> None:
    require_web_extra()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "app", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
    assert result.returncode == 1
    assert result.stderr.startswith(f"equation-duel serve: cannot listen on 127.0.0.1:{port}: ")
    assert result.stderr.count("\n") == 1
