"""The exact Countdown Duel search on packed positions (ints only, no models).

A *normal* position is one where the player to move, P, has made no pass yet this round
and a pass now would hand the stalemate to the opponent, O: that is every position after a
valid move, and the start (where the second player wins a stalemate). In such a position

- P with no numbers must pass, and O passes back: O wins in 2 plies;
- a pass by P loses the same way, in 2 plies (so passing never helps P);
- a valid move reaching the target wins at once, as does one that uses the last number of
  both players (the stalemate then goes to P, the last valid mover);
- any other valid move leads to a normal position with O to move.

So a normal position is (running total, P's numbers, O's numbers) and is packed into one
int: `total << 2n | mine << n | theirs` with the numbers as n-bit masks (bit i = lo + i).

Three ideas keep the search small (docs/countdown-solver.md has the figures):

1. *Keeping below.* Every operator is monotone in the running total (`/` truncates toward
   zero, which is monotone too), so whether a player can keep the other from ever reaching
   the target, whatever the other does, is decided by a threshold on the total for each
   pair of masks. The thresholds follow from the masks alone by a small recursion
   (`keeps_mover`, `keeps_waiter`). Below both players' thresholds nobody can force the
   target: the game runs until the numbers run out, the count of numbers decides, and the
   number of plies follows from the counts (`exhaustion`). Most totals, above all the
   large negative ones, collapse this way; so does the starting position. Below one
   player's threshold only, the score is bounded on one side.
2. *Exact scores with alpha-beta.* Elsewhere a negamax with a transposition table keeps a
   lower and an upper bound of each position's score (a win in p plies scores K - p, a
   loss in p plies p - K). Moves after which the opponent reaches the target at once score
   like a pass (a loss in 2) and are not searched; immediate wins end the search of a node.
   The children's known bounds are read first: one sure to be good enough ends the node,
   those that cannot beat the window are not searched, the rest go most promising first.
3. *MTD(f).* An exact score comes from zero-window searches that start from the score the
   counts predict (the exhaustion score), which is most often the answer.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.solver.types import held

#: Score scale: a win in p plies scores K - p, a loss in p plies scores p - K.
K = 64
_LOSS_IN_2 = 2 - K
_WIN_IN_1 = K - 1
#: No position without an immediate win is won in fewer than 3 plies.
_WIN_IN_3 = K - 3
_SPAN = 2 * K + 1
#: Every value a table stores, as one int object each (28 bytes less a position).
_VALUES = tuple(range(_SPAN * _SPAN))


def exhaustion(mine: int, theirs: int) -> tuple[bool, int]:
    """(does P win, plies) when both play their numbers out and nobody reaches the
    target, P with `mine` numbers to move: P wins with more numbers; the game ends with
    the last valid move, or a forced pass and the winner's pass (two more plies)."""
    if mine > theirs:
        return True, 2 * theirs + (1 if mine == theirs + 1 else 3)
    return False, 2 * mine + (0 if mine == theirs else 2)


def exhaustion_score(mine: int, theirs: int) -> int:
    wins, plies = exhaustion(mine, theirs)
    return K - plies if wins else plies - K


def truncate(total: int, number: int) -> int:
    """`total / number` rounded toward zero (number > 0)."""
    return total // number if total >= 0 else -((-total) // number)


