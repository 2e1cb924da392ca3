"""Fast state keys and move ordering for the generic solver, one spec per game (each module
says its node). `tests/rules/test_solver.py` checks each against `tests.rules.brute`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.solver.specs.collect import CollectSpec
from rules.solver.specs.conquest import ConquestSpec
from rules.solver.specs.fifty import FiftySpec
from rules.solver.specs.template import TemplateSpec
from rules.solver.types import Spec

#: Each game's spec, made from the game's options, by game id. Countdown has none here:
#: its own solver (`rules.solver.countdown`) answers instead.
SPECS: dict[str, Callable[[Any], Spec]] = {
    "collect": CollectSpec,
    "template": TemplateSpec,
    "fifty": FiftySpec,
    "conquest": ConquestSpec,
}


def spec_for(game_id: str, options: Any) -> Spec | None:
    """The fast spec of a game, or None (the solver then uses the game's verbs)."""
    make = SPECS.get(game_id)
    return None if make is None else make(options)
