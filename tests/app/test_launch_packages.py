"""`equation-duel` refuses to start when another distribution's `rules` stands in for its
own (PyPI's `rules`, django-rules, ships a top-level `rules` too)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.launch import FOREIGN_PACKAGE, foreign_package

ROOT = Path(__file__).resolve().parents[2]


def test_its_own_packages_pass_the_check() -> None:
    assert foreign_package() is None


def test_another_distributions_rules_first_on_the_path_is_refused_by_name(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    (site / "rules").mkdir(parents=True)
    (site / "rules" / "__init__.py").write_text("raise SystemExit('the other rules ran')\n")
    info = site / "django_rules-3.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: django-rules\nVersion: 3.0.0\n")
    (info / "top_level.txt").write_text("rules\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, app.launch; sys.exit(app.launch.main(['rules', 'fifty']))",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == FOREIGN_PACKAGE, run.stderr
    assert "django-rules" in run.stderr and str(site / "rules") in run.stderr
    assert "pipx install ." in run.stderr
    assert "the other rules ran" not in run.stderr + run.stdout
    assert run.stdout == ""
