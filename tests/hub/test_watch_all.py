"""The projector view of every game (`class watch --all`) at 80x24 against a real hub on
127.0.0.1, port 0: a game in progress when it joins and one that starts later both show,
live (players, game, whose turn, the moves in words), and a game's result shows at its
end; the line view (`--plain`) says the same lines with their game's number."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, GameReady
from app.hub.watching import WatchedGames
from app.online.codes import Address
from app.tui.hub_watch import HubWatchApp
from rules.registry import get_game
from tests.hub.support import Client, running_hub, until
from tests.hub.test_one_port import _join, _play
from tests.online.procs import Proc, first_moves


def _panel(app: HubWatchApp, number: int) -> str:
    panel = app.panels.get(number)
    return "" if panel is None else str(panel.render())


async def _four_students(hub: Hub) -> list[Client]:
    """Ada, Bo, Cy and Di in the lobby (and the projector on the roster)."""
    clients: list[Client] = []
    for name in ("Ada", "Bo", "Cy", "Di", "Projector"):
        hub.admit(name)
    for name in ("Ada", "Bo", "Cy", "Di"):
        client = await Client.knock(hub, name)
        assert isinstance(await client.until(Admitted), Admitted)
        clients.append(client)
    return clients


async def test_the_projector_shows_two_games_live(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        clients = await _four_students(hub)
        ada, bo, cy, di = clients
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Projector")
        links = []
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: "Ada vs Bo, fifty" in _panel(app, 1), "game 1 shown")
                joined = [await _join(hub, r) for r in ready if isinstance(r, GameReady)]
                links = [link for link, _ in joined]
                await cy.send(Challenge(name="Di", game="fifty"))
                await di.said_until("type accept or decline")
                await di.send(Accept())
                await until(lambda: "Cy vs Di, fifty" in _panel(app, 2), "game 2 shown live")
                state, moves = first_moves("fifty")
                await _play(links, [queue for _, queue in joined], moves[:1], state, 0)
                await until(lambda: "Ada (online): Play" in _panel(app, 1), "game 1's move")
                await pilot.pause()
                assert "Bo to play" in _panel(app, 1)
                assert "Cy to play" in _panel(app, 2) or "waiting" in _panel(app, 2)
                after = get_game("fifty").play(state, moves[0])
                await _play(links, [queue for _, queue in joined], moves[1:], after, 1)
                await until(lambda: "Bo wins" in _panel(app, 1).splitlines()[1], "the result")
                assert app.panels[1].has_class("over")
                assert "Cy vs Di" in _panel(app, 2)
        finally:
            for link in links:
                await link.close()
            for client in clients:
                await client.close()


def test_a_watcher_of_every_game_reads_heading_turns_and_end() -> None:
    watched = WatchedGames()
    game = watched.heard(3, "Ada vs Bo, fifty")
    assert (game.players, game.game, game.state()) == (("Ada", "Bo"), "fifty", "Ada to play")
    watched.heard(3, "Ada (online): Play 1 + 2 = 3.")
    assert game.state() == "Bo to play"
    watched.heard(3, "Round 2: Ada starts.")
    assert game.state() == "Ada to play"
    watched.heard(3, "Bo wins: 22 is closer to 50 than 14.")
    watched.heard(3, "The game is over.")
    assert game.over and game.state() == "Bo wins: 22 is closer to 50 than 14."
    assert game.heading() == "Game 3: Ada vs Bo, fifty"


async def test_the_line_view_says_every_game_as_it_starts(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo", "Projector"):
            hub.admit(name)
        place = f"{hub.code}@127.0.0.1:{hub.port}"
        view = Proc(["class", "watch", place, "--name", "Projector", "--all", "--plain"], tmp_path)
        clients: list[Client] = []
        try:
            await asyncio.to_thread(view.wait_for, "Watching every game")
            for name in ("Ada", "Bo"):
                clients.append(await Client.knock(hub, name))
                assert isinstance(await clients[-1].until(Admitted), Admitted)
            await clients[0].send(Challenge(name="Bo", game="fifty"))
            await clients[1].said_until("type accept or decline")
            await clients[1].send(Accept())
            await asyncio.to_thread(view.wait_for, "Game 1: Ada vs Bo, fifty")
        finally:
            view.stop()
            for client in clients:
                await client.close()


def _standings(app: HubWatchApp) -> str:
    panel = app.query_one("#watch-standings", Static)
    return str(panel.render()) if panel.has_class("shown") else ""


async def test_the_projector_shows_the_tournaments_standings_live(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo", "Projector"):
            hub.admit(name)
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Projector")
        async with app.run_test(size=(80, 24)):
            await until(lambda: "projector" in hub.lobby.online, "the projector in the lobby")
            await asyncio.sleep(0.2)  # (its follow heard: no tournament yet, nothing said)
            assert _standings(app) == ""
            assert "No tournament" not in str(app.query_one("#watch-status", Static).render())
            said = hub.tournament.command("tournament", "new Spring fifty --players Ada,Bo")
            assert any("Spring" in line for line in said), said
            await until(lambda: "Ada" in _standings(app), "the standings on the projector")
            assert "Bo" in _standings(app)


async def test_one_game_watched_in_the_full_screen(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        clients = await _four_students(hub)
        ada, bo, cy, di = clients
        for first, second, named in ((ada, bo, "Bo"), (cy, di, "Di")):
            await first.send(Challenge(name=named, game="fifty"))
            await second.said_until("type accept or decline")
            await second.send(Accept())
            await second.until(GameReady)
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Projector", target="Di")
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                board = app.screen  # (one game: on its board, tests/hub/test_watch_board.py)
                heading = board.query_one("#watch-heading", Static)
                await until(lambda: "Cy vs Di" in str(heading.render()), "Di's game shown")
                said = board.query_one("#watch-said", Static)
                await until(lambda: "Watching Game 2" in str(said.render()), "the hub's words")
                await pilot.pause(0.2)
                assert "Game 2: Cy vs Di" in str(heading.render())  # (the game watched)
                assert _standings(app) == ""  # (one game's view follows no standings)
        finally:
            for client in clients:
                await client.close()
