"""Records on screen: ctrl+s, the autosave and the resume offer, export, saved games,
replays, and `play --load` (each test has its own data folder: tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from app.store import data_folder, stats, storage
from app.store.finished_games import keep_finished, list_games
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp, run_record_file
from app.tui.dialogs import ConfirmDialog, GameOverDialog
from app.tui.menu import MenuScreen
from app.tui.record_dialogs import ExportDialog, RoundChoiceDialog
from app.tui.replay import SavedGamesScreen
from app.tui.unfinished_list import UnfinishedDialog
from rules.records import players_of, record_from_moves
from tests.app.store_support import write_autosave
from tests.app.tui_support import SIZE, click_link, game_screen, text_of, top, winner_shown
from widgets.status_line import StatusLine

NAMES = ("Ann", "Bob")


def notes(app: EquationDuelApp) -> list[str]:
    return [note.message for note in app._notifications]


def offered(app: EquationDuelApp) -> list[str]:
    """The games the start's list offers, top to bottom."""
    dialog = top(app)
    assert isinstance(dialog, UnfinishedDialog)
    return [text_of(row) for row in dialog.query(".unfinished-name").results(Static)]


async def test_ctrl_s_writes_a_loadable_record() -> None:
    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "7", "ctrl+s")
        saves = storage.list_saves()
        assert len(saves) == 1
        status = game_screen(app).query_one("#status", StatusLine).message
        assert status == f"Saved to {saves[0].path}"
        await pilot.press("1", "ctrl+s")  # the same game keeps its file
        assert [s.path for s in storage.list_saves()] == [saves[0].path]
    record = storage.load_record(saves[0].path)
    assert [m.move for m in record.moves] == ["4", "7", "1"]
    assert record.names == NAMES and record.result is None


async def test_leaving_mid_game_autosaves_and_the_menu_offers_to_resume_it() -> None:
    app = EquationDuelApp("conquest", {"pool": (1, 9)}, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "7", "q")
        assert isinstance(top(app), ConfirmDialog)
        await pilot.press("y")
        assert isinstance(top(app), MenuScreen)
    saved = storage.load_autosave()
    assert saved is not None and [m.move for m in saved.moves] == ["4", "7"]

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert offered(app) == ["Equation Conquest: Ann vs Bob (move 3)"]
        await pilot.press("r")
        screen = game_screen(app)
        assert screen.state.sequence == (4, 7) and screen.setup.names == NAMES
        assert screen.to_move == 1 and len(screen.history) == 2
        await pilot.press("u")  # the resumed moves can be taken back
        assert screen.state.sequence == (4,)
        await pilot.press("7", "9")
        assert screen.state.sequence == (4, 7, 9)


