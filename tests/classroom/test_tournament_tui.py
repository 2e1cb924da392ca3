"""The Tournament screen, by Pilot: a small round robin made from the menu, one pairing
played hot-seat (its result collected when the screen shows again), results entered by
keys, an absence, the standings."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from app.classroom.tournament import store
from app.store.exports import exports_dir
from app.store.ratings import record_game
from app.tui.app import EquationDuelApp
from app.tui.tournament_rounds import TournamentRoundsScreen
from app.tui.tournament_screen import TournamentScreen
from rules.records import GameRecord, PlayerInfo, RecordResult
from rules.tournament.course import new_tournament
from rules.tournament.model import Tournament
from tests.app.tui_support import SIZE, click_link, links_drawn, text_of


def _cells(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_a_small_tournament_played_through_the_screen() -> None:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, TournamentScreen)
        await pilot.press("enter")  # nothing typed: said in words
        assert "at least two players" in text_of(app.screen.query_one("#t-message", Static))
        app.screen.query_one("#t-name", Input).value = "Class 5B"
        roster = app.screen.query_one("#t-roster", Input)
        roster.value = "Ann, Bo, Cy, Ann"
        roster.focus()
        await pilot.press("enter")
        assert "Ann is on the roster twice" in text_of(app.screen.query_one("#t-message", Static))
        roster.value = "Ann, Bo, Cy, Di"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentRoundsScreen)
        pairings = screen.query_one("#pairings", DataTable)
        assert _cells(pairings) == [["1", "Ann", "Di", "to play"], ["2", "Bo", "Cy", "to play"]]
        assert app.focused is pairings  # (Enter plays the pairing chosen)

        # Play board 1 here: the game opens with both names filled in.
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert game.setup.name(1) == "Ann" and game.setup.name(2) == "Di"
        # The match ends (the session counts it, as app.store.ratings.record_game does): Di won.
        record_game(
            GameRecord(
                game="collect",
                players=(PlayerInfo(name="Ann"), PlayerInfo(name="Di")),
                result=RecordResult(winner=2, reason="declared"),
            )
        )
        app.pop_screen()
        await pilot.pause()
        assert app.screen is screen
        assert "Round 1: Ann - Di, Di won." in text_of(screen.query_one("#rounds-message", Static))

        # Bo is absent in round 1: the pairing is postponed.
        await pilot.press("down", "a")
        assert _cells(pairings)[0][3] == "Di won"
        assert _cells(pairings)[1][3] == "postponed"
        assert "absent: Bo" in text_of(screen.query_one("#round-notes", Static))
        # Rounds 2 and 3: the first player of each pairing wins.
        for _ in (2, 3):
            await pilot.press("right", "up", "1", "down", "1")
        assert "Round 3 of 3" in text_of(screen.query_one("#round-title", Static))
        # The postponed pairing is played on a later day: Cy won.
        await pilot.press("left", "left", "down", "2")
        assert _cells(pairings)[1][3] == "Cy won"

        kept = store.read("Class 5B")
        assert kept.finished
        table = screen.query_one("#standings", DataTable)
        shown = [(row[1], row[2]) for row in _cells(table)]
        # Round 2: 4-3 (Di-Cy), 1-2 (Ann-Bo); round 3: 2-4 (Bo-Di), 3-1 (Cy-Ann).
        # Di: beat Ann, Cy; lost to Bo = 2. Ann: beat Bo = 1. Bo: beat Di = 1.
        # Cy: beat Bo (postponed), Ann = 2.
        assert sorted(shown, key=lambda r: r[0]) == [
            ("Ann", "1"), ("Bo", "1"), ("Cy", "2"), ("Di", "2"),
        ]  # fmt: skip
        await pilot.press("e")
        exported = exports_dir() / "tournament-class-5b-standings.csv"
        assert str(exported) in text_of(screen.query_one("#rounds-message", Static))
        assert exported.read_text(encoding="utf-8").startswith("place,name,points,")


async def test_the_menu_shows_the_class_entry_at_80_by_24() -> None:
    from app.match_session.setup import GameSetup
    from app.tui.menu_links import MenuLinks
    from app.tui.setup_memory import remember_setup

    # "Play again: Equation Conquest (a)", the longest the row holds.
    remember_setup(GameSetup.default("conquest"))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        links = app.screen.query_one(MenuLinks)
        assert [words.strip() for words, _ in links_drawn(links, 0)] == [
            "Play (Enter)", "Play again: Equation Conquest (a)", "Online (o)", "Puzzles (p)",
        ]  # fmt: skip
        assert "Class (c)" in [words for words, _ in links_drawn(links, 1)]
        for _, region in [
            *links_drawn(links, 0),
            *links_drawn(links, 1),
            *links_drawn(links, 2),
        ]:  # each whole
            assert region.x >= 0 and region.right <= 80 and region.width > 0
        await click_link(pilot, "tournament")
        assert isinstance(app.screen, TournamentScreen)


async def test_the_report_screen_says_where_its_data_lives() -> None:
    from app.store.data_folder import data_dir
    from app.tui.tournament_report import ReportScreen

    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "ctrl+r")
        assert isinstance(app.screen, ReportScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = text_of(app.screen.query_one("#report-text", Static))
        assert "stays on this machine" in shown and str(data_dir()) in shown
        assert "No players yet" in shown


async def test_a_pairing_played_online_from_the_round_screen() -> None:
    import asyncio

    from app.online.codes import parse_address
    from app.online.guest_link import GuestLink
    from app.tui.online_guest import GuestSeat
    from app.tui.online_hosting import HostWaitScreen
    from rules.tournament.course import new_tournament

    long = "Maximiliana Konstantinopoulou Ab"  # 32 characters: whole but in the tables
    store.create(new_tournament("Online", ["Ann", "Bo", "Cy", long], "fifty"))
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TournamentRoundsScreen("Online"))
        await pilot.pause()
        rounds = app.screen
        pairings = rounds.query_one("#pairings", DataTable)
        assert _cells(pairings)[0] == ["1", "Ann", "Maximiliana Kon…", "to play"]
        standing = _cells(rounds.query_one("#standings", DataTable))
        assert "Maximiliana …" in [row[1] for row in standing]
        await pilot.press("o")  # board 1: Ann - Maximiliana …, Ann plays here
        await pilot.pause()
        waiting = app.screen
        assert isinstance(waiting, HostWaitScreen)
        assert waiting.setup.names == ("Ann", long) and waiting.link.seat_name == long
        # The guest gives another name; the seat keeps the tournament's.
        guest = GuestLink(parse_address(f"{waiting.code}@127.0.0.1:{waiting.port}"), "Zed")
        welcome = await guest.join()
        try:
            assert welcome.seat == 2 and tuple(welcome.names) == ("Ann", long)
            async with asyncio.timeout(30):
                while not app.screen.query(GuestSeat):  # (the host plays as a guest)
                    await pilot.pause()
            assert app.screen.setup.names == ("Ann", long)
        finally:
            await guest.close()
        app.pop_screen()
        await pilot.pause()
        assert app.screen is rounds
        assert store.read("Online").rounds[0].pairings[0].play_from is not None


EIGHT = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def _eight_winner(names: tuple[str, str]) -> int:
    """The seat that wins: the higher on the roster, except that Hal beats Ann."""
    if set(names) == {"Ann", "Hal"}:
        return names.index("Hal") + 1
    return names.index(min(names, key=EIGHT.index)) + 1


async def _enter_rounds(pilot: object, screen: TournamentRoundsScreen, rounds: range) -> None:
    for number in rounds:
        while screen.number != number:
            await pilot.press("right" if screen.number < number else "left")  # type: ignore[attr-defined]
        rnd = screen.tournament.round(number)  # type: ignore[union-attr]
        assert rnd is not None
        for board, pairing in enumerate(rnd.pairings):
            screen.query_one("#pairings", DataTable).move_cursor(row=board)
            await pilot.press(str(_eight_winner(pairing.names)))  # type: ignore[attr-defined]


async def test_a_class_of_eight_over_two_runs_of_the_app() -> None:
    # The first day: the tournament made on the screen, rounds 1-4 entered.
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        app.screen.query_one("#t-name", Input).value = "Spring"
        roster = app.screen.query_one("#t-roster", Input)
        roster.value = ", ".join(EIGHT)
        roster.focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentRoundsScreen)
        await _enter_rounds(pilot, screen, range(1, 5))
        assert "Round 4 of 7" in text_of(screen.query_one("#round-title", Static))
    # The second day, a new run: the tournament is opened from the list, rounds 5-7.
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        listing = app.screen.query_one("#tournament-list")
        listing.focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentRoundsScreen)
        assert screen.number == 5  # where the class left off
        await _enter_rounds(pilot, screen, range(5, 8))
        shown = [(row[1], row[2]) for row in _cells(screen.query_one("#standings", DataTable))]
        # As on the command line (tests/classroom/test_tournament_cli.py): Ann 6 (lost
        # to Hal), Bo 6 (lost to Ann): Ann first on the direct encounter; Gus beat Hal.
        assert shown == [
            ("Ann", "6"), ("Bo", "6"), ("Cy", "5"), ("Di", "4"),
            ("Ed", "3"), ("Flo", "2"), ("Gus", "1"), ("Hal", "1"),
        ]  # fmt: skip
        system = text_of(screen.query_one("#standings-system", Static))
        assert "FIDE" in system and "C.07" in system and "direct encounter" in system
        await pilot.press("e")
        exported = exports_dir() / "tournament-spring-standings.csv"
        lines = exported.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("place,name,points,direct_encounter,wins,sonneborn_berger,koya")
    assert lines[1].startswith("1,Ann,6,1,6,21,") and lines[2].startswith("2,Bo,6,0,6,16,")
    assert store.read("Spring").finished


async def test_the_class_list_opens_on_enter_and_ctrl_r_opens_the_report_from_a_round() -> None:
    from app.tui.tournament_report import ReportScreen
    from rules.tournament.course import new_tournament

    store.create(new_tournament("Class 5B", ["Ann", "Bo", "Cy"], "fifty"))
    app = EquationDuelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, TournamentScreen)
        assert app.screen.focused is app.screen.query_one("#tournament-list")
        await pilot.press("enter")  # "Open one (Enter)": the first kept opens
        await pilot.pause()
        rounds = app.screen
        assert isinstance(rounds, TournamentRoundsScreen) and rounds.tournament_name == "Class 5B"
        await pilot.press("ctrl+r")
        assert isinstance(app.screen, ReportScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = text_of(app.screen.query_one("#report-text", Static))
        assert "stays on this machine" in shown and "Teacher's report" not in shown
        assert "Teacher's report" in text_of(app.screen.query_one("#report-title", Static))
        await pilot.press("escape")
        assert app.screen is rounds


async def test_the_rounds_screen_reads_its_tournament_once_as_it_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37: it read it (results collected, then the tournament: two reads) and filled
    both tables as it mounted and again as it first came on top; it reads it once as it
    opens, and once again whenever it shows again."""
    store.create(new_tournament("Spring", EIGHT, "collect", format="swiss", rounds=7))
    reads: list[str] = []
    real = store.read

    def counted(name: str, path: object = None) -> Tournament:
        reads.append(name)
        return real(name)

    monkeypatch.setattr(store, "read", counted)
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TournamentRoundsScreen) and reads == ["Spring"]
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert reads == ["Spring"] * 2
