"""How the seats are named: a computer always by its level (never by a name typed for a
person), two alike numbered; how the statistics count a seat."""

from __future__ import annotations

from rules.seat_names import counted_name, seat_names, seat_tags
from rules.words.common import by_player, listed_names


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


def test_a_computer_is_named_by_its_level_whatever_was_typed_in_its_seat() -> None:
    assert seat_names(("Ann", "Computer (easy)"), (None, "medium")) == ("Ann", "Computer (medium)")
    # "Bo" typed for a person, then Computer picked: the computer is not Bo
    assert seat_names(("Ann", "Bo"), (None, "perfect")) == ("Ann", "Computer (perfect)")
    # a person calling themself "Computer (perfect)" never shares the computer's name
    assert seat_names(("Computer (perfect)", "Bo"), (None, "perfect")) == (
        "Computer (perfect)",
        "Computer 2 (perfect)",
    )
    assert seat_names(("HAL", "Bo"), ("easy", "easy")) == (
        "Computer 1 (easy)",
        "Computer 2 (easy)",
    )


def test_the_statistics_count_a_computer_by_its_level_and_a_person_as_a_person() -> None:
    assert counted_name("Bo", "medium") == "Computer (medium)"  # a row kept before the fix
    assert counted_name("Computer (easy)", "perfect") == "Computer (perfect)"
    assert counted_name("Computer 2 (perfect)", "perfect") == "Computer 2 (perfect)"
    assert counted_name("Bo", "human") == "Bo"
    assert counted_name("Computer Science", "human") == "Computer Science"
    assert counted_name("Computer (easy)", "human") == "Computer (easy) (a person)"


def test_seat_tags_are_names_shortened_with_an_ellipsis() -> None:
    # a computer is tagged as the computer, never as a cut word ("Compu… pick 4")
    assert seat_tags(("Newbie", "Computer (easy)")) == ("Newbie", "CPU")
    assert seat_tags(("Computer 1 (perfect)", "Computer 2 (perfect)")) == ("CPU 1", "CPU 2")
    assert seat_tags(("Alexandria", "Computer (easy)")) == ("Alexa…", "CPU")
    assert seat_tags(("Ann", "Computer")) == ("Ann", "CPU")  # a puzzle's computer
    assert seat_tags(("Player 1", "Computer (easy)")) == ("P1", "CPU")  # not "Playe…"
    assert seat_tags(("Ann", "Bob")) == ("Ann", "Bob")
    # alike once shortened: the seats' numbers
    assert seat_tags(("Player 1", "Player 2")) == ("P1", "P2")


def test_the_move_list_names_a_computer_in_a_word() -> None:
    # the move list has room for a sentence: "Computer picks 5", never "CPU picks 5"
    assert listed_names(("Ann", "Computer (perfect)")) == ("Ann", "Computer")
    assert listed_names(("Computer 1 (easy)", "Computer 2 (easy)")) == ("Computer 1", "Computer 2")
    assert listed_names(("Alexandria", "Computer (easy)")) == ("Alexa…", "Computer")
    assert listed_names(("Player 1", "Player 2")) == ("Player 1", "Player 2")
    assert by_player(listed_names(("Ann", "Computer (easy)"))[1], "pick 5") == "Computer picks 5"
