"""The student's full screen, the other ways: joining by clicks (the menu's link, the form,
the list and the footer's keys), each refusal said on the form's status line in words (a
bad address, a wrong code, a name taken, a hub that cannot be reached), the waiting room
left with Esc, a game watched from the lobby, the teacher's pause and removal, and
`class join` opening the form (asking for the name) or knocking at once."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from app.cli.main import main
from app.hub.protocol import Accept, Challenge
from app.tui.app import EquationDuelApp
from app.tui.hub_join import WAITING, HubJoinScreen
from app.tui.hub_join_app import ClassJoinApp
from app.tui.hub_lobby import HubLobbyScreen
from app.tui.hub_watch_board import WatchBoardScreen
from app.tui.match_form import MatchForm
from tests.app.tui_support import click_link
from tests.hub.support import running_hub
from tests.hub.test_trips import CANNOT
from tests.hub.test_tui_lobby import SIZE, admitted, people, status, until
from widgets.keys_footer import KeysFooter


async def click_footer(pilot: Pilot[None], description: str) -> None:
    """Click the footer's key that says `description`."""
    footer = pilot.app.screen.query_one(KeysFooter)
    spans = [start for start, _, key in footer._spans if key.description == description]
    assert spans, f"no {description} in the footer"
    assert await pilot.click(KeysFooter, offset=(spans[0] + 1, 0))


def news(screen: Any) -> str:
    return "\n".join(screen.told)


async def fill(app: Any, pilot: Pilot[None], address: str, name: str) -> None:
    form = app.screen
    assert isinstance(form, HubJoinScreen)
    form.query_one("#hub-address", Input).value = address
    form.query_one("#hub-name", Input).value = name
    await pilot.pause()


async def test_join_by_clicks_challenge_by_clicks_and_be_removed(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        bo = await admitted(hub, "Bo")
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await click_link(pilot, "class-join")
            await until(pilot, lambda: isinstance(app.screen, HubJoinScreen), "the form")
            await pilot.click("#hub-address")
            await pilot.press(*f"{hub.code}@127.0.0.1:{hub.port}")
            await pilot.click("#hub-name")
            await pilot.press(*"Ada")
            await pilot.click("#hub-join")
            await until(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
            await until(pilot, lambda: len(people(app)) == 2, "both in the list")
            listed = app.screen.query_one("#lobby-people", OptionList)
            await pilot.click(listed, offset=(2, 1))  # (Bo, after Ada: a click challenges)
            await until(pilot, lambda: app.screen.query(MatchForm), "the challenge's forms")
            await pilot.pause()
            await pilot.click("#challenge-send")
            await bo.said_until("Ada challenges you to collect: type accept or decline.")
            await bo.send(Challenge(name="Ada", game="fifty", flags=["--pool", "1-12"]))
            await until(pilot, lambda: app.screen.query_one("#lobby-asked").display, "asked")
            asked = app.screen.query_one("#lobby-asked-text")
            assert str(asked.render()) == "Bo challenges you to fifty."
            await pilot.click("#lobby-decline")
            await bo.said_until("Ada declined your challenge.")
            assert not app.screen.query_one("#lobby-asked").display

            hub.pause(True)
            await until(pilot, lambda: "paused the class" in news(app.screen), "the pause said")
            await click_footer(pilot, "Rematch")
            await until(pilot, lambda: status(app).startswith("The teacher paused"), "refused")
            hub.pause(False)
            await until(pilot, lambda: "resumed the class" in status(app), "the resume said")
            assert hub.remove("Ada") == "Ada is removed from the class."
            await until(pilot, lambda: "out of the class" in status(app), "the removal")
            assert status(app) == (
                "You are out of the class: The teacher removed you from the class. (Esc leaves)"
            )
            assert people(app) == []
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HubLobbyScreen), "left")
        await bo.close()