class CountdownEngine:
    """Exact scores of normal positions for one target and one pool; tables are kept."""

    def __init__(self, target: int, low: int, high: int) -> None:
        self.target = target
        self.low = low
        self.size = n = high - low + 1
        self.full = (1 << n) - 1
        masks = range(1 << n)
        self.count = [bin(m).count("1") for m in masks]
        #: The largest number in each mask (0 for none).
        self.top = [low + m.bit_length() - 1 if m else 0 for m in masks]
        #: (bit, number) of each number in a mask, largest first.
        self.members = [
            [(1 << i, low + i) for i in reversed(range(n)) if m >> i & 1] for m in masks
        ]
        #: Totals below keep_mover[key] / keep_waiter[key]: see `_keep_tables`.
        self.keep_mover: dict[int, int] = {}
        self.keep_waiter: dict[int, int] = {}
        #: Counted with the table in the process's limit (`rules.solver.types`).
        self.memos = (self.keep_mover, self.keep_waiter)
        #: Transposition table: packed position -> packed (lower, upper) score bounds.
        self.table: dict[int, int] = held(self)
        self.nodes = 0
        self.keeps_mover, self.keeps_waiter = self._keep_tables()
        self._search = self._make_search()

    # ------------------------------------------------------------------ keeping below

    def _keep_tables(self) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
        """Two threshold functions over (keeper's mask, other's mask).

        `mover(k, o)`: with the keeper to move, every total below it lets the keeper play so
        that the other never reaches the target (nor does the keeper). `waiter(k, o)`: the
        same with the other to move. A player with no numbers on their turn passes and the
        game ends as the count of numbers says, so nothing is reached: that counts as kept.
        """
        n, target, members = self.size, self.target, self.members
        mover_table, waiter_table = self.keep_mover, self.keep_waiter

        def mover(keeper: int, other: int) -> int:
            key = keeper << n | other
            found = mover_table.get(key)
            if found is not None:
                return found
            best = target if not keeper else -(1 << 62)
            for bit, number in members[keeper]:
                bound = waiter(keeper ^ bit, other)
                # One move below the bound will do: the largest preimage (- or *, or /).
                if bound > 0:
                    value = bound * number
                    if bound + number > value:
                        value = bound + number
                else:
                    value = -((-bound) // number)
                    if bound + number > value:
                        value = bound + number
                if value > best:
                    best = value
            mover_table[key] = best
            return best

        def waiter(keeper: int, other: int) -> int:
            key = keeper << n | other
            found = waiter_table.get(key)
            if found is not None:
                return found
            best = target
            for bit, number in members[other]:
                bound = mover(keeper, other ^ bit)
                if bound > target:
                    bound = target
                # Every move must stay below: the least preimage (+ or *, or /).
                if bound > 0:
                    value = -((-bound) // number)
                    if bound - number < value:
                        value = bound - number
                else:
                    value = bound - number
                    if bound < 0 and number > 1:
                        value = (bound - 1) * number + 1
                if value < best:
                    best = value
            waiter_table[key] = best
            return best

        return mover, waiter

    def settled(self, total: int, mine: int, theirs: int) -> bool:
        """Whether both players can keep the other from the target (the counts decide)."""
        return total < self.keeps_mover(mine, theirs) and total < self.keeps_waiter(theirs, mine)

    # ------------------------------------------------------------------------ search

    def _make_search(self) -> Callable[[int, int, int, int, int], int]:
        n = self.size
        shift = 2 * n
        target, count, top, members = self.target, self.count, self.top, self.members
        table, values = self.table, _VALUES
        keep_mover, keep_waiter = self.keeps_mover, self.keeps_waiter
        # plies[a][b]: the longest a game can last with a and b numbers left (exhaustion).
        plies = [[exhaustion(a, b)[1] for b in range(n + 1)] for a in range(n + 1)]

        def bounds(total: int, mine: int, theirs: int) -> tuple[int, int]:
            """What is known of a position's score without searching it: (low, high)."""
            if not mine:
                return _LOSS_IN_2, _LOSS_IN_2
            largest = top[mine]
            if (
                total + largest >= target
                or total * largest >= target
                or (not theirs and count[mine] == 1)
            ):
                return _WIN_IN_1, _WIN_IN_1
            entry = table.get(total << shift | mine << n | theirs)
            if entry is not None:
                low, high = divmod(entry, _SPAN)
                return low - K, high - K
            # The keeping-below thresholds (module docstring).
            longest = plies[count[mine]][count[theirs]]
            mine_keeps = total < keep_mover(mine, theirs)
            theirs_keep = total < keep_waiter(theirs, mine)
            if count[mine] > count[theirs]:  # P wins when the numbers run out
                return (
                    K - longest if mine_keeps else _LOSS_IN_2,
                    K - longest if theirs_keep else _WIN_IN_3,
                )
            return (  # O wins when the numbers run out
                longest - K if mine_keeps else _LOSS_IN_2,
                longest - K if theirs_keep else _WIN_IN_3,
            )

        def search(total: int, mine: int, theirs: int, alpha: int, beta: int) -> int:
            low, high = bounds(total, mine, theirs)
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            self.nodes += 1
            alpha0, beta0 = alpha, beta
            best = _LOSS_IN_2  # the pass
            if best > alpha:
                alpha = best
            their_top = top[theirs]
            # Each child's score range seen from here: (hope, sure, total, numbers left).
            children: list[tuple[int, int, int, int]] = []
            for bit, number in members[mine]:
                left = mine ^ bit
                q = total // number if total >= 0 else -(-total // number)
                for after in {total + number, total - number, total * number, q}:
                    if theirs and (after + their_top >= target or after * their_top >= target):
                        continue  # the opponent reaches the target at once: like a pass
                    c_low, c_high = bounds(after, theirs, left)
                    sure = 1 - c_high if c_high > 0 else -1 - c_high
                    if sure >= beta:
                        best = sure
                        break
                    hope = 1 - c_low if c_low > 0 else -1 - c_low
                    if hope == sure:  # known exactly
                        if sure > best:
                            best = sure
                            if sure > alpha:
                                alpha = sure
                    else:
                        children.append((hope, sure, after, left))
                else:
                    continue
                break
            if best < beta:
                children.sort(reverse=True)
                for hope, _, after, left in children:
                    if hope <= alpha:  # this one and the rest cannot beat alpha
                        if hope > best:
                            best = hope
                        break
                    c = search(
                        after,
                        theirs,
                        left,
                        -1 - beta if beta > 0 else 1 - beta,
                        -1 - alpha if alpha > 0 else 1 - alpha,
                    )
                    value = 1 - c if c > 0 else -1 - c
                    if value > best:
                        best = value
                        if value >= beta:
                            break
                        if value > alpha:
                            alpha = value
            if alpha0 < best < beta0:
                low = high = best
            elif best <= alpha0:
                if best < high:
                    high = best
            elif best > low:
                low = best
            # No game lasts longer than `longest`: scores between the longest loss and
            # the longest win do not occur.
            longest = plies[count[mine]][count[theirs]]
            if longest - K < low < K - longest:
                low = K - longest
            if longest - K < high < K - longest:
                high = longest - K
            table[total << shift | mine << n | theirs] = values[(low + K) * _SPAN + high + K]
            return best

        return search

    def score(self, total: int, mine: int, theirs: int) -> int:
        """The exact score of a normal position for the player to move, by MTD(f) from the
        exhaustion score (most often the answer)."""
        guess = exhaustion_score(self.count[mine], self.count[theirs])
        low, high = -K, K
        search = self._search
        while low < high:
            beta = guess + 1 if guess == low else guess
            guess = search(total, mine, theirs, beta - 1, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    def wins(self, total: int, mine: int, theirs: int) -> bool:
        """Whether the player to move wins (a zero window: cheaper than `score`)."""
        return self._search(total, mine, theirs, 0, 1) > 0

    def at_most(self, total: int, mine: int, theirs: int, bound: int) -> bool:
        """Whether the position scores `bound` or less for the player to move (a zero
        window around the bound)."""
        return self._search(total, mine, theirs, bound, bound + 1) <= bound
