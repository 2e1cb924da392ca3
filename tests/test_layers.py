"""The layers point one way: rules <- widgets <- app. rules never loads textual."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _loaded_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_importing_rules_does_not_load_textual() -> None:
    loaded = _loaded_after(
        "import rules\nfrom rules.registry import all_games\nall_games()\n"
        "import rules.equation, rules.match"
    )
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}
    assert "app" not in loaded and "widgets" not in loaded


def test_rules_do_not_load_sympy_until_an_equation_is_checked() -> None:
    loaded = _loaded_after("from rules.registry import all_games\nall_games()")
    assert "sympy" not in loaded
    loaded = _loaded_after(
        "from rules.equation import check_equation\ncheck_equation('1=1', [1, 1])"
    )
    assert "sympy" in loaded


def test_plain_mode_and_check_do_not_load_textual() -> None:
    loaded = _loaded_after("from app.cli import build_parser\nimport app.plain.base")
    assert "textual" not in loaded


UPWARD = {
    "rules": re.compile(r"^\s*(from|import)\s+(textual|app|widgets)\b", re.M),
    "widgets": re.compile(r"^\s*(from|import)\s+app\b", re.M),
}


def test_no_source_file_imports_upward() -> None:
    for layer, pattern in UPWARD.items():
        for path in (ROOT / layer).rglob("*.py"):
            match = pattern.search(path.read_text(encoding="utf-8"))
            assert match is None, f"{path}: {match and match.group(0)}"
