"""The full screen's tests: the computer answers without its pause for show.

On screen the computer waits `BOT_DELAY` (0.6 s) before it moves, so a person sees the
move coming; a test gains nothing from that wait. A test about the pause itself sets its
own value with `monkeypatch` (which overrides this one).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet

from app.tui import computer


@pytest.fixture(autouse=True)
def _computer_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "BOT_DELAY", 0.01)


# Textual parses every style sheet anew for each app it starts (its parse cache belongs to
# one app's Stylesheet), and the tests start hundreds of apps: about a sixth of a game
# screen's start in a test is parsing the same .tcss text again. Parsing is a function of
# the text, where it was read from, and the theme's variables, so within the test run one
# result serves every app with those inputs. The app itself is unchanged.
_PARSED: dict[tuple[Any, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    variables = tuple(sorted(self._variables.items()))
    key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
    found = _PARSED.get(key)
    if found is None:
        found = _PARSED[key] = _parse_rules(
            self, css, read_from, is_default_rules, tie_breaker, scope
        )
    return found


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]
