"""How the seats are named: a computer by its level, two alike numbered, typed names kept."""

from __future__ import annotations

from app.match_session.seat_names import computer_name, is_default_name, seat_names, seat_tags


def test_people_keep_their_names() -> None:
    assert seat_names(("Ann", "Player 2"), (None, None)) == ("Ann", "Player 2")


def test_a_computer_left_with_the_default_name_is_named_by_its_level() -> None:
    assert seat_names(("Ann", "Player 2"), (None, "perfect")) == ("Ann", "Computer (perfect)")
    assert seat_names(("Player 1", "Bob"), ("easy", None)) == ("Computer (easy)", "Bob")


def test_two_computers_of_one_level_are_told_apart() -> None:
    assert seat_names(("Player 1", "Player 2"), ("perfect", "perfect")) == (
        "Computer 1 (perfect)",
        "Computer 2 (perfect)",
    )
    assert seat_names(("Player 1", "Player 2"), ("easy", "perfect")) == (
        "Computer (easy)",
        "Computer (perfect)",
    )


def test_a_computer_name_follows_a_change_of_level_but_a_typed_name_stays() -> None:
    assert seat_names(("Ann", "Computer (easy)"), (None, "medium")) == ("Ann", "Computer (medium)")
    assert seat_names(("Ann", "HAL"), (None, "perfect")) == ("Ann", "HAL")
    assert is_default_name(computer_name("perfect", 2), 2)
    assert not is_default_name("Computer Science", 1)


def test_seat_tags_are_names_shortened_with_an_ellipsis() -> None:
    assert seat_tags(("Newbie", "Computer (easy)")) == ("Newbie", "Compu…")
    assert seat_tags(("Ann", "Bob")) == ("Ann", "Bob")
    # alike once shortened: the seats' numbers
    assert seat_tags(("Player 1", "Player 2")) == ("P1", "P2")
    assert seat_tags(("Computer 1 (perfect)", "Computer 2 (perfect)")) == ("P1", "P2")
