"""A spectator sees the board (issue 38): one game watched (`class watch --game ID`, and
`w` in the student's lobby) is drawn on the game's own board, read-only, with the round's
moves in words and whose turn it is, live from the hub's `watched-board` messages (the
match as it stands, replayed through the rules); keys on the watcher's board change
nothing and send nothing; leaving the board in the lobby ends the watch (`unwatch`); a watcher that did not ask (a machine of protocol version 3,
the projector's grid) gets the lines alone. Snapshots at 80x24 and 100x30."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from app.hub.protocol import (
    Accept,
    Admitted,
    Challenge,
    Follow,
    GameReady,
    Watch,
    Watched,
    WatchedBoard,
)
from app.hub.watching import position_of
from app.online.codes import Address
from app.online.protocol import Message
from app.tui.boards.common import Board
from app.tui.hub_watch import HubWatchApp
from app.tui.hub_watch_board import WatchBoardScreen
from app.tui.styles import MENU_STYLES
from rules.match import MatchState, new_match, play_in_match
from rules.registry import get_game
from tests.hub.support import Client, running_hub, until
from tests.hub.test_one_port import _join, _play
from tests.hub.test_watch_all import _four_students, _panel
from tests.online.procs import first_moves

NAMES = ("Cy", "Di")


def _fifty_after(count: int) -> MatchState:
    match = new_match("fifty")
    game = get_game("fifty")
    _, moves = first_moves("fifty")
    for move in moves[:count]:
        match = play_in_match(match, game.format_move(move))
    return match


def test_a_watched_position_is_the_match_replayed_in_words() -> None:
    position = position_of(_fifty_after(3), NAMES)
    assert position.turn == "Di to play"
    assert [line.split(":")[0] for line in position.moves] == ["1. Cy", "2. Di", "3. Cy"]
    assert len(position.played) == 3 and position.game_id == "fifty"
    _, moves = first_moves("fifty")
    over = position_of(_fifty_after(len(moves)), NAMES)
    assert over.turn.startswith(("Cy wins", "Di wins")) and len(over.moves) == len(moves)


@pytest.mark.parametrize("moves", [("zz",), ("+1", "+1", "+1") * 30])
def test_a_damaged_match_is_said_not_drawn(moves: tuple[str, ...]) -> None:
    damaged = _fifty_after(0).model_copy(update={"moves": moves})
    with pytest.raises(ValueError, match="cannot be read"):
        position_of(damaged, NAMES)


class _Watching(App[None]):
    """The watched game's screen alone (with the app's own sheet, as in the lobby), fed the
    hub's messages by the test."""

    CSS_PATH = MENU_STYLES

    def on_mount(self) -> None:
        self.push_screen(WatchBoardScreen())


def _fed(*messages: Watched | WatchedBoard) -> Any:
    async def run_before(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, WatchBoardScreen)
        for message in messages:
            screen.shows(message)
            await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        for _ in range(4):  # (a picture's pool fits its rows to the board's width)
            await pilot.pause()

    return run_before


@pytest.fixture
def hub_database() -> str:
    """(The snapshots and the model need no records: taken once.)"""
    return "none"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_a_watched_game_in_progress(snap_compare: Any, size: tuple[int, int]) -> None:
    heading = Watched(game=2, text="Cy vs Di, fifty")
    line = Watched(game=2, text="Cy (online): Play 5 + 6 = 11.")
    board = WatchedBoard(game=2, match=_fifty_after(3))
    assert snap_compare(_Watching(), terminal_size=size, run_before=_fed(heading, line, board))


