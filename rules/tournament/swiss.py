"""One Swiss round: Dutch-like, simplified (docs/classroom.md; FIDE C.04.3).

Kept: no rematch; starts balanced within −1…+1 (relaxed only when nothing else pairs);
the highest unpaired first, nearest score, top half against bottom half; the bye to the
lowest-placed without one. A bounded backtracking: an unpairable round is refused, never
a hang.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

#: The most steps one pairing attempt may take before it is given up, and all the
#: attempts of one rule (strict, then relaxed) together (each bye is an attempt).
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
    for strict in (True, False):
        spent = 0
        for bye in bye_choices:
            if spent > TOTAL_BOUND:
                break  # the strict rule's attempts used up: the relaxed one is still tried
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
    """The pairs of one attempt, depth first: the highest unpaired player with its first
    allowed choice, then the rest the same way, backing up when the rest cannot be paired.

    Players are bits of an int, so a set of players left is one int. Two cuts, both only
    of sets that have no pairing (so the first pairing found is a plain search's): a set
    found impossible is remembered, and a set is given up when one of its players has
    nobody left to meet or, under the strict rule, one side of the balance outnumbers
    the others who could meet it."""

    def __init__(
        self,
        players: list[str],
        points: Mapping[str, float],
        met: Set[frozenset[str]],
        balance: Mapping[str, int],
        strict: bool,
    ) -> None:
        self.players = players
        self.strict = strict
        self.scores = [points.get(p, 0.0) for p in players]
        signs = [balance.get(p, 0) for p in players]
        self.ahead = sum(1 << i for i, s in enumerate(signs) if s > 0) if strict else 0
        self.behind = sum(1 << i for i, s in enumerate(signs) if s < 0) if strict else 0
        # Whom each may meet, as bits: everyone else but those already met (and, under
        # the strict rule, those who started more, or were second more, like them).
        everyone = (1 << len(players)) - 1
        self.partners = [everyone ^ 1 << i for i in range(len(players))]
        for i, sign in enumerate(signs):
            self.partners[i] &= ~(self.ahead if sign > 0 else self.behind if sign < 0 else 0)
        index = {p: i for i, p in enumerate(players)}
        for pair in met:
            a, b = (index.get(p) for p in pair)
            if a is not None and b is not None:
                self.partners[a] &= ~(1 << b)
                self.partners[b] &= ~(1 << a)
        self.impossible: set[int] = set()
        self.steps = 0

    def run(self) -> list[tuple[str, str]] | None:
        found = self._pair((1 << len(self.players)) - 1)
        if found is None:
            return None
        return [(self.players[a], self.players[b]) for a, b in found]

    def _possible(self, left: int) -> bool:
        """False when the players in `left` surely cannot all be paired."""
        if left in self.impossible:
            return False
        ahead, behind = (left & self.ahead).bit_count(), (left & self.behind).bit_count()
        if abs(ahead - behind) > left.bit_count() - ahead - behind:
            return False
        rest = left
        while rest:
            low = rest & -rest
            if not self.partners[low.bit_length() - 1] & left:
                return False
            rest ^= low
        return True

    def _pair(self, left: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if not self._possible(left):
            return None
        self.steps += 1
        if self.steps > SEARCH_BOUND:
            return None
        top = (left & -left).bit_length() - 1
        rest = left ^ (1 << top)
        for other in self._candidates(top, rest):
            below = self._pair(rest ^ (1 << other))
            if below is not None:
                return [(top, other), *below]
            if self.steps > SEARCH_BOUND:
                return None
        self.impossible.add(left)
        return None

    def _candidates(self, top: int, rest: int) -> list[int]:
        """The players `top` may meet among `rest`, its first choice first: the nearest
        score, then, inside its score group, the middle one (top half against bottom
        half), then the order."""
        scores = self.scores
        score = scores[top]
        others = [i for i in range(top + 1, len(scores)) if rest >> i & 1]
        group = [i for i in others if scores[i] == score]
        # `top` heads its group (of len(group) + 1): the middle one is its first choice.
        target = (len(group) + 1) // 2 - 1
        place = {p: abs(at - target) for at, p in enumerate(group)}
        allowed = [i for i in others if self.partners[top] >> i & 1]
        return sorted(allowed, key=lambda i: (abs(scores[i] - score), place.get(i, 0), i))


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
