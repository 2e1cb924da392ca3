"""Live rounds on a real hub (127.0.0.1, port 0): a class of 30 students and a projector
play a session of rounds; every judgement equals the solver's (computed here apart, by
solving the position after each move), time does not score by default, the summary's
shares and most common wrong move are the class's; what was played is in the records."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from pathlib import Path

import pytest

from app.hub.hub import Hub
from app.hub.live import LiveOptions, Round
from app.hub.live_par import team_words
from app.hub.protocol import Admitted, Challenge, Who
from app.hub.protocol_class import (
    LiveAnswer,
    LiveClosed,
    LiveCount,
    LiveProject,
    LiveRefusal,
    LiveRound,
    LiveSummary,
    LiveVerdict,
    Refused,
)
from app.hub.store import HubStore
from rules.choices import choice_key
from rules.puzzles.model import Puzzle
from rules.puzzles.words import move_words
from rules.registry import get_game
from rules.solver.core import solve
from tests.hub.support import Client, running_hub, until

CLASS = 30


def kept_answers(store: HubStore, session: int) -> list[tuple[int, str, str, str, int]]:
    """A session's answers as the records keep them, round by round: (round, student,
    move, judgement, points)."""
    rows, _ = store._execute(
        "SELECT r.number, a.student, a.move, a.judgement, a.points FROM live_answers a "
        "JOIN live_rounds r ON r.id = a.round WHERE r.session = ? ORDER BY r.number, a.student",
        (session,),
    )
    return [(int(n), str(s), str(m), str(j), int(p)) for n, s, m, j, p in rows]


def truth(puzzle: Puzzle, move: str) -> str:
    """The solver's judgement of `move`, computed apart from the hub's."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    mover = game.to_move(state)
    after = game.play_text(state, move)
    outcome = game.outcome(after)
    winner = outcome.winner if outcome is not None else solve(puzzle.game, after).winner
    return "win" if winner == mover else "draw" if winner is None else "lose"


def legal(puzzle: Puzzle) -> list[str]:
    game = get_game(puzzle.game)
    state = puzzle.state()
    return sorted(str(game.format_move(m)) for m in game.legal_moves(state))


def _won_at_once(puzzle: Puzzle, state: object, move: str, who: int) -> bool:
    game = get_game(puzzle.game)
    outcome = game.outcome(game.play_text(state, move))
    return outcome is not None and outcome.winner == who


def medium_share(puzzle: Puzzle) -> float:
    """The medium computer takes a win at once when there is one, else plays any move that
    gives the opponent no win at once: how often that is a winning move (the solver's
    judgement of each, `truth`)."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    mover = game.to_move(state)
    moves = legal(puzzle)
    if any(_won_at_once(puzzle, state, move, mover) for move in moves):
        return 1.0

    def hands_over(move: str) -> bool:
        after = game.play_text(state, move)
        outcome = game.outcome(after)
        if outcome is not None:
            return bool(outcome.winner != mover)
        replies = [str(game.format_move(m)) for m in game.legal_moves(after)]
        return any(_won_at_once(puzzle, after, r, game.to_move(after)) for r in replies)

    picked = [move for move in moves if not hands_over(move)] or moves
    return sum(1 for move in picked if truth(puzzle, move) == "win") / len(picked)


async def refusal(client: Client) -> tuple[Refused, str]:
    """The hub's next refusal of a live answer: its code and its words."""
    refused = await client.until(LiveRefusal)
    assert isinstance(refused, LiveRefusal)
    return refused.code, refused.text


async def admitted(hub: Hub, name: str) -> Client:
    hub.admit(name)
    client = await Client.knock(hub, name)
    await client.until(Admitted)
    return client


async def class_of(hub: Hub, count: int) -> list[Client]:
    return list(await asyncio.gather(*(admitted(hub, f"Student{n:02}") for n in range(count))))


