"""Campaigns that keep the app unbreakable (issue 10): each is a module with a `run`
function returning its tally and a `main` that prints it (`python -m tests.campaigns.X
--help`); tests/app/test_campaigns.py runs a short seeded version of each by default and
the long one in the soak set (`pytest -m soak`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Tally:
    """What a campaign tried, and what went wrong: `crashes` (an exception or a
    traceback), `hangs` (no progress within the campaign's time), `losses` (a file
    changed or lost), `refused` and `loaded` outcomes."""

    what: str
    tried: int = 0
    crashes: int = 0
    losses: int = 0
    hangs: int = 0
    refused: int = 0
    loaded: int = 0
    problems: list[str] = field(default_factory=list)
    #: What `refused` and `loaded` count in this campaign.
    labels: tuple[str, str] = ("refused", "loaded")

    def crash(self, text: str) -> None:
        self.crashes += 1
        self.problems.append(f"crash: {text}")

    def hang(self, text: str) -> None:
        self.hangs += 1
        self.problems.append(f"hang: {text}")

    def loss(self, text: str) -> None:
        self.losses += 1
        self.problems.append(f"loss: {text}")

    def line(self) -> str:
        return (
            f"{self.what:<44} {self.tried:>7} {self.crashes:>7} {self.hangs:>7} {self.losses:>7}"
            f"   ({self.labels[0]} {self.refused}, {self.labels[1]} {self.loaded})"
        )


def table(tallies: list[Tally]) -> str:
    """`what was tried — how many — crashes — hangs — losses`, one line per tally."""
    head = f"{'what was tried':<44} {'how many':>7} {'crashes':>7} {'hangs':>7} {'losses':>7}"
    lines = [head, *(t.line() for t in tallies)]
    for tally in tallies:
        lines += [f"  {problem}" for problem in tally.problems[:20]]
    return "\n".join(lines)


def seeded_main(
    doc: str,
    run: Callable[[int, int], list[Tally]],
    count: int,
    counted: str,
    argv: list[str] | None,
) -> int:
    """A campaign's `main` that takes `--seed` and `--count` (how many `counted`), prints
    the tallies and fails on a crash or a loss."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=count, help=f"how many {counted}")
    args = parser.parse_args(argv)
    tallies = run(args.seed, args.count)
    print(table(tallies))
    return 0 if all(t.crashes == 0 and t.losses == 0 for t in tallies) else 1
