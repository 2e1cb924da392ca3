"""Outside text on screen (issue 10, items 1 and 2): names, moves, reasons and file
names are shown as text, never read as Textual markup, and a record whose moves no
longer replay is refused with a notice. Each test here was a crash before."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, OptionList, Static

from app.store import data_folder, ratings, stats, storage
from app.tui.analysis_screen import AnalysisScreen
from app.tui.app import EquationDuelApp
from app.tui.menu import MenuScreen
from app.tui.record_dialogs import RoundChoiceDialog
from app.tui.replay import SavedGamesScreen
from app.tui.stats_screen import StatsScreen
from app.tui.unfinished_list import UnfinishedDialog
from rules.match import MatchState, new_match, play_in_match
from rules.records import GameRecord, players_of, record_from_match, record_from_moves
from rules.registry import GAME_IDS, get_game
from tests.app.store_support import write_autosave
from tests.app.tui_support import SIZE, game_screen, text_of, top

#: Names that are markup, or break markup, when they are read as markup.
MARKUP_NAMES = ("[/]", "[/nope]")
NAMES = ("[/]", "[b]Bob[/b")


def notes(app: EquationDuelApp) -> list[str]:
    return [note.message for note in app._notifications]


def random_finished(game_id: str, seed: int, best_of: int | None = None) -> MatchState:
    """A match of `game_id` played to its end with random legal moves."""
    rng = random.Random(seed)
    game = get_game(game_id)
    match = new_match(game_id, None, best_of)
    from rules.match import match_game, match_outcome, round_options

    state = match_game(match).replay(round_options(match), match.moves)
    while match_outcome(match) is None:
        move = game.format_move(rng.choice(game.legal_moves(state)))
        match = play_in_match(match, move)
        state = match_game(match).replay(round_options(match), match.moves)
    return match


def finished_record(game_id: str, names: tuple[str, str] = NAMES, seed: int = 1) -> GameRecord:
    return record_from_match(random_finished(game_id, seed), players_of(names))


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_markup_names_on_every_game_screen(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new()
    moves = [game.format_move(game.legal_moves(state)[0])]
    app = EquationDuelApp(game_id, moves=moves, names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.setup.names == NAMES
        await pilot.press("ctrl+s")  # the status line names the file
        await pilot.pause()
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_markup_names_in_game_over_analysis_and_replay(game_id: str) -> None:
    storage.save_game(finished_record(game_id))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SavedGamesScreen())
        await pilot.pause()
        listing = top(app).query_one("#saved-list", OptionList)
        shown = str(listing.get_option_at_index(0).prompt)
        assert "[/] vs [b]Bob[/b" in shown
        await pilot.press("enter")
        await pilot.pause()
        analysis = top(app)
        assert isinstance(analysis, AnalysisScreen)
        players = text_of(analysis.query_one("#analysis-players", Static))
        assert players == "[/] vs [b]Bob[/b"
        for _ in range(3):
            await pilot.press("right", "left", "end")
        await pilot.pause()


async def test_markup_in_a_match_round_choice() -> None:
    match = random_finished("conquest", 3, best_of=3)
    storage.save_game(record_from_match(match, players_of(NAMES)))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SavedGamesScreen())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        dialog = top(app)
        assert isinstance(dialog, RoundChoiceDialog)
        label = str(dialog.query_one("#round-1").render())
        assert "[/]" in label or "[b]Bob[/b" in label
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(top(app), AnalysisScreen)


@pytest.mark.parametrize("name", MARKUP_NAMES)
async def test_an_autosave_with_markup_is_offered_as_text(name: str) -> None:
    record = record_from_moves("conquest", None, ["4"], players_of((name, "Bob")))
    write_autosave(record)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = top(app)
        assert isinstance(dialog, UnfinishedDialog)
        offer = text_of(dialog.query_one(".unfinished-name", Static))
        assert offer == f"Equation Conquest: {name} vs Bob (move 2)"
        await pilot.press("r")
        await pilot.pause()
        assert game_screen(app).setup.names == (name, "Bob")


@pytest.mark.parametrize("markup", ["[/]", "[/nope]"])
async def test_a_bad_autosave_quoting_markup_gives_a_notice(markup: str) -> None:
    data = json.loads(record_from_moves("conquest", None, ["4"]).model_dump_json())
    data["moves"].append({"move": markup, "seconds": 0})
    data_folder.ensure_data_dir()
    data_folder.autosave_path().write_text(json.dumps(data), "utf-8")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
        [message] = notes(app)
        assert "cannot be resumed" in message and markup in message
        app.push_screen(SavedGamesScreen())  # listed there as unreadable, with the reason
        await pilot.pause()
        listing = top(app).query_one("#saved-list", OptionList)
        first = listing.get_option_at_index(0)
        assert first.disabled and markup in str(first.prompt)


async def test_a_saved_game_whose_moves_no_longer_replay_is_marked_and_not_opened() -> None:
    record = record_from_moves("conquest", None, ["4", "7"], players_of(("Ann", "Bob")))
    path = storage.save_game(record)
    data = json.loads(path.read_text("utf-8"))
    data["moves"].append({"move": "0", "seconds": 0})  # not a legal move
    path.write_text(json.dumps(data), "utf-8")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SavedGamesScreen())
        await pilot.pause()
        listing = top(app).query_one("#saved-list", OptionList)
        option = listing.get_option_at_index(0)
        assert option.disabled
        assert "cannot be opened" in str(option.prompt) and "move 3" in str(option.prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(top(app), SavedGamesScreen)
    assert app.return_code in (None, 0)


async def test_open_record_with_an_illegal_move_gives_a_notice() -> None:
    record = record_from_moves("conquest", None, ["4", "7"])
    data: dict[str, Any] = json.loads(record.model_dump_json())
    data["moves"].append({"move": "[/]", "seconds": 0})
    broken = GameRecord.model_validate(data)  # read without replaying it
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_record(broken)
        await pilot.pause()
        assert isinstance(top(app), MenuScreen)
        assert any("cannot be resumed" in n and "[/]" in n for n in notes(app))


async def test_a_saves_file_name_with_markup_is_listed_as_text() -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "[@click=app.quit]x.json").write_text("{", "utf-8")
    path = storage.save_game(record_from_moves("fifty", None, ["6*7"]))
    path.rename(folder / "[bold]ok.json")
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SavedGamesScreen())
        await pilot.pause()
        listing = top(app).query_one("#saved-list", OptionList)
        prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any("[bold]ok.json" in p for p in prompts)
        assert any("[@click=app.quit]x.json" in p for p in prompts)


@pytest.mark.parametrize("name", MARKUP_NAMES)
async def test_stats_screen_shows_markup_names_as_text(name: str) -> None:
    record = record_from_moves("conquest", None, ["5", "2", "3"], players_of((name, "[i]")))
    ratings.record_game(record)
    computer = record_from_moves("conquest", None, ["5", "2", "3"])
    computer = computer.model_copy(
        update={"id": "x", "players": players_of((name, "B"), ("human", "easy"))}
    )
    ratings.record_game(computer)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(StatsScreen())
        await pilot.pause()
        table = top(app).query_one("#stats-players", DataTable)
        cells = [str(table.get_cell_at((row, 0))) for row in range(table.row_count)]
        assert name in cells and "[i]" in cells
        h2h = top(app).query_one("#stats-h2h", DataTable)
        assert any(name in str(h2h.get_cell_at((r, 0))) for r in range(h2h.row_count))


def test_crash_in_the_app_is_a_non_zero_exit_and_keeps_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 10: a crash exits 1 (not 0) and leaves the game in the autosave slot."""
    from app.tui import app as app_module

    class Boom(RuntimeError):
        pass

    crashing = EquationDuelApp("conquest", moves=["4", "7"], names=("Ann", "Bob"))

    async def drive() -> None:
        async with crashing.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert game_screen(crashing).history  # the game is on screen

            def explode() -> None:
                raise Boom("a bug")

            crashing.call_later(explode)
            await pilot.pause()

    import asyncio

    with pytest.raises(Boom):
        asyncio.run(drive())
    assert crashing.return_code == 1
    kept = storage.load_autosave()
    assert kept is not None and [m.move for m in kept.moves] == ["4", "7"]

    monkeypatch.setattr(
        app_module.EquationDuelApp, "run", lambda self: setattr(self, "_return_code", 1)
    )
    assert app_module.run_app(EquationDuelApp()) == 1


