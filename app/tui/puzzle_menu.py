"""Puzzles from the menu: a name (to be rated), a game (or any) and a difficulty; Enter
opens a puzzle on the game's board, `d` the puzzle of the day.

Training: `k` a streak (untimed, rising difficulty, over at the first miss), `t` a storm
(three minutes), `m` your mistakes (found in your own finished games), `a` try again
(the puzzles you missed); the results are kept per name (app.training.puzzle_store).

Keys: Tab between the fields, the arrows choose within the game and difficulty lists,
Enter to start, `d` for the daily puzzle and the training keys (outside the name field),
Escape back. The focus starts on the name when none is remembered. Every choice is
clickable.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import weakref
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from app.match_session.setup import MAX_NAME, clean_name
from app.tui.choices import Choices
from app.tui.mounting import StyledAsMounted, gone
from app.tui.preload import read_ahead_soon
from app.tui.styles import PUZZLE_STYLES
from rules.puzzles.model import Difficulty, Puzzle
from rules.registry import GAME_IDS, GAME_INFO
from widgets.keys_footer import KeysFooter

#: The name last typed on the puzzle menu, per running app (offered again next time).
_PLAYERS: weakref.WeakKeyDictionary[App[Any], str] = weakref.WeakKeyDictionary()

DIFFICULTY_NAMES: tuple[Difficulty, ...] = ("easy", "medium", "hard")

#: The keys that are letters (typed into the name while it has the focus).
LETTER_ACTIONS = frozenset({"daily", "streak", "storm", "mistakes", "try_again"})

#: Seconds after the menu opens before the bank is read and a puzzle's board imported, in
#: a thread (`READY`): the menu's own frames are out by then, not slowed by the read
#: (issue 37); a puzzle asked sooner waits for the bank's read.
READY_AFTER = 0.5
#: What the first puzzle needs, read ahead: the bank, and a puzzle's board (a game screen).
READY = ("rules.puzzles.bank:loaded", "app.tui.puzzle_mode")


class PuzzleMenuScreen(StyledAsMounted, Screen[None]):
    """Choose a puzzle: the player, the game and the difficulty."""

    CSS_PATH = PUZZLE_STYLES

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", key_display="⏎", priority=True),
        Binding("d", "daily", "Daily puzzle"),
        Binding("k", "streak", "Streak"),
        Binding("t", "storm", "Storm"),
        Binding("m", "mistakes", "Your mistakes"),
        Binding("a", "try_again", "Try again"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="puzzle-menu-screen")
        #: Whether the player was told of the bank's bad entries.
        self._told = False
        #: Whether "your mistakes" is being looked for (off the screen's thread).
        self._looking = False
        # The name, or the game once a name is remembered: focused as the screen shows,
        # before its first frame (not drawn again for it; Textual reads it per screen).
        named = _PLAYERS.get(self.app, "").strip()
        self.AUTO_FOCUS = "#puzzle-game" if named else "#puzzle-name"  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        yield Static(Text("Puzzles · find the winning move", style="bold"), id="puzzle-title")
        looking = Static(id="puzzle-looking")  # (shown while your mistakes are looked for)
        looking.display = False
        yield looking
        with VerticalScroll(id="puzzle-form"):
            with Horizontal(classes="field-row"):
                yield Label("Your name", classes="field-label")
                yield Input(
                    _PLAYERS.get(self.app, ""),
                    placeholder="name yourself to be rated",
                    id="puzzle-name",
                    max_length=MAX_NAME,
                )
            with Horizontal(classes="field-row"):
                yield Label("Game", classes="field-label")
                games = [("Any game", "any"), *((GAME_INFO[g].name, g) for g in GAME_IDS)]
                yield Choices(games, "any", column=True, id="puzzle-game")
            with Horizontal(classes="field-row"):
                yield Label("Difficulty", classes="field-label")
                levels = [(name, name) for name in DIFFICULTY_NAMES]
                yield Choices(levels, "easy", column=True, id="puzzle-difficulty")
            note = Static(id="puzzle-note")  # (its words once conquest is chosen)
            note.display = False
            yield note
            with Horizontal(id="puzzle-buttons"):
                yield Button("Start (Enter)", id="puzzle-start", variant="primary")
                yield Button("Daily puzzle (d)", id="puzzle-daily")
            with Horizontal(id="puzzle-training"):
                yield Button("Streak (k)", id="puzzle-streak")
                yield Button("Storm (t)", id="puzzle-storm")
                yield Button("Your mistakes (m)", id="puzzle-mistakes")
                yield Button("Try again (a)", id="puzzle-try-again")
        yield KeysFooter()

    def on_mount(self) -> None:
        if gone(self):  # popped or replaced before it mounted, or the app is closing
            return
        read_ahead_soon(self.app, READY, READY_AFTER)  # (while the player chooses)

    # What is chosen

    def chosen_game(self) -> str | None:
        game_id = str(self.query_one("#puzzle-game", Choices).value)
        return None if game_id == "any" else game_id

    def chosen_difficulty(self) -> Difficulty:
        name = self.query_one("#puzzle-difficulty", Choices).value
        return next((difficulty for difficulty in DIFFICULTY_NAMES if difficulty == name), "easy")

    def player(self) -> str:
        box = next(self.query("#puzzle-name").results(Input), None)
        if box is None:  # the screen is leaving (a storm of keys): the name last typed
            return clean_name(_PLAYERS.get(self.app, ""), 1)
        _PLAYERS[self.app] = box.value  # offered again next time, while the app runs
        return clean_name(box.value, 1)

    @on(Choices.Changed, "#puzzle-game")
    def _game_changed(self) -> None:
        from app.match_session.puzzle import CONQUEST_NOTE  # (not as the menu opens)

        note = self.query_one("#puzzle-note", Static)
        if self.chosen_game() == "conquest":
            note.update(Text(CONQUEST_NOTE))
        note.display = self.chosen_game() == "conquest"

    # Starting

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or gone(self):  # a key queued behind the one that opened or
            return False  # closed the screen: its name box and lists are not there (issue 29)
        # the letters are typed into the name while the name has the focus
        return not (action in LETTER_ACTIONS and isinstance(self.focused, Input))

    def action_start(self) -> None:
        from app.tui.puzzle_mode import open_puzzle  # (when a puzzle is asked)
        from rules.puzzles.bank import NoPuzzle, pick

        self._tell_bank_problems()
        try:
            puzzle = pick(self.chosen_game(), None, self.chosen_difficulty())
        except NoPuzzle as error:
            self.notify(f"No puzzle to play: {error}.", severity="warning", markup=False)
            return
        self.app.push_screen(open_puzzle(puzzle, self.player()))

    def action_daily(self) -> None:
        from app.tui.puzzle_mode import open_puzzle  # (when a puzzle is asked)
        from rules.puzzles.bank import NoPuzzle, daily

        self._tell_bank_problems()
        today = dt.date.today()
        try:
            puzzle = daily(today)
        except NoPuzzle as error:
            self.notify(f"No daily puzzle today: {error}.", severity="warning", markup=False)
            return
        screen = open_puzzle(puzzle, self.player(), daily=today.isoformat())
        self.app.push_screen(screen)

    def _tell_bank_problems(self) -> None:
        """Say once per screen that the bank was tampered with (entries left out)."""
        from rules.puzzles.bank import skipped_text  # (when a puzzle is asked)

        problem = skipped_text()
        if problem and not self._told:
            self._told = True
            self.notify(f"The puzzle bank: {problem}.", severity="warning", markup=False)

    # Training

    def _train(self, run: Any, scope: str = "any") -> None:
        from app.match_session.puzzle import PuzzleReferee  # (when a puzzle is asked)
        from app.match_session.puzzle_training import Training  # (when a puzzle is asked)
        from app.tui.puzzle_mode import puzzle_screen  # (when a puzzle is asked)
        from rules.puzzles.bank import NoPuzzle  # (when a puzzle is asked)

        self._tell_bank_problems()
        training = Training(run, self.player(), scope)
        try:
            puzzle = training.next_puzzle()
        except NoPuzzle as error:
            self.notify(f"No puzzle to play: {error}.", severity="warning", markup=False)
            return
        self.app.push_screen(
            puzzle_screen(PuzzleReferee(puzzle, training.player, training=training))
        )

    def action_streak(self) -> None:
        from rules.puzzles.training import Streak  # (when a puzzle is asked)

        game_id = self.chosen_game()
        self._train(Streak(game_id), game_id or "any")

    def action_storm(self) -> None:
        from rules.puzzles.training import Storm  # (when a puzzle is asked)

        game_id = self.chosen_game()
        self._train(Storm(game_id), game_id or "any")

    def action_mistakes(self) -> None:
        """Your finished games are searched for mistakes off the screen's thread (ten
        games can take the solver seconds): the screen says so and its keys still work."""
        if not self._looking:
            self._looking = True
            self.run_worker(self._look_for_mistakes(self.player()), group="mistakes")

    async def _look_for_mistakes(self, player: str) -> None:
        from app.store.stats import StatsError  # (when a puzzle is asked)
        from app.training.review import looking_words, mistakes_to_review, to_search

        looking = self.query_one("#puzzle-looking", Static)
        try:
            games = await asyncio.to_thread(to_search, player)
            if games:
                looking.update(Text(looking_words(games)))
                looking.display = True
            puzzles = await asyncio.to_thread(mistakes_to_review, player)
        except (StatsError, OSError) as error:
            self.notify(f"Your mistakes: {error}", severity="warning", markup=False)
            return
        finally:
            self._looking = False
            looking.display = False
        if self.app.screen is not self:  # the player went on meanwhile: found, kept
            self.notify(f"Your mistakes: {len(puzzles)} to solve (m).", markup=False)
            return
        self._offer(puzzles, "Your mistakes")

    def action_try_again(self) -> None:
        from app.store.stats import StatsError  # (when a puzzle is asked)
        from app.training.review import review_of

        try:
            puzzles = review_of(self.player(), "failed")
        except (StatsError, OSError) as error:
            self.notify(f"Try again: {error}", severity="warning", markup=False)
            return
        self._offer(puzzles, "Try again")

    def _offer(self, puzzles: list[Puzzle], title: str) -> None:
        from rules.puzzles.training import Review  # (when a puzzle is asked)

        if not puzzles:
            self.notify(f"{title}: nothing to solve for {self.player()}.", markup=False)
            return
        self._train(Review(puzzles, title))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Each button does what its key does: `puzzle-try-again` is `action_try_again`."""
        event.stop()
        if not self.is_mounted or gone(self):  # a click queued behind the screen's closing
            return
        action = (event.button.id or "").removeprefix("puzzle-").replace("-", "_")
        getattr(self, f"action_{action}")()
