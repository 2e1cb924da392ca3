"""The round screen's "Play online", the second way, by Pilot: both players join from
their own machines (two guest links here, on 127.0.0.1), each with their own code shown
on the screen; the match is judged on this machine (the relay, in the screen's own
program and loop: no program is started) and its result is entered."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from app.classroom.tournament import store
from app.online.guest_link import GuestLink, Heard
from app.online.protocol import Move, Moved
from app.tui.app import EquationDuelApp
from app.tui.tournament_online import OnlineWayScreen, RelayScreen
from app.tui.tournament_rounds import TournamentRoundsScreen
from rules.registry import get_game
from rules.tournament.course import new_tournament
from tests.app.tui_support import SIZE, text_of, until
from tests.online.procs import first_moves
from tests.online.screens import guest_link, next_heard


async def _moved(heard: asyncio.Queue[Heard], number: int) -> Moved:
    """The host's account of turn `number` (other messages passed over); bounded."""
    for _ in range(50):
        message = await next_heard(heard)
        if isinstance(message, Moved) and message.number == number:
            return message
    raise AssertionError(f"turn {number} was never told")


def _listening(relay: RelayScreen) -> bool:
    return sum(" joins with: " in line for line in relay.commands) == 2


async def test_both_players_join_from_their_own_machines_and_the_result_is_entered() -> None:
    store.create(new_tournament("Online", ["Ann", "Bo"], "fifty"))
    game = get_game("fifty")
    start, moves = first_moves("fifty")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TournamentRoundsScreen("Online"))
        await pilot.pause()
        rounds = app.screen
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OnlineWayScreen)
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, RelayScreen), "the relay screen")
        relay = app.screen
        assert isinstance(relay, RelayScreen)
        await until(pilot, lambda: _listening(relay), "listening")
        shown = text_of(relay.query_one("#guest-command", Static))
        places = [word for word in shown.split() if "@" in word]
        assert len(places) == 2 and "Ann (Player 1) joins with:" in shown
        links: list[GuestLink] = []
        heard: list[asyncio.Queue[Heard]] = []
        try:
            for seat, (place, name) in enumerate(zip(places, "AB", strict=True), 1):
                link, welcome, said = await guest_link(place, name)
                links.append(link)
                heard.append(said)
                assert (welcome.seat, tuple(welcome.names)) == (seat, ("Ann", "Bo"))
            state = start
            for number, move in enumerate(moves):
                mover = links[game.to_move(state) - 1]
                mover.send(Move(number=number, text=game.format_move(move)))
                for said in heard:
                    told = await _moved(said, number)
                    assert told.text == game.format_move(move)
                state = game.play(state, move)
            await until(pilot, lambda: relay.ended, "the relay's end")
        finally:
            for link in links:
                await link.close()
        said = text_of(relay.query_one("#online-waiting", Static))
        assert "won. The result is in the tournament." in said, said
        played = store.read("Online").rounds[0].pairings[0]
        assert played.status == "played"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is rounds


async def test_escape_stops_the_relay_and_the_pairing_stays_to_play() -> None:
    store.create(new_tournament("Online", ["Ann", "Bo"], "fifty"))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TournamentRoundsScreen("Online"))
        await pilot.pause()
        rounds = app.screen
        await pilot.press("o", "n")  # the class's network too...
        way = app.screen
        assert isinstance(way, OnlineWayScreen)
        assert "Any machine" in text_of(way.query_one("#online-waiting", Static))
        await pilot.press("n", "2")  # ... then this machine only again (a test's server)
        await until(pilot, lambda: isinstance(app.screen, RelayScreen), "the relay screen")
        relay = app.screen
        assert isinstance(relay, RelayScreen) and relay.bind == "127.0.0.1"
        await until(pilot, lambda: _listening(relay), "listening")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is rounds
        assert relay.relay is not None and relay.relay.link.stopped
        assert store.read("Online").rounds[0].pairings[0].status != "played"
