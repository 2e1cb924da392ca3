"""The host's guests, one per seat: who is away, and the clock that stands still while
any guest is away (a game with both seats online: a tournament's pairing)."""

from __future__ import annotations

from app.online.host_guests import GuestSeat, Presence


def test_the_clock_stands_still_while_either_guest_is_away() -> None:
    now = [100.0]
    ann, bo = GuestSeat("code-a", 1, "Ann"), GuestSeat("code-b", 2, "Bo")
    presence = Presence([ann, bo], lambda: now[0])
    start = presence.clock()
    now[0] += 5  # both here: the clock runs
    assert presence.clock() == start + 5 and not presence.away
    presence.left(ann)
    now[0] += 10
    presence.left(bo)  # away together for a while
    now[0] += 20
    assert presence.longest_away() is ann
    presence.came(ann)  # Bo is still away: the clock still waits
    assert presence.away and presence.away_for() == 20 and presence.longest_away() is bo
    now[0] += 30
    assert presence.clock() == start + 5
    presence.came(bo)
    now[0] += 2
    assert presence.clock() == start + 7 and not presence.away and presence.away_for() == 0
