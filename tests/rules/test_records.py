"""Game records (rules.records): building, JSON round trips, and refusing bad records."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games import VARIANTS
from rules.match import advance, current_state, match_outcome, new_match, time_out
from rules.record_check import match_of, validate
from rules.record_json import from_json, to_json
from rules.records import (
    FORMAT,
    GameRecord,
    MoveEntry,
    PlayerInfo,
    RecordError,
    players_of,
    record_from_match,
    record_from_moves,
)
from rules.registry import GAME_IDS, get_game
from rules.template import GAME as TEMPLATE
from rules.template import TemplateOptions
from tests.rules.record_steps import replay_steps, state_of

WALKTHROUGH = ["9@1.1", "8@2.1", "7@2.3", "6@1.3", "5@1.2", "4@2.2"]
START = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def variants() -> list[tuple[str, str]]:
    return [(game_id, name) for game_id in GAME_IDS for name in VARIANTS[game_id]]


def random_moves(game_id: str, options: Any, rng: random.Random, stop: int | None) -> list[str]:
    """Random legal moves from the start: the whole game, or the first `stop` of them."""
    game = get_game(game_id)
    state = game.new(options)
    moves: list[str] = []
    while game.outcome(state) is None and (stop is None or len(moves) < stop):
        move = rng.choice(game.legal_moves(state))
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return moves


def data_of(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(record))
    return data


def test_walkthrough_record() -> None:
    record = record_from_moves(
        "template",
        None,
        WALKTHROUGH,
        players_of(("Ada", "Bob"), ("human", "easy")),
        seconds=[1.5, 2, 3, 4, 5, 6.25],
        started=START,
    )
    assert record.format == FORMAT == 1
    assert record.finished
    assert record.result is not None
    assert (record.result.winner, record.result.reason) == (1, "39 beats 36")
    assert record.names == ("Ada", "Bob")
    assert record.players[1].kind != "human"
    assert [m.move for m in record.moves] == WALKTHROUGH
    assert record.moves[0] == MoveEntry(move="9@1.1", seconds=1.5)
    assert len(record.rounds) == 1 and record.rounds[0].moves == 6
    assert record.ended is not None and record.duration == pytest.approx(21.75)
    assert record.score == (1, 0)
    assert from_json(to_json(record)) == record
    assert state_of(record) == TEMPLATE.replay(None, WALKTHROUGH)


def test_unfinished_record() -> None:
    record = record_from_moves("conquest", None, ["2", "3"])
    assert not record.finished and record.ended is None and record.rounds == ()
    assert get_game("conquest").to_move(state_of(record)) == 1
    again = from_json(to_json(record))
    assert again == record


@pytest.mark.parametrize(("game_id", "variant"), variants())
def test_round_trip_for_every_game_and_variant(game_id: str, variant: str) -> None:
    options = VARIANTS[game_id][variant]
    game = get_game(game_id)
    rng = random.Random(f"records/{game_id}/{variant}")
    for stop in (None, 3, 0):
        moves = random_moves(game_id, options, rng, stop)
        times = [rng.random() * 10 for _ in moves]
        record = record_from_moves(game_id, options, moves, seconds=times, started=START)
        again = from_json(to_json(record))
        assert again == record
        assert [entry.move for entry in again.moves] == moves
        if again.best_of == 1:
            assert state_of(again) == game.replay(options, moves)
            assert again.finished or stop is not None
        else:  # the template's "first to N round wins": the first round ended, or not
            assert len(again.rounds) == (1 if stop is None else 0)
            assert not again.finished


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_match_record_round_trip_for_every_game(game_id: str) -> None:
    rng = random.Random(f"match/{game_id}")
    match = new_match(game_id, None, 5, turn_seconds=30)
    state = current_state(match)
    game = get_game(game_id)
    seconds: list[float] = []
    while match_outcome(match) is None:
        if rng.random() < 0.05:  # now and then a player runs out of time
            match = time_out(match, game.to_move(state), 31.5, current=state)
            state = current_state(match)
            continue
        match, state = advance(match, rng.choice(game.legal_moves(state)), current=state)
        seconds.append(1.0)
        if not match.moves or match_outcome(match) is not None:
            state = current_state(match)
    record = record_from_match(match, seconds=seconds, started=START)
    again = from_json(to_json(record))
    assert again == record
    assert match_of(again) == match
    steps = replay_steps(again)
    assert len(steps) == len(record.moves) + len(match.results)
    assert [s.event for s in steps if s.event] == [r.reason for r in match.results]
    assert [s.move for s in steps if s.move] == [m.move for m in record.moves]


def test_time_out_round_is_replayed() -> None:
    match = new_match("template", TemplateOptions(rounds_to_win=2, turn_seconds=10))
    match, _ = advance(match, "9@1.1")
    match = time_out(match, 2, 12.3456)
    record = record_from_match(match, seconds=[2.0])
    assert record.rounds[0].seconds_used == 12.346
    assert record.rounds[0].reason == "Player 2's time ran out"
    again = from_json(to_json(record))
    assert match_of(again).wins == (1, 0)
    assert match_of(again).round_number == 2
    steps = replay_steps(again)
    assert [(s.round, s.number, s.move, s.event) for s in steps] == [
        (1, 0, None, None),
        (1, 1, "9@1.1", "Player 2's time ran out"),
        (2, 0, None, None),
    ]


# Refusals: each names the problem.


def refused(data: dict[str, Any] | str, match: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError, match=match):
        from_json(text)


def walkthrough_data() -> dict[str, Any]:
    return data_of(record_from_moves("template", None, WALKTHROUGH, started=START))


def test_illegal_move_is_named() -> None:
    data = walkthrough_data()
    data["moves"][3]["move"] = "9@1.2"
    refused(data, r"move 4 \('9@1.2'\): .*9 has already been used")


def test_move_that_is_not_notation_is_named() -> None:
    data = walkthrough_data()
    data["moves"][1]["move"] = "hello"
    refused(data, r"move 2 \('hello'\)")


def test_moves_after_the_end_are_refused() -> None:
    data = walkthrough_data()
    data["moves"].append({"move": "1@1.1", "seconds": 0})
    refused(data, r"move 7 \('1@1.1'\): the game is already over")


def test_wrong_result_is_refused() -> None:
    data = walkthrough_data()
    data["result"]["winner"] = 2
    data["rounds"][0]["winner"] = 2
    refused(data, r"round 1: the record says .* won by Player 2.*but the moves give")
    data = walkthrough_data()
    data["result"]["reason"] = "a landslide"
    refused(data, "result: the record says Player 1 won")


def test_missing_result_and_rounds_are_refused() -> None:
    data = walkthrough_data()
    data["result"] = None
    refused(data, "the record has no result")
    data = walkthrough_data()
    data["rounds"] = []
    refused(data, "round 1 ended after move 6 .*does not list it")
    data = walkthrough_data()
    data["moves"] = data["moves"][:4]
    refused(data, "round 1: the record lists it as finished")


def test_result_of_an_unfinished_game_is_refused() -> None:
    data = data_of(record_from_moves("template", None, WALKTHROUGH[:2]))
    data["result"] = {"winner": 1, "reason": "resigned"}
    refused(data, "the game is not over after its 2 moves")


def test_time_out_without_a_clock_is_refused() -> None:
    data = data_of(record_from_moves("template", None, WALKTHROUGH[:2]))
    data["rounds"] = [
        {"number": 1, "first": 1, "moves": 2, "winner": 2, "reason": "x", "seconds_used": 5}
    ]
    refused(data, "the game has no clock")


def test_future_format_is_refused() -> None:
    data = walkthrough_data()
    data["format"] = FORMAT + 1
    refused(data, f"format {FORMAT + 1} is newer than this program")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"format": "one"}, "format 'one' is not a record format"),
        ({"format": 0}, "format 0 is not"),
        ({"options": {"template": "_ + _"}}, "options: .*exactly 3 slots"),
        ({"options": {"colour": "red"}}, "options: colour"),
        ({"best_of": 4}, "best_of"),
        ({"players": [{"name": "Ada"}]}, "players"),
        ({"players": [{"name": "Ada", "kind": "robot"}, {"name": "B"}]}, "players.0.kind"),
        ({"moves": [{"move": "9@1.1", "seconds": -1}]}, "moves.0.seconds"),
        ({"started": "yesterday"}, "started"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_fields_are_named(change: dict[str, Any], message: str) -> None:
    data = data_of(record_from_moves("template", None, []))
    data.update(change)
    refused(data, message)


def test_missing_format_and_game() -> None:
    data = walkthrough_data()
    del data["format"]
    refused(data, "no `format` field")
    data = walkthrough_data()
    del data["game"]
    refused(data, "game: Field required")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("   \n", "the file is empty"),
        ('{"format": 1, "game": "template",\n "moves": [}', "not valid JSON: .* line 2 column"),
        ("[1, 2]", "a JSON list, not an object"),
        ('"record"', "a JSON string"),
        ("null", "a JSON null"),
        pytest.param("[" * 100000, "nested too deeply|cut short", id="deep"),
    ],
)
def test_not_a_record(text: str, message: str) -> None:
    refused(text, message)


def test_truncated_file_is_named() -> None:
    text = to_json(record_from_moves("template", None, WALKTHROUGH))
    for cut in (len(text) // 3, len(text) // 2, len(text) - 3):
        with pytest.raises(RecordError, match=r"ends too early at line \d+ column \d+"):
            from_json(text[:cut])


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(RecordError, match="not UTF-8"):
        from_json(b'{"format": 1, "game": "\xff"}')


@settings(deadline=None)
@given(cut=st.integers(min_value=0, max_value=2000), junk=st.text(max_size=5))
def test_any_damage_is_a_record_error(cut: int, junk: str) -> None:
    text = to_json(record_from_moves("fifty", None, ["6*7", "9-5"]))
    damaged = text[:cut] + junk + text[cut + len(junk) :]
    try:
        record = from_json(damaged)
    except RecordError as error:
        assert str(error)
    else:
        validate(record)


def test_record_from_moves_refuses_illegal_moves_and_settings() -> None:
    with pytest.raises(RecordError, match=r"move 2 \('9@2.1'\)"):
        record_from_moves("template", None, ["9@1.1", "9@2.1"])
    with pytest.raises(RecordError, match="unknown game"):
        record_from_moves("chess")
    with pytest.raises(RecordError, match="best of"):
        record_from_moves("fifty", None, [], best_of=2)


def test_player_names() -> None:
    with pytest.raises(ValueError, match="name"):
        PlayerInfo(name="")
    assert players_of() == (PlayerInfo(name="Player 1"), PlayerInfo(name="Player 2"))
