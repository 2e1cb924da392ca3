"""A live round driven by the teacher's line console (`hub --plain`), answered in a
student's line lobby (asked with the line mode's puzzle words, a move typed as in the
line mode's puzzles) and shown on a line projector (`class project --plain`), as real
programs over loopback."""

from __future__ import annotations

import io
import json
from pathlib import Path

from app.hub.protocol_class import (
    Assignment,
    HomeworkList,
    LiveAnswer,
    LiveClosed,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
    Refused,
)
from app.plain.base import Console
from app.plain.hub_homework import homework_shown
from app.plain.hub_live import LiveLobby
from rules.puzzles.bank import puzzles_of
from rules.puzzles.model import Puzzle
from rules.puzzles.words import move_words
from tests.hub.support import database_for
from tests.hub.test_tui_live_snapshot import QuietClient
from tests.online.procs import Proc


def _puzzle(line: str) -> Puzzle:
    """The bank's puzzle a heading line names (`Templates (…) · easy puzzle template-…`)."""
    named = line.rsplit(" ", 1)[1]
    return next(p for p in puzzles_of("template", "easy") if p.id == named)


def test_the_teacher_runs_a_live_round_from_the_line_console(tmp_path: Path) -> None:
    database = database_for(tmp_path / "class.sqlite3")
    hub = Proc(["hub", "--plain", "--database", database], tmp_path / "t")
    procs = [hub]
    try:
        line = hub.wait_for("Students join with: equation-duel class join ")
        place = next(word for word in line.split() if "@" in word)
        hub.write("admit Ada\nadmit Projector\n")
        hub.wait_for("Projector is on the roster")
        ada = Proc(["class", "join", place, "--name", "Ada", "--plain"], tmp_path / "ada")
        procs.append(ada)
        ada.wait_for("You are in the class's lobby as Ada.")
        screen = Proc(["class", "project", place, "--plain"], tmp_path / "p")
        procs.append(screen)
        screen.wait_for("This screen shows the class's live rounds as they come.")
        hub.write("live chess easy 20\nlive template easy 2\nlive template easy 20 1\n")
        hub.wait_for("chess is not a game: the games are")
        hub.wait_for("A round lasts 5 to 600 seconds.")
        hub.wait_for(
            "Live session: 1 round of easy template puzzles, 20 seconds each. "
            "Right answers score; time does not."
        )
        hub.wait_for("Live round 1 of 1: template easy puzzle template-")
        ada.wait_for("Live round 1 of 1: 20 seconds, 1 student asked.")
        puzzle = _puzzle(ada.wait_for(" · easy puzzle template-"))
        ada.wait_for(f"Player {puzzle.to_move} to move and win.")
        ada.wait_for("Your move:")
        screen.wait_for(" · easy puzzle template-")
        ada.write("banana\n")
        ada.wait_for("'banana' is not a move: say a digit and a slot (9 in Player 1's first")
        ada.write(f"{puzzle.solution[0]}\n")
        words = move_words("template", puzzle.state(), puzzle.solution[0])
        ada.wait_for(f"Right: {words} wins. +10 points (streak 1, your total 10).")
        screen.wait_for("1 of 1 have answered.")
        for proc in (ada, screen):
            proc.wait_for("Round 1 closed: 1 of 1 answered, 1 right.")
            proc.wait_for(f"1 student: {words}, which wins.")
            proc.wait_for("The winning moves:")
            proc.wait_for("The class total: 10 points.")
        hub.wait_for("The live session's summary (1 round):")
        hub.wait_for("1 of 1 right (100%); no wrong move was played.")
        assert "Ada" not in screen.output()  # (names are off by default)
        ada.write("quit\n")
        assert ada.finish() == 0, ada.output()
        hub.write("quit\n")
        assert hub.finish() == 0, hub.output()
    finally:
        for proc in procs:
            proc.stop()


