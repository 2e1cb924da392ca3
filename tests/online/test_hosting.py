"""`host` is a hub of two: its relay judges the game, the guest names its seat, and a
takeback asked by one player goes to the other, whose answer decides; only the relay's
session takes the moves back, and both copies are told (two guest links on this loop:
the host's own player joins as the guest does)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from app.online.codes import Address
from app.online.guest_link import GuestLink, JoinRefused
from app.online.hosting import HostedGame
from app.online.protocol import (
    Message,
    Move,
    Moved,
    Refusal,
    TakebackAnswer,
    TakebackAsk,
    TakenBack,
    Why,
)
from app.online.relay import relay_link
from rules.match import new_match
from rules.registry import get_game

WAIT = 10.0


async def _joined(link: GuestLink) -> asyncio.Queue[object]:
    heard: asyncio.Queue[object] = asyncio.Queue()
    await link.join()
    link.hand_to(heard.put_nowait)
    return heard


async def _next(heard: asyncio.Queue[object], kind: type[Message]) -> object:
    """The next message of `kind` (others passed over: the away and moved news)."""
    while not isinstance(said := await asyncio.wait_for(heard.get(), WAIT), kind):
        pass
    return said


async def test_a_hosted_game_passes_a_takeback_ask_to_the_other_player() -> None:
    game = get_game("fifty")
    hosted = HostedGame(game, new_match("fifty", game.options_from({})), "Ada")
    port = await hosted.link.start()
    judging = asyncio.get_running_loop().create_task(hosted.play())
    guest = Address(hosted.guest_code, "127.0.0.1", port)
    ada = bob = None
    try:
        with pytest.raises(JoinRefused) as same:  # the host's name but for case
            await GuestLink(guest, "ADA").join()
        assert same.value.code == Why.SAME_NAME
        bob = GuestLink(guest, "Bob")
        bob_heard = await _joined(bob)
        ada = GuestLink(hosted.own_address(port), "Ada")
        welcome = await ada.join()
        assert (welcome.seat, welcome.names) == (1, ("Ada", "Bob"))
        ada_heard: asyncio.Queue[object] = asyncio.Queue()
        ada.hand_to(ada_heard.put_nowait)
        state = hosted.session.state
        for number, (link, heard) in enumerate(((ada, ada_heard), (bob, bob_heard))):
            move = game.legal_moves(state)[0]
            state = game.play(state, move)
            link.send(Move(number=number, text=game.format_move(move)))
            assert isinstance(await _next(heard, Moved), Moved)
        ada.send(TakebackAsk(number=2))  # Ada's move and Bob's reply
        assert await _next(bob_heard, TakebackAsk) == TakebackAsk(number=2)
        ada.send(TakebackAsk(number=2))  # one at a time
        second = await _next(ada_heard, Refusal)
        assert isinstance(second, Refusal) and second.code == Why.ONE_AT_A_TIME
        assert len(hosted.session.moves) == 2  # (nothing taken back before the answer)
        bob.send(TakebackAnswer(accept=True))
        assert await _next(ada_heard, TakebackAnswer) == TakebackAnswer(accept=True)
        taken = TakenBack(number=0, takebacks=1)
        assert await _next(ada_heard, TakenBack) == taken
        assert await _next(bob_heard, TakenBack) == taken
        assert hosted.session.moves == []
    finally:
        for link in (ada, bob):
            if link is not None:
                await link.close()
        hosted.stop()
        await asyncio.wait_for(judging, WAIT)


def test_a_hubs_relay_offers_no_takebacks_a_hosted_game_does() -> None:
    assert not relay_link(("Ann", "Bo")).takebacks_offered
    game = get_game("fifty")
    hosted = HostedGame(game, new_match("fifty", game.options_from({})), "Ada")
    assert hosted.link.takebacks_offered and hosted.link.one_guest


def test_a_host_that_cannot_join_its_own_game_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the guest came, but this side's own join failed: the relay, waiting for both
    # players, stops, and `host` ends with the join's exit code instead of waiting)
    import io
    import threading

    from app.online import hosting
    from app.plain import online_play
    from app.plain.base import Console

    class GuestCame(HostedGame):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            self.guest_here.set()

    monkeypatch.setattr(hosting, "HostedGame", GuestCame)
    monkeypatch.setattr(online_play, "join_on", lambda *_args, **_kw: 1)
    game = get_game("fifty")
    match = new_match("fifty", game.options_from({}))
    console = Console(io.StringIO(), io.StringIO())
    ended: list[int] = []
    hosting_thread = threading.Thread(
        target=lambda: ended.append(
            online_play.host_plain(game, match, "Ada", "127.0.0.1", 0, console)
        ),
        daemon=True,
    )
    hosting_thread.start()
    hosting_thread.join(WAIT)
    assert ended == [1]


async def test_a_guest_says_in_words_that_the_host_cannot_be_reached() -> None:
    # (the guest's end connects as the student's does: aiohttp's own text is for
    # programmers, so both say where they looked and what to check)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        nobody = closed.getsockname()[1]
    link = GuestLink(Address("abc-def-ghj-kmn-pqr", "127.0.0.1", nobody), "Bo")
    with pytest.raises(JoinRefused) as refused:
        await link.join()
    assert str(refused.value) == (
        f"the host cannot be reached at 127.0.0.1:{nobody}: is it running, is the address right?"
    )
    assert refused.value.code is None  # (not a refusal: a dropped guest tries again)
