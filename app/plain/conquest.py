"""Equation Conquest, line by line, as the seed's command-line example plays it."""

from __future__ import annotations

from typing import ClassVar

from app.plain.base import PlainDriver
from rules.collect_text import numbers_text
from rules.conquest import ConquestMove, ConquestState
from rules.equation.check import pretty_equation
from rules.player_text import PlayerTextError, normalize_equation, read_whole


class Driver(PlainDriver):
    game_id: ClassVar[str] = "conquest"

    def welcome(self, state: ConquestState) -> None:
        if state.sequence:
            self.say(f"Game resumed. Sequence: {numbers_text(state.sequence)}")
        else:
            self.say("Game Start! The sequence is empty.")
        if state.options.declare:
            self.say("Declare variant: state the equation the last three numbers form to win.")

    def human_turn(self, state: ConquestState) -> ConquestMove:
        low, high = state.options.pool
        player = state.to_move
        self.say()
        self.say(f"{self.name(player)}'s turn.")
        while True:
            answer = self.console.ask(f"Enter a number ({low}-{high}): ")
            try:
                number = read_whole(answer, low=low, high=high)
            except PlayerTextError as error:
                why = "" if error.kind in ("missing", "not-number", "range") else f"{error}; "
                self.say(f"Invalid input: {why}enter a whole number from {low} to {high}.")
                continue
            declaration = None
            if state.options.declare and len(state.sequence) >= 2:
                a, b = state.sequence[-2:]
                said = self.console.ask(
                    f"Sequence: [..., {a}, {b}, {number}]. State your equation "
                    "(or press Enter for none): "
                )
                declaration = normalize_equation(said) or None
            move = ConquestMove(number=number, declaration=declaration)
            if self.offer(move):
                return move

    def say_refusal(self, reason: str) -> None:
        self.say(f"Invalid move: {reason.rstrip('.')}.")

    def report(self, before: ConquestState, move: ConquestMove, after: ConquestState) -> None:
        self.say(f"Sequence: {numbers_text(after.sequence)}")
        if after.winner is not None and after.equation is not None:
            verb = "declared" if after.options.declare else "formed"
            self.say(f"Equation {verb}: {pretty_equation(after.equation)}")
            self.say(f"{self.name(after.winner)} wins!")
        elif after.note:
            self.say(after.note)
        else:
            self.say("No equation formed. Game continues.")
