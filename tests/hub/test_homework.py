"""Homework on a real hub (127.0.0.1, port 0): a class of 30 students, an assignment set
from the console's command, the students answer (right first time, right after a retry,
missed, not done), every verdict equal to the solver's (computed here on its own), the
report's figures and its CSV; hostile answers refused in words."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.classroom.worksheet.sheet import winning_choices
from app.hub import homework_report
from app.hub.homework import assign_off_loop
from app.hub.homework_judge import puzzle_from_row
from app.hub.homework_report import figures, report_lines, write_csv, write_pdf
from app.hub.homework_words import assignment_words, due_words
from app.hub.hub import Hub
from app.hub.protocol import Admitted
from app.hub.protocol_class import (
    HomeworkAnswer,
    HomeworkAsk,
    HomeworkList,
    HomeworkRefusal,
    HomeworkSet,
    HomeworkVerdict,
    Refused,
)
from app.plain.base import Console
from rules.puzzles.model import Puzzle
from rules.puzzles.words import move_words
from rules.registry import get_game
from rules.solver.core import solve
from tests.hub.support import Client, running_hub, until

TODAY = dt.date.today()
DUE = (TODAY + dt.timedelta(days=7)).isoformat()


def _wins(puzzle: Puzzle, move: str) -> bool:
    """The solver's own word on `move` (not the hub's judge): the mover still wins."""
    game = get_game(puzzle.game)
    after = game.play_text(puzzle.state(), move)
    outcome = game.outcome(after)
    winner = outcome.winner if outcome is not None else solve(puzzle.game, after).winner
    return winner == puzzle.to_move


def _losing(puzzle: Puzzle) -> str:
    game = get_game(puzzle.game)
    state = puzzle.state()
    legal = [game.format_move(m) for m in game.legal_moves(state)]
    return next(m for m in legal if not _wins(puzzle, m))


async def _student(hub: Hub, name: str) -> Client:
    client = await Client.knock(hub, name)
    assert isinstance(await client.until(Admitted), Admitted)
    return client


async def _set(client: Client, name: str) -> tuple[HomeworkSet, list[Puzzle]]:
    await client.send(HomeworkAsk(name=name))
    got = await client.until(HomeworkSet)
    assert isinstance(got, HomeworkSet)
    return got, [puzzle_from_row(row) for row in got.puzzles]


async def _answer(client: Client, number: int, puzzle: Puzzle, move: str) -> HomeworkVerdict:
    await client.send(HomeworkAnswer(assignment="week1", puzzle=number, move=move, seconds=4.0))
    verdict = await client.until(HomeworkVerdict)
    assert isinstance(verdict, HomeworkVerdict)
    assert verdict.right == _wins(puzzle, move), (puzzle.id, move, verdict.text)
    return verdict


async def _refused(client: Client, code: Refused) -> str:
    """The hub's next refusal of a homework request: its code is `code`; its words."""
    refusal = await client.until(HomeworkRefusal)
    assert isinstance(refusal, HomeworkRefusal) and refusal.code == code, refusal
    return refusal.text