async def test_a_watcher_asks_for_the_board_and_a_version_3_watcher_gets_lines(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        clients = await _four_students(hub)
        ada, bo, cy, _ = clients
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        old = await Client.knock(hub, "Projector")
        await old.until(Admitted)
        await old.send(Watch(target="1"))
        await cy.send(Watch(target="Ada", board=True))
        first = await cy.until(WatchedBoard)
        assert isinstance(first, WatchedBoard) and first.match.moves == ()
        joined = [await _join(hub, r) for r in ready if isinstance(r, GameReady)]
        state, moves = first_moves("fifty")
        await _play([link for link, _ in joined], [q for _, q in joined], moves[:2], state, 0)
        seen = await cy.until(WatchedBoard)
        while isinstance(seen, WatchedBoard) and len(seen.match.moves) < 2:
            seen = await cy.until(WatchedBoard)
        assert isinstance(seen, WatchedBoard) and len(seen.match.moves) == 2
        lines = await old.said_until("Bo (online)")
        assert lines  # (and no board came to the watcher who did not ask)
        for link, _ in joined:
            await link.close()
        await old.send(Watch(target="*"))
        await old.said_until("Watching every game")
        for client in [*clients, old]:
            await client.close()


class _Spy:
    def __init__(self, app: HubWatchApp) -> None:
        self.sent: list[Message] = []
        send = app.client.send

        def spied(message: Message) -> None:
            self.sent.append(message)
            send(message)

        app.client.send = spied  # type: ignore[method-assign]


async def test_one_game_watched_on_its_board_live_and_keys_change_nothing(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        clients = await _four_students(hub)
        ada, bo, *_ = clients
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Accept())
        ready = [await client.until(GameReady) for client in (ada, bo)]
        joined = [await _join(hub, r) for r in ready if isinstance(r, GameReady)]
        links = [link for link, _ in joined]
        state, moves = first_moves("fifty")
        await _play(links, [queue for _, queue in joined], moves[:1], state, 0)
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Projector", target="1")
        spy = _Spy(app)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                screen = app.board

                def turn() -> str:
                    return "" if screen is None else str(screen.query_one("#watch-turn").render())

                await until(lambda: turn() == "Bo to play", "the board's turn")
                assert isinstance(screen, WatchBoardScreen) and app.screen is screen
                assert "Game 1: Ada vs Bo, Exactly Fifty" in str(
                    screen.query_one("#watch-heading").render()
                )
                assert "1. Ada: Play" in str(screen.query_one("#watch-moves").render())
                board = screen.query_one(Board)
                assert board.read_only
                assert [type(m).__name__ for m in spy.sent] == ["Watch", "Follow"]
                assert spy.sent[0] == Watch(target="1", board=True)
                game = hub.lobby.games[1]
                before = game.relay.session.match
                for key in ("1", "2", "plus", "x", "enter", "tab", "left", "right", "space"):
                    await pilot.press(key)
                await pilot.click(Board)
                await pilot.pause(0.2)
                assert spy.sent == [Watch(target="1", board=True), Follow()]  # (nothing sent)
                assert game.relay.session.match == before and turn() == "Bo to play"
                after = get_game("fifty").play(state, moves[0])
                await _play(links, [queue for _, queue in joined], moves[1:2], after, 1)
                await until(lambda: turn() == "Ada to play", "the board's next turn, live")
                assert "2. Bo: Play" in str(screen.query_one("#watch-moves").render())
        finally:
            for link in links:
                await link.close()
            for client in clients:
                await client.close()
        assert _panel(app, 1) == ""  # (no grid panel: the board)


async def test_w_in_the_lobby_watches_a_classmates_game_on_its_board(tmp_path: Path) -> None:
    from app.tui.app import EquationDuelApp
    from app.tui.hub_lobby import HubLobbyScreen
    from tests.hub.test_tui_lobby import admitted, people
    from tests.hub.test_tui_lobby import until as shown

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        app = EquationDuelApp()
        clients: list[Client] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("j", *f"{hub.code}@127.0.0.1:{hub.port}", "tab", *"Ada", "enter")
            await shown(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
            lobby = app.screen
            clients = [await admitted(hub, "Bo"), await admitted(hub, "Cy")]
            bo, cy = clients
            await bo.send(Challenge(name="Cy", game="fifty"))
            await cy.said_until("type accept or decline")
            await cy.send(Accept())
            playing = "Bo: playing Exactly Fifty against Cy (game 1)"
            await shown(pilot, lambda: playing in people(app), "Bo playing, in the list")
            await pilot.press("w")  # (Bo is the first classmate listed, highlighted)
            await shown(pilot, lambda: isinstance(app.screen, WatchBoardScreen), "the board")
            screen = app.screen
            assert isinstance(screen, WatchBoardScreen)
            await shown(pilot, lambda: screen.board is not None, "the game's board drawn")
            turn = str(screen.query_one("#watch-turn").render())
            assert turn == "Bo to play"
            game = hub.lobby.games[1]
            assert "ada" in game.boards and "ada" in game.watchers
            await pilot.press("escape")  # (back in the lobby: the game's lines stop coming)
            assert app.screen is lobby and lobby.watching is None  # type: ignore[attr-defined]
            await until(lambda: "ada" not in game.watchers, "the watch ended (unwatch)")
            assert "ada" not in game.boards
        for client in clients:
            await client.close()