async def test_stats_screen_leaves_out_tampered_rows() -> None:
    import sqlite3

    for record_id in ("a", "b"):
        record = record_from_moves("conquest", None, ["5", "2", "3"], players_of(("Ann", "Bob")))
        ratings.record_game(record.model_copy(update={"id": record_id}))
    conn = sqlite3.connect(stats.stats_path())
    with conn:
        conn.execute("UPDATE games SET p1_name = X'00FF' WHERE record_id = 'b'")
    conn.close()
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(StatsScreen())
        await pilot.pause()
        line = text_of(top(app).query_one("#stats-summary", Static))
        assert line == "1 finished game recorded (1 unreadable result left out)"


async def test_export_never_writes_over_a_pipe(tmp_path: Path) -> None:
    import os

    from app.tui.record_dialogs import ExportDialog

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        dialog = ExportDialog(fifo)
        app.push_screen(dialog)
        await pilot.pause()
        await pilot.press("enter")
        assert "a pipe, not a file" in text_of(dialog.query_one("#export-error", Static))
    assert fifo.exists() and not fifo.is_file()


async def test_countdown_pass_question_names_the_player_as_text() -> None:
    from app.tui.dialogs import ConfirmDialog

    app = EquationDuelApp("countdown", names=NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        dialog = top(app)
        assert isinstance(dialog, ConfirmDialog)
        assert text_of(dialog.query_one(".dialog-title", Static)) == "Pass, [/]?"


async def test_a_name_typed_into_the_setup_is_its_own_label() -> None:
    """Found by the key-storm soak: the setup names the "who starts" choice after each
    player as they type, and a name with `[/` in it was read as markup and crashed. Each
    name is typed in turn into one setup; the game starts with the last."""
    from app.tui.choices import Choices
    from app.tui.setup import SetupScreen

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(top(app), SetupScreen)
        await pilot.click("#name-1")
        for typed in ["hh2[/", "[/]", "[b]Bob[/b"]:
            await pilot.press("ctrl+a", "ctrl+k", *typed)
            await pilot.pause()
            first = app.screen.query_one("#first", Choices)
            assert first.labels[0] == typed and typed in first.render().plain
        await pilot.press("enter")
        await pilot.pause()
        assert game_screen(app).setup.names[0] == "[b]Bob[/b"
