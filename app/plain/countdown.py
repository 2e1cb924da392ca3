"""Countdown Duel line by line, with the prompts and messages of the seed's sample."""

from __future__ import annotations

from typing import Any, ClassVar

from app.plain.base import PlainDriver
from app.plain.choosing import yes_no
from rules.base import Ending, MoveSyntaxError, Outcome, PlayerNo
from rules.countdown import PASS, CountdownGame, CountdownMove, CountdownState, format_numbers


class Driver(PlainDriver):
    game_id: ClassVar[str] = "countdown"
    report_says_move = True

    @property
    def countdown(self) -> CountdownGame:
        game = self.game
        assert isinstance(game, CountdownGame)
        return game

    #: The target of the game being played (welcome() reads it from the state).
    target: int = 30

    def welcome(self, state: CountdownState) -> None:
        options = state.options
        self.target = options.target
        lo, hi = options.pool
        self.say("Countdown Duel")
        self.say(
            f"Reach {options.target} or more with your move to win. "
            f"Each player has their own numbers {lo}-{hi}, each usable once."
        )
        self.say("Enter an operator and a number (e.g. '+5', '*3', '/2', '-9'), or 'pass'.")

    def status(self, state: CountdownState) -> None:
        """The running total and both players' numbers, at the start of a turn."""
        self.say()
        self.say(f"Running total: {state.running_total} (target {state.options.target})")
        left = " | ".join(
            f"{self.name(p)}: {format_numbers(state.available_to(p))}" for p in (1, 2)
        )
        self.say(f"Numbers left: {left}")

    def prompt(self, state: CountdownState) -> str:
        player = state.to_move
        own = state.available_to(player)
        example = own[len(own) // 2]  # 5 while a player has all of 1-9
        return f"{self.name(player)}, enter your number and operation (e.g., '+{example}'): "

    def human_turn(self, state: CountdownState) -> CountdownMove:
        self.status(state)
        if not state.available_to(state.to_move):
            return PASS  # a forced skip; report() says so
        while True:
            text = self.console.ask(self.prompt(state))
            try:
                move = self.countdown.parse_move(text)
            except MoveSyntaxError as error:
                self.say(f"Invalid input: {error}")
                continue
            if move.is_pass and not yes_no(self.console, "Pass your turn? (yes/no): "):
                continue
            return move

    def announce_computer(self, state: CountdownState, move: Any) -> None:
        self.status(state)
        super().announce_computer(state, move)

    def report(self, before: CountdownState, move: CountdownMove, after: CountdownState) -> None:
        player: PlayerNo = before.to_move
        name = self.name(player)
        if move.is_pass:
            self.say(self.names_in(after.note) if after.note else f"{name} passes.")
            return
        reason = self.countdown.invalid_reason(before, move)
        if reason is not None:
            self.say(f"Invalid move: {reason}")
            self.say(f"{name} loses their turn.")
            return
        self.say(self.countdown.describe(name, move, after.running_total))
        self.say(f"{name}'s available numbers: {format_numbers(after.available_to(player))}.")

    def final(self, outcome: Outcome) -> None:
        if outcome.ending is not Ending.STALEMATE:  # the result line says stalemate
            self.say(f"Running total has reached or exceeded {self.target}.")
        self.say(f"{self.name(outcome.winner)} wins the game!")