async def test_a_class_of_30_does_homework_and_the_report_counts_it(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        names = [f"Student{n:02}" for n in range(30)]
        for name in names:
            hub.admit(name)
        past = (TODAY - dt.timedelta(days=1)).isoformat()
        refused = await assign_off_loop(hub.store, f"week1 --due {past}", TODAY)
        assert refused == [f"The due date {past} is in the past: give today or a later day."]
        line = f"week1 --game template --difficulty easy --count 3 --due {DUE}"
        said = await assign_off_loop(hub.store, line, TODAY)
        assert said[0].startswith("week1 is set: 3 template puzzles (easy), due ")
        assert said[0].endswith("for 30 students.")
        assert (await assign_off_loop(hub.store, line, TODAY))[0].startswith(
            "There is an assignment called week1"
        )
        clients = [await _student(hub, name) for name in names]
        for client in clients:  # (the open homework as data, said by each front end)
            listed = await client.until(HomeworkList)
            assert isinstance(listed, HomeworkList)
            (item,) = listed.assignments
            assert (item.name, item.game, item.difficulty, item.count, item.own) == (
                "week1",
                "template",
                "easy",
                3,
                0,
            )
            assert (item.due, item.done) == (DUE, 0)
            words = assignment_words(item)
            assert words.startswith("Homework week1: 3 template puzzles, easy, due ")
        for index, client in enumerate(clients[:25]):
            got, puzzles = await _set(client, "week1")
            assert got.left == [2, 2, 2]
            for number, puzzle in enumerate(puzzles, 1):
                if index < 10:  # right first time
                    verdict = await _answer(client, number, puzzle, puzzle.solution[0])
                    assert verdict.text.startswith("Right: ") and not verdict.retry
                    assert "The winning move" in verdict.text
                    continue
                first = await _answer(client, number, puzzle, _losing(puzzle))
                assert first.retry and first.text.endswith("One more try.")
                assert "The winning move" not in first.text  # (not before the retry)
                again = puzzle.solution[0] if index < 20 else _losing(puzzle)
                last = await _answer(client, number, puzzle, again)
                assert not last.retry and "The winning move" in last.text
        students, per_puzzle = figures(hub.store, "week1")
        by_name = {s.name: s for s in students}
        assert [(s.first, s.retry, s.missed, s.done) for s in students[:10]] == [
            (3, 0, 0, True)
        ] * 10
        assert all((by_name[n].retry, by_name[n].missed) == (3, 0) for n in names[10:20])
        assert all((by_name[n].missed, by_name[n].done) == (3, True) for n in names[20:25])
        assert all(not by_name[n].done and by_name[n].not_answered == 3 for n in names[25:])
        assert by_name["Student00"].seconds == 12.0 and by_name["Student10"].seconds == 24.0
        for puzzle in per_puzzle:
            assert (puzzle.tried, puzzle.right) == (25, 20)
        lines = report_lines(hub.store, "week1")
        assert lines[0] == (  # (the day as everywhere else: it read "due 2026-12-04.")
            f"week1: 3 template puzzles (easy), due {due_words(DUE)}. Done by 25 of 30."
        )
        assert "Puzzle 1 (Templates, easy, template-" in lines[31] and "20 of 25 right" in lines[31]
        # (15 students played a wrong move first; the 5 who played it again count once: it
        # read "(20×)")
        assert "Most common wrong move (15×): " in lines[31] and " loses" in lines[31]
        written = write_csv(hub.store, "week1", tmp_path / "week1.csv")
        assert written == (
            f"The report of week1 is written to {tmp_path / 'week1.csv'} (a row a student) "
            f"and {tmp_path / 'week1-puzzles.csv'} (a row a puzzle)."
        )
        rows = list(csv.reader((tmp_path / "week1.csv").open(encoding="utf-8")))
        assert rows[0][:4] == ["student", "puzzles", "done", "right first time"]
        assert rows[1] == ["Student00", "3", "yes", "3", "0", "0", "0", "0", "12"]
        assert rows[30] == ["Student29", "3", "no", "0", "0", "0", "0", "3", "0"]
        # (a row a puzzle, in a file of its own beside it: the issue's "per puzzle the
        # class's success rate and most common wrong move")
        read = csv.DictReader((tmp_path / "week1-puzzles.csv").open(encoding="utf-8"))
        by_puzzle = list(read)
        assert len(by_puzzle) == 3
        for number, (row, given) in enumerate(zip(by_puzzle, puzzles, strict=True), 1):
            wrong = move_words("template", given.state(), _losing(given))
            assert row["puzzle"] == str(number) and row["puzzle id"] == given.id
            assert (row["game"], row["difficulty"]) == ("Templates", "easy")
            figured = [row[c] for c in ("students given it", "answered", "right first time")]
            assert figured == ["30", "25", "10"]
            assert [row["right after a retry"], row["missed"]] == ["10", "5"]
            assert (row["success rate"], row["played by"]) == ("80%", "15")
            assert row["most common wrong move"] == wrong
            assert " loses" in row["why it loses"]
            wins = {move_words("template", given.state(), m) for m in given.solution}
            assert set(row["winning moves"].split("; or ")) <= wins
            assert "@" not in "".join(row.values())  # (words, never notation)
        drawn = write_pdf(hub.store, "week1", tmp_path / "week1.pdf")
        assert drawn == f"The report of week1 is drawn in {tmp_path / 'week1.pdf'}."
        pdf = (tmp_path / "week1.pdf").read_bytes()
        assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") >= 2
        # (each puzzle's page: the position drawn with the class's results for it and its
        # winning moves, not the pupils' worksheet with name and answer lines)
        text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "week1.pdf").pages)
        text = " ".join(text.split())
        assert "Name: ___" not in text and "Your move, and why it wins" not in text
        assert "week1: the results: answers" not in text  # (the winning moves are in the box)
        shares = (
            "The class: 30 students were given it, 25 answered it: 10 (40%) right first "
            "time, 10 (40%) right after a retry, 5 (20%) missed."
        )
        assert text.count(shares) == 3, text
        assert text.count("The most common wrong move (15 students): ") == 3
        for figured, given in zip(per_puzzle, puzzles, strict=True):
            common = figured.most_common()
            assert common is not None
            assert common[0] == move_words("template", given.state(), _losing(given))
            assert f"(15 students): {common[1]}" in text  # ("Putting 9 in … loses. …")
            wins = [move_words("template", given.state(), m) for m in winning_choices(given)]
            wins[1:] = [f"{w[:1].lower()}{w[1:]}" for w in wins[1:]]
            assert f"Wins: {'; or '.join(wins)}. Why: " in text
        assert text.count("Puzzle 3: Templates (easy)") == 1 and "Player 1" in text
        # (the students as a table, each once: it was 30 lines of "right first time 3, …")
        assert "Student Puzzles Done Right first time Right after a retry Missed" in text
        assert "Student00 3 yes 3 0 0 0 0 12 s" in text and "Student29 3 no 0 0 0 0 3 0 s" in text
        assert text.count("Student10 ") == 1 and "right after a retry 3" not in text
        for client in clients:
            await client.close()


