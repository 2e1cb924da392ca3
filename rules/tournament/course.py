"""The course of a tournament: build it, pair rounds, enter results, mark absences; each step
returns a new Tournament or raises TournamentError in words.

Round robin: an absent player's pairing is postponed. Swiss: an absence before any result
re-pairs the round without them; once results are in, their opponent wins by forfeit.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from rules.names import MAX_NAME, NameProblem, clean_name
from rules.tournament.berger import berger_rounds
from rules.tournament.model import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    Format,
    Pairing,
    Round,
    Tournament,
    TournamentError,
)
from rules.tournament.standings import points
from rules.tournament.swiss import NoPairing, pair_swiss


def read_roster(text: str) -> list[str]:
    """The names in a roster: one a line (a CSV line's first cell), or comma-separated on
    one line; blank lines, `#` lines and a `name` header are skipped."""
    lines = [line for line in text.splitlines() if line.strip() and line.lstrip()[:1] != "#"]
    cells: list[str]
    if len(lines) == 1:
        cells = next(csv.reader(io.StringIO(lines[0])), [])
    else:
        cells = [next(csv.reader(io.StringIO(line)), [""])[0] for line in lines]
    if cells and cells[0].strip().casefold() == "name":
        cells = cells[1:]
    return check_roster(cell for cell in cells if cell.strip())


#: The longest name on a roster: the longest a player can give (RULINGS.md, names).
MAX_ROSTER_NAME = MAX_NAME


def check_roster(names: Iterable[str]) -> list[str]:
    roster: list[str] = []
    seen: set[str] = set()
    for place, raw in enumerate(names, start=1):
        try:
            name = clean_name(raw, limit=MAX_ROSTER_NAME)
        except NameProblem as problem:
            # (by its place: the name as typed may hold terminal codes, never shown)
            raise TournamentError(f"player {place} on the roster: {problem}") from None
        if "-" in name:
            # A pairing is named "A-B" on the command line.
            raise TournamentError(f"a player's name may not hold '-' ({name})")
        if name.casefold() in seen:
            raise TournamentError(f"{name} is on the roster twice")
        seen.add(name.casefold())
        roster.append(name)
    if len(roster) < 2:
        raise TournamentError("a tournament needs at least two players")
    if len(roster) > MAX_PLAYERS:
        raise TournamentError(f"a tournament holds at most {MAX_PLAYERS} players")
    return roster


def new_tournament(
    name: str,
    players: Iterable[str],
    game: str,
    options: dict[str, object] | None = None,
    format: Format = "round-robin",
    rounds: int | None = None,
    best_of: int = 1,
    rotation: Iterable[str] = (),
) -> Tournament:
    """A new tournament with its first round (a round robin's every round) paired; with a
    `rotation` of games, round r plays the r-th in turn, each with its own options."""
    rotation = tuple(rotation)
    if rotation:
        if options:
            raise TournamentError("a rotation of games is played with each game's own options")
        if len(set(rotation)) != len(rotation):
            raise TournamentError("a game is named twice in the rotation")
        game = rotation[0]
    try:
        title = clean_name(name, limit=64)
    except NameProblem as problem:
        raise TournamentError(f"the tournament's name: {problem}") from None
    roster = check_roster(players)
    if best_of not in (1, 3, 5):
        raise TournamentError("each pairing is a match of best of 1, 3 or 5")
    n = len(roster)
    laid: tuple[Round, ...] = ()
    if format == "round-robin":
        if rounds is not None and rounds != n - 1 + n % 2:
            raise TournamentError(
                f"a round robin of {n} players has {n - 1 + n % 2} rounds; leave out --rounds"
            )
        laid = tuple(
            _berger_round(i + 1, pairs, roster) for i, pairs in enumerate(berger_rounds(n))
        )
        planned = len(laid)
    else:
        planned = rounds if rounds is not None else min(5, n - 1)
        if not 1 <= planned <= min(n - 1, MAX_ROUNDS):
            raise TournamentError(
                f"a Swiss of {n} players has 1 to {min(n - 1, MAX_ROUNDS)} rounds (so that no "
                "pair meets twice)"
            )
    start = Tournament(
        name=title,
        players=tuple(roster),
        game=game,
        rotation=rotation if len(rotation) > 1 else (),
        options=options or {},
        format=format,
        rounds_planned=planned,
        best_of=best_of,
        rounds=laid,
    )
    return pair_round(start)  # a Swiss's first round


def _berger_round(number: int, pairs: list[tuple[int, int]], roster: list[str]) -> Round:
    n = len(roster)
    bye = None
    pairings = []
    for a, b in pairs:
        if a > n or b > n:
            bye = roster[min(a, b) - 1]
        else:
            pairings.append(Pairing(p1=roster[a - 1], p2=roster[b - 1]))
    return Round(number=number, pairings=tuple(pairings), bye=bye)


def pair_round(tournament: Tournament, absent: Iterable[str] = ()) -> Tournament:
    """A Swiss with its next round paired (leaving out `absent`); unchanged when every
    planned round is paired."""
    if tournament.format != "swiss" or len(tournament.rounds) >= tournament.rounds_planned:
        return tournament
    number = len(tournament.rounds) + 1
    return _with_round(tournament, _swiss_round(tournament, number, tuple(absent)))


def _swiss_round(tournament: Tournament, number: int, absent: tuple[str, ...]) -> Round:
    earlier = [r for r in tournament.rounds if r.number < number]
    met: set[frozenset[str]] = set()
    balance: dict[str, int] = {}
    last: dict[str, int] = {}
    had_bye: set[str] = set()
    for rnd in earlier:
        if rnd.bye is not None:
            had_bye.add(rnd.bye)
        for p in rnd.pairings:
            if p.status == "forfeit":
                continue
            met.add(frozenset(p.names))
            balance[p.p1] = balance.get(p.p1, 0) + 1
            balance[p.p2] = balance.get(p.p2, 0) - 1
            last[p.p1], last[p.p2] = 1, 2
    before = Tournament.model_validate({**tournament.model_dump(), "rounds": earlier})
    present = [p for p in tournament.players if p not in absent]
    if len(present) < 2:
        return Round(number=number, bye=present[0] if present else None, absent=absent)
    try:
        pairs, bye = pair_swiss(present, points(before), met, balance, last, had_bye)
    except NoPairing:
        raise TournamentError(
            f"round {number} cannot be paired without two players meeting again"
        ) from None
    return Round(
        number=number,
        pairings=tuple(Pairing(p1=a, p2=b) for a, b in pairs),
        bye=bye,
        absent=absent,
    )


def _with_round(tournament: Tournament, new: Round) -> Tournament:
    rounds = [r for r in tournament.rounds if r.number != new.number] + [new]
    rounds.sort(key=lambda r: r.number)
    return tournament.model_copy(update={"rounds": tuple(rounds)})


def _find_round(tournament: Tournament, number: int) -> Round:
    found = tournament.round(number)
    if found is None:
        paired = len(tournament.rounds)
        if not 1 <= number <= tournament.rounds_planned:
            raise TournamentError(
                f"there is no round {number}: the tournament has {tournament.rounds_planned} "
                f"round{'s' if tournament.rounds_planned > 1 else ''}"
            )
        raise TournamentError(
            f"there is no round {number} yet ({paired} of {tournament.rounds_planned} paired)"
        )
    return found


def find_pairing(rnd: Round, a: str, b: str) -> int:
    """The index of the pairing of `a` and `b` (in either order) in the round."""
    wanted = {a.casefold(), b.casefold()}
    for index, pairing in enumerate(rnd.pairings):
        if {n.casefold() for n in pairing.names} == wanted:
            return index
    raise TournamentError(f"{a} and {b} are not paired in round {rnd.number}")


def split_pair(text: str) -> tuple[str, str]:
    """`"A-B"` as the two names (names hold no '-')."""
    parts = [part.strip() for part in text.split("-")]
    if len(parts) != 2 or not all(parts):
        raise TournamentError(f"name a pairing as A-B, not {text.strip()[:80]!r}")
    return parts[0], parts[1]


def enter_result(
    tournament: Tournament,
    number: int,
    a: str,
    b: str,
    winner: str,
    record_id: str | None = None,
) -> Tournament:
    """The result of `a` against `b` in round `number` (entered by hand, corrected, or
    from a game played here); a Swiss's next round is paired when this one is complete."""
    rnd = _find_round(tournament, number)
    index = find_pairing(rnd, a, b)
    pairing = rnd.pairings[index]
    folded = [n.casefold() for n in pairing.names]
    if winner.casefold() not in folded:
        raise TournamentError(f"the winner is {pairing.p1} or {pairing.p2}, not {winner}")
    result = pairing.model_copy(
        update={
            "winner": folded.index(winner.casefold()) + 1,
            "status": "played",
            "record_id": record_id,
        }
    )
    changed = _replace(rnd, index, result)
    absent = tuple(n for n in changed.absent if not pairing.has(n))
    changed = changed.model_copy(update={"absent": absent})
    return _next_if_complete(_with_round(tournament, changed))


def _replace(rnd: Round, index: int, pairing: Pairing) -> Round:
    pairings = list(rnd.pairings)
    pairings[index] = pairing
    return rnd.model_copy(update={"pairings": tuple(pairings)})


def _next_if_complete(tournament: Tournament) -> Tournament:
    """A Swiss with its next round paired once the last is complete; when none can be
    paired without a rematch, it ends with the rounds played (a result is never refused)."""
    if tournament.format == "swiss" and tournament.rounds and tournament.rounds[-1].complete:
        try:
            return pair_round(tournament)
        except TournamentError:
            return tournament.model_copy(update={"rounds_planned": len(tournament.rounds)})
    return tournament


def mark_absent(
    tournament: Tournament, number: int, player: str, re_pair: bool = True
) -> Tournament:
    """`player` is absent for round `number`, with the format's rule applied (`re_pair`
    False: a Swiss round whose games have begun elsewhere is not paired again, the
    absence is a forfeit)."""
    rnd = _find_round(tournament, number)
    name = next((p for p in tournament.players if p.casefold() == player.casefold()), None)
    if name is None:
        raise TournamentError(f"{player} is not on the roster")
    if name in rnd.absent:
        return tournament
    absent = (*rnd.absent, name)
    index = next((i for i, p in enumerate(rnd.pairings) if p.has(name)), None)
    if tournament.format == "swiss":
        started = any(p.status != "pending" for p in rnd.pairings)
        if re_pair and not started and rnd.number == len(tournament.rounds):
            earlier = tournament.model_copy(
                update={"rounds": tuple(r for r in tournament.rounds if r.number < number)}
            )
            try:
                return _with_round(earlier, _swiss_round(earlier, number, absent))
            except TournamentError:
                pass  # no pairing without them and without a rematch: a forfeit, below
        if index is None and rnd.bye == name:
            raise TournamentError(
                f"{name} has the bye in round {number}; it stands once results are in"
            )
    if index is None:  # nothing to move
        return _with_round(tournament, rnd.model_copy(update={"absent": absent}))
    pairing = rnd.pairings[index]
    if pairing.status == "played":
        raise TournamentError(f"{name} has a result in round {number}")
    if tournament.format == "swiss":
        forfeit = {"status": "forfeit", "winner": 2 if pairing.p1 == name else 1}
        changed = _replace(rnd, index, pairing.model_copy(update=forfeit))
        return _next_if_complete(
            _with_round(tournament, changed.model_copy(update={"absent": absent}))
        )
    changed = _replace(rnd, index, pairing.model_copy(update={"status": "postponed"}))
    return _with_round(tournament, changed.model_copy(update={"absent": absent}))
