"""Live rounds in the student's full-screen lobby, against a real hub on 127.0.0.1: the
round's puzzle opens on the game's own board over the lobby, a move typed by keys is
sent (not played here), the hub's verdict is said on the board and equals the solver's
judgement; when the round closes the board goes, and the spread, the winning moves and
the session's summary are in the lobby's news."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from app.hub.hub import Hub
from app.hub.live import LiveOptions
from app.online.texts import their_words
from app.tui.app import EquationDuelApp
from app.tui.hub_live import ClassPuzzleReferee
from app.tui.hub_lobby import HubLobbyScreen
from tests.hub.support import running_hub
from tests.hub.test_live import truth
from tests.hub.test_tui_lobby import SIZE, status, until


async def joined(pilot: Pilot[None], hub: Hub, name: str) -> HubLobbyScreen:
    """`name` joins by the menu's keys (on the roster: in at once); the lobby."""
    app = pilot.app
    hub.admit(name)
    await pilot.press("j", *f"{hub.code}@127.0.0.1:{hub.port}", "tab", *name, "enter")
    await until(pilot, lambda: isinstance(app.screen, HubLobbyScreen), "the lobby")
    lobby = app.screen
    assert isinstance(lobby, HubLobbyScreen)
    await until(pilot, lambda: hub.lobby.online.get(name.lower()) is not None, "in the hub")
    return lobby


def referee_of(app: object) -> ClassPuzzleReferee | None:
    referee = getattr(getattr(app, "screen", None), "referee", None)
    return referee if isinstance(referee, ClassPuzzleReferee) else None


async def test_a_live_round_answered_by_keys_judged_as_the_solver_judges(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.live.gap = 0.05
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            hub.live.start(LiveOptions("template", "easy", 60, 1))
            await until(pilot, lambda: referee_of(app) is not None, "the round's board")
            referee = referee_of(app)
            assert referee is not None
            screen = app.screen
            await until(pilot, lambda: screen.state is not None, "the puzzle's position")
            assert "Player" in status(app) and "seconds left" in status(app)
            moves_before = len(screen.moves)
            digit = min(screen.position.pool)  # type: ignore[attr-defined]
            await pilot.press(str(digit))  # into the slot the cursor is on
            await until(pilot, lambda: lobby.live.verdict is not None, "the hub's verdict")
            assert referee.sent is not None
            assert len(screen.moves) == moves_before  # sent to the hub, not played here
            verdict = lobby.live.verdict
            assert verdict is not None
            assert verdict.judgement == truth(referee.puzzle, referee.sent)
            assert status(app).startswith(their_words(verdict.text))
            # The round closes (everyone asked answered): its board says so; Esc, the lobby
            await until(pilot, lambda: referee.closed, "the round closed")
            await until(pilot, lambda: "Esc goes back to the lobby" in status(app), "said")
            assert status(app).startswith(their_words(verdict.text))
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is lobby, "back in the lobby")
            await until(pilot, lambda: any("summary" in t.lower() for t in lobby.told), "summary")
            told = "\n".join(lobby.told)
            assert "Round 1 closed: 1 of 1 answered" in told
            assert "The winning moves:" in told
            await pilot.press("escape")


async def test_a_round_answered_after_a_refused_key_closes_saying_so(tmp_path: Path) -> None:
    """A digit already used is refused on the board, another is the answer; when the
    teacher stops the session the status line says the round is over, not the refusal
    (seen once in a browser tab)."""
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            await joined(pilot, hub, "Ada")
            hub.live._rng.seed(0)  # (a puzzle with a digit used up: one in ten has none)
            hub.live.start(LiveOptions("template", "easy", 600, 2))
            await until(pilot, lambda: referee_of(app) is not None, "the round's board")
            referee = referee_of(app)
            assert referee is not None
            state = referee.puzzle.state()
            used = next(d for d in state.options.pool() if d not in state.pool)
            await pilot.press(str(used))
            await until(pilot, lambda: "has already been used" in status(app), "the refusal")
            await pilot.press(str(state.pool[0]))
            await until(pilot, lambda: referee.said is not None, "the hub's verdict")
            hub.live.stop()
            await until(pilot, lambda: referee.closed, "the round closed")
            await until(pilot, lambda: "is over" in status(app), "the round's end, said")
            assert "has already been used" not in status(app)


async def test_the_teacher_stopping_the_session_closes_the_round_on_the_board(
    tmp_path: Path,
) -> None:
    """The open round's board stops taking an answer and says so (it kept its countdown
    and took an answer the hub refused, as nobody was told)."""
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = EquationDuelApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await joined(pilot, hub, "Ada")
            hub.live.start(LiveOptions("template", "easy", 600, 3))
            await until(pilot, lambda: referee_of(app) is not None, "the round's board")
            referee = referee_of(app)
            assert referee is not None and not referee.closed
            hub.live.stop()
            await until(pilot, lambda: referee.closed, "the round closed")
            await until(pilot, lambda: "Esc goes back to the lobby" in status(app), "said")
            assert status(app).startswith("The teacher stopped the session.")  # (not time)
            unanswered = "The teacher stopped the live session: round 1 closed unanswered."
            assert unanswered in lobby.told
            told = "The teacher stopped the live session after 1 round."
            await until(pilot, lambda: told in lobby.told, "the news")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is lobby, "back in the lobby")
