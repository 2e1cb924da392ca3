"""`equation-duel class join CODE@ADDR:PORT [--name NAME]` without `--plain`: the full
screen, opened on the join form (`app.tui.hub_join`) over the menu; with the name given,
it knocks at once."""

from __future__ import annotations

from app.tui.app import EquationDuelApp, run_app
from app.tui.hub_join import HubJoinScreen


class ClassJoinApp(EquationDuelApp):
    """The full screen opened on the join form (`class join` without `--plain`)."""

    def __init__(self, address: str, name: str | None, tls_ca: str | None) -> None:
        super().__init__()
        self.given = (address, name or "", tls_ca or "")

    def on_mount(self) -> None:
        address, name, tls_ca = self.given
        form = HubJoinScreen(address, name, tls_ca, go=bool(name))
        self.call_after_refresh(self.push_screen, form)  # (over the menu, once it is drawn)


def run_class_join(address: str, name: str | None, tls_ca: str | None) -> int:
    """`class join` in the full screen; the exit code."""
    return run_app(ClassJoinApp(address, name, tls_ca))