async def test_each_refusal_is_said_on_the_form_in_words(tmp_path: Path) -> None:
    with socket.socket() as closed:  # (a port nobody listens on)
        closed.bind(("127.0.0.1", 0))
        nobody = closed.getsockname()[1]
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        bo = await admitted(hub, "Bo")  # (Bo's token is on the hub's side only)
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            cases = [
                ("k7m3qd", "Ada", "Give the code and the place as CODE@HOST:PORT."),
                (f"abc@127.0.0.1:{hub.port}", "Ada", "A class code has 6 letters and digits"),
                (f"{hub.code}@127.0.0.1:{hub.port}", " ", "A name"),
                (f"k7m3qd@127.0.0.1:{hub.port}", "Ada", "Cannot join: That is not this class's"),
                (f"{hub.code}@127.0.0.1:{hub.port}", "bo", "Cannot join: Bo is taken in this"),
                (f"{hub.code}@127.0.0.1:{nobody}", "Ada", f"Cannot join: {CANNOT.format(nobody)}"),
            ]
            for address, name, words in cases:
                await fill(app, pilot, address, name)
                await pilot.press("enter")
                await until(pilot, lambda w=words: status(app).startswith(w), words)
                assert "Traceback" not in status(app)
            await fill(app, pilot, f"{hub.code}@127.0.0.1:{hub.port}", "Cy")
            app.screen.query_one("#hub-tls-ca", Input).insert_text_at_cursor("nowhere.pem")
            await pilot.press("enter")
            await until(pilot, lambda: "nowhere.pem cannot be read" in status(app), "the CA")
            app.screen.query_one("#hub-tls-ca", Input).value = ""
            await pilot.press("enter")
            await until(pilot, lambda: status(app) == WAITING, "the waiting room")
            await pilot.press("escape")  # stops waiting: the hub sees the knock go
            await until(pilot, lambda: "cy" not in hub.lobby.waiting, "the knock gone")
            assert status(app) == "You stopped waiting: Enter knocks again."
            assert isinstance(app.screen, HubJoinScreen)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, HubJoinScreen), "the menu")
        await bo.close()


async def test_watch_a_classmates_game_from_the_lobby(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        bo, cy = await admitted(hub, "Bo"), await admitted(hub, "Cy")
        hub.admit("Ada")
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            place = f"{hub.code}@127.0.0.1:{hub.port}"
            app.push_screen(HubJoinScreen(place, "Ada", go=True))  # (as class join opens it)
            await until(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
            await bo.send(Challenge(name="Cy", game="conquest"))
            await cy.said_until("type accept or decline")
            await cy.send(Accept())
            await until(
                pilot,
                lambda: "Bo: playing Equation Conquest against Cy (game 1)" in people(app),
                "Bo playing",
            )
            listed = app.screen.query_one("#lobby-people", OptionList)
            assert listed.highlighted == 1  # (the first classmate: Bo)
            lobby = app.screen
            await pilot.press("down", "up", "w")  # (on its board: tests/hub/test_watch_board.py)
            await until(pilot, lambda: isinstance(app.screen, WatchBoardScreen), "the board")
            board = app.screen
            await until(pilot, lambda: "Watching Game 1: Bo vs Cy" in news(lobby), "watching")
            hub.lobby.games[1].stop()
            turn = board.query_one("#watch-turn")
            await until(pilot, lambda: "stopped" in str(turn.render()), "its end, on the board")
            await pilot.press("escape")
            assert app.screen is lobby
            await until(pilot, lambda: "Bo: in the lobby" in people(app), "Bo free")
            await pilot.press("w")  # (nobody's game: not offered)
            assert app.screen is lobby and news(lobby).count("Watching") == 1
        for client in (bo, cy):
            await client.close()


async def test_class_join_with_a_name_knocks_at_once(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = ClassJoinApp(f"{hub.code}@127.0.0.1:{hub.port}", "Ada", None)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: status(app) == WAITING, "Ada's knock")
            assert "ada" in hub.lobby.waiting
            hub.admit("Ada")
            await until(pilot, lambda: people(app) == ["Ada (you): in the lobby"], "the lobby")


async def test_class_join_without_a_name_asks_for_it() -> None:
    app = ClassJoinApp("k7m3qd@127.0.0.1:9", None, None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HubJoinScreen), "the form")
        await pilot.pause()
        assert app.screen.query_one("#hub-address", Input).value == "k7m3qd@127.0.0.1:9"
        assert app.focused is app.screen.query_one("#hub-name", Input)
        assert status(app) == ""


def test_class_join_in_the_line_mode_needs_a_name(capsys: Any) -> None:
    assert main(["class", "join", "k7m3qd@127.0.0.1:9", "--plain"]) == 2
    assert "--name: the line mode needs your name" in capsys.readouterr().err
