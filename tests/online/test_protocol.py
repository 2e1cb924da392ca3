"""The online protocol's rules, without a network: messages, the code, the guards."""

from __future__ import annotations

import json

import pytest

from app.online.codes import (
    LIMIT,
    WAIT,
    AddressProblem,
    RateCap,
    WrongCodes,
    code_bits,
    new_code,
    parse_address,
    same_code,
)
from app.online.protocol import (
    MAX_GUEST_BYTES,
    VERSION,
    BadMessage,
    Hello,
    Move,
    OtherVersion,
    TakebackAnswer,
    TakebackAsk,
    TakebackLapsed,
    TakenBack,
    Welcome,
    encode,
    read_from_guest,
    read_from_host,
)
from app.online.texts import guest_name, name_taken


class Hands:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_every_message_reads_back_as_sent() -> None:
    hello = Hello(version=VERSION, code="abc-def", name="Ada", have=3)
    assert read_from_guest(encode(hello)) == hello
    move = Move(number=4, text="3+4", takebacks=1)
    assert read_from_guest(encode(move)) == move
    welcome = Welcome(
        version=VERSION,
        seat=2,
        names=("Ada", "Bob"),
        match={},
        seconds=[1.5],
        turn=1,
        record_id="r",
        takebacks=1,
    )
    assert read_from_host(encode(welcome)) == welcome
    for said in (TakebackAsk(number=2), TakebackAnswer(accept=True), TakebackLapsed()):
        assert read_from_guest(encode(said)) == said
        assert read_from_host(encode(said)) == said
    taken = TakenBack(number=2, takebacks=1)
    assert read_from_host(encode(taken)) == taken
    with pytest.raises(BadMessage):
        read_from_guest(encode(taken))  # only the host takes moves back


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        json.dumps({"kind": "move", "number": 1}),
        json.dumps({"kind": "move", "number": 1, "text": "x", "extra": 1}),
        json.dumps({"kind": "move", "number": -1, "text": "x"}),
        json.dumps({"kind": "move", "number": "1", "text": "x"}),
        json.dumps({"kind": "launch", "number": 1}),
        json.dumps({"kind": "move", "number": 1, "text": "x" * 500}),
        "[" * 3000 + "]" * 3000,
    ],
)
def test_a_malformed_message_is_refused_in_words(raw: str) -> None:
    with pytest.raises(BadMessage) as refused:
        read_from_guest(raw)
    assert str(refused.value)


def test_an_oversized_message_is_refused_before_it_is_read() -> None:
    raw = json.dumps({"kind": "bye", "reason": "x" * MAX_GUEST_BYTES})
    with pytest.raises(BadMessage, match="at most 4 KiB"):
        read_from_guest(raw)


def test_another_version_is_told_apart() -> None:
    raw = json.dumps({"kind": "hello", "version": VERSION + 1, "code": "x", "name": "Bob"})
    with pytest.raises(OtherVersion, match=rf"version {VERSION} .* version {VERSION + 1}"):
        read_from_guest(raw)


def test_a_code_holds_at_least_60_bits_and_reads_aloud_in_groups() -> None:
    code = new_code()
    assert code_bits() >= 60
    assert [len(group) for group in code.split("-")] == [3, 3, 3, 3, 3]
    assert not set(code) & set("01oil")
    assert new_code() != code
    assert same_code(code.upper().replace("-", " "), code)
    assert not same_code(code[:-1] + ("2" if code[-1] != "2" else "3"), code)
    assert not same_code("ünïcode", code)


def test_wrong_codes_spend_one_budget_for_the_whole_game() -> None:
    hands = Hands()
    guard = WrongCodes(hands)
    assert [guard.wrong() for _ in range(LIMIT)] == [0.0] * LIMIT
    assert guard.wrong() == WAIT / LIMIT  # (no address: every address spends it)
    hands.now += WAIT / LIMIT
    assert guard.wrong() == 0.0
    assert guard.wrong() == WAIT / LIMIT
    hands.now += 10 * WAIT  # (refilled, never beyond the budget)
    assert [guard.wrong() for _ in range(LIMIT + 1)][-2:] == [0.0, WAIT / LIMIT]


