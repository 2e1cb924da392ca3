"""In plain mode, the other player's takeback ask waits while this player answers the
game's own questions: collect's declaration question asks yes or no, so there `yes` is
the declaration's answer, never the takeback's (`allow`/`decline` answer that)."""

from __future__ import annotations

import io

import pytest

from app.match_session.keeping import SavedGames
from app.online.protocol import TakebackAsk
from app.plain import driver_class
from app.plain.base import Console
from app.plain.match_runner import MatchRunner
from app.plain.online_takebacks import Answered, OnlineCommands, PlainAsks
from rules.match import new_match
from rules.registry import get_game


def test_yes_at_collects_declaration_question_answers_the_declaration() -> None:
    game = get_game("collect")
    typed = io.StringIO()
    out = io.StringIO()
    console = Console(typed, out)
    driver = driver_class("collect")(game, console, ("Ada", "Bob"))
    runner = MatchRunner(driver, new_match("collect", game.options_from({})), keeper=SavedGames())
    side = PlainAsks(console.say, "Bob", 2)
    OnlineCommands.install(runner, side)
    console.commands = runner.commands
    state = runner.session.state
    side.heard(TakebackAsk(number=1))  # Bob's ask waits for Ada's answer
    assert "Bob asks to take back their last move: type allow or decline." in out.getvalue()
    pick = sorted(state.pool)[0]
    typed.write(f"{pick}\nyes\n{pick} = {pick}\ndecline\n")
    typed.seek(0)
    move = driver.human_turn(state)
    assert move.pick == pick
    assert move.declaration is not None  # `yes` said that Ada declares
    assert side.theirs is not None  # and Bob's ask still waits for its answer
    with pytest.raises(Answered) as answered:
        driver.human_turn(game.play(state, move))
    assert answered.value.allowed is False


class _SilentLink:
    """A link whose other player never answers: each wait runs out (at once here: the
    time to wait is the test's `ASK_SECONDS`, 0), and what is sent is kept."""

    def __init__(self) -> None:
        self.sent: list[object] = []
        self.takebacks = self.have = 0
        self.pending = None

    def send(self, message: object) -> None:
        self.sent.append(message)

    def hand_to(self, _deliver: object) -> None:
        pass  # (nothing ever comes)


def test_an_unanswered_ask_lapses_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the host plays as its game's guest does: `host` is a hub of two)
    from app.online import takebacks
    from app.online.protocol import TakebackLapsed
    from app.plain.online_guest import GuestPlayer

    monkeypatch.setattr(takebacks, "ASK_SECONDS", 0.0)  # (the link's wait runs out at once)
    game = get_game("fifty")
    out = io.StringIO()
    console = Console(io.StringIO(), out)
    driver = driver_class("fifty")(game, console, ("Ada", "Bob"))
    runner = MatchRunner(driver, new_match("fifty", game.options_from({})), keeper=SavedGames())
    link = _SilentLink()
    player = GuestPlayer(link, game, driver, 1, 0)  # type: ignore[arg-type]
    OnlineCommands.install(runner, player)
    runner.session.play(game.legal_moves(runner.session.state)[0])  # Ada's move
    player.expected = 1
    player.ask()  # no TakenBack: the moves stand
    assert "Asked Bob to allow taking back your last move" in out.getvalue()
    assert out.getvalue().endswith("Bob did not answer: the takeback lapsed.\n")
    assert isinstance(link.sent[-1], TakebackLapsed)
    assert len(runner.session.moves) == 1


def test_an_answer_crossing_the_lapse_is_told_the_lapse() -> None:
    from app.online.protocol import TakebackLapsed
    from app.online.takebacks import lapsed_words

    said: list[str] = []
    side = PlainAsks(said.append, "Ada", 1)
    side.heard(TakebackAsk(number=3))
    assert side.claim() is not None  # answered, as the other side's ask lapses
    side.heard(TakebackLapsed())
    # The relay passes over the late answer: this side hears of the lapse, once.
    assert lapsed_words(side.other) in said
    side.heard(TakebackLapsed())
    assert said.count(lapsed_words(side.other)) == 1


def test_an_ask_that_comes_before_the_move_it_follows_is_said_after_it() -> None:
    # Ada asks right after Bob's reply is played on the relay; her ask reaches Bob's
    # copy before the reply's confirmation is played there: it is said once the copy
    # has the reply, as the ask takes it back too ("and your reply").
    from app.online.protocol import Moved
    from app.plain.online_guest import GuestPlayer

    game = get_game("fifty")
    out = io.StringIO()
    console = Console(io.StringIO(), out)
    driver = driver_class("fifty")(game, console, ("Ada", "Bob"))
    runner = MatchRunner(driver, new_match("fifty", game.options_from({})), keeper=SavedGames())
    bob = GuestPlayer(_SilentLink(), game, driver, 2, 0)  # type: ignore[arg-type]
    OnlineCommands.install(runner, bob)
    first = game.format_move(game.legal_moves(runner.session.state)[0])
    bob.confirmed(Moved(number=0, player=1, text=first, seconds=0.0))  # Ada's move
    reply = game.format_move(game.legal_moves(runner.session.state)[0])
    bob.bring_in(TakebackAsk(number=2))  # Ada asks after Bob's reply...
    assert "asks" not in out.getvalue()  # ...which the copy has not played yet
    bob.confirmed(Moved(number=1, player=2, text=reply, seconds=0.0))
    assert "Ada asks to take back their last move and your reply" in out.getvalue()
    assert bob.theirs is not None
