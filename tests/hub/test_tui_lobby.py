"""The student's full screen against a real hub on 127.0.0.1 (port 0, in the test's own
loop): the menu's "Join a class" by keys, the waiting room until the teacher admits, the
lobby's list as classmates come, play and go, a challenge sent with the setup screen's
forms, accepted, and a whole game played by keys on the guest's board, then back in the
lobby."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, GameReady, game_path
from app.online.codes import Address
from app.online.guest_link import GuestLink
from app.online.protocol import Move
from app.tui.app import EquationDuelApp
from app.tui.choices import Choices
from app.tui.dialogs import ConfirmDialog
from app.tui.hub_join import WAITING, HubJoinScreen
from app.tui.hub_lobby import HubLobbyScreen
from app.tui.hub_lobby_challenge import ChallengeDialog
from tests.hub.support import Client, running_hub
from widgets.status_line import StatusLine

SIZE = (80, 24)
WAIT = 20.0


async def until(pilot: Pilot[None], condition: Callable[[], object], what: str) -> None:
    """Wait (bounded in time) until `condition()` holds, the app running meanwhile."""
    try:
        async with asyncio.timeout(WAIT):
            while not condition():
                await pilot.pause(0.02)
    except TimeoutError:
        raise AssertionError(f"{what} never happened") from None


def status(app: Any) -> str:
    """The status line of the screen on top ("" where there is none)."""
    line = next(iter(app.screen.query(StatusLine).results(StatusLine)), None)
    return "" if line is None else str(line.message)


def notes(app: Any) -> list[str]:
    """The notifications shown now (Textual's toasts)."""
    return [str(note.message) for note in app._notifications]


def people(app: Any) -> list[str]:
    """The lobby's list as shown (the lobby may be under a game; [] before it opens)."""
    lobby = next((s for s in app.screen_stack if isinstance(s, HubLobbyScreen)), None)
    if lobby is None:
        return []
    found = lobby.query("#lobby-people").results(OptionList)
    listed = next(iter(found), None)
    if listed is None:
        return []  # (not composed yet)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


async def admitted(hub: Hub, name: str) -> Client:
    hub.admit(name)  # (on the roster: in at once)
    client = await Client.knock(hub, name)
    await client.until(Admitted)
    return client


async def test_join_by_keys_wait_then_challenge_and_play_a_whole_game(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert isinstance(app.screen, HubJoinScreen)
            await pilot.press(*f"{hub.code}@127.0.0.1:{hub.port}", "tab", *"Ada", "enter")
            await until(pilot, lambda: status(app) == WAITING, "the waiting room")
            assert "ada" in hub.lobby.waiting
            assert hub.admit("Ada") == "Ada is admitted."
            await until(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
            await until(pilot, lambda: people(app) == ["Ada (you): in the lobby"], "the list")
            bo = await admitted(hub, "Bo")
            await until(pilot, lambda: "Bo: in the lobby" in people(app), "Bo in the list")

            # The challenge: conquest (the fourth game), its options as on the setup screen
            await pilot.press("c")
            assert isinstance(app.screen, ChallengeDialog)
            await pilot.press("space", "down", "down", "down", "enter")
            assert app.screen.game_id == "conquest"
            await pilot.press("enter")
            await bo.said_until("Ada challenges you to conquest: type accept or decline.")
            await bo.send(Accept())
            ready = await bo.until(GameReady)
            assert isinstance(ready, GameReady)
            place = Address(ready.code, "127.0.0.1", hub.port, game_path(ready.game))
            link = GuestLink(place, "Bo")
            await link.join()
            try:
                await until(pilot, lambda: hasattr(app.screen, "board"), "the game's board")
                screen = app.screen
                await until(pilot, lambda: screen.state is not None, "the first position")
                await until(
                    pilot,
                    lambda: any("playing Equation Conquest against Bo" in p for p in people(app)),
                    "Ada playing, in the list",
                )
                await pilot.press("2")  # Ada appends 2, Bo 3, Ada 5: 2 + 3 = 5
                await until(pilot, lambda: len(screen.moves) == 1, "Ada's move confirmed")
                await pilot.press("q")  # (the footer's "Lobby": leaving would stop the game)
                assert isinstance(app.screen, ConfirmDialog)
                assert app.screen.detail.startswith("It stops for both players")
                await pilot.press("n")
                assert app.screen is screen
                link.send(Move(number=1, text="3"))
                await until(pilot, lambda: len(screen.moves) == 2, "Bo's move")
                await pilot.press("5")
                await until(pilot, lambda: screen.session.result is not None, "the end")
                await until(pilot, lambda: app.screen is not screen, "the game-over dialog")
                await until(pilot, lambda: notes(app), "the hub's goodbye, said")
                assert notes(app) == ["The game is over."]  # (not "Bo left.": nobody did)
                over = app.screen
                assert str(over.query_one("#menu", Button).label) == "Lobby (q)"
                assert not over.query("#rematch")  # (a rematch is the lobby's to offer)
                assert over.focused is over.query_one("#menu")
                await pilot.press("m")
                await until(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
                assert status(app) == "You are back in the lobby."
                await until(pilot, lambda: "Bo: in the lobby" in people(app), "Bo free again")
                assert "Game 1 is over: Ada wins" in "\n".join(app.screen.told)
            finally:
                await link.close()
            await pilot.press("escape")
            await until(pilot, lambda: "ada" not in hub.lobby.online, "Ada gone from the hub")
            await bo.close()


async def test_the_challenge_asks_the_match_s_length_and_not_takebacks() -> None:
    """Hub games take no takebacks: that row is hidden and the match's length shown (a
    `:last-of-type` rule, met as the rows mounted, hid the length and showed takebacks)."""
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ChallengeDialog("Bo"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChallengeDialog)
        length, takebacks = (dialog.query_one(f"#{n}", Choices) for n in ("best-of", "takebacks"))
        assert length.region.height == 1 and length.parent is not None and length.parent.display
        assert takebacks.parent is not None and not takebacks.parent.display