def test_the_line_lobby_decides_a_refusal_by_its_code() -> None:
    """A refused live answer is said; the round takes another answer or none, as its
    code says (the words are never read); the open homework is said from its data."""
    out = io.StringIO()
    console = Console(io.StringIO(), out)
    live = LiveLobby(QuietClient(), console)  # type: ignore[arg-type]
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=2, of=3, puzzle=json.dumps(puzzle.to_bank()), seconds=30, asked=4)
    assert live.shows(opened) and live.pending is not None
    again = LiveRefusal(
        round=2, code=Refused.NOT_A_MOVE, text="Not a legal move here. Answer again."
    )
    assert live.shows(again) and live.pending is not None
    over = LiveRefusal(
        round=2, code=Refused.ROUND_OVER, text="Live round 2 is over: the time was up."
    )
    assert live.shows(over) and live.pending is None
    assert not live.takes("9@1.1")  # (no round waits for an answer: the lobby reads it)
    item = Assignment(name="week1", game="fifty", difficulty="hard", count=1, due="2026-12-04")
    assert homework_shown(console, HomeworkList(assignments=[item]))
    assert homework_shown(console, HomeworkList())
    said = out.getvalue().splitlines()
    assert "Not a legal move here. Answer again." in said and said[-3] == over.text
    assert said[-2:] == [
        "Homework week1: 1 fifty puzzle, hard, due Friday 2026-12-04: type homework week1 to do it.",
        "You have no homework to do.",
    ]


def test_a_move_typed_after_the_answer_or_the_time_is_told_so() -> None:
    """A second answer, or one typed after the round closed, is told why it does not
    count (it read "That is not a command in the lobby" when tried as a student)."""
    out = io.StringIO()
    live = LiveLobby(QuietClient(), Console(io.StringIO(), out))  # type: ignore[arg-type]
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=1, of=2, puzzle=json.dumps(puzzle.to_bank()), seconds=30, asked=2)
    assert live.shows(opened) and live.takes(puzzle.solution[0])
    verdict = LiveVerdict(round=1, judgement="win", text="Right.", points=10, streak=1, total=10)
    assert live.shows(verdict) and live.takes(puzzle.solution[0])
    assert out.getvalue().splitlines()[-1] == (
        "You have answered round 1: one answer a round. Wait for it to close."
    )
    assert live.shows(LiveClosed(round=1, asked=2, answered=1, right=1))
    assert live.takes(puzzle.solution[0]) and not live.takes("who")
    assert out.getvalue().splitlines()[-1] == (
        "Round 1 is closed: an answer counts only before the time is up. Wait for the next round."
    )
    assert not live.takes("banana")  # (not a move: the lobby reads it)


def test_the_teacher_stopping_the_session_ends_the_round_asked() -> None:
    live = LiveLobby(QuietClient(), Console(io.StringIO(), io.StringIO()))  # type: ignore[arg-type]
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=1, of=3, puzzle=json.dumps(puzzle.to_bank()), seconds=60, asked=2)
    assert live.shows(opened) and live.pending is not None
    stopped = LiveSummary(lines=["The teacher stopped the live session after 1 round."])
    assert live.shows(stopped) and live.pending is None
    assert not live.takes("who")


def test_lobby_commands_stay_commands_while_a_round_waits() -> None:
    """`homework`, `standings` and `computer` typed while a round waits for an answer are
    the lobby's (homework was read as a move: "Not a move: …"); `homework NAME` waits for
    the round; the round still takes its answer after them."""
    out = io.StringIO()
    client = QuietClient()
    live = LiveLobby(client, Console(io.StringIO(), out))  # type: ignore[arg-type]
    puzzle = puzzles_of("template", "easy")[0]
    opened = LiveRound(round=2, of=3, puzzle=json.dumps(puzzle.to_bank()), seconds=30, asked=2)
    assert live.shows(opened)
    for command in ("homework", "HOMEWORK", "standings", "computer fifty", "who"):
        assert not live.takes(command), command
    assert live.takes("homework  week1") and live.pending is not None
    assert out.getvalue().splitlines()[-1] == (
        "Live round 2 waits for your answer: type your move (or let its time run out), "
        "then homework week1."
    )
    assert not any("Not a move" in line for line in out.getvalue().splitlines())
    assert client.sent == []
    assert live.takes(puzzle.solution[0])
    assert client.sent == [LiveAnswer(round=2, move=puzzle.solution[0])]
    live.shows(LiveVerdict(round=2, judgement="win", text="Right.", points=10, streak=1, total=10))
    assert not live.takes("homework week1")  # (answered: the lobby starts it)
