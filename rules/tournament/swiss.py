"""One Swiss round: a Dutch-like pairing, simplified (docs/classroom.md says how).

What it keeps of FIDE's Dutch system (Handbook C.04.3):
- no two players meet twice (absolute);
- who starts stays balanced: a player's starts minus seconds never leaves −1…+1 (two
  players who both started more, or both second more, are not paired) — relaxed only
  when no pairing exists otherwise;
- the highest unpaired player is paired first, with the nearest score first; inside a
  score group the top half meets the bottom half (1st against the middle one);
- with an odd number present, the bye goes to the lowest-placed player who has not had
  one (then to the lowest-placed of all).
What it leaves out: floaters' histories, the C.04.3 quality criteria beyond those
above, and accelerated pairings. The search is a bounded backtracking: a round that
cannot be paired within the bound is refused in words, never a hang.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

#: The most steps one pairing attempt may take before it is given up, and all the
#: attempts of one round together (each bye and the relaxed rule is an attempt).
SEARCH_BOUND = 50_000
TOTAL_BOUND = 200_000


class NoPairing(Exception):
    """No pairing without a rematch exists for this round."""


def pair_swiss(
    ranked: Sequence[str],
    points: Mapping[str, float],
    met: Set[frozenset[str]],
    balance: Mapping[str, int],
    last_start: Mapping[str, int],
    had_bye: Set[str],
) -> tuple[list[tuple[str, str]], str | None]:
    """The round's pairs (the starter first), best scores first, and the bye (or None).

    `ranked`: the players present, in the roster's order (their initial ranking);
    `balance`: starts minus seconds so far; `last_start`: 1 if the player started their
    last game, 2 if they were second. Raises NoPairing when none is found."""
    order = sorted(ranked, key=lambda p: (-points.get(p, 0.0), ranked.index(p)))
    if len(order) < 2:
        raise NoPairing
    bye_choices: list[str | None] = [None]
    if len(order) % 2:
        from_bottom = list(reversed(order))
        fresh = [p for p in from_bottom if p not in had_bye]
        bye_choices = [*fresh, *(p for p in from_bottom if p in had_bye)]
    spent = 0
    for strict in (True, False):
        for bye in bye_choices:
            if spent > TOTAL_BOUND:
                raise NoPairing
            players = [p for p in order if p != bye]
            search = _Search(players, points, met, balance, strict)
            found = search.run()
            spent += search.steps
            if found is not None:
                pairs = [
                    _who_starts(a, b, balance, last_start, order, board)
                    for board, (a, b) in enumerate(found)
                ]
                return pairs, bye
    raise NoPairing


class _Search:
    def __init__(
        self,
        players: list[str],
        points: Mapping[str, float],
        met: Set[frozenset[str]],
        balance: Mapping[str, int],
        strict: bool,
    ) -> None:
        self.players = players
        self.points = points
        self.met = met
        self.balance = balance
        self.strict = strict
        self.steps = 0

    def allowed(self, a: str, b: str) -> bool:
        if frozenset((a, b)) in self.met:
            return False
        if not self.strict:
            return True
        ba, bb = self.balance.get(a, 0), self.balance.get(b, 0)
        return not ((ba > 0 and bb > 0) or (ba < 0 and bb < 0))

    def run(self) -> list[tuple[str, str]] | None:
        return self._pair(list(self.players))

    def _pair(self, left: list[str]) -> list[tuple[str, str]] | None:
        if not left:
            return []
        self.steps += 1
        if self.steps > SEARCH_BOUND:
            return None
        top, rest = left[0], left[1:]
        for other in self._candidates(top, rest):
            if not self.allowed(top, other):
                continue
            below = self._pair([p for p in rest if p != other])
            if below is not None:
                return [(top, other), *below]
            if self.steps > SEARCH_BOUND:
                return None
        return None

    def _candidates(self, top: str, rest: list[str]) -> list[str]:
        score = self.points.get(top, 0.0)
        group = [p for p in rest if self.points.get(p, 0.0) == score]
        # `top` heads its group (of len(group) + 1): the middle one is its first choice.
        target = (len(group) + 1) // 2 - 1

        def key(p: str) -> tuple[float, int, int]:
            inside = p in group
            place = abs(group.index(p) - target) if inside else 0
            return (abs(self.points.get(p, 0.0) - score), place, rest.index(p))

        return sorted(rest, key=key)


def _who_starts(
    a: str,
    b: str,
    balance: Mapping[str, int],
    last_start: Mapping[str, int],
    order: list[str],
    board: int,
) -> tuple[str, str]:
    """The one who started less starts; then the one who was second last time; then, as
    in the Dutch system's first round, the higher placed on the odd boards (1, 3, …)
    and the lower placed on the even ones."""
    ba, bb = balance.get(a, 0), balance.get(b, 0)
    if ba != bb:
        return (a, b) if ba < bb else (b, a)
    la, lb = last_start.get(a), last_start.get(b)
    if la != lb:
        if la == 2 or lb == 1:
            return (a, b)
        if lb == 2 or la == 1:
            return (b, a)
    higher, lower = (a, b) if order.index(a) <= order.index(b) else (b, a)
    return (higher, lower) if board % 2 == 0 else (lower, higher)