async def test_a_class_of_30_plays_a_session_judged_as_the_solver_judges(tmp_path: Path) -> None:
    said: list[str] = []
    async with running_hub(tmp_path / "hub.sqlite3", said) as hub:
        hub.live.gap = 0.05
        students = await class_of(hub, CLASS)
        projector = await admitted(hub, "Projector")
        await projector.send(LiveProject())
        await projector.said_until("live rounds")
        rounds = 3
        started = hub.live.start(LiveOptions("template", "easy", 60, rounds))
        assert "seconds each. Right answers score; time does not." in started
        assert started.count("; ") < 2  # (two would make the line mode say it as a list)
        expected_lines = []
        par = 0.0
        for number in range(1, rounds + 1):
            opened = await projector.until(LiveRound)
            assert isinstance(opened, LiveRound) and opened.round == number
            assert opened.asked == CLASS
            puzzle = Puzzle.from_bank(json.loads(opened.puzzle))
            moves = legal(puzzle)
            winning = [m for m in moves if truth(puzzle, m) == "win"]
            wrong = [m for m in moves if m not in winning]
            # the first ten play a winning move, the rest wrong moves (the first one most)
            played = {}
            for index, student in enumerate(students):
                asked = await student.until(LiveRound)
                assert isinstance(asked, LiveRound) and asked.puzzle == opened.puzzle
                if index < 10:
                    played[index] = winning[index % len(winning)]
                else:
                    played[index] = wrong[0] if index % 3 else wrong[index % len(wrong)]
            for index, student in enumerate(students):
                if index % 5 == 0:
                    await asyncio.sleep(0.05)  # (some answer later: it does not count)
                await student.send(LiveAnswer(round=number, move=played[index]))
            for index, student in enumerate(students):
                verdict = await student.until(LiveVerdict)
                assert isinstance(verdict, LiveVerdict)
                assert verdict.judgement == truth(puzzle, played[index])
                assert verdict.points == (10 if verdict.judgement == "win" else 0)
                assert verdict.streak == (number if index < 10 else 0)
            counts = []
            for _ in range(200):
                came = await projector.next()
                if isinstance(came, LiveCount):
                    counts.append(came.answered)
                if isinstance(came, LiveClosed):
                    break
            assert counts == list(range(1, CLASS + 1))  # (the projector's count as they come)
            closed = came
            assert isinstance(closed, LiveClosed)
            assert (closed.asked, closed.answered, closed.right) == (CLASS, CLASS, 10)
            assert all(bar.names == [] for bar in closed.bars)  # (names are off by default)
            state = puzzle.state()
            choices = Counter(choice_key(puzzle.game, state, m) for m in played.values())
            assert sorted(bar.count for bar in closed.bars) == sorted(choices.values())
            assert sum(bar.count for bar in closed.bars if bar.judgement == "win") == 10
            assert len(closed.winning) == len({choice_key(puzzle.game, state, m) for m in winning})
            common = move_words(puzzle.game, state, wrong[0])
            expected_lines.append((number, common))
            par += CLASS * medium_share(puzzle)  # (team mode: the class against the par)
            assert closed.team == 10 * number and closed.par == pytest.approx(par, abs=0.01)
        summary = await projector.until(LiveSummary)
        assert isinstance(summary, LiveSummary)
        text = "\n".join(summary.lines)
        for number, common in expected_lines:
            line = next(x for x in summary.lines if x.strip().startswith(f"Round {number} "))
            assert "10 of 30 right (33%)" in line
            assert f"the most common wrong move: {common} (" in line
            assert "loses" in line
        assert f"The class total: {10 * 10 * rounds} points." in text
        assert f"The longest streak: {rounds} right in a row" in text
        assert team_words(10 * rounds, par) in summary.lines
        assert any(line.startswith("The live session's summary") for line in said)
        kept = kept_answers(hub.store, 1)
        assert len(kept) == CLASS * rounds
        assert sum(points for *_, points in kept) == 10 * 10 * rounds
        for client in [*students, projector]:
            await client.close()


