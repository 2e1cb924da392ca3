"""Each finished game judged once as it is kept and its judgement stored (issue 37): the
report reads the judgements, the same as judging the records, over every game of the
period, whatever finished games' files have been dropped since."""

from __future__ import annotations

import random
from contextlib import closing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.classroom.report import gather as gather_module
from app.classroom.report import judged as judged_module
from app.classroom.report.accuracy import judge_record
from app.classroom.report.gather import gather
from app.classroom.report.judged import judged_from_text, judged_text
from app.match_session.keeping import SavedGames
from app.store import keep_writer
from app.store.finished_games import finished_dir, keep_finished
from app.store.judged_games import judged_ids, open_judged
from rules.records import GameRecord, players_of, record_from_moves
from rules.registry import GAME_IDS, get_game


def random_game(rng: random.Random, game_id: str, names: tuple[str, str]) -> GameRecord:
    game = get_game(game_id)
    state = game.new(game.options_from({}))
    moves = []
    while not game.is_over(state):
        move = rng.choice(list(game.legal_moves(state)))
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return record_from_moves(game_id, None, moves, players_of(names))


def test_a_stored_judgement_reads_back_as_judging_the_record_gives() -> None:
    rng = random.Random(3)
    mistakes = examples = 0
    for number in range(15):
        record = random_game(rng, GAME_IDS[number % len(GAME_IDS)], ("Ann", "Bo"))
        judged = judge_record(record)
        assert judged_from_text(judged_text(record)) == judged
        mistakes += sum(sum(j.mistakes.values()) for j in judged.values())
        examples += sum(len(j.examples) for j in judged.values())
    assert mistakes and examples  # (the games compared hold mistakes and their positions)


@settings(deadline=None)
@given(st.text(max_size=80) | st.from_regex(r'\{"Ann": \{.*\}\}', fullmatch=True))
def test_a_judgement_changed_by_hand_is_left_out_never_a_crash(text: str) -> None:
    found = judged_from_text(text)
    assert found is None or isinstance(found, dict)


def test_the_report_reads_games_whose_files_were_dropped() -> None:
    rng = random.Random(5)
    keeper = SavedGames()
    records = [random_game(rng, "fifty", ("Ann", "Bo")) for _ in range(4)]
    for record in records:
        keeper.count(record)
        keeper.clear(record)
    keep_writer.wait_judged()  # (judged off the thread that keeps the games)
    with closing(open_judged()) as conn:
        assert judged_ids(conn) == {record.id for record in records}
    for path in finished_dir().glob("*.json"):
        path.unlink()  # dropped: as the oldest of more than 200 are
    report = gather(player="Ann")
    assert report.records_read == 4
    expected = sum(judge_record(record)["Ann"].moves for record in records)
    assert report.players[0].judged.moves == expected
    assert len(report.players[0].accuracy_history) == 4


def test_a_game_kept_before_judgements_is_judged_once_on_the_first_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = random_game(random.Random(7), "conquest", ("Ann", "Bo"))
    keep_finished(record)  # kept with no judgement stored (before issue 37)
    first = gather(player="Ann")
    assert first.records_read == 1 and first.players[0].judged == judge_record(record)["Ann"]
    with closing(open_judged()) as conn:
        assert judged_ids(conn) == {record.id}

    def judged_again(record: GameRecord) -> str:
        raise AssertionError(f"{record.id} judged again")

    monkeypatch.setattr(gather_module, "judged_text", judged_again)
    assert gather(player="Ann").players[0].judged == first.players[0].judged


def test_a_game_of_the_computer_alone_is_stored_judged_as_nothing() -> None:
    record = random_game(random.Random(9), "fifty", ("Easy", "Medium"))
    computers = record.model_copy(update={"players": players_of(("E", "M"), ("easy", "medium"))})
    assert judged_text(computers) == "{}"
    judged_module.judge_later(computers)
    keep_writer.wait_judged()
    with closing(open_judged()) as conn:
        assert judged_ids(conn) == {computers.id}
    assert gather().records_read == 1


def test_the_judge_keeps_each_rounds_analysis_for_the_analysis_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The judgement's analyses are the analysis screen's own question, answered: kept for
    the last games judged, found by their game and moves (the last round's, the tail)."""
    from rules.analysis import analyse

    waits: list[float] = []
    monkeypatch.setattr(judged_module.time, "sleep", waits.append)
    rng = random.Random(8)
    records = [random_game(rng, "conquest", ("Ann", "Bo")) for _ in range(3)]
    for record in records:
        judged_module.judge_later(record)
    keep_writer.wait_judged()
    assert waits == [judged_module.JUDGE_AFTER] * 3  # (each starts after the dialog's frame)
    oldest, *kept = records
    for record in kept:
        moves = [entry.move for entry in record.moves]
        found = judged_module.analysis_at_end("conquest", moves)
        assert found is not None and found.done()
        options = get_game("conquest").Options.model_validate(record.options)
        analysis = judged_module.round_analysis(found.result(), options, moves)
        assert analysis == analyse("conquest", options, moves)
        assert judged_module.round_analysis(found.result(), options, moves[1:]) is None
    oldest_moves = [entry.move for entry in oldest.moves]
    assert judged_module.KEEP_ANALYSES == 2
    if all(oldest_moves[-len(m) :] != m for m in ([e.move for e in r.moves] for r in kept)):
        assert judged_module.analysis_at_end("conquest", oldest_moves) is None
    assert judged_module.analysis_at_end("fifty", oldest_moves) is None