async def test_hostile_answers_are_refused_in_words(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo"):
            hub.admit(name)
        await assign_off_loop(
            hub.store,
            f"week1 --game fifty --difficulty easy --count 2 --due {DUE} --to Ada",
            TODAY,
        )
        for line in (f"{'x' * 41} --due {DUE}", "week2 --due someday", f"w --due {DUE} --to Zed"):
            said = (await assign_off_loop(hub.store, line, TODAY))[0]
            assert said.startswith(("That assignment cannot be set: ", "Zed: not on the roster"))
        assert (await assign_off_loop(hub.store, f"w --due {DUE} --count 99", TODAY)) == [
            "--count takes 1 to 12 puzzles."
        ]
        ada, bo = await _student(hub, "Ada"), await _student(hub, "Bo")
        _, puzzles = await _set(ada, "week1")
        for move in ("zz", "999+999", ""):
            await ada.send(HomeworkAnswer(assignment="week1", puzzle=1, move=move))
            said = await _refused(ada, Refused.NOT_A_MOVE)
            assert said.startswith("Homework week1, puzzle 1: ") and "not a" in said
        await ada.send(HomeworkAnswer(assignment="week1", puzzle=9, move="1+2"))
        assert await _refused(ada, Refused.NO_PUZZLE) == "Homework week1 has no puzzle 9: it has 2."
        await bo.send(HomeworkAnswer(assignment="week1", puzzle=1, move="1+2"))
        assert await _refused(bo, Refused.NOT_SET) == "Homework week1 is not set for you."
        await bo.send(HomeworkAsk(name="week1"))
        assert await _refused(bo, Refused.NOT_SET) == "Homework week1 is not set for you."
        await _answer(ada, 1, puzzles[0], puzzles[0].solution[0])
        await ada.send(HomeworkAnswer(assignment="week1", puzzle=1, move=_losing(puzzles[0])))
        said = await _refused(ada, Refused.ANSWERED)
        assert said == "Homework week1, puzzle 1: answered already."
        hub.lobby.homework.today = lambda: TODAY + dt.timedelta(days=8)
        await ada.send(HomeworkAnswer(assignment="week1", puzzle=2, move=puzzles[1].solution[0]))
        assert (await _refused(ada, Refused.LATE)).startswith("Homework week1 was due on ")
        await ada.send(HomeworkAsk())
        assert await ada.until(HomeworkList) == HomeworkList(assignments=[])
        students, _ = figures(hub.store, "week1")
        assert [(s.name, s.first, s.not_answered) for s in students] == [("Ada", 1, 1)]
        for client in (ada, bo):
            await client.close()


async def test_from_mistakes_gives_each_student_their_own_positions(tmp_path: Path) -> None:
    from app.hub.homework import bank_set
    from rules.analysis import hint
    from rules.records import PlayerInfo, record_from_moves

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Bo"):
            hub.admit(name)
        (thrown,) = bank_set("conquest", "easy", 1, "a position Ada will get wrong")
        moves = [*thrown.moves, _losing(thrown)]
        game = get_game("conquest")
        state = game.replay(game.options_from(thrown.options), moves)
        while not game.is_over(state):  # (the game played out by the solver)
            reply = hint("conquest", state).move
            assert reply is not None
            moves.append(reply)
            state = game.play_text(state, reply)
        seats = ("Ada", "Bo") if thrown.to_move == 1 else ("Bo", "Ada")
        players = (PlayerInfo(name=seats[0]), PlayerInfo(name=seats[1]))
        record = record_from_moves("conquest", thrown.options, moves, players)
        number = hub.store.new_game("conquest", seats)
        hub.store.keep_record(number, record.model_dump_json())
        hub.store.game_over(number, "Bo wins")
        line = f"mine --from-mistakes --game conquest --difficulty easy --count 2 --due {DUE}"
        said = await assign_off_loop(hub.store, line, TODAY)
        assert said[:2] == [
            "Ada has 1 position of their own in the hub's games: 1 from the bank.",
            "Bo has no positions of their own in the hub's games: 2 from the bank.",
        ]
        assert said[2].startswith("mine is set: 2 puzzles from each student's own mistakes, due ")
        assert said[2].endswith(", for 2 students.") and len(said) == 3
        ada = [puzzle_from_row_text(r.puzzle) for r in hub.store.homework_puzzles("mine", "Ada")]
        assert ada[0].moves == thrown.moves and set(ada[0].solution) == set(thrown.solution)
        assert len(hub.store.homework_puzzles("mine", "Bo")) == 2


def puzzle_from_row_text(text: str) -> Puzzle:
    from app.hub.homework_judge import puzzle_from

    return puzzle_from(text)


async def test_the_class_projector_gets_no_homework(tmp_path: Path) -> None:
    """The console leaves its projectors out of `assign` (the projector, admitted by
    name like a student, was given homework: "for 4 students" with 3 in the class)."""
    from app.hub.homework import assign_off_loop

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Projector"):
            hub.admit(name)
        line = f"week1 --game fifty --difficulty easy --count 1 --due {DUE}"
        said = await assign_off_loop(hub.store, line, TODAY, frozenset({"projector"}))
        assert said[-1].endswith(", for 1 student.")
        assert hub.store.homework_puzzles("week1", "Projector") == []
        said = await assign_off_loop(
            hub.store, f"{line.replace('week1', 'p')} --to Projector", TODAY
        )
        assert said[-1].endswith(", for 1 student.")  # (named with --to: given it)


async def test_a_projector_not_connected_at_assign_is_still_no_student(tmp_path: Path) -> None:
    """A projector that connected once (`live-project`) and left is kept by name: `assign`
    leaves it out unless `--to` names it, and the report leaves out the empty row of one
    given homework before it was known (it was given the homework and an empty row)."""
    from app.hub.protocol_class import LiveProject

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ada", "Projector"):
            hub.admit(name)
        line = f"before --game fifty --difficulty easy --count 1 --due {DUE}"
        assert (await assign_off_loop(hub.store, line, TODAY))[-1].endswith(", for 2 students.")
        projector = await _student(hub, "Projector")
        await projector.send(LiveProject())
        await projector.said_until("live rounds as they come")
        await projector.close()
        await until(lambda: not hub.lobby.online, "the projector is gone")
        said = await assign_off_loop(hub.store, line.replace("before", "after"), TODAY)
        assert said[-1].endswith(", for 1 student.")
        assert hub.store.homework_puzzles("after", "Projector") == []
        said = await assign_off_loop(
            hub.store, f"{line.replace('before', 'p')} --to Projector", TODAY
        )
        assert said[-1].endswith(", for 1 student.")  # (named with --to: given it)
        students, _ = figures(hub.store, "before")
        assert [s.name for s in students] == ["Ada"]
        assert report_lines(hub.store, "before")[0].endswith("Done by 0 of 1.")


async def test_a_retried_wrong_move_counts_once_in_the_most_common(tmp_path: Path) -> None:
    """Two students: one plays move A twice, the other move B once then right. The most
    common wrong move counts each student once a puzzle (it read "(2×)" for A)."""
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        for name in ("Ann", "Bo"):
            hub.admit(name)
        await assign_off_loop(
            hub.store, f"week1 --game fifty --difficulty easy --count 1 --due {DUE}", TODAY
        )
        ann, bo = await _student(hub, "Ann"), await _student(hub, "Bo")
        _, (puzzle,) = await _set(ann, "week1")
        await _set(bo, "week1")
        game = get_game(puzzle.game)
        legal = [game.format_move(m) for m in game.legal_moves(puzzle.state())]
        losing = [m for m in legal if not _wins(puzzle, m)]
        assert len(losing) >= 2
        for move in (losing[0], losing[0]):
            await _answer(ann, 1, puzzle, move)
        await _answer(bo, 1, puzzle, losing[1])
        await _answer(bo, 1, puzzle, puzzle.solution[0])
        (figured,) = figures(hub.store, "week1")[1]
        assert figured.wrong == {losing[0]: 1, losing[1]: 1}
        assert "Most common wrong move (1×): " in report_lines(hub.store, "week1")[-1]
        for client in (ann, bo):
            await client.close()


async def test_one_puzzle_and_one_answer_are_said_in_the_singular(tmp_path: Path) -> None:
    """'1 template puzzles' and 'Handing in 1 answer kept here: the hub judges them
    again.' were said (seen trying `class homework` in tmux)."""
    from app.hub.client import HubClient
    from app.hub.homework_kept import hand_in_kept, keep
    from app.online.codes import Address

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Ada")
        line = f"week1 --game template --difficulty easy --count 1 --due {DUE}"
        said = await assign_off_loop(hub.store, line, TODAY)
        assert said[0].startswith("week1 is set: 1 template puzzle (easy), due ")
        assert said[0].endswith(", for 1 student.")
        address = Address(hub.code, "127.0.0.1", hub.port)
        (row,) = hub.store.homework_puzzles("week1", "Ada")
        move = puzzle_from_row(json.loads(row.puzzle)).solution[0]
        answer = {"puzzle": 1, "move": move, "seconds": 2.0, "right": True}
        keep(address, "Ada", "week1", {"answers": [answer]})
        client = HubClient(address, "Ada")
        await client.join()
        told: list[str] = []
        try:
            await hand_in_kept(client, told.append, wait=True)
        finally:
            await client.close()
        assert told[0] == "Handing in 1 answer kept here: the hub judges it again."
        assert told[1].startswith("Puzzle 1, the hub's verdict: Right: ")


async def test_the_report_says_where_its_files_are_in_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried as a teacher: `report week1 --csv w1.csv` said "written to w1.csv", in the
    hub's folder, which the teacher (at the full-screen console) did not know. The PDF
    draws at most PDF_PUZZLES puzzles (from-mistakes gives many), and says so."""
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Bo")
        await assign_off_loop(
            hub.store, f"week1 --game fifty --difficulty easy --count 2 --due {DUE}", TODAY
        )
        monkeypatch.chdir(tmp_path)
        said = write_csv(hub.store, "week1", Path("w1.csv"))
        assert f"written to {tmp_path / 'w1.csv'} (a row a student) and " in said
        assert said.endswith(f" {tmp_path / 'w1-puzzles.csv'} (a row a puzzle).")
        said = write_pdf(hub.store, "week1", Path("w1.pdf"))
        assert said == f"The report of week1 is drawn in {tmp_path / 'w1.pdf'}."
        assert (tmp_path / "w1-puzzles.csv").is_file() and (tmp_path / "w1.pdf").is_file()
        monkeypatch.setattr(homework_report, "PDF_PUZZLES", 1)  # (puzzles past it: said)
        pages = PdfReader(io.BytesIO(homework_report.report_pdf(hub.store, "week1"))).pages
        text = " ".join(" ".join(page.extract_text() for page in pages).split())
        assert "The puzzles drawn here are the first 1 of 2; the report's CSV has every" in text
        assert "Puzzle 1: " in text and "Puzzle 2: " not in text


async def test_a_puzzle_answered_wrong_once_is_not_unanswered(tmp_path: Path) -> None:
    """Tried as a teacher: Bo answered a puzzle wrong and stopped (a try left); the report
    said "not answered 3" of his 3 puzzles, as if he had not begun."""
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Bo")
        await assign_off_loop(
            hub.store, f"week1 --game fifty --difficulty easy --count 2 --due {DUE}", TODAY
        )
        bo = await _student(hub, "Bo")
        _, (puzzle, _second) = await _set(bo, "week1")
        await _answer(bo, 1, puzzle, _losing(puzzle))
        (figured,) = figures(hub.store, "week1")[0]
        assert (figured.try_left, figured.not_answered, figured.done) == (1, 1, False)
        assert report_lines(hub.store, "wek1") == [  # (a name mistyped: which there are)
            "No report: there is no assignment called wek1 (the assignments: week1)."
        ]
        line = report_lines(hub.store, "week1")[1]
        assert "missed 0, wrong once with a try left 1, not answered 1, in 4 s." in line
        out = io.StringIO()  # (as the line console says it: one line broken at spaces, it
        Console(io.StringIO(), out).say(line)  # was cut at each "; " as a list)
        assert out.getvalue().startswith("Bo: not done; right first time 0, right after")
        assert out.getvalue().count(";") == 1
        write_csv(hub.store, "week1", tmp_path / "week1.csv")
        rows = list(csv.DictReader((tmp_path / "week1.csv").open(encoding="utf-8")))
        assert (rows[0]["a try left"], rows[0]["not answered"]) == ("1", "1")
        await _answer(bo, 1, puzzle, puzzle.solution[0])
        (figured,) = figures(hub.store, "week1")[0]
        assert (figured.retry, figured.try_left, figured.not_answered) == (1, 0, 1)
        assert "a try left" not in report_lines(hub.store, "week1")[1]
        await bo.close()
