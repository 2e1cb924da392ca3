"""The README fits a screen and a half, links every page of docs/, and no link in it or
in docs/ leaves the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def links(page: Path) -> list[str]:
    return LINK.findall(page.read_text(encoding="utf-8"))


def test_the_readme_is_short_and_links_every_docs_page() -> None:
    readme = ROOT / "README.md"
    assert len(readme.read_text(encoding="utf-8").splitlines()) < 100
    linked = {target for target in links(readme) if target.startswith("docs/")}
    pages = {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")}
    assert pages - linked == set(), "add each docs page to the README's More list"


def test_every_link_stays_in_the_repository_and_finds_its_file() -> None:
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in links(page):
            if target.startswith("https://pypi.org/project/"):
                continue  # a package's own page, named as a reference (docs/web.md)
            assert "://" not in target, f"{page.name}: {target} leaves the repository"
            found = (page.parent / target.split("#")[0]).resolve()
            assert found.is_relative_to(ROOT), f"{page.name}: {target} leaves the repository"
            assert found.exists(), f"{page.name}: {target} does not exist"
