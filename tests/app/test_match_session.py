"""The match session without any screen: playing, refusals, rounds, the clock (by hand),
takebacks, counting the result once and keeping an unfinished game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.match_session.events import (
    ClockRanOut,
    Event,
    MatchOver,
    NotKept,
    Played,
    Refused,
    RoundOver,
    TurnLost,
)
from app.match_session.session import MatchSession
from app.match_session.setup import GameSetup, Seat
from app.match_session.starts import from_setup, single_game
from app.store import kept_games
from rules.match import new_match
from rules.records import GameRecord, players_of
from rules.registry import get_game


class Kept:
    """A keeper that remembers what it was asked to do."""

    def __init__(self, fail: bool = False) -> None:
        self.counted: list[str] = []
        self.kept: list[int] = []
        self.cleared: list[str] = []
        self.fail = fail

    def count(self, record: GameRecord) -> None:
        if self.fail:
            raise OSError("disk full")
        self.counted.append(record.id)

    def keep(self, record: GameRecord) -> kept_games.Kept:
        if self.fail:
            raise OSError("disk full")
        self.kept.append(len(record.moves))
        return kept_games.Kept(Path("kept.json"))

    def clear(self, record: GameRecord) -> None:
        self.cleared.append(record.id)


def play_out(session: MatchSession[Any, Any, Any]) -> list[Any]:
    """Play the first legal move until the round ends; every event, in order."""
    events: list[Any] = []
    while not session.is_over:
        events.extend(session.play(session.game.legal_moves(session.state)[0]))
    return events


def kinds(events: list[Any]) -> list[str]:
    return [type(event).__name__ for event in events]


def test_a_move_is_played_and_a_bad_one_refused_with_its_reason() -> None:
    session: MatchSession[Any, Any, Any] = MatchSession(new_match("conquest"))
    assert session.to_move == 1
    refused = session.play("nonsense")
    assert len(refused) == 1 and isinstance(refused[0], Refused)
    assert refused[0].reason  # in words
    assert session.to_move == 1 and session.moves == []
    move = session.game.legal_moves(session.state)[0]
    (played,) = session.play(move)
    assert isinstance(played, Played)
    assert played.player == 1 and played.move == session.game.format_move(move)
    assert played.after is session.state and session.to_move == 2


def test_a_single_game_ends_the_match_counts_once_and_clears_its_autosave() -> None:
    keeper = Kept()
    session: MatchSession[Any, Any, Any] = MatchSession(new_match("conquest"), keeper=keeper)
    events = play_out(session)
    assert kinds(events)[-2:] == ["RoundOver", "MatchOver"]
    over = events[-1]
    assert isinstance(over, MatchOver) and over.outcome == session.result
    assert keeper.kept == list(range(1, len(session.moves)))  # after every move but the last
    assert keeper.counted == [session.record_id] and keeper.cleared == [session.record_id]
    assert session.finish() == ()  # counted once
    assert keeper.counted == [session.record_id]
    again = session.play(session.game.legal_moves(session.game.new(None))[0])
    assert isinstance(again[0], Refused) and again[0].reason == "The game is over."
    assert session.record().finished


def test_keeping_that_fails_is_reported_and_the_game_goes_on() -> None:
    session: MatchSession[Any, Any, Any] = MatchSession(
        new_match("conquest"), keeper=Kept(fail=True)
    )
    first = session.play(session.game.legal_moves(session.state)[0])
    assert kinds(list(first)) == ["Played", "NotKept"]
    events = play_out(session)
    warnings = [e.reason for e in events if isinstance(e, NotKept)]
    assert warnings[-1] == "The statistics were not updated: disk full"
    assert session.result is not None


def test_a_match_goes_round_after_round_with_the_starter_alternating() -> None:
    session: MatchSession[Any, Any, Any] = MatchSession(new_match("conquest", best_of=3))
    first = play_out(session)
    assert kinds(first)[-1] == "RoundOver" and session.result is None
    assert session.round_number == 1 and sum(session.wins) == 1
    refused = session.play(session.game.legal_moves(session.game.new(None))[0])
    assert isinstance(refused[0], Refused)
    assert session.next_starter() == 2
    state = session.next_round()
    assert session.round_number == 2 and session.to_move == 2 and state is session.state
    while session.result is None:
        play_out(session)
        session.next_round()
    assert max(session.wins) == 2 and session.round_end is not None


def check_clock(session: MatchSession[Any, Any, Any]) -> tuple[Event, ...]:
    """After a tick: the player to move loses the round if their time ran out."""
    if session.round_end is not None or not session.out_of_time():
        return ()
    return session.time_out()


def test_the_clock_runs_only_while_running_and_a_time_out_loses_the_round() -> None:
    now = [0.0]
    session: MatchSession[Any, Any, Any] = MatchSession(
        new_match("conquest", best_of=3, turn_seconds=10), clock=lambda: now[0]
    )
    now[0] = 30.0
    session.tick(running=False)  # a dialog was open: nothing counted
    assert session.seconds_left() == 10 and check_clock(session) == ()
    now[0] = 34.5
    session.tick(running=True)
    assert session.seconds_left() == 6
    now[0] = 45.0
    session.tick(running=True)
    events = check_clock(session)
    assert kinds(list(events)) == ["ClockRanOut", "RoundOver"]
    ran_out = events[0]
    assert isinstance(ran_out, ClockRanOut)
    assert (ran_out.player, ran_out.seconds, ran_out.limit) == (1, 15.0, 10)
    assert isinstance(events[1], RoundOver) and events[1].outcome.winner == 2
    assert session.wins == (0, 1)


def test_a_move_takes_the_time_its_front_end_measured() -> None:
    session: MatchSession[Any, Any, Any] = MatchSession(new_match("conquest", turn_seconds=30))
    session.play(session.game.legal_moves(session.state)[0], seconds=4.25)
    assert session.seconds == [4.25]
    events = session.time_out(seconds=31.0)
    assert kinds(list(events)) == ["ClockRanOut", "RoundOver", "MatchOver"]


def test_takebacks_between_people_and_against_the_computer() -> None:
    people: MatchSession[Any, Any, Any] = MatchSession(new_match("countdown"))
    people.play("+5")
    people.play("+6")
    assert people.take_back() == "Took back the last move."
    assert people.moves == [(1, "+5")] and people.to_move == 2

    players = players_of(("Ann", "Computer"), ("human", "perfect"))
    computer: MatchSession[Any, Any, Any] = MatchSession(new_match("countdown"), players)
    assert computer.computers == {2}
    assert not computer.can_take_back()
    computer.play("+5")
    computer.play("+6")
    assert computer.take_back() == "Took back your last move and the computer's reply."
    assert computer.moves == [] and computer.seconds == []
    off: MatchSession[Any, Any, Any] = MatchSession(
        new_match("countdown"), players, takebacks=False
    )
    off.play("+5")
    assert not off.takebacks_allowed and off.take_back() is None and len(off.moves) == 1


def test_a_lost_turn_is_told_with_the_rules_note() -> None:
    session: MatchSession[Any, Any, Any] = MatchSession(new_match("countdown"))
    session.play("+5")
    events = session.play("/0")
    assert kinds(list(events)) == ["Played", "TurnLost"]
    lost = events[1]
    assert isinstance(lost, TurnLost) and lost.player == 2 and "loses their turn" in lost.note


def test_a_setup_and_its_record_resume_the_same_match() -> None:
    setup = GameSetup.make(
        "countdown", seats=(Seat("Ann"), Seat("Bot", "computer", "easy")), best_of=3
    )
    session: MatchSession[Any, Any, Any] = from_setup(setup)
    session.play("+5")
    record = session.record()
    assert [p.kind for p in record.players] == ["human", "easy"]
    resumed: MatchSession[Any, Any, Any] = from_setup(setup, record)
    assert resumed.record_id == session.record_id and resumed.moves == [(1, "+5")]
    assert resumed.state == session.state and resumed.computers == {2}


def test_a_single_game_goes_on_from_any_position() -> None:
    game = get_game("countdown")
    start = game.play_text(game.new(None), "+9")
    session = single_game(game, start)
    assert session.to_move == 2 and session.history == []
    session.play("+1")
    assert session.state.running_total == 10


def test_the_data_folder_keeps_every_move_and_counts_the_end_once() -> None:
    from app.match_session.keeping import SavedGames
    from app.store import stats, storage

    session: MatchSession[Any, Any, Any] = MatchSession(new_match("conquest"), keeper=SavedGames())
    session.play(session.game.legal_moves(session.state)[0])
    kept = storage.load_autosave()
    assert kept is not None and kept.id == session.record_id and len(kept.moves) == 1
    play_out(session)
    assert storage.load_autosave() is None
    assert stats.summary().games == 1
    session.finish()
    assert stats.summary().games == 1
