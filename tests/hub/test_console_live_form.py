"""The live rounds' form on the teacher's full-screen console (`l`): it issues the line
console's own `live` command, so the students in the lobby receive the round; what the
console would refuse is said in the form; Stop ends the session (`live stop`); Esc sends
nothing."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, RichLog, Static

from app.hub.protocol import Admitted
from app.hub.protocol_class import LiveRound
from app.tui.choice_list import ChoiceList
from app.tui.hub_console import HubConsoleApp
from app.tui.hub_console_live import LiveDialog
from tests.hub.support import Client, open_test_store, until

SIZE = (80, 24)


def _said(app: HubConsoleApp) -> str:
    return " ".join(strip.text.rstrip() for strip in app.query_one("#said", RichLog).lines)


async def test_the_form_starts_a_round_the_students_receive_and_stops_it(
    tmp_path: Path,
) -> None:
    store = open_test_store(tmp_path / "hub.sqlite3")
    app = HubConsoleApp(store, admitted=("Ada", "Bo"))
    clients: list[Client] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            hub = app.teacher.hub
            await until(lambda: app.started, "the hub's start")
            for name in ("Ada", "Bo"):
                clients.append(await Client.knock(hub, name))
                await clients[-1].until(Admitted)
            await pilot.press("l")
            form = app.screen
            assert isinstance(form, LiveDialog)
            assert form.query_one("#live-stop").disabled  # (no session yet)
            await pilot.press("space", "down", "down", "down", "enter")  # (a list of choices)
            assert form.query_one("#live-game", ChoiceList).value == "countdown"
            form.query_one("#live-seconds", Input).value = "2"  # (too short: said)
            await pilot.click("#live-start")
            problem = form.query_one("#live-problem", Static)
            assert "A round lasts" in str(problem.render()) and app.screen is form
            form.query_one("#live-seconds", Input).value = "45"
            form.query_one("#live-count", Input).value = "3"
            form.query_one("#live-speed", Checkbox).value = True
            assert form.command() == "live countdown easy 45 3 --speed-bonus"
            form.query_one("#live-count", Input).focus()
            await pilot.press("enter")  # (Enter in a field starts too)
            await until(lambda: not isinstance(app.screen, LiveDialog), "the form closed")
            for student in clients:
                asked = await student.until(LiveRound)
                assert isinstance(asked, LiveRound)
                assert (asked.round, asked.of) == (1, 3) and 40 < asked.seconds <= 45
            assert "Live session: 3 rounds of easy countdown puzzles" in _said(app)
            assert "speed bonus on" in _said(app)

            await pilot.press("l")
            form = app.screen
            assert isinstance(form, LiveDialog) and not form.query_one("#live-stop").disabled
            await pilot.click("#live-stop")
            await until(lambda: hub.live.session is None, "the session stopped")
            assert "The live session is stopped after" in _said(app)
            await pilot.press("l", "escape")  # (Esc: nothing sent)
            assert not isinstance(app.screen, LiveDialog) and hub.live.session is None
    finally:
        for client in clients:
            await client.close()
        store.close()
