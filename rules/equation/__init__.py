"""The equation checker: our own tokenizer and parser; sympy only sees numbers built here."""

from rules.equation.check import Verdict, check_equation, pretty_equation
from rules.equation.preview import evaluate_steps, preview_equation
from rules.equation.search import find_equation
from rules.equation.template import Template, TemplateError, parse_template
from rules.equation.tokens import MAX_LENGTH, EquationSyntaxError
from rules.player_text import normalize_equation

__all__ = [
    "MAX_LENGTH",
    "EquationSyntaxError",
    "Template",
    "TemplateError",
    "Verdict",
    "check_equation",
    "evaluate_steps",
    "find_equation",
    "normalize_equation",
    "parse_template",
    "pretty_equation",
    "preview_equation",
]
