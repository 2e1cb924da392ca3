"""What a screen may ask of the app to go elsewhere, typed: `navigator(self.app)` (None in
another app, as some tests mount a screen; no method is looked up by its name)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.app import App

if TYPE_CHECKING:
    from app.match_session.puzzle import PuzzleReferee
    from app.match_session.setup import GameSetup
    from rules.records import GameRecord


@runtime_checkable
class Navigator(Protocol):
    """The app's ways from one screen to another (`EquationDuelApp`'s)."""

    def open_setup(
        self, game_id: str, setup: GameSetup | None = None, replace: bool = False
    ) -> None: ...

    def start_game(self, setup: GameSetup, moves: list[str] | None = None) -> None:
        """The game screen of `setup` (`moves`, in notation, played first)."""

    def go_menu(self) -> None: ...

    def open_puzzle(self, referee: PuzzleReferee, replace: bool = False) -> None: ...

    def open_record(self, record: GameRecord) -> None:
        """Resume an unfinished game; replay a finished one."""

    def autosave(self) -> None:
        """Keep the game in progress in the autosave slot."""

    def game_in_progress(self) -> bool: ...


def navigator(app: App[Any]) -> Navigator | None:
    return app if isinstance(app, Navigator) else None


class Home:
    """A screen `go_menu` comes back to instead of the menu (a game's Menu key, its
    game-over dialog): the class's lobby, the menu of a student in a class."""

    #: The game screen's key back to it (its footer's word: "Lobby", "Homework").
    leave_action = "leave_class"
