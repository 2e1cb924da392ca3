"""The lobby's listeners (`app.hub.lobby_room.LobbyListener`: what the tournament, live
rounds and homework add to the lobby): a student in the waiting room reaches none of
them; an admitted student's message reaches the listener of its kind only; the first
listener that keeps a student busy keeps them out of challenges and is what `who` says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.hub.lobby import WAITING_ROOM
from app.hub.lobby_room import LobbyListener
from app.hub.protocol import Admitted, Challenge, Said, Waiting
from app.hub.protocol_class import HomeworkAsk, HomeworkList, LiveProject, Standings
from app.hub.student import Student
from tests.hub.support import Client, running_hub


class Dentist(LobbyListener):
    """Keeps Bo busy, and hears `standings` before the tournament would."""

    kinds = (Standings,)

    def __init__(self) -> None:
        self.heard_from: list[str] = []

    def busy(self, student: Student) -> str | None:
        return "at the dentist" if student.name == "Bo" else None

    def heard(self, student: Student, message: Any) -> None:
        self.heard_from.append(student.name)


async def test_the_waiting_room_reaches_no_listener(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        cy = await Client.knock(hub, "Cy")
        assert isinstance(await cy.next(), Waiting)
        for message in (LiveProject(), HomeworkAsk(), Standings(follow=True)):
            await cy.send(message)
            said = await cy.next()
            assert isinstance(said, Said) and said.text == WAITING_ROOM
        assert not hub.live.projectors and not hub.tournament.followers
        await cy.close()


async def test_a_listener_hears_its_kinds_and_keeps_a_student_busy(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        dentist = Dentist()
        hub.lobby.listeners.insert(0, dentist)
        clients = {}
        for name in ("Ada", "Bo"):
            hub.admit(name)
            clients[name] = await Client.knock(hub, name)
            assert isinstance(await clients[name].until(Admitted), Admitted)
        ada = clients["Ada"]
        await ada.send(Challenge(name="Bo", game="fifty"))
        assert (await ada.said_until("dentist"))[-1] == "Bo is at the dentist: try again later."
        assert hub.lobby.who() == ["Ada: in the lobby", "Bo: at the dentist"]
        await ada.send(Standings())
        await ada.send(HomeworkAsk())
        assert await ada.next() == HomeworkList(assignments=[])  # (nothing before it)
        assert dentist.heard_from == ["Ada"]  # (the tournament never heard it)
        assert not hub.lobby.games
        for client in clients.values():
            await client.close()
