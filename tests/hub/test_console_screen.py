"""The teacher's full-screen console at 80x24 against its real hub on 127.0.0.1, port 0,
with students' raw connections: a knock shows in the waiting room and a key admits it,
a game two students start shows in the games list, a key pauses the class and the
students are told, the teacher's typed commands answer as in the line console, a click
admits and a key removes."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, RichLog, Static

from app.hub.protocol import Accept, Admitted, Challenge
from app.tui.hub_console import HubConsoleApp
from tests.hub.support import Client, open_test_store, until

SIZE = (80, 24)


def _options(app: HubConsoleApp, list_id: str) -> list[str]:
    options = app.query_one(f"#{list_id}", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def _said(app: HubConsoleApp) -> str:
    return " ".join(strip.text.rstrip() for strip in app.query_one("#said", RichLog).lines)


async def test_the_console_admits_a_knock_by_key_and_shows_a_game(tmp_path: Path) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    app = HubConsoleApp(store, admitted=("Bo",))
    clients: list[Client] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            hub = app.teacher.hub
            await until(lambda: app.started, "the hub's start")
            join = str(app.query_one("#join", Static).render())
            assert f"equation-duel class join {hub.code}@127.0.0.1:{hub.port} --name NAME" in join
            await until(lambda: "Only this machine can join" in _said(app), "the opening")
            ada = await Client.knock(hub, "Ada")
            clients.append(ada)
            await pilot.pause()
            await until(lambda: _options(app, "waiting") == ["Ada"], "Ada in the waiting room")
            assert "Ada knocks: type admit Ada to let them in." in _said(app)
            await pilot.press("a")
            await ada.until(Admitted)
            roster = ["Ada: in the lobby", "Bo: not here"]  # (Bo: on the roster, away)
            await until(lambda: _options(app, "online") == roster, "Ada in")
            assert _options(app, "waiting") == []
            assert "Ada is admitted." in _said(app)

            bo = await Client.knock(hub, "Bo")
            clients.append(bo)
            await bo.until(Admitted)
            await ada.send(Challenge(name="Bo", game="fifty"))
            await bo.said_until("type accept or decline")
            await bo.send(Accept())
            await until(lambda: len(_options(app, "games")) == 1, "the game in the list")
            await pilot.pause()
            assert _options(app, "games")[0].startswith("Game 1: Ada vs Bo, fifty")
            assert "Ada: playing fifty against Bo (game 1)" in _options(app, "online")

            await pilot.press("p")
            for student in (ada, bo):
                await student.said_until("The teacher paused the class")
            assert "(paused" in str(app.query_one("#code", Static).render())
            await pilot.press("p")
            await ada.said_until("The teacher resumed the class")

            await pilot.press("colon")
            await pilot.press(*"who", "enter")
            await until(lambda: "Bo: playing fifty against Ada (game 1)" in _said(app), "who")
            await pilot.press("escape", "w")
            await until(lambda: "Watching Game 1: Ada vs Bo, fifty" in _said(app), "watching")

            cy = await Client.knock(hub, "Cy")
            clients.append(cy)
            await until(lambda: _options(app, "waiting") == ["Cy"], "Cy in the waiting room")
            await pilot.click("#waiting", offset=(2, 0))  # (a click on the name admits)
            await cy.until(Admitted)
            await until(lambda: "Cy: in the lobby" in _options(app, "online"), "Cy in")
            online = app.query_one("#online", OptionList)
            online.focus()
            online.highlighted = _options(app, "online").index("Cy: in the lobby")
            await pilot.press("r")
            assert await cy.closed()
            await until(lambda: "Cy is removed from the class." in _said(app), "Cy removed")
            await until(
                lambda: not any(o.startswith("Cy") for o in _options(app, "online")), "Cy gone"
            )
    finally:
        for client in clients:
            await client.close()
        store.close()
