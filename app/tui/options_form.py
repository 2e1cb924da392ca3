"""A form for a game's variant options, built from its pydantic Options model: each field
a control by its type, the errors from the model's own validators under their fields.
"""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin

from pydantic import BaseModel, ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from app.tui.choices import OnOff, Tick
from rules.operators import ALL_OPS, shown
from rules.player_text import PlayerTextError, read_whole
from rules.validation import field_of, sentence
from widgets.select import Select

CUSTOM = "custom"


def field_kind(name: str, annotation: Any) -> str:
    """`bool`, `range`, `ops`, `template`, `int`, `optional-int` or `text`."""
    if name == "template":
        return "template"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is tuple and args == (int, int):
        return "range"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return "ops"
    if origin in (typing.Union, types.UnionType) and set(args) == {int, type(None)}:
        return "optional-int"
    return "text"


def label_of(name: str) -> str:
    return name.replace("_", " ").capitalize()


class OptionsForm(Widget):
    """The variant options of one game; `values()` reads them, `fill()` sets them."""

    class Changed(Message):
        """A control changed (the screen re-validates)."""

    def __init__(
        self,
        model: type[BaseModel],
        templates: tuple[str, ...] = (),
        exclude: tuple[str, ...] = (),
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        self.model = model
        self.templates = templates
        self.fields = {
            name: field_kind(name, info.annotation)
            for name, info in model.model_fields.items()
            if name != "first" and name not in exclude
        }

    def compose(self) -> ComposeResult:
        for name, kind in self.fields.items():
            info = self.model.model_fields[name]
            with Vertical(classes="field", id=f"field-{name}"):
                with Horizontal(classes="field-row"):
                    yield Label(label_of(name), classes="field-label")
                    yield from self._controls(name, kind)
                    yield Static(info.description or "", classes="field-help", markup=False)
                yield Static("", id=f"err-{name}", classes="field-error", markup=False)

    def _controls(self, name: str, kind: str) -> ComposeResult:
        if kind == "bool":
            yield OnOff(id=f"opt-{name}", compact=True)
        elif kind == "range":
            yield Input(
                type="integer", id=f"opt-{name}-lo", classes="number", max_length=3, compact=True
            )
            yield Label("to", classes="field-to")
            yield Input(
                type="integer", id=f"opt-{name}-hi", classes="number", max_length=3, compact=True
            )
        elif kind == "ops":
            for index, op in enumerate(ALL_OPS):
                yield Tick(shown(op), id=f"opt-{name}-{index}", classes="op-box", compact=True)
        elif kind == "template":
            choices = [(text, text) for text in self.templates] + [("your own…", CUSTOM)]
            yield Select(
                choices, id=f"opt-{name}", allow_blank=False, classes="template", compact=True
            )
            yield Input(
                placeholder="e.g. _ ÷ (_ − _)",
                id=f"opt-{name}-custom",
                classes="custom",
                compact=True,
            )
        elif kind in ("int", "optional-int"):
            placeholder = "none" if kind == "optional-int" else ""
            yield Input(
                type="integer",
                id=f"opt-{name}",
                classes="number",
                placeholder=placeholder,
                compact=True,
            )
        else:
            yield Input(id=f"opt-{name}", compact=True)

    def fill(self, options: BaseModel) -> None:
        for name, kind in self.fields.items():
            value = getattr(options, name)
            if kind == "bool":
                self.query_one(f"#opt-{name}", OnOff).value = bool(value)
            elif kind == "range":
                self.query_one(f"#opt-{name}-lo", Input).value = str(value[0])
                self.query_one(f"#opt-{name}-hi", Input).value = str(value[1])
            elif kind == "ops":
                for index, op in enumerate(ALL_OPS):
                    self.query_one(f"#opt-{name}-{index}", Tick).value = op in value
            elif kind == "template":
                select = self.query_one(f"#opt-{name}", Select)
                custom = self.query_one(f"#opt-{name}-custom", Input)
                if value in self.templates:
                    select.value = value
                    custom.value = ""
                else:
                    select.value = CUSTOM
                    custom.value = str(value)
                custom.display = select.value == CUSTOM
            else:
                self.query_one(f"#opt-{name}", Input).value = "" if value is None else str(value)

    def values(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The options as data for the model, and the fields that cannot be read."""
        data: dict[str, Any] = {}
        problems: dict[str, str] = {}
        for name, kind in self.fields.items():
            if kind == "bool":
                data[name] = self.query_one(f"#opt-{name}", OnOff).value
            elif kind == "range":
                low = self.query_one(f"#opt-{name}-lo", Input).value
                high = self.query_one(f"#opt-{name}-hi", Input).value
                try:  # each box as one half of the command line's LO-HI
                    data[name] = (read_whole(low), read_whole(high))
                except PlayerTextError as problem:
                    problems[name] = str(problem)
            elif kind == "ops":
                chosen = [
                    op
                    for index, op in enumerate(ALL_OPS)
                    if self.query_one(f"#opt-{name}-{index}", Tick).value
                ]
                data[name] = tuple(chosen)
                if not chosen:
                    problems[name] = "choose at least one operator"
            elif kind == "template":
                choice = self.query_one(f"#opt-{name}", Select).value
                if choice == CUSTOM:
                    data[name] = self.query_one(f"#opt-{name}-custom", Input).value
                else:
                    data[name] = choice
            else:
                text = self.query_one(f"#opt-{name}", Input).value.strip()
                if kind == "optional-int" and not text:
                    data[name] = None
                elif kind in ("int", "optional-int"):
                    try:  # as the command line reads a number flag
                        data[name] = read_whole(text, negative=True)
                    except PlayerTextError as problem:
                        problems[name] = str(problem)
                else:
                    data[name] = text
        return data, problems

    def validate_options(self, first: int) -> tuple[BaseModel | None, list[str]]:
        """The options model, or None; the errors that belong to no field are returned."""
        data, problems = self.values()
        errors: dict[str, str] = dict(problems)
        general: list[str] = []
        result: BaseModel | None = None
        if not problems:
            try:
                result = self.model.model_validate({**data, "first": first})
            except ValidationError as error:
                for item in error.errors():
                    field = field_of(item)
                    if field in self.fields:
                        errors.setdefault(field, sentence(item))
                    else:
                        general.append(sentence(item))
        for name in self.fields:
            line = self.query_one(f"#err-{name}", Static)
            line.update(errors.get(name, ""))
            line.display = name in errors
        return result, general

    @on(Tick.Changed)
    @on(Input.Changed)
    def _changed(self, event: Message) -> None:
        self.post_message(self.Changed())

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        for name, kind in self.fields.items():
            if kind == "template":
                custom = self.query_one(f"#opt-{name}-custom", Input)
                custom.display = self.query_one(f"#opt-{name}", Select).value == CUSTOM
        self.post_message(self.Changed())
