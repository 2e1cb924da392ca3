"""The options of Templates; a template is stored in its canonical text (`_ + _ × _`)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field, field_validator, model_validator

from rules.base import GameOptions
from rules.equation import Template, parse_template

#: The named templates (seed's default and "Additional Rules"), in canonical text.
TEMPLATES: tuple[str, ...] = ("_ + _ × _", "(_ + _) × _", "_ × _ − _", "_ × (_ + _)")
#: Each template has this many slots; both templates together are full after 2 × SLOTS turns.
SLOTS = 3
TURN_SECONDS_RANGE = (5, 3600)
ROUNDS_RANGE = (1, 9)

#: The digits placed in one player's template, slots 1-3 left to right (None = empty).
Slots = tuple[int | None, int | None, int | None]
EMPTY: Slots = (None, None, None)


@lru_cache(maxsize=64)
def template_of(text: str) -> Template:
    """The parsed template (raises TemplateError, a ValueError, with a clear message)."""
    return parse_template(text)


class TemplateOptions(GameOptions):
    """How a game of Templates is set up."""

    template: str = Field(default=TEMPLATES[0], description="The equation both players fill.")
    digits: tuple[int, int] = Field(default=(1, 9), description="Lowest and highest digit.")
    copies: int = Field(default=1, description="How often each digit is in the pool (1 or 2).")
    rounds_to_win: int = Field(default=1, description="Round wins that take the match (1–9).")
    turn_seconds: int | None = Field(
        default=None, description="Seconds a player has for a turn (5–3600), or no limit."
    )

    @field_validator("template")
    @classmethod
    def _template_has_three_slots(cls, value: str) -> str:
        template = template_of(value)
        if template.slots != SLOTS:
            raise ValueError(
                f"a template needs exactly {SLOTS} slots _, and {template.text} has "
                f"{template.slots}"
            )
        return template.text

    @field_validator("digits")
    @classmethod
    def _digits_in_range(cls, value: tuple[int, int]) -> tuple[int, int]:
        lo, hi = value
        if not 0 <= lo <= hi <= 9:
            raise ValueError(
                f"the digits must run from a lowest to a highest within 0-9, not {lo}-{hi}"
            )
        return value

    @field_validator("copies")
    @classmethod
    def _copies_one_or_two(cls, value: int) -> int:
        if value not in (1, 2):
            raise ValueError(
                f"each digit is in the pool once or twice (copies 1 or 2), not {value}"
            )
        return value

    @field_validator("rounds_to_win")
    @classmethod
    def _rounds_in_range(cls, value: int) -> int:
        lo, hi = ROUNDS_RANGE
        if not lo <= value <= hi:
            raise ValueError(f"the round wins needed must be between {lo} and {hi}, not {value}")
        return value

    @field_validator("turn_seconds")
    @classmethod
    def _seconds_in_range(cls, value: int | None) -> int | None:
        lo, hi = TURN_SECONDS_RANGE
        if value is not None and not lo <= value <= hi:
            raise ValueError(
                f"the time per turn must be between {lo} and {hi} seconds, not {value}"
            )
        return value

    @model_validator(mode="after")
    def _pool_fills_the_slots(self) -> TemplateOptions:
        size = len(self.pool())
        if size < 2 * SLOTS:
            lo, hi = self.digits
            raise ValueError(
                f"the digits {lo}-{hi} give a pool of {size}, but the six slots need at least "
                f"{2 * SLOTS} digits (widen the digits or use copies 2)"
            )
        return self

    def pool(self) -> tuple[int, ...]:
        """The whole pool at the start, in increasing order (repeats for copies 2)."""
        lo, hi = self.digits
        return tuple(d for d in range(lo, hi + 1) for _ in range(self.copies))

    def parsed(self) -> Template:
        return template_of(self.template)
