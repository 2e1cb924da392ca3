"""Round-robin rounds from the Berger tables (FIDE Handbook C.05, Annex 1); an odd number
plays with a dummy, whose opponent has the bye. For 6 players:

    round 1: 1-6 2-5 3-4    round 2: 6-4 5-3 1-2    round 3: 2-6 3-1 4-5
    round 4: 6-5 1-4 2-3    round 5: 3-6 4-2 5-1
"""

from __future__ import annotations

#: One round: (starter, second) pairs of player numbers, 1-based.
Table = list[tuple[int, int]]


def berger_rounds(players: int) -> list[Table]:
    """Every round of a round robin for `players` players (numbers 1…players).

    With an odd number, the dummy player `players + 1` stands for the bye: a pair with
    it is the bye of the other player. Fewer than two players have no rounds."""
    if players < 2:
        return []
    n = players + (players % 2)
    half = n // 2
    rounds: list[Table] = []
    start = 1
    for number in range(1, n):
        line = [(start - 1 + i) % (n - 1) + 1 for i in range(n - 1)]
        first = (n, line[0]) if number % 2 == 0 else (line[0], n)
        pairs = [first]
        for k in range(1, half):
            pairs.append((line[k], line[n - 1 - k]))
        rounds.append(pairs)
        start = (start - 1 + half) % (n - 1) + 1
    return rounds
