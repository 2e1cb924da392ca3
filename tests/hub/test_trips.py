"""Trips a first real user of the hub met (issue 38): why the hub closed the connection
is said once (the line lobby, `class watch`); a hub that cannot be reached is said in
words, not aiohttp's socket text, by every front end that joins; the class's projector
is no classmate (not in "Here now" nor `who`, and a challenge to it says why)."""

from __future__ import annotations

import socket
from pathlib import Path

from textual.widgets import Static

from app.hub.client import HubClient
from app.hub.hub import Hub
from app.hub.protocol import Accept, Admitted, Challenge, Follow, FromHub, GameReady, Here, Who
from app.hub.protocol_class import LiveProject
from app.online.codes import Address
from app.tui.hub_project import ProjectorApp
from app.tui.hub_watch import HubWatchApp
from tests.hub.support import Client, running_hub, until
from tests.online.procs import Proc

CANNOT = "the hub cannot be reached at 127.0.0.1:{}: is it running, is the address right?"


def _nobody() -> int:
    """A port nobody listens on."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port: int = closed.getsockname()[1]
    return port


async def _admitted(hub: Hub, name: str) -> Client:
    hub.admit(name)
    client = await Client.knock(hub, name)
    assert isinstance(await client.until(Admitted), Admitted)
    return client


async def _heard_until(client: Client, words: str) -> tuple[set[str], list[str]]:
    """Who the client was told is here (at the end), and the lines said, until a line
    holds `words` (bounded)."""
    people: set[str] = set()
    lines: list[str] = []
    for _ in range(200):
        message: FromHub | None = await client.next()
        assert message is not None, f"closed before {words!r}; heard {lines}"
        if isinstance(message, Here):
            (people.discard if message.gone else people.add)(message.name)
        text = getattr(message, "text", None)
        if isinstance(text, str):
            lines.append(text)
            if words in text:
                return people, lines
    raise AssertionError(f"{words!r} never came: {lines}")


async def test_the_projector_is_not_listed_as_a_classmate(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada, bo = await _admitted(hub, "Ada"), await _admitted(hub, "Bo")
        await ada.send(Follow())  # (before the projector comes: it is seen to go)
        beamer = await _admitted(hub, "Beamer")
        await beamer.send(LiveProject())
        await until(lambda: len(hub.live.projectors) == 1, "the projector")
        cy = await _admitted(hub, "Cy")
        await cy.send(Follow())  # (after: it is never listed)
        refused = "Beamer is the class's projector: it plays no games."
        for student in (ada, cy):
            await student.send(Who())
            await student.send(Challenge(name="Beamer", game="fifty"))
            people, lines = await _heard_until(student, refused)
            assert people == {"Ada", "Bo", "Cy"}
            assert "Ada: in the lobby" in lines and "Cy: in the lobby" in lines
            assert not [line for line in lines[:-1] if "Beamer" in line]
        assert "Beamer: the class's projector" in hub.lobby.who()  # (the teacher's)
        for client in (ada, bo, beamer, cy):
            await client.close()


def test_the_line_lobby_says_once_why_the_hub_closed(tmp_path: Path) -> None:
    hub = Proc(["hub", "--plain", "--database", str(tmp_path / "class.sqlite3")], tmp_path / "t")
    ada: Proc | None = None
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        hub.write("admit Ada\n")
        hub.wait_for("Ada is on the roster")
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        ada.wait_for("You are in the class's lobby as Ada.")
        hub.write("quit\n")
        ada.wait_for("The hub closed the connection")
        assert ada.finish() == 1
        assert "connection: the hub closed" not in ada.output()
    finally:
        hub.stop()
        if ada is not None:
            ada.stop()


def test_the_line_lobby_says_in_words_that_the_hub_cannot_be_reached(tmp_path: Path) -> None:
    nobody = _nobody()
    place = f"k7m3qd@127.0.0.1:{nobody}"
    ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
    assert ada.finish() == 1
    said = ada.output()  # (in lines of the line mode's width)
    assert said.replace("\n", " ") == f"equation-duel: error: cannot join: {CANNOT.format(nobody)}"


async def test_class_watch_says_once_why_the_hub_closed(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Cy")
        app = HubWatchApp(Address(hub.code, "127.0.0.1", hub.port), "Cy")
        async with app.run_test(size=(80, 24)) as pilot:
            status = app.query_one("#watch-status", Static)
            await until(lambda: "cy" in hub.lobby.online, "Cy in the lobby")
            await hub.stop("The hub stops.")
            await until(lambda: "closed" in str(status.render()), "the closing")
            await pilot.pause()
            assert str(status.render()) == "The hub closed the connection."


async def test_class_watch_and_project_say_in_words_that_the_hub_cannot_be_reached() -> None:
    nobody = _nobody()
    address = Address("k7m3qd", "127.0.0.1", nobody)
    watch = HubWatchApp(address, "Cy")
    async with watch.run_test(size=(80, 24)):
        await until(lambda: watch.failed, "the refusal")
    assert watch.failed == f"equation-duel: error: cannot join: {CANNOT.format(nobody)}"
    project = ProjectorApp(HubClient(address, "Projector"))
    async with project.run_test(size=(80, 24)):
        task = project.query_one("#project-task", Static)
        await until(lambda: "Cannot join" in str(task.render()), "the refusal")
        said = str(task.render())
    assert said == f"Cannot join the class: {CANNOT.format(nobody)} Press q to leave."


async def test_crossing_challenges_start_one_game_and_lapse(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada, bo = await _admitted(hub, "Ada"), await _admitted(hub, "Bo")
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("Ada challenges you to fifty: type accept or decline.")
        await bo.send(Challenge(name="Ada", game="conquest"))
        await ada.said_until("Bo challenges you to conquest: type accept or decline.")
        await ada.send(Accept())  # (Bo's challenge: Ada's to Bo lapses, unsaid to both)
        for student in (ada, bo):
            assert isinstance(await student.until(GameReady), GameReady)
        await bo.send(Accept())
        await bo.said_until("Nobody has challenged you.")
        assert [game.game_id for game in hub.lobby.games.values()] == ["conquest"]
        for client in (ada, bo):
            await client.close()


async def test_both_accepting_crossing_challenges_at_once_start_one_game(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada, bo = await _admitted(hub, "Ada"), await _admitted(hub, "Bo")
        await ada.send(Challenge(name="Bo", game="fifty"))
        await bo.said_until("type accept or decline")
        await bo.send(Challenge(name="Ada", game="fifty"))
        await ada.said_until("type accept or decline")
        await ada.send(Accept())
        await bo.send(Accept())
        for student in (ada, bo):
            assert isinstance(await student.until(GameReady), GameReady)
        await until(lambda: not hub.lobby.referee.starting, "the game started")
        assert len(hub.lobby.games) == 1
        for client in (ada, bo):
            await client.close()


async def test_a_student_leaving_mid_challenge_lapses_it_said(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        cy, di, eve, fay = [await _admitted(hub, name) for name in ("Cy", "Di", "Eve", "Fay")]
        await cy.send(Challenge(name="Di", game="fifty"))
        await di.said_until("type accept or decline")
        await cy.close()  # (the challenger leaves)
        await di.said_until("Cy left: their challenge lapsed.")
        await eve.send(Challenge(name="Fay", game="fifty"))
        await fay.said_until("type accept or decline")
        await fay.close()  # (the one challenged leaves)
        await eve.said_until("Fay left: your challenge lapsed.")
        await di.send(Accept())
        await di.said_until("Nobody has challenged you.")
        for client in (di, eve):
            await client.close()