async def test_the_speed_bonus_counts_time_only_when_asked(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada = await admitted(hub, "Ada")
        hub.live.start(LiveOptions("countdown", "easy", 60, 1, speed_bonus=True, names=True))
        opened = await ada.until(LiveRound)
        assert isinstance(opened, LiveRound)
        puzzle = Puzzle.from_bank(json.loads(opened.puzzle))
        win = next(m for m in legal(puzzle) if truth(puzzle, m) == "win")
        await ada.send(LiveAnswer(round=1, move=win))
        verdict = await ada.until(LiveVerdict)
        assert isinstance(verdict, LiveVerdict) and 10 < verdict.points <= 15
        closed = await ada.until(LiveClosed)
        assert isinstance(closed, LiveClosed) and closed.bars[0].names == ["Ada"]
        await ada.close()


async def test_answers_that_cannot_count_are_refused_in_words(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.live.gap = 0.05
        ada, bo = await admitted(hub, "Ada"), await admitted(hub, "Bo")
        stranger = await Client.knock(hub, "Cy")  # (in the waiting room)
        await stranger.send(LiveAnswer(round=1, move="1"))
        await stranger.said_until("waiting room")
        await ada.send(LiveAnswer(round=1, move="1"))
        assert await refusal(ada) == (Refused.NO_ROUND, "There is no live round 1 to answer now.")
        eve = await admitted(hub, "Eve")  # (a message that cannot be read closes hers only)
        await eve.ws.send_str('{"kind": "live-answer", "round": "one", "move": 7}')
        assert await eve.closed()
        hub.live.start(LiveOptions("template", "easy", 1.5, 2))
        opened = await ada.until(LiveRound)
        assert isinstance(opened, LiveRound)
        puzzle = Puzzle.from_bank(json.loads(opened.puzzle))
        await ada.send(LiveAnswer(round=1, move="\x1b[2J9@@9;DROP TABLE"))
        code, text = await refusal(ada)
        assert code == Refused.NOT_A_MOVE and text.startswith("Not a legal move here")
        await ada.send(LiveAnswer(round=7, move=legal(puzzle)[0]))
        assert await refusal(ada) == (Refused.NO_ROUND, "There is no live round 7 to answer now.")
        await ada.send(LiveAnswer(round=1, move=legal(puzzle)[0]))
        await ada.until(LiveVerdict)
        await ada.send(LiveAnswer(round=1, move=legal(puzzle)[1]))
        assert await refusal(ada) == (
            Refused.ANSWERED,
            "You have answered round 1 already: one answer a round.",
        )
        await bo.send(Challenge(name="Ada", game="fifty"))
        await bo.said_until("Bo is answering live round 1: try again later.")
        await ada.send(Who())
        await ada.said_until("Bo: answering live round 1")
        closed = await bo.until(LiveClosed)  # (Bo never answered: the time ran out)
        assert isinstance(closed, LiveClosed) and closed.answered == 1
        assert not closed.stopped
        await bo.send(LiveAnswer(round=1, move=legal(puzzle)[0]))
        assert await refusal(bo) == (Refused.ROUND_OVER, "Live round 1 is over: the time was up.")
        await ada.until(LiveSummary)
        assert hub.live.session is None
        for client in (ada, bo, stranger, eve):
            await client.close()


async def test_the_teacher_stops_a_session_and_the_hub_stops_in_the_middle_of_one(
    tmp_path: Path,
) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        assert "Nobody in the lobby can be asked" in hub.live.start(LiveOptions("fifty", "easy", 9))
        ada = await admitted(hub, "Ada")
        assert hub.live.stop() == "No live session is on."
        hub.live.start(LiveOptions("fifty", "easy", 600, 12))
        assert "on already" in hub.live.start(LiveOptions("fifty", "easy", 600, 12))
        await ada.until(LiveRound)
        said = hub.live.stop()
        assert said == "The live session is stopped after 1 round: what was played is kept."
        # (the open round closes at once for Ada, and the summary of one round follows,
        # saying why it ended early)
        closed = await ada.until(LiveClosed)
        assert isinstance(closed, LiveClosed) and closed.round == 1 and closed.stopped
        summary = await ada.until(LiveSummary)
        assert isinstance(summary, LiveSummary)
        assert summary.lines[0] == "The teacher stopped the live session after 1 round."
        assert "(1 round)" in summary.lines[1]
        await until(lambda: not hub.live.on, "the session's end")
        await ada.send(Challenge(name="Ada", game="fifty"))  # (free again: no longer busy)
        await ada.said_until("You cannot challenge yourself.")
        hub.live.start(LiveOptions("fifty", "easy", 600, 12))
        await ada.until(LiveRound)
    # (the hub stopped with a round open: `running_hub` returned, within its bounds)
    assert not hub.live.on
    await ada.close()


async def test_the_projector_view_follows_a_round_on_a_real_hub(tmp_path: Path) -> None:
    from app.hub.client import HubClient
    from app.online.codes import Address
    from app.tui.hub_project import ProjectorApp

    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        hub.admit("Projector")
        ada = await admitted(hub, "Ada")
        client = HubClient(Address(hub.code, "127.0.0.1", hub.port), "Projector")
        app = ProjectorApp(client)
        async with app.run_test(size=(100, 30)) as pilot:

            def showing(text: str) -> bool:
                return text in str(app.query_one("#project-task").render())

            await until(lambda: "Projector" in [s.name for s in hub.live.projectors.values()], "")
            await ada.send(Challenge(name="Projector", game="fifty"))
            await ada.said_until("Projector is the class's projector: it plays no games.")
            hub.live.start(LiveOptions("conquest", "easy", 60, 1))
            opened = await ada.until(LiveRound)
            assert isinstance(opened, LiveRound)
            puzzle = Puzzle.from_bank(json.loads(opened.puzzle))
            await until(lambda: showing("to move and win"), "the puzzle on the projector")
            await ada.send(LiveAnswer(round=1, move=legal(puzzle)[0]))
            await until(lambda: showing("The session is over"), "the summary on the projector")
            await pilot.pause()
            assert "1 of 1 have answered" in str(app.query_one("#project-count").render())
            summary = str(app.query_one("#project-summary").render())
            assert "Round 1 (conquest easy" in summary and "Ada" not in summary
            await pilot.press("q")
        await ada.close()


async def test_the_hub_serves_the_class_while_an_answer_is_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver's search is off the hub's loop: while a judgement is slowed (it waits
    for the test), another student's message is answered, and a second answer of the
    same student is refused as answered already."""
    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    judge = Round.judge

    def slowed(live: Round, text: str) -> object:
        started.set()
        release.wait(5.0)  # (on the loop, this would hold every student for 5 s)
        finished.set()
        return judge(live, text)

    monkeypatch.setattr(Round, "judge", slowed)
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        ada, bo = await admitted(hub, "Ada"), await admitted(hub, "Bo")
        hub.live.start(LiveOptions("countdown", "easy", 60, 1))
        opened = await ada.until(LiveRound)
        assert isinstance(opened, LiveRound)
        puzzle = Puzzle.from_bank(json.loads(opened.puzzle))
        losing = [m for m in legal(puzzle) if truth(puzzle, m) == "lose"]
        await ada.send(LiveAnswer(round=1, move=losing[0]))  # (its refutation is searched)
        await until(started.is_set, "the judgement began")
        await bo.send(Who())
        assert (await bo.said_until("Bo: "))[-1].startswith("Bo: ")
        await ada.send(LiveAnswer(round=1, move=legal(puzzle)[1]))
        code, _ = await refusal(ada)
        assert code == Refused.ANSWERED and not finished.is_set()  # (still being judged)
        release.set()
        verdict = await ada.until(LiveVerdict)
        assert isinstance(verdict, LiveVerdict)
        assert verdict.judgement == "lose" and "loses" in verdict.text
        for client in (ada, bo):
            await client.close()
