"""The layers point one way: rules <- widgets <- app (import-linter's contracts in
pyproject.toml), and rules never loads textual, nor sympy before an equation is checked."""

from __future__ import annotations

import runpy
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
    loaded = _loaded_after("import rules\nimport rules.games\nimport rules.equation, rules.match")
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}
    assert "app" not in loaded and "widgets" not in loaded


def test_rules_do_not_load_sympy_until_an_equation_is_checked() -> None:
    loaded = _loaded_after(
        "from rules.registry import GAME_IDS, get_game\nfor g in GAME_IDS: get_game(g)"
    )
    assert "sympy" not in loaded
    loaded = _loaded_after(
        "from rules.equation.check import check_equation\ncheck_equation('1=1', [1, 1])"
    )
    assert "sympy" in loaded


def test_plain_mode_and_check_do_not_load_textual() -> None:
    loaded = _loaded_after("from app.cli.main import build_parser\nimport app.plain.base")
    assert "textual" not in loaded


def test_import_contracts_hold() -> None:
    """The layer rules in pyproject.toml ([tool.importlinter]), checked by import-linter."""
    program = Path(sys.executable).parent / "lint-imports"
    assert program.exists(), "import-linter is missing: pip install -e '.[test]'"
    run = subprocess.run(
        [str(program), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_menu_loads_no_game() -> None:
    """The registry's ids and titles come without a game, pydantic or a board; a game
    loads on its first use, and with it the table of all five."""
    loaded = _loaded_after("from rules.registry import GAME_IDS, GAME_INFO\nimport app.tui.boards")
    assert not loaded & {"pydantic", "rules.base", "rules.games", "app.tui.boards.collect"}
    loaded = _loaded_after("from rules.registry import get_game\nget_game('fifty')")
    assert {"rules.games", "rules.fifty", "rules.collect"} <= loaded


def test_rules_have_no_import_circle() -> None:
    """tests/import_cycles.py over rules alone: imports inside functions count, imports
    under TYPE_CHECKING do not."""
    cycles = runpy.run_path(str(ROOT / "tests" / "import_cycles.py"))
    edges = cycles["import_graph"]()
    in_rules = {m: {i for i in found if i.startswith("rules")} for m, found in edges.items()}
    assert cycles["circles"]({m: i for m, i in in_rules.items() if m.startswith("rules")}) == []
    assert cycles["circles"]({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_project_has_no_import_circle() -> None:
    """The same over app, rules and widgets together (issue 22: no circle, run-time or
    deferred; a deliberate exception would be listed here with its reason)."""
    cycles = runpy.run_path(str(ROOT / "tests" / "import_cycles.py"))
    assert cycles["circles"](cycles["import_graph"]()) == []
