"""A form for a game's variant options, built from its pydantic Options model: each field
a control by its type, the errors from the model's own validators under their fields.
"""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar, get_args, get_origin

from pydantic import BaseModel, ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from app.tui.choices import Choices
from rules.operators import ALL_OPS, shown
from rules.player_text import PlayerTextError, read_whole
from rules.validation import field_of, sentence

CUSTOM = "custom"
#: A yes-or-no option's choices.
ON_OFF = (("on", True), ("off", False))


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


W = TypeVar("W", bound=Widget)


def compact(widget: W) -> W:
    """`widget` (an `Input`, a `Button`, a `Select`) compact, not restyled as it is made
    (`compact=True` applies the style sheet to it then, and again as it mounts)."""
    widget.add_class("-textual-compact", update=False)
    widget.set_reactive(type(widget).compact, True)  # type: ignore[attr-defined]
    return widget


def entry(**kw: Any) -> Input:
    """A compact box, not validated by Textual (its `-valid` class restyled it at each
    change; the form's own checks say what is wrong, under the field)."""
    return compact(Input(validate_on=(), **kw))


class FieldRow(Horizontal):
    """A field's row: its label drawn by the row itself, in the cells its first control
    leaves (`-labelled`: a margin), one widget less a field than a `Label` (issue 37)."""

    def __init__(self, label: str, style: str = "bold", classes: str = "") -> None:
        super().__init__(classes=f"field-row {classes}")
        self.label = Content.styled(label, style)

    def compose_add_child(self, widget: Widget) -> None:
        if not self._pending_children:
            widget.add_class("-labelled", update=False)
        super().compose_add_child(widget)

    def render(self) -> Content:
        return self.label


def say(line: Static, text: str) -> None:
    """A line of the form says `text`, hidden if empty; not touched if it says it already
    (each change lays the form out again)."""
    if line.content != text:
        line.update(text)
    if line.display != bool(text):
        line.display = bool(text)


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
            with FieldRow(name.replace("_", " ").capitalize()):
                yield from self._controls(name, kind)
                yield Static(info.description or "", classes="field-help", markup=False)
            if kind == "template":  # (under its choices, when "your own…" is chosen)
                custom = "e.g. _ ÷ (_ − _)"
                yield entry(placeholder=custom, id=f"opt-{name}-custom", classes="custom")
            yield Static("", id=f"err-{name}", classes="field-error", markup=False)

    def _controls(self, name: str, kind: str) -> ComposeResult:
        if kind == "bool":
            yield Choices(ON_OFF, False, id=f"opt-{name}")
        elif kind == "range":
            yield entry(type="integer", id=f"opt-{name}-lo", classes="number", max_length=3)
            yield Label("to", classes="field-to")
            yield entry(type="integer", id=f"opt-{name}-hi", classes="number", max_length=3)
        elif kind == "ops":
            yield Choices([(shown(op), op) for op in ALL_OPS], several=True, id=f"opt-{name}")
        elif kind == "template":
            choices = [(text, text) for text in self.templates] + [("your own…", CUSTOM)]
            yield Choices(choices, id=f"opt-{name}", classes="template")
        elif kind in ("int", "optional-int"):
            placeholder = "none" if kind == "optional-int" else ""
            yield entry(type="integer", id=f"opt-{name}", classes="number", placeholder=placeholder)
        else:
            yield entry(id=f"opt-{name}")

    def fill(self, options: BaseModel) -> None:
        for name, kind in self.fields.items():
            value = getattr(options, name)
            if kind == "bool":
                self.query_one(f"#opt-{name}", Choices).value = bool(value)
            elif kind == "range":
                self.query_one(f"#opt-{name}-lo", Input).value = str(value[0])
                self.query_one(f"#opt-{name}-hi", Input).value = str(value[1])
            elif kind == "ops":
                self.query_one(f"#opt-{name}", Choices).ticked = value
            elif kind == "template":
                chosen = self.query_one(f"#opt-{name}", Choices)
                custom = self.query_one(f"#opt-{name}-custom", Input)
                chosen.value = value if value in self.templates else CUSTOM
                custom.value = "" if value in self.templates else str(value)
                custom.display = chosen.value == CUSTOM
            else:
                self.query_one(f"#opt-{name}", Input).value = "" if value is None else str(value)

    def values(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The options as data for the model, and the fields that cannot be read."""
        data: dict[str, Any] = {}
        problems: dict[str, str] = {}
        for name, kind in self.fields.items():
            if kind in ("bool", "template"):  # (the template's "your own…": its box)
                data[name] = self.query_one(f"#opt-{name}", Choices).value
                if kind == "template" and data[name] == CUSTOM:
                    data[name] = self.query_one(f"#opt-{name}-custom", Input).value
            elif kind == "range":
                low = self.query_one(f"#opt-{name}-lo", Input).value
                high = self.query_one(f"#opt-{name}-hi", Input).value
                try:  # each box as one half of the command line's LO-HI
                    data[name] = (read_whole(low), read_whole(high))
                except PlayerTextError as problem:
                    problems[name] = str(problem)
            elif kind == "ops":
                data[name] = self.query_one(f"#opt-{name}", Choices).ticked
                if not data[name]:
                    problems[name] = "choose at least one operator"
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
            say(self.query_one(f"#err-{name}", Static), errors.get(name, ""))
        return result, general

    @on(Choices.Changed)
    @on(Input.Changed)
    def _changed(self, event: Message) -> None:
        for name, kind in self.fields.items():
            if kind == "template":
                custom = self.query_one(f"#opt-{name}-custom", Input)
                custom.display = self.query_one(f"#opt-{name}", Choices).value == CUSTOM
        self.post_message(self.Changed())
