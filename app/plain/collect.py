"""Plain-text Collect & Declare, with the prompts of the seed's command-line sample."""

from __future__ import annotations

from typing import cast

from app.plain.base import PlainDriver
from app.plain.choosing import yes_no
from app.plain.stops import EndOfInput
from rules.base import IllegalMove
from rules.collect import SUDDEN_DEATH_TURNS, CollectGame, CollectMove, CollectState
from rules.collect_text import declaration_note, numbers_text
from rules.equation.check import pretty_equation
from rules.operators import shown
from rules.player_text import PlayerTextError, normalize_equation, read_whole


class Driver(PlainDriver):
    game_id = "collect"

    def welcome(self, state: CollectState) -> None:
        opts = state.options
        variants = []
        if opts.pool != (1, 9):
            variants.append(f"numbers {opts.pool[0]} to {opts.pool[1]}")
        if opts.double_digits:
            variants.append("double digits allowed")
        if len(opts.ops) < 4:
            variants.append("operators " + " ".join(shown(op) for op in opts.ops) + " only")
        if variants:
            self.say("Variant: " + ", ".join(variants) + ".")
        self.say(f"Available Numbers: {numbers_text(state.pool)}")
        for player in (1, 2):
            self.say(f"{self.name(player)}'s Numbers: {numbers_text(state.collected[player - 1])}")
        if state.phase == "sudden-death" and state.result is None:
            self.say()
            self.say("Sudden death: no more numbers can be selected.")

    def header(self, state: CollectState) -> None:
        player = state.to_move
        mine = numbers_text(state.numbers_of(player))
        self.say()
        if state.phase == "sudden-death":
            turn = state.sudden_death_turns + 1
            total = SUDDEN_DEATH_TURNS
            self.say(f"Sudden death, turn {turn} of {total}: {self.name(player)}'s turn.")
        else:
            self.say(f"{self.name(player)}, select a number from the available numbers.")
            self.say(f"Available Numbers: {numbers_text(state.pool)}")
        self.say(f"Your Numbers: {mine}")
        self.say()

    def ask_number(self, state: CollectState) -> int:
        while True:
            answer = self.console.ask("Enter number: ")
            try:
                number = read_whole(answer)
            except PlayerTextError as error:
                why = "" if error.kind in ("missing", "not-number") else _sentence(str(error)) + " "
                self.say(
                    f"{why}Please enter one of the available numbers: {numbers_text(state.pool)}"
                )
                continue
            try:  # the pick rules alone: the move is handed over with its declaration
                cast(CollectGame, self.game).check_pick(state, number)
            except IllegalMove as error:
                self.say(self.names_in(_sentence(str(error))))
                continue
            return number

    def ask_declaration(self) -> str | None:
        if not yes_no(self.console, "Do you want to attempt an equation? (yes/no): "):
            return None
        text = self.console.ask("Enter your equation using your numbers: ")
        if not text.strip():
            self.say("No equation entered.")
            return None
        return normalize_equation(text)  # the notation a record keeps: the same verdict

    def human_turn(self, state: CollectState) -> CollectMove:
        self.header(state)
        if state.phase == "sudden-death":
            return CollectMove(declaration=self.ask_declaration())
        number = self.ask_number(state)
        self.say(f"Number {number} selected.")
        self.say()
        try:
            declaration = self.ask_declaration()
        except (EndOfInput, KeyboardInterrupt) as stop:  # the pick is kept: it is played
            self.pending_stop = stop
            declaration = None
        return CollectMove(pick=number, declaration=declaration)

    def announce_computer(self, state: CollectState, move: CollectMove) -> None:
        self.header(state)
        who = self.computer_words(state.to_move)
        if move.pick is not None:
            self.say(f"{who} selects number {move.pick}.")
        if move.declaration is None:
            self.say(f"{who} does not attempt an equation.")
        else:
            self.say(f"{who} declares {pretty_equation(move.declaration)}.")

    def report(self, before: CollectState, move: CollectMove, after: CollectState) -> None:
        if move.declaration is not None:
            self.say()
            valid = bool(after.last_valid)
            self.say(self.names_in(declaration_note(before.to_move, valid, after.last_reason)))
        if before.phase == "draft" and after.phase == "sudden-death":
            self.say()
            self.say("All numbers have been selected and no valid equation has been declared.")
            self.say(
                self.names_in(
                    "Sudden death! No more numbers can be selected. Each player may attempt one "
                    "equation per turn, for two full rounds (four turns), starting with "
                    f"Player {after.to_move}."
                )
            )
            self.say(
                "If no one succeeds, the higher sum of collected numbers wins; equal sums: "
                "the player holding the largest number wins."
            )
        elif after.result is not None and not after.last_valid:
            self.say()
            self.say("Sudden death is over and no valid equation has been declared.")


def _sentence(message: str) -> str:
    """A rules message as a line of its own: capital first letter, full stop."""
    text = message[:1].upper() + message[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
