"""A class tournament on a real hub (docs/hub.md, "Tournaments"): the teacher's console
makes it and starts each round; the pairings are played as the hub's own games by
students in the lobby (scripted moves), each result entered when its game ends; the
standings are `rules.tournament`'s own for the same results; a bye is said in words;
refusals are in words."""

from __future__ import annotations

from pathlib import Path

from app.classroom.tournament.text import standings_text
from app.hub.hub import Hub
from app.hub.protocol import Accept
from app.hub.protocol_class import Standings, StandingsNow
from app.online.guest_link import GuestLink
from rules.tournament.course import enter_result, mark_absent, new_tournament
from rules.tournament.model import Tournament
from rules.tournament.standings import standings
from tests.hub.support import Client, running_hub, until
from tests.hub.tournament_play import admitted, back, play


def _current(hub: Hub) -> Tournament:
    found = hub.tournament.rows.current()
    assert found is not None
    return found[0]


async def _play_round(
    hub: Hub, clients: dict[str, Client], number: int, expected: Tournament
) -> Tournament:
    """Play every pairing of round `number` (the first named wins in odd rounds, the
    second in even ones) and the same results entered in `expected`."""
    rnd = _current(hub).round(number)
    assert rnd is not None
    for pairing in rnd.pairings:
        winner = 1 if number % 2 else 2
        game = await play(hub, (clients[pairing.p1], clients[pairing.p2]), winner)
        won = pairing.names[winner - 1]
        expected = enter_result(expected, number, *pairing.names, won, f"hub game {game}")
    return expected


