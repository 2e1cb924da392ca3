"""Test hooks for searches in the helper process: a search held back until the test
lets it go. The hooks are module-level functions, so they travel to the helper process
(by name, as pickles do); the test and the helper talk through a file."""

from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def held(flag: str, module: str, name: str, *args: Any) -> Any:
    """`module.name(*args)` once the file `flag` exists (waiting at most 30 s).

    The function goes by name: the one the test replaces in its own process is the real
    one in the helper's."""
    for _ in range(3000):
        if Path(flag).exists():
            break
        time.sleep(0.01)
    return getattr(importlib.import_module(module), name)(*args)


class Hold:
    """A search held back: `wrap(function)` is the held one; `release()` lets it go."""

    def __init__(self, folder: Path) -> None:
        self.flag = folder / "release"

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        return functools.partial(held, str(self.flag), function.__module__, function.__name__)

    def release(self) -> None:
        self.flag.touch()


def broken(*args: Any) -> Any:
    """A search that fails (as the solver does on a position it cannot settle)."""
    raise RuntimeError("the solver broke")


def modules_loaded(prefix: str) -> list[str]:
    """The modules named `prefix` or `prefix.…` loaded in this process (the helper's)."""
    import sys

    return sorted(m for m in sys.modules if m == prefix or m.startswith(prefix + "."))
