"""Equation templates with slots, like `_ + _ × _`, for the template game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.equation.parse import Step, to_postfix
from rules.equation.preview import evaluate_steps
from rules.equation.tokens import EquationSyntaxError, Token, spaced, tokenize


class TemplateError(ValueError):
    """A template that cannot be used; the message says why."""


@dataclass(frozen=True)
class Template:
    tokens: tuple[Token, ...]
    steps: tuple[Step, ...]

    @property
    def slots(self) -> int:
        return sum(1 for token in self.tokens if token.kind == "slot")

    @property
    def text(self) -> str:
        return self.render([None] * self.slots, blank="_")

    def render(self, values: Sequence[int | None], blank: str = "__") -> str:
        """The template with `values` in its slots (None shows as `blank`)."""
        shown = [blank if value is None else str(value) for value in values]
        return spaced(self.tokens, lambda slot: shown[slot] if slot < len(shown) else blank)

    def evaluate(self, values: Sequence[int]) -> Fraction | None:
        """The exact result with `values` in the slots; None when it divides by zero."""
        return evaluate_steps(self.steps, values)


def parse_template(text: str) -> Template:
    """A template from text such as `(_ + _) × _`; raises TemplateError."""
    try:
        tokens = tokenize(text, slots=True)
    except EquationSyntaxError as error:
        raise TemplateError(str(error).replace("an equation", "a template")) from error
    for token in tokens:
        if token.kind == "num":
            raise TemplateError("a template holds slots _ and operators, not numbers")
        if token.kind == "=":
            raise TemplateError("a template is one expression, without =")
    if not any(token.kind == "slot" for token in tokens):
        raise TemplateError("a template needs slots, written _")
    try:
        steps = to_postfix(tokens, side="the template")
    except EquationSyntaxError as error:
        raise TemplateError(str(error)) from error
    return Template(tuple(tokens), tuple(steps))
