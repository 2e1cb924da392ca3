"""No text a player reads is in notation: random positions of every game and variant.

Every sentence the screens, the plain mode's summaries and the command line show about a
move or an ending is built by rules/words; this walks random games of every variant and
checks each of them: move descriptions and the move list's short forms, hints (winning and
losing lines), the analysis lines, the rules' notes as the status line shows them, and
the game-over reason. Notation is `9@1.1`, `2:2+4=6`, `8*1`, `/3`; "ply" is jargon.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rules import collect, conquest, countdown, fifty, template
from rules.analysis import hint
from rules.registry import get_game
from rules.words.advice import best_line, verdict_line
from rules.words.analysis import hastened_line, mistake_line, moves_listing, value_text
from rules.words.common import name_players
from rules.words.moves import describe_move, move_sentence, short_move
from rules.words.outcome import reason_text, result_sentence
from rules.words.voice import Voice

NAMES = ("Ada", "Bob")
MARKS = ("A", "B")

#: Notation in a sentence: a digit@, any * or /, a colon stuck to what follows, an ASCII
#: minus before a number, or "ply"/"plies".
NOTATION = re.compile(r"@|\*|/|:(?=\S)|(?<![\w)])-\d|\bpl(?:y|ies)\b", re.IGNORECASE)

VARIANTS: list[tuple[str, str, Any]] = [
    (module.GAME.id, name, options)
    for module in (collect, template, fifty, conquest, countdown)
    for name, options in module.VARIANTS.items()
]


def in_words(text: str, where: str) -> None:
    found = NOTATION.search(text)
    assert found is None, f"{where}: {text!r} has {found.group()!r}"


def check_position(game_id: str, game: Any, state: Any, rng: random.Random) -> None:
    mover = game.to_move(state)
    moves = game.legal_moves(state)
    texts = [game.format_move(m) for m in moves]
    for text in rng.sample(texts, min(3, len(texts))):
        for voice in (Voice(), Voice(NAMES), Voice(NAMES, you=mover)):
            in_words(describe_move(game_id, state, text, voice), f"describe {text}")
            in_words(move_sentence(game_id, state, text, voice), f"sentence {text}")
            for winner in (1, 2):
                line = best_line(game_id, state, text, mover, winner, rng.randint(1, 9), voice)
                in_words(line, f"hint line {text}")
        in_words(short_move(game_id, state, text, NAMES), f"move list {text}")
        in_words(short_move(game_id, state, text, MARKS), f"move list {text}")
        in_words(mistake_line(game_id, state, 3, mover, text, tuple(texts[:3]), NAMES), "mistake")
    in_words(moves_listing(game_id, state, texts, NAMES), "listing")
    in_words(verdict_line(rng.choice((1, 2)), mover, rng.randint(1, 9), Voice(NAMES)), "verdict")
    in_words(value_text((mover, rng.randint(0, 9)), mover, NAMES), "value")
    in_words(value_text((mover, rng.randint(0, 9)), 3 - mover, NAMES), "value")
    loser = 3 - mover
    text = texts[0]
    after = (loser, rng.randint(0, 5))
    line = hastened_line(game_id, state, 3, text, (loser, 9), after, tuple(texts[:3]), NAMES)
    in_words(line, "shortened")


@pytest.mark.parametrize(("game_id", "variant", "options"), VARIANTS)
def test_no_notation_in_any_text_a_player_reads(game_id: str, variant: str, options: Any) -> None:
    game = get_game(game_id)
    rng = random.Random(f"{game_id}/{variant}")
    for _ in range(2):
        state = game.new(options)
        for _ in range(60):
            note = getattr(state, "note", None)
            if note:
                in_words(name_players(note, NAMES), "status note")
            outcome = game.outcome(state)
            if outcome is not None:
                in_words(result_sentence(outcome, NAMES), "status line")
                in_words(reason_text(outcome, NAMES), "game over")
                break
            check_position(game_id, game, state, rng)
            state = game.play(state, rng.choice(game.legal_moves(state)))


@pytest.mark.parametrize(
    ("game_id", "moves"),
    [("template", ["9@1.1"]), ("conquest", ["5"]), ("fifty", ["6*7"]), ("collect", ["5", "2"])],
)
def test_hints_from_the_solver_are_in_words(game_id: str, moves: list[str]) -> None:
    state = get_game(game_id).replay(None, moves)
    for names in (("Player 1", "Player 2"), NAMES):
        found = hint(game_id, state, names)
        in_words(found.text, "hint")
        assert found.move is not None
        if not found.move.isdigit():  # conquest's move is a bare number, its own words
            assert found.move not in found.text
