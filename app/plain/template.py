"""Plain-text Templates, with the prompts of the seed's "Sample Command-Line Interaction".

At the digit prompt a whole move in notation (`9@1.1`) is accepted too."""

from __future__ import annotations

import re
from typing import cast

from app.plain.base import PlainDriver
from rules.base import Ending, IllegalMove, Outcome, PlayerNo
from rules.player_text import PlayerTextError, normalize, read_whole
from rules.template import (
    SLOTS,
    TemplateGame,
    TemplateMove,
    TemplateState,
    empty_slots,
    partial_text,
    pool_text,
    result_text,
)
from rules.words.common import capitalized
from rules.words.outcome import reason_text

SLOT_EXAMPLE = "(e.g., P1 Slot 1, P2 Slot 2)"
_SLOT = re.compile(
    r"^\s*(?:p(?:layer)?\s*)?([0-9])\s*(?:[.,:/-]\s*)?(?:s(?:lot)?\s*)?([0-9])\s*$", re.IGNORECASE
)


def parse_slot(text: str) -> tuple[PlayerNo, int] | None:
    """`P1 Slot 1`, `p1 slot 1`, `P1 1`, `1.1`, `1 1` -> (1, 1); None if it is not a slot."""
    try:
        found = _SLOT.match(normalize(text))
    except PlayerTextError:
        return None
    if found is None:
        return None
    player, slot = int(found.group(1)), int(found.group(2))
    if player not in (1, 2) or not 1 <= slot <= SLOTS:
        return None
    return (1 if player == 1 else 2), slot


class Driver(PlainDriver):
    game_id = "template"
    #: The position the transcript has reached (for the results at the end).
    state: TemplateState | None = None
    _example_shown = False

    # What the seed prints.

    def equations(self, state: TemplateState) -> None:
        for player in (1, 2):
            self.say(f"{self.name(player)}'s equation: {partial_text(state, player)}")

    def board(self, state: TemplateState) -> None:
        self.say(f"Available digits: {pool_text(state.pool)}")
        self.say()
        self.equations(state)
        self.say()

    def welcome(self, state: TemplateState) -> None:
        self.state = state
        self.say("Welcome to Equation Duel!")
        self.board(state)

    def start_round(self, state: TemplateState) -> None:
        self.state = state
        self.board(state)

    def human_turn(self, state: TemplateState) -> TemplateMove:
        player = state.to_move
        self.say(f"{self.name(player)}, it's your turn.")
        self.say(f"Available digits: {pool_text(state.pool)}")
        while True:
            answer = self.console.ask("Select a digit: ").strip()
            if "@" in answer:  # a whole move in notation, e.g. 9@1.1
                move = self._try(state, answer)
                if move is not None:
                    return move
                continue
            try:
                digit = read_whole(answer, what="a digit")
                problem = None if len(answer) == 1 else f"{answer!r} is not a digit"
            except PlayerTextError as error:
                problem = str(error)
            if problem is not None:
                self.say(
                    f"{capitalized(problem)}. "
                    f"Select one of the available digits: {pool_text(state.pool)}."
                )
                continue
            player_slot = empty_slots(state)[0]  # any empty slot: only the digit is checked
            probe = TemplateMove(digit=digit, player=player_slot[0], slot=player_slot[1])
            try:  # (the rules' check, before a slot is asked)
                cast(TemplateGame, self.game).check(state, probe)
            except IllegalMove as error:
                self.say_refusal(str(error))
                continue
            return self._choose_slot(state, digit)

    def _choose_slot(self, state: TemplateState, digit: int) -> TemplateMove:
        while True:
            example = "" if self._example_shown else f" {SLOT_EXAMPLE}"
            answer = self.console.ask(f"Choose a slot to place the digit{example}: ")
            self._example_shown = True
            try:
                normalize(answer)
            except PlayerTextError as error:
                self.say(f"{capitalized(str(error))}.")
                continue
            slot = parse_slot(answer)
            if slot is None:
                self.say(
                    f"{answer.strip()!r} is not a slot. Name one like P1 Slot 1 or P2 Slot 3: "
                    "P1 or P2, then slot 1, 2 or 3 (left to right)."
                )
                continue
            move = TemplateMove(digit=digit, player=slot[0], slot=slot[1])
            if self.offer(move):
                return move

    def _try(self, state: TemplateState, text: str) -> TemplateMove | None:
        try:
            move: TemplateMove = self.game.parse_move(text)
        except IllegalMove as error:
            self.say(self.names_in(f"{error}."))
            return None
        return move if self.offer(move) else None

    def say_refusal(self, reason: str) -> None:
        self.say(self.names_in(reason))

    def report(self, before: TemplateState, move: TemplateMove, after: TemplateState) -> None:
        self.state = after
        self.say()
        self.equations(after)
        self.say()
        if after.note:
            self.say(self.names_in(after.note))

    def results(self, state: TemplateState | None, outcome: Outcome) -> None:
        """`Calculating results...`, both results, and why when the results do not show it."""
        if state is not None and state.is_full():
            self.say("Calculating results...")
            for player in (1, 2):
                self.say(f"{self.name(player)}'s result: {result_text(state, player)}")
            self.say()
        if outcome.ending is not Ending.HIGHER_RESULT:  # the results above say why
            self.say(capitalized(reason_text(outcome, self.names)) + ".")

    def final(self, outcome: Outcome) -> None:
        self.results(self.state, outcome)
        self.say(f"{self.name(outcome.winner)} wins!")
