"""Admission: a knock with the class code waits for the teacher; admitted, the student's
machine gets a token; with it the student rejoins without asking; without it nobody
can take the name; a roster admits its names at once; the wrong code is refused."""

from __future__ import annotations

from pathlib import Path

from app.hub.codes import CLASS_CODE_LENGTH, token_hash
from app.hub.protocol import Admitted, Refusal, Waiting, Who
from app.online.codes import ALPHABET, same_code
from tests.hub.support import Client, everything_kept, open_test_store, running_hub, until


def test_the_class_code_is_six_characters_that_cannot_be_misheard(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    code = store.class_code()
    assert len(code) == CLASS_CODE_LENGTH and set(code) <= set(ALPHABET)
    assert same_code(code.upper()[:3] + " - " + code[3:], code)
    assert store.class_code() == code  # (kept)


async def test_knock_admit_token_rejoin_and_a_stolen_name(tmp_path: Path) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        ada = await Client.knock(hub, "Ada")
        assert isinstance(await ada.next(), Waiting)
        await until(lambda: "Ada knocks: type admit Ada to let them in." in said, "the knock")
        assert hub.admit("ada") == "Ada is admitted."
        admitted = await ada.until(Admitted)
        assert isinstance(admitted, Admitted) and len(admitted.token) >= 22
        stored = hub.store.student("Ada")
        assert stored is not None and stored.token_hash == token_hash(admitted.token)
        assert admitted.token not in everything_kept(tmp_path / "hub.sqlite3")
        await ada.close()
        back = await Client.knock(hub, "Ada", admitted.token)  # no teacher needed
        again = await back.next()
        assert isinstance(again, Admitted) and again.token == ""
        thief = await Client.knock(hub, "ADA", "not-the-token")
        refused = await thief.next()
        assert isinstance(refused, Refusal) and refused.code == "name-taken"
        assert "Ada is taken in this class" in refused.reason
        assert await thief.closed()
        for client in (back, thief):
            await client.close()


async def test_the_roster_admits_its_names_at_once_and_a_wrong_code_is_refused(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        assert hub.admit("Bo") == "Bo is on the roster: their first join lets them in."
        bo = await Client.knock(hub, "Bo")
        first = await bo.next()
        assert isinstance(first, Admitted) and first.token
        wrong = "".join("2" if ch != "2" else "3" for ch in hub.code)
        stranger = await Client.knock(hub, "Cy", code=wrong)
        refused = await stranger.next()
        assert isinstance(refused, Refusal) and refused.code == "wrong-code"
        assert await stranger.closed()
        for client in (bo, stranger):
            await client.close()


async def test_a_removed_student_is_closed_and_their_token_no_longer_lets_them_in(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        ada = await Client.knock(hub, "Ada")
        admitted = await ada.next()
        assert isinstance(admitted, Admitted)
        assert hub.remove("ada") == "Ada is removed from the class."
        gone = await ada.said_until("The teacher removed you from the class.")
        assert gone and await ada.closed()
        back = await Client.knock(hub, "Ada", admitted.token)
        assert isinstance(await back.next(), Waiting)  # (asks the teacher again)
        assert hub.remove("Nobody") == "Nobody is not on the roster."
        for client in (ada, back):
            await client.close()


async def test_the_waiting_room_answers_in_words_and_a_second_knock_takes_the_place(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        first = await Client.knock(hub, "Dee")
        assert isinstance(await first.next(), Waiting)
        await first.send(Who())
        assert await first.said_until("the teacher has not admitted you yet")
        second = await Client.knock(hub, "dee")
        assert isinstance(await second.next(), Waiting)
        assert "You knocked again from another place." in await first.said_until("again")
        assert await first.closed()
        hub.admit("DEE")
        admitted = await second.until(Admitted)
        assert isinstance(admitted, Admitted) and admitted.name == "dee"
        assert hub.lobby.who() == ["dee: in the lobby"]
        for client in (first, second):
            await client.close()