async def test_four_students_play_two_rounds_and_the_standings_are_the_rules_own(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    names = ("Ada", "Bo", "Cy", "Di")
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        clients = {name: (await admitted(hub, name))[0] for name in names}
        assert hub.tournament.command("round", "") == [
            "No tournament yet: type tournament new NAME GAME (help says more)."
        ]
        made = hub.tournament.command("tournament", "new Spring fifty --players Ada,Zed")
        assert made == [
            "That cannot be done: Zed is not in the class: admit them first, or leave them out."
        ]
        made = hub.tournament.command("tournament", "new Spring fifty")
        assert made[0] == "Spring: round robin, fifty, best of 1, 4 players"
        assert made[-1] == "Type round to start round 1."
        expected = new_tournament("Spring", names, "fifty")
        assert _current(hub) == expected
        started = hub.tournament.command("round", "")
        assert started[0] == "Round 1 of 3 begins: fifty."
        assert all(
            line.endswith("both are in the lobby, so the game starts now.") for line in started[1:]
        )
        assert len(started) == 3
        refused = hub.tournament.command("round", "")
        assert refused[0].startswith("Round 1 is not over: ")
        assert refused[0].endswith(" starts now.")
        await until(lambda: len(hub.lobby.games) == 2, "both games started")
        refused = hub.tournament.command("round", "")
        assert refused[0].startswith("Round 1 is not over: ") and " plays (game " in refused[0]
        assert refused[-1] == (
            "Type round again when its games have ended (absent NAME for a student away)."
        )
        assert hub.tournament.command("absent", "Zed") == [
            "That cannot be done: Zed is not in the tournament Spring."
        ]
        expected = await _play_round(hub, clients, 1, expected)
        assert "Round 1 is over: type round for round 2." in said
        assert hub.tournament.command("round", "")[0] == "Round 2 of 3 begins: fifty."
        expected = await _play_round(hub, clients, 2, expected)
        assert _current(hub) == expected
        assert hub.tournament.command("standings", "") == standings_text(expected).splitlines()
        await clients["Cy"].send(Standings())
        now = await clients["Cy"].until(StandingsNow)
        assert isinstance(now, StandingsNow)
        rows = [(r.place, r.name, r.points, r.won, r.lost, r.byes) for r in now.rows]
        assert rows == [
            (r.place, r.name, r.points, r.won, r.lost, r.byes) for r in standings(expected)
        ]
        assert now.lines == standings_text(expected).splitlines()
        assert {r.played for r in standings(expected)} == {2}
        for client in clients.values():
            await client.close()


async def test_five_students_a_bye_an_offer_and_an_absence(tmp_path: Path) -> None:
    said: list[str] = []
    names = ("Ada", "Bo", "Cy", "Di", "Eve")
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        joined = {name: await admitted(hub, name) for name in names}
        clients = {name: client for name, (client, _) in joined.items()}
        hub.tournament.command("tournament", "new Cup fifty --format swiss --rounds 2")
        rnd = _current(hub).round(1)
        assert rnd is not None and rnd.bye is not None
        offered = rnd.pairings[0]
        away, other = offered.p2, offered.p1
        await clients[away].close()  # (on the roster, not in the lobby)
        await until(lambda: len(hub.lobby.online) == 4, f"{away} left")
        watcher_name = rnd.pairings[1].p1
        watcher = clients[watcher_name]
        started = hub.tournament.command("round", "")
        assert f"{rnd.bye} has the bye in round 1: a point." in started
        assert (
            f"{offered.p1} - {offered.p2}: offered ({away} not in the lobby); it starts when "
            "both have typed accept."
        ) in started
        await clients[other].said_until(f"Round 1: you play {away} at fifty: type accept.")
        await clients[rnd.bye].said_until("Round 1: you have the bye (a point).")
        clients[away] = await back(hub, away, joined[away][1])
        await clients[away].said_until(f"Round 1: you play {other} at fifty: type accept.")
        await clients[away].send(Accept())
        await clients[away].said_until(f"the game starts when {other} accepts.")
        await clients[other].said_until(f"{away} is ready for your round 1 game: type accept.")
        await clients[other].send(Accept())
        expected = new_tournament("Cup", names, "fifty", format="swiss", rounds=2)
        for pairing in rnd.pairings:
            game = await play(hub, (clients[pairing.p1], clients[pairing.p2]), 1)
            expected = enter_result(expected, 1, *pairing.names, pairing.p1, f"hub game {game}")
        assert _current(hub) == expected  # (round 2 paired by the rules, as here)
        await clients[away].close()
        del clients[away]
        absent = hub.tournament.command("absent", away.lower())
        assert absent[0] == f"{away} is absent in round 2: the round is paired without them."
        await watcher.send(Standings(follow=True))
        first = await watcher.until(StandingsNow)
        assert isinstance(first, StandingsNow) and first.tournament == "Cup"
        started = hub.tournament.command("round", "")
        assert started[0] == "Round 2 of 2 begins: fifty."
        rnd2 = _current(hub).round(2)
        assert rnd2 is not None and away in rnd2.absent and len(rnd2.pairings) == 2
        assert rnd2.bye is None and watcher_name in {n for p in rnd2.pairings for n in p.names}
        expected = mark_absent(expected, 2, away)
        for pairing in rnd2.pairings:
            game = await play(hub, (clients[pairing.p1], clients[pairing.p2]), 2)
            expected = enter_result(expected, 2, *pairing.names, pairing.p2, f"hub game {game}")
        assert _current(hub) == expected
        assert "The tournament is over: type standings for the final standings." in said
        last = None
        for _ in range(20):  # (the follower heard each change: the last is the final)
            last = await watcher.until(StandingsNow)
            assert isinstance(last, StandingsNow)
            if [r.name for r in last.rows] == [r.name for r in standings(expected)] and sum(
                r.won for r in last.rows
            ) == 4:
                break
        assert last is not None
        assert [(r.name, r.points) for r in last.rows] == [
            (r.name, r.points) for r in standings(expected)
        ]
        assert hub.tournament.command("round", "")[0] == (
            "Every round is played: the tournament is over."
        )
        for client in clients.values():
            await client.close()


async def test_a_hub_started_again_mid_round_keeps_the_tournament(tmp_path: Path) -> None:
    names = ("Ada", "Bo", "Cy", "Di")
    links: list[GuestLink] = []
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        joined = {name: await admitted(hub, name) for name in names}
        clients = {name: client for name, (client, _) in joined.items()}
        hub.tournament.command("tournament", "new Spring fifty")
        hub.tournament.command("round", "")
        done, cut = _current(hub).rounds[0].pairings
        first = await play(hub, (clients[done.p1], clients[done.p2]), 1)
        stopped = await play(hub, (clients[cut.p1], clients[cut.p2]), 1, 1, links)
    for link in links:
        await link.close()
    for client in clients.values():
        await client.close()
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        kept = _current(hub)
        assert kept.rounds[0].pairings[0].winner_name == done.p1
        assert hub.tournament.command("round", "")[0] == (
            f"Round 1 is not over: {cut.p1} - {cut.p2} goes on when both are back (game {stopped})."
        )
        clients = {name: await back(hub, name, token) for name, (_, token) in joined.items()}
        again = await play(hub, (clients[cut.p1], clients[cut.p2]), 2)
        assert again == stopped
        expected = new_tournament("Spring", names, "fifty")
        expected = enter_result(expected, 1, *done.names, done.p1, f"hub game {first}")
        expected = enter_result(expected, 1, *cut.names, cut.p2, f"hub game {stopped}")
        assert _current(hub) == expected
        assert "Round 1 is over: type round for round 2." in said
        assert hub.tournament.command("round", "")[0] == "Round 2 of 3 begins: fifty."
        for client in clients.values():
            await client.close()


async def test_a_round_robin_postpones_an_absent_pairing_and_offers_it_later(
    tmp_path: Path,
) -> None:
    names = ("Ada", "Bo", "Cy", "Di")
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        joined = {name: await admitted(hub, name) for name in names}
        clients = {name: client for name, (client, _) in joined.items()}
        hub.tournament.command("tournament", "new Spring fifty")
        first = _current(hub).rounds[0]
        away = next(p for p in first.pairings if "Di" in p.names)
        played = next(p for p in first.pairings if "Di" not in p.names)
        assert hub.tournament.command("absent", "Di")[0] == (
            "Di is absent in round 1: their pairing is postponed, to be played later."
        )
        started = hub.tournament.command("round", "")
        assert started[1:] == [
            f"{played.p1} - {played.p2}: both are in the lobby, so the game starts now."
        ]
        await play(hub, (clients[played.p1], clients[played.p2]), 1)
        started = hub.tournament.command("round", "")
        assert started[0] == "Round 2 of 3 begins: fifty."
        assert (
            f"{away.p1} - {away.p2} (from round 1): both are in the lobby, so the game starts now."
        ) in started
        later = next(p for p in _current(hub).rounds[1].pairings if p.has("Di"))
        assert (
            f"{later.p1} - {later.p2}: offered (a player is in another game); it starts when "
            "both have typed accept."
        ) in started
        await play(hub, (clients[away.p1], clients[away.p2]), 2)
        for name in later.names:
            other = later.p2 if name == later.p1 else later.p1
            await clients[name].said_until(f"Round 2: you play {other} at fifty: type accept.")
            await clients[name].send(Accept())
        await play(hub, (clients[later.p1], clients[later.p2]), 1)
        assert next(p for p in _current(hub).rounds[1].pairings if p.has("Di")).winner
        kept = _current(hub).rounds[0].pairings
        assert [p.status for p in kept] == ["played", "played"]
        assert next(p for p in kept if p.has("Di")).winner_name == away.p2
        for client in clients.values():
            await client.close()
