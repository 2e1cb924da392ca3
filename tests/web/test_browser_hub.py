"""A student in a browser tab of `hub --web` (headless Chromium, as tests/web/) joins the
class, gets a live round on its board, is back in the lobby when the teacher stops
the session, accepts a line-mode classmate's challenge and plays the game to its end,
then is back in the lobby; the hub (a real process) says each step. In the browser set
(`-m browser`; here, not in tests/hub/, as it runs on SQLite only)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.registry import get_game
from tests.online.procs import Proc, answers, first_moves
from tests.web.test_browser import open_browser

pytestmark = pytest.mark.browser

#: The keys of the fifty game's operators (the board reads + - * /).
KEYS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "/": "/", "÷": "/"}


def test_a_browser_tab_answers_a_live_round_and_plays_a_hub_game(tmp_path: Path) -> None:
    database = str(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--web", "--web-port", "0", "--database", database], tmp_path)
    bo: Proc | None = None
    try:
        place = next(w for w in hub.wait_for("Students join with: ").split() if "@" in w)
        found = re.search(r"http://\S+/", hub.wait_for("Browser tabs join this class at "))
        assert found is not None
        hub.write("admit Ada\nadmit Bo\n")
        hub.wait_for("Bo is on the roster")
        with open_browser() as browser, browser.tab(found.group(0), tmp_path / "page.png") as page:
            page.wait_for("Join (Enter)")
            page.focus()
            page.page.keyboard.type("Ada")
            page.press("Enter")
            page.wait_for("Here now", "Ada (you): in the lobby")
            bo = Proc(["class", "join", place, "--name", "Bo", "--plain"], tmp_path / "bo")
            page.wait_for("Bo: in the lobby")
            hub.write("live template easy 60 1\n")
            page.wait_for("Live round 1 of 1", "to move")
            # (answering on the board is the Pilot tests' (tests/hub/test_tui_live*.py): the
            # bank's puzzle is drawn at random, and a digit pressed here may be used already)
            hub.write("live stop\n")
            page.wait_for("The teacher stopped the session.", "is over")
            page.press("q")
            page.wait_for("Here now", "The live session's summary")
            bo.write("challenge Ada fifty\n")
            page.wait_for("Bo challenges you to fifty", "Accept (a)")
            page.press("a")
            page.wait_for("Equation Duel · Exactly Fifty")
            game = get_game("fifty")
            state, moves = first_moves("fifty")
            bo.write("".join(f"{line}\n" for line in answers("fifty", moves, state)[0]))
            for number, move in enumerate(moves, start=1):
                if game.to_move(state) == 2:
                    # (Bo's last move in the list: "Ada: choose" is on the screen still as
                    # Ada's own move goes to be confirmed, and keys typed then are cleared)
                    page.wait_for(f"{number - 1}. Bo: ", "Ada: choose")
                    for key in (str(move.a), KEYS[move.op], str(move.b)):
                        page.page.keyboard.type(key)
                        page.page.wait_for_timeout(100)  # (each key drawn before the next)
                    page.wait_for(f"{move.a} {move.op} {move.b} = ")
                    page.press("Enter")
                state = game.play(state, move)
            page.wait_for("Game over", "Ada wins")
            hub.wait_for("Game 1 is over: Ada wins")
            page.press("q")
            page.wait_for("You are back in the lobby.", "Game 1 is over: Ada wins")
            bo.wait_for("You are back in the lobby.")
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
    finally:
        hub.stop()
        if bo is not None:
            bo.stop()