def test_the_rate_cap_allows_a_burst_then_the_pace() -> None:
    hands = Hands()
    cap = RateCap(per_second=10, burst=20, clock=hands)
    assert all(cap.allow() for _ in range(20))
    assert not cap.allow()
    hands.now += 0.5
    assert sum(cap.allow() for _ in range(10)) == 5


def test_the_join_argument_is_read_or_refused() -> None:
    address = parse_address("abc-def-ghj-kmn-pqr@127.0.0.1:8765")
    assert (address.host, address.port) == ("127.0.0.1", 8765)
    assert parse_address("abc-def-ghj-kmn-pqr@[::1]:9").url() == "http://[::1]:9/play"
    for bad in (
        "nocode",
        "abc@host",
        "abc-def-ghj-kmn-pqr@h:99999",
        "x@h:1",
        "abc-def-ghj-kmn-pqr@h/x:1",
    ):
        with pytest.raises(AddressProblem):
            parse_address(bad)


def test_a_guest_name_is_text_without_codes_and_never_the_hosts() -> None:
    assert guest_name("B\x1b[31mob\x07") == "Bob"
    assert guest_name("[b]Bob[/b]") == "[b]Bob[/b]"
    assert guest_name("\x1b[2J") == "Guest"
    long = "Maximiliana Konstantinopoulou Ab"  # 32 characters, as local play allows
    assert guest_name(long) == long and guest_name(long + "cd") == long
    # Two players in one game never have names that differ only by case.
    taken = name_taken("ada", "Ada")
    assert taken is not None and taken == name_taken("Ada", "Ada")
    assert name_taken("Adam", "Ada") is None


def test_online_names_are_as_long_as_local_ones(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    place = "abc-def-ghj-kmn-pqr@127.0.0.1:9"  # (nobody listens: the join fails after)
    assert main(["join", place, "--plain", "--name", "M" * 32]) == 1
    assert "cannot join" in capsys.readouterr().err
    assert main(["join", place, "--plain", "--name", "M" * 33]) == 2
    assert "at most 32 characters" in capsys.readouterr().err


def test_a_refusal_carries_a_code_and_one_without_reads_as_refused() -> None:
    from app.online.protocol import Refusal, Why, version_refusal

    said = read_from_host(encode(Refusal(reason="It is not your turn.", code=Why.NOT_YOUR_TURN)))
    assert isinstance(said, Refusal) and said.code is Why.NOT_YOUR_TURN
    older = read_from_host(json.dumps({"kind": "refusal", "reason": "No.", "number": 3}))
    assert isinstance(older, Refusal) and older.code is Why.REFUSED
    with pytest.raises(BadMessage):
        read_from_host(json.dumps({"kind": "refusal", "reason": "No.", "code": "sulk"}))
    # Another version's refusal has the one shape every version reads: a kind, a reason.
    assert json.loads(version_refusal("Both players need the same Equation Duel.")) == {
        "kind": "refusal",
        "reason": "Both players need the same Equation Duel.",
    }


def test_a_move_refused_before_the_referee_says_why_with_a_code() -> None:
    from app.online.host_position import Position, move_refusal
    from app.online.protocol import Why

    welcome = Welcome(
        version=VERSION,
        seat=2,
        names=("Ada", "Bob"),
        match={},
        seconds=[],
        turn=2,
        record_id="x",
    )
    position = Position(welcome, 2, 1)
    codes = [
        move_refusal(position, Move(number=number, text="1+2"), seat)
        for number, seat in ((1, 2), (2, 2), (3, 1), (2, 1))
    ]
    assert [found and found[1] for found in codes] == [
        Why.PLAYED_ALREADY,
        Why.NOT_YOUR_TURN,
        Why.OTHER_NUMBER,
        None,
    ]
    assert move_refusal(None, Move(number=0, text="1+2"), 2) == ("The game is over.", Why.GAME_OVER)
