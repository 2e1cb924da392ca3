"""rules.names: one cleaner for names from the setup screen, the command line, records
and the statistics (RULINGS.md, "Text a player types")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.names import MAX_NAME, NameProblem, clean_name, strip_controls, tidy_name
from rules.record_json import from_json, to_json
from rules.records import PlayerInfo, players_of, record_from_moves

ESC = "\x1b"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (f"{ESC}]0;owned\x07Ann", "Ann"),  # OSC title, ended by BEL
        (f"{ESC}]0;owned{ESC}\\Ann", "Ann"),  # OSC ended by ST
        (f"{ESC}[2JBob", "Bob"),  # clear screen
        (f"{ESC}[31;1mRed{ESC}[0m", "Red"),
        ("\x9b2JCid", "Cid"),  # 8-bit CSI
        (f"{ESC}P1$r{ESC}\\Dee", "Dee"),  # DCS
        (f"{ESC}cEve", "Eve"),  # reset
        ("Fay\x07\x00\x08", "Fay"),
        ("  Gus \t\u00a0 Ho  ", "Gus Ho"),
        ("Ivy\u200b\u202eJ", "IvyJ"),  # zero-width and bidi override
        ("[/]", "[/]"),  # markup is text, kept as typed
        ("Zoë × ÷", "Zoë × ÷"),
    ],
)
def test_control_characters_and_escapes_are_removed(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    assert tidy_name(raw, "x") == clean


@pytest.mark.parametrize("raw", ["", "   ", f"{ESC}[2J", "\x00\x07", "\u200b"])
def test_a_name_with_nothing_printable_is_refused(raw: str) -> None:
    with pytest.raises(NameProblem, match="at least one printable character"):
        clean_name(raw)
    assert tidy_name(raw, "Player 1") == "Player 1"


def test_length_limit() -> None:
    assert clean_name("a" * MAX_NAME) == "a" * MAX_NAME
    with pytest.raises(NameProblem, match="at most 32 characters"):
        clean_name("a" * (MAX_NAME + 1))
    assert tidy_name("a" * 65, "P") == "a" * MAX_NAME
    assert tidy_name("ab cd", "P", 3) == "ab"


@given(st.text())
def test_cleaned_text_never_holds_a_control_character(text: str) -> None:
    cleaned = strip_controls(text)
    assert all(ch.isprintable() or ch == " " for ch in cleaned)
    name = tidy_name(text, "P")
    assert name and name == name.strip() and len(name) <= MAX_NAME and ESC not in name


@given(st.text())
def test_printable_text_is_kept_as_it_is(text: str) -> None:
    """Printable text holds no escape nor control: kept whole (the statistics read every
    name and date through this, 2,000 games' worth, issue 37)."""
    cleaned = strip_controls(text)
    assert strip_controls(cleaned) == cleaned
    if text.isprintable():
        assert cleaned == text


def test_records_clean_names_when_read() -> None:
    assert PlayerInfo(name=f"{ESC}]0;x\x07Ann\x1b[2J").name == "Ann"
    record = record_from_moves("fifty", None, ["6*7"], players_of(("Ann", "Bob")))
    text = to_json(record).replace('"Ann"', '"\\u001b[2JAnn\\u0007"')
    assert from_json(text).names == ("Ann", "Bob")
