"""Navigation between screens, typed: what a screen may ask of the app to go elsewhere.

`EquationDuelApp` is a `Navigator`. A screen asks `navigator(self.app)` and calls the
methods it names (a screen mounted in another app, as some tests do, gets None and goes
nowhere): no method is looked up by its name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App

if TYPE_CHECKING:
    from app.match_session.puzzle import PuzzleReferee
    from app.match_session.setup import GameSetup
    from rules.records import GameRecord


@runtime_checkable
class Navigator(Protocol):
    """The app's ways from one screen to another."""

    def open_setup(
        self, game_id: str, setup: GameSetup | None = None, replace: bool = False
    ) -> None:
        """The setup screen of `game_id` (over the current screen, or in its place)."""

    def start_game(self, setup: GameSetup, moves: list[str] | None = None) -> None:
        """The game screen of `setup` (`moves`, in notation, played first)."""

    def go_menu(self) -> None:
        """Back to the menu."""

    def open_puzzle(self, referee: PuzzleReferee, replace: bool = False) -> None:
        """The board of `referee`'s puzzle (over the current screen, or in its place)."""

    def open_record(self, record: GameRecord) -> None:
        """Resume an unfinished game; replay a finished one."""

    def autosave(self) -> None:
        """Keep the game in progress in the autosave slot."""

    def game_in_progress(self) -> bool:
        """Whether a game on a screen is started and not decided."""
        ...


def navigator(app: App[Any]) -> Navigator | None:
    """`app` as a navigator (None: an app that is not Equation Duel's)."""
    return app if isinstance(app, Navigator) else None