async def test_quitting_mid_match_keeps_it_for_the_next_start() -> None:
    app = EquationDuelApp("conquest", names=NAMES, best_of=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3", "enter", "4", "ctrl+q")
        assert isinstance(top(app), ConfirmDialog)
        await pilot.press("y")
    saved = storage.load_autosave()
    assert saved is not None and saved.score == (1, 0)
    assert [m.move for m in saved.moves] == ["5", "2", "3", "4"]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert offered(app) == ["Equation Conquest: Ann vs Bob (round 2, move 2)"]


async def test_resume_offer_escape_keeps_it_and_discard_deletes_it() -> None:
    record = record_from_moves("fifty", None, ["6*7"], players_of(NAMES))
    write_autosave(record)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(top(app), UnfinishedDialog)
        await pilot.press("escape")
        assert isinstance(top(app), MenuScreen)
    assert storage.load_autosave() == record
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#discard-0")
        assert isinstance(top(app), MenuScreen)
    assert storage.load_autosave() is None


async def test_corrupt_autosave_gives_a_message_not_a_crash() -> None:
    data_folder.ensure_data_dir()
    data_folder.autosave_path().write_text('{"format": 1, "game": "fifty", "moves": [', "utf-8")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
        [message] = notes(app)
        assert "cannot be resumed" in message and "cut short" in message
        await pilot.press("4")  # the app goes on
        assert top(app).game_id == "conquest"
    assert data_folder.autosave_path().read_text("utf-8").endswith("[")  # left as it was


async def test_finished_game_is_counted_once_and_exported(tmp_path: Path) -> None:
    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5", "2", "3")
        winner, _ = await winner_shown(pilot)
        assert winner == "Ann wins!"
        assert stats.summary().games == 1
        await pilot.press("e")
        dialog = top(app)
        assert isinstance(dialog, ExportDialog)
        target = tmp_path / "duel.json"
        target.write_text("the player's own file", "utf-8")
        dialog.query_one("#export-path", Input).value = str(tmp_path / "missing" / "x.json")
        await pilot.press("enter")
        assert "does not exist" in text_of(dialog.query_one("#export-error", Static))
        dialog.query_one("#export-path", Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(top(app), ConfirmDialog)  # a file is there: asked first
        await pilot.press("n")  # no: the export dialog again, to name another
        await pilot.pause()
        assert isinstance(top(app), ExportDialog)
        assert top(app).query_one("#export-path", Input).value == str(target)
        assert target.read_text("utf-8") == "the player's own file"
        await pilot.press("enter", "y")  # asked again: yes, replace it
        await pilot.pause()
        assert isinstance(top(app), GameOverDialog)  # back to the choices
        assert f"Exported to {target}" in notes(app)
        await pilot.press("r")  # a rematch is another game
        await pilot.press("5", "2", "3")
        await winner_shown(pilot)
    record = storage.load_record(target)
    assert record.result is not None and record.result.winner == 1
    assert [m.move for m in record.moves] == ["5", "2", "3"]
    summary = stats.summary()
    assert summary.games == 2
    kept = list_games()  # both kept automatically, with their results, for Saved games
    assert len(kept) == 2 and all(g.record and g.record.finished for g in kept)
    assert {(p.name, p.played, p.won) for p in summary.players} == {("Ann", 2, 1), ("Bob", 2, 1)}


async def test_saved_games_replay_a_finished_match_round_by_round() -> None:
    moves = ["5", "2", "3", "5", "2", "3", "5", "2", "3"]
    finished = record_from_moves("conquest", None, moves, players_of(NAMES), best_of=3)
    storage.save_game(finished)
    (storage.saves_dir() / "broken.json").write_text("not json", "utf-8")
    keep_finished(record_from_moves("conquest", None, ["5", "2", "3"], players_of(NAMES)))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        screen = top(app)
        assert isinstance(screen, SavedGamesScreen)
        listing = screen.query_one("#saved-list", OptionList)
        assert listing.option_count == 3
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(3)]
        assert any("finished: Ann won (2 rounds to 1)" in t and "saved" in t for t in texts)
        assert any("broken.json" in t and "cannot be opened" in t for t in texts)
        kept = (
            "Equation Conquest: Ann vs Bob\nfinished: Ann won (5 − 2 = 3 formed) · 2 moves by Ann and"
            " 1 by Bob · played"
        )
        assert any(t.startswith(kept) for t in texts)  # kept automatically when finished
        listing.highlighted = next(i for i, t in enumerate(texts) if "2 rounds to 1" in t)
        await pilot.press("enter")
        assert isinstance(top(app), RoundChoiceDialog)
        await pilot.press("2")
        await pilot.pause()
        replay = top(app)
        assert isinstance(replay, AnalysisScreen)
        assert replay.moves == ["5", "2", "3"] and replay.options.first == 2
        await pilot.press("right", "right")
        assert replay.position == 2
        await pilot.press("left")
        assert replay.position == 1
        await pilot.press("escape")
        assert top(app) is screen


async def test_saved_games_resume_an_unfinished_game_by_click() -> None:
    record = record_from_moves("countdown", None, ["+9"], players_of(NAMES))
    storage.save_game(record)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await click_link(pilot, "saved-games")
        assert isinstance(top(app), SavedGamesScreen)
        await pilot.click("#saved-list", offset=(4, 1))
        screen = game_screen(app)
        assert screen.state.running_total == 9 and screen.to_move == 2
        assert [text for _, text in screen.moves] == ["+9"]


async def test_app_resumes_a_record_given_to_it() -> None:
    moves = ["5", "2", "3", "4"]  # round 1 to Ann; round 2 under way
    record = record_from_moves("conquest", None, moves, players_of(NAMES), best_of=3)
    app = EquationDuelApp(record=record)
    async with app.run_test(size=SIZE):
        screen = game_screen(app)
        assert screen.session.wins == (1, 0) and screen.session.round_number == 2
        assert screen.state.sequence == (4,) and screen.to_move == 1
        assert "round 2 of 3" in str(screen.query_one("#turn-banner", Static).border_title)


def test_play_load_opens_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []
    monkeypatch.setattr(EquationDuelApp, "run", lambda self: opened.append(self.start_record))
    path = storage.save_record(record_from_moves("conquest", None, ["4"]), tmp_path / "g.json")
    assert run_record_file(path, "conquest") == 0
    assert opened == [storage.load_record(path)]


def test_play_load_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", "utf-8")
    assert run_record_file(bad) == 2
    assert capsys.readouterr().err.startswith(f"equation-duel: error: --load: {bad}: ")
    good = tmp_path / "good.json"
    storage.save_record(record_from_moves("conquest", None, ["4"]), good)
    assert run_record_file(good, "fifty") == 2
    assert "holds a game of conquest, not fifty" in capsys.readouterr().err
    assert run_record_file(good, moves="5") == 2
    assert "--moves cannot be used with --load" in capsys.readouterr().err


async def test_a_saved_game_resumed_and_finished_is_listed_finished() -> None:
    """The repro: a move each, ctrl+s, the game left; resumed at the next start and
    finished, "Saved games" still listed it "unfinished after 1 move each" (the save for
    good hid the finished copy). The save now holds the game's end."""
    app = EquationDuelApp("conquest", names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "7", "ctrl+s", "q", "y")
        await pilot.pause()
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert offered(app) == ["Equation Conquest: Ann vs Bob (move 3)"]
        await pilot.press("r", "5", "2")  # 7 − 5 = 2: Bob wins
        await winner_shown(pilot)
        await pilot.press("escape", "q")
        await pilot.pause()
        await pilot.press("g")
        screen = top(app)
        assert isinstance(screen, SavedGamesScreen)
        listing = screen.query_one("#saved-list", OptionList)
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert len(texts) == 1 and "unfinished" not in texts[0], texts
        assert "finished: Bob won (7 − 5 = 2 formed) · 2 moves each · saved" in texts[0]


async def test_saved_games_are_given_to_the_list_a_page_at_a_time() -> None:
    """Issue 37: the list measured every game it was given (200 finished games) before it
    showed five; it is given them a page at a time, the next as the highlight nears the
    end of those it has, and all of them for End."""
    from app.tui.replay import PAGE

    for number in range(40):
        names = players_of((f"Ann{number}", "Bob"))
        keep_finished(record_from_moves("conquest", None, ["5", "2", "3"], names))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        listing = top(app).query_one("#saved-list", OptionList)
        first = PAGE // 2  # (the games of a page; a line between each two)
        assert listing.option_count == first < 40
        for _ in range(first - 5):
            await pilot.press("down")
        assert listing.option_count > first
        await pilot.press("end")
        assert listing.option_count == 40 and listing.highlighted == 39
        games = {str(listing.get_option_at_index(i).prompt).split(" vs")[0] for i in range(40)}
        assert {f"Equation Conquest: Ann{n}" for n in range(40)} <= games
