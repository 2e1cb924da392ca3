"""Fast state keys and move ordering for the generic solver: one spec per game, each in
its own module here, listed in `SPECS` (a table filled by plain imports; the solver
imports this package when a game is first solved).

A spec turns a game state into a small hashable node (an int: the state key) and lists a
node's children in a good order, leaving out moves that cannot be better than another
child. The rules stay the reference: `tests/rules/test_solver.py` checks every spec
against a plain minimax over the game's own verbs (`rules.solver.brute`).

- collect: node = (mover's numbers, opponent's numbers, sudden-death turns) as bit masks;
  the pool is whatever neither player holds. A pick whose numbers hold an equation wins at
  once (the player declares it, `rules.solver.collect_fast`); a number that would give the
  opponent an equation must be taken.
- template: node = the six slots (the digits left follow from them); slots whose values
  can be swapped without changing the result (`_ + _ × _`: the two factors) are kept
  sorted, so mirror positions share one entry. The game always lasts until the six slots
  are full, so only who wins is searched.
- fifty: node = (numbers left, mover's score, opponent's score, who started); moves with
  the same result on the same two numbers are one child; a hit on the target ends it.
- conquest: a table over the last two numbers (retrograde analysis), since the last two
  numbers are all that matters; with numbers from 1 every pair can be completed.
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
