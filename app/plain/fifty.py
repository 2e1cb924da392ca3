"""Plain-text Exactly Fifty, with the prompts and messages of the seed's section 8."""

from __future__ import annotations

import re
from typing import ClassVar

from app.plain.base import PlainDriver
from rules.base import IllegalMove, PlayerNo, other
from rules.fifty import FiftyMove, FiftyState, equation_text, preview
from rules.operators import Op, parse_op
from rules.player_text import PlayerTextError, normalize, read_whole
from rules.words.common import number_text, points_text

DIFFERENT_AND_UNUSED = "Error: Numbers must be different and unused."


def numbers_text(numbers: tuple[int, ...]) -> str:
    return " ".join(str(n) for n in numbers)


def signed(value: int) -> str:
    """A term added to a score: `24`, or `(-8)` for a negative one."""
    return str(value) if value >= 0 else f"({value})"


class Driver(PlainDriver):
    game_id: ClassVar[str] = "fifty"
    report_says_move = True

    def welcome(self, state: FiftyState) -> None:
        options = state.options
        one, two = self.name(1), self.name(2)
        self.say("Welcome to Equation Duel!")
        if state.scores == (0, 0) and state.pool == options.numbers():
            self.say(f"{one} and {two} start with 0 points.")
        else:
            self.say(f"{one} has {state.score(1)} points and {two} has {state.score(2)}.")
        if options.target != 50:
            self.say(f"The target is exactly {points_text(options.target)}.")
        self.say(f"Available Numbers: {numbers_text(state.pool)}")
        if self.game.outcome(state) is None:
            if state.pool == options.numbers():
                self.say(f"{self.name(state.to_move)} will go first.")
            else:
                self.say(f"{self.name(state.to_move)} moves next.")

    def human_turn(self, state: FiftyState) -> FiftyMove:
        player = state.to_move
        name = self.name(player)
        self.say()
        self.say(f"Available Numbers: {numbers_text(state.pool)}")
        self.say(f"{name}'s Score: {state.score(player)}")
        first = self.ask_number(state, f"{name}, select your first number:", whole=True)
        if isinstance(first, FiftyMove):  # the whole move at once: 6*7, or 6 times 7
            return first
        second = self.ask_number(state, f"{name}, select your second number:", first)
        assert isinstance(second, int)
        op = self.ask_op(f"{name}, choose an operation (+, -, *, /):")
        return FiftyMove(a=first, op=op, b=second)

    def ask_number(
        self, state: FiftyState, prompt: str, first: int | None = None, whole: bool = False
    ) -> int | FiftyMove:
        """One unused number (different from `first`); errors ask again. With `whole`, a
        whole move may be typed instead (returned as the move)."""
        while True:
            text = self.console.ask("> ", heading=prompt).strip()
            if whole and any(op in text for op in "+-*/×÷−"):
                move = self.whole_move(state, text)
                if move is not None:
                    return move
                continue
            if not whole and re.search(r"[0-9]\s*[-+*/×÷−]\s*[0-9]", text):  # (6 times 7)
                self.say("Error: one number here; a whole move goes at the first prompt.")
                continue
            error = self.number_error(state, text, first)
            if error is None:
                return read_whole(text)
            self.say(error)

    def whole_move(self, state: FiftyState, text: str) -> FiftyMove | None:
        """A whole move typed at the first prompt (`6*7`), handed to the match; None
        when it was refused (the reason is said)."""
        try:
            move: FiftyMove = self.game.parse_move(text)
        except IllegalMove as error:
            self.say_refusal(str(error))
            return None
        return move if self.offer(move) else None

    def say_refusal(self, reason: str) -> None:
        self.say(f"Error: {reason.rstrip('.')}.")

    def number_error(self, state: FiftyState, text: str, first: int | None) -> str | None:
        available = numbers_text(state.pool)
        if not text:
            return f"Error: Please enter a number. Available Numbers: {available}"
        try:
            number = read_whole(text, what="a number")
        except PlayerTextError as error:
            return f"Error: {error}. Available Numbers: {available}"
        if number not in state.options.numbers():
            return f"Error: {number} is not in the pool ({state.pool_text()})."
        if first is not None:  # the seed's message for the second number
            return DIFFERENT_AND_UNUSED if number == first or number not in state.pool else None
        if number not in state.pool:
            return f"Error: Number {number} is already used. Available Numbers: {available}"
        return None

    def ask_op(self, prompt: str) -> Op:
        while True:
            text = self.console.ask("> ", heading=prompt).strip()
            try:
                op = parse_op(normalize(text))
            except PlayerTextError as error:
                self.say(f"Error: {error}. Choose +, -, * or /.")
                continue
            if op is not None:
                return op
            shown = repr(text) if text else "nothing"
            self.say(f"Error: Unknown operation {shown}. Choose +, -, * or /.")

    def report(self, before: FiftyState, move: FiftyMove, after: FiftyState) -> None:
        player: PlayerNo = before.to_move
        name = self.name(player)
        value, score = preview(before, move)
        # × ÷ − as the other games print them (app.process.streams writes ASCII where it must)
        self.say(f"Equation: {equation_text(move)} = {number_text(value)}")
        if move.op == "/" and move.a % move.b:
            self.say(f"(Integer division: the remainder {move.a % move.b} is dropped.)")
        self.say(f"{name}'s new score: {before.score(player)} + {signed(value)} = {score}")
        target = before.options.target
        if after.busted is not None:
            self.say(f"{name}'s score exceeds {target}.")
            self.say(f"{name} loses. {self.name(other(player))} wins!")
            return
        self.say(f"Numbers {move.a} and {move.b} are now used.")
        if after.hit is not None:
            self.say(f"{name}'s score is exactly {target}.")
            self.say(f"{name} wins!")
        elif len(after.pool) == 1:
            self.say(f"Only number {after.pool[0]} is left: the game ends.")
        elif not after.pool:
            self.say("No numbers are left: the game ends.")
