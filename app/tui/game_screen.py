"""The base game screen every game's board builds on.

It owns what all five games share: the current state (a frozen rules model, in a
reactive) and the history of states for undo, the player panels, the turn banner, the
move list, the status line, the footer, undo, rules, leaving, and the game-over dialog.
A board subclass adds its widgets (`compose_board`), redraws them from a state
(`update_board`), says what each player holds (`holdings`) and turns its widgets'
messages into moves for `play`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from app.plain.base import name_players
from app.tui.dialogs import ConfirmDialog, GameOverDialog, RoundOverDialog
from app.tui.players import make_bot
from app.tui.session import GameSetup, marks
from rules.base import IllegalMove, Outcome, PlayerNo, other
from rules.registry import get_game
from widgets.move_list import MoveList
from widgets.player_panel import PlayerPanel
from widgets.status_line import StatusLine

#: How long a computer player seems to think before its move shows (seconds).
BOT_DELAY = 0.6


def variant_summary(options: Any) -> str:
    """The options that differ from the game's defaults, e.g. `pool 1–15 · double digits`."""
    defaults = type(options)()
    parts: list[str] = []
    for name in type(options).model_fields:
        if name == "first":
            continue
        value = getattr(options, name)
        if value == getattr(defaults, name):
            continue
        label = name.replace("_", " ")
        if isinstance(value, bool):
            parts.append(label if value else f"no {label}")
        elif (
            isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)
        ):
            parts.append(f"{label} {value[0]}–{value[1]}")
        elif isinstance(value, tuple):
            parts.append(f"{label} {' '.join(str(v) for v in value)}")
        else:
            parts.append(f"{label} {value}")
    return " · ".join(parts) or "standard rules"


class GameScreen(Screen[None]):
    """One game in progress. Subclasses: one per game, in `app/tui/boards/`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "rules", "Rules"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("r", "rematch", "Rematch"),
        Binding("n", "new_game", "New game"),
        Binding("q,escape", "leave", "Menu"),
    ]

    state: reactive[Any] = reactive(None, always_update=True, init=False)

    def __init__(self, setup: GameSetup, moves: list[str] | None = None) -> None:
        super().__init__(classes=f"game-screen game-{setup.game_id}")
        self.setup = setup
        self.start_moves = list(moves or [])
        self.game = get_game(setup.game_id)
        self.history: list[Any] = []
        self.moves: list[tuple[PlayerNo, str]] = []
        self.refusal: str | None = None
        self.bots: dict[PlayerNo, Callable[[Any], Any]] = {}
        self._bot_timer: Timer | None = None
        self._set_bots()
        # A match of several rounds, and the time per turn (both from the options).
        self.rounds_to_win = int(getattr(setup.options, "rounds_to_win", 1) or 1)
        self.turn_seconds: int | None = getattr(setup.options, "turn_seconds", None)
        self.wins = [0, 0]
        self.round_no = 1
        self.forced: Outcome | None = None  # a round lost on time
        self.seconds_left = self.turn_seconds or 0
        self._offers: tuple[bool, ...] = ()

    def _set_bots(self) -> None:
        self.bots = {}
        for player, seat in ((1, self.setup.seats[0]), (2, self.setup.seats[1])):
            if seat.kind == "computer":
                bot = make_bot(self.setup.game_id, seat.level)
                if bot is not None:
                    self.bots[player] = bot  # type: ignore[index]

    # Layout

    def compose(self) -> ComposeResult:
        title = Text.assemble(
            ("Equation Duel", "bold"), " · ", self.game.title.removeprefix("Equation Duel: ")
        )
        with Horizontal(id="title-bar"):
            yield Static(title, id="title")
            yield Static(Text(variant_summary(self.setup.options)), id="variant")
        with Horizontal(id="players"):
            yield PlayerPanel(1, self.setup.name(1), id="panel-1")
            yield Static(id="turn-banner")
            yield PlayerPanel(2, self.setup.name(2), id="panel-2")
        with Horizontal(id="middle"):
            with Vertical(id="board"):
                yield from self.compose_board()
            yield MoveList(id="moves")
        yield StatusLine(id="status")
        yield Footer()

    def on_mount(self) -> None:
        # Textual calls each class's on_mount, the board's first: the boards never call
        # this one themselves.
        if self.state is not None:
            return
        self.query_one(MoveList).marks = marks(self.setup.names)
        if self.turn_seconds:
            self.set_interval(1, self._tick)
        state = self.game.new(self.setup.options)
        for text in self.start_moves:  # e.g. `play GAME --moves "..."`: already checked
            self.history.append(state)
            move = self.game.parse_move(text)
            self.moves.append((self.game.to_move(state), self.game.format_move(move)))
            state = self.game.play(state, move)
        self.state = state
        if self.start_moves and self.outcome is not None:
            self.call_after_refresh(self.round_over)

    # What a board provides

    def compose_board(self) -> ComposeResult:
        yield from ()

    def update_board(self, state: Any) -> None:
        """Redraw the board's widgets from `state`."""

    def holdings(self, state: Any, player: PlayerNo) -> Text:
        """What `player` holds, for their panel."""
        return Text()

    def turn_hint(self, state: Any) -> str:
        """What the player to move does now (shown when there is nothing else to say)."""
        return ""

    def reset_input(self) -> None:
        """Forget a half-made move (a pick waiting for its declaration, a chosen operator)."""

    # Playing

    @property
    def outcome(self) -> Outcome | None:
        if self.forced is not None:
            return self.forced
        return self.game.outcome(self.state) if self.state is not None else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_progress(self) -> bool:
        return bool(self.history) and not self.is_over

    @property
    def to_move(self) -> PlayerNo:
        player: PlayerNo = self.game.to_move(self.state)
        return player

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.to_move not in self.bots

    def named(self, text: str) -> str:
        return name_players(text, self.setup.names)

    def play(self, move: Any) -> bool:
        """Ask the rules to play `move`; on refusal show why. True when it was played."""
        if self.state is None or self.is_over:
            return False
        player = self.to_move
        try:
            after = self.game.play(self.state, move)
        except IllegalMove as error:
            self.refuse(str(error))
            return False
        self.history.append(self.state)
        self.moves.append((player, self.game.format_move(move)))
        self.refusal = None
        self.reset_input()
        self.state = after
        if self.outcome is not None:
            self.call_after_refresh(self.round_over)
        return True

    def refuse(self, message: str) -> None:
        self.refusal = message[:1].upper() + message[1:]
        self.query_one(StatusLine).show(self.named(self.refusal), "error")
        self.app.bell()

    def say(self, message: str, level: Any = "info") -> None:
        self.query_one(StatusLine).show(self.named(message), level)

    def watch_state(self, state: Any) -> None:
        if state is None:
            return
        self.seconds_left = self.turn_seconds or 0
        self.redraw()
        self._schedule_bot()

    def redraw(self) -> None:
        with self.app.batch_update():
            self._redraw()

    def _redraw(self) -> None:
        state = self.state
        outcome = self.outcome
        for player in (1, 2):
            panel = self.query_one(f"#panel-{player}", PlayerPanel)
            panel.player_name = self.setup.name(player)
            panel.kind = self.setup.seats[player - 1].label
            panel.holdings = self.holdings(state, player)
            panel.active = outcome is None and self.to_move == player
            panel.winner = outcome is not None and outcome.winner == player
        banner = self.query_one("#turn-banner", Static)
        if outcome is not None:
            banner.update(Text(f"{self.setup.name(outcome.winner)} wins!", style="bold"))
            self._set_classes(banner, f"-over -p{outcome.winner}")
        else:
            banner.update(Text.assemble((self.setup.name(self.to_move), "bold"), "\nto move"))
            self._set_classes(banner, f"-p{self.to_move}")
        banner.border_title = self.match_text()
        banner.border_subtitle = self.clock_text()
        self.query_one(MoveList).moves = tuple(self.moves)
        status = self.query_one(StatusLine)
        if outcome is not None:
            status.show(self.named(f"Player {outcome.winner} wins: {outcome.reason}."), "success")
        elif self.refusal is not None:
            status.show(self.named(self.refusal), "error")
        elif getattr(state, "note", None):
            status.show(self.named(state.note), "note")
        else:
            status.show(self.named(self.turn_hint(state)), "info")
        self.update_board(state)
        # The footer redraws itself on refresh_bindings: only when what it offers changes.
        offers = (bool(self.history or self.forced), outcome is not None, self.human_to_move)
        if offers != self._offers:
            self._offers = offers
            self.refresh_bindings()

    @staticmethod
    def _set_classes(widget: Static, classes: str) -> None:
        if set(widget.classes) != set(classes.split()):
            widget.set_classes(classes)

    # Computer players

    def _schedule_bot(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if not self.is_over and self.to_move in self.bots:
            self._bot_timer = self.set_timer(BOT_DELAY, self._bot_move)

    def _bot_move(self) -> None:
        """Let the computer think in a thread, so the screen stays responsive."""
        self._bot_timer = None
        if self.is_over or self.to_move not in self.bots:
            return
        state, bot = self.state, self.bots[self.to_move]
        self.say(f"Player {self.to_move} (computer) is thinking…")

        def think() -> None:
            move = bot(state)
            with suppress(RuntimeError):  # the app has closed meanwhile
                self.app.call_from_thread(self._bot_played, state, move)

        self.run_worker(think, thread=True, exclusive=True, group="bot")

    def _bot_played(self, before: Any, move: Any) -> None:
        if self.state is before and not self.is_over:  # not undone or left meanwhile
            self.play(move)

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            if not self.setup.all_human:
                return False
            return True if (self.history or self.forced) else None
        if action in ("rematch", "new_game"):
            return self.is_over
        return True

    def action_undo(self) -> None:
        if not self.setup.all_human or not (self.history or self.forced):
            return
        outcome = self.outcome
        if outcome is not None:  # taking back a round's last move takes back its win
            self.wins[outcome.winner - 1] -= 1
        self.reset_input()
        self.refusal = None
        if self.forced is not None:
            self.forced = None
            self.state = self.state
        else:
            self.moves.pop()
            self.state = self.history.pop()
        self.say(f"Took back the last move. {self.turn_hint(self.state)}".strip())

    def action_rules(self) -> None:
        from app.tui.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.setup.game_id))

    def action_leave(self) -> None:
        if not self.in_progress:
            self.app.call_later(self._to_menu)
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self._to_menu()

        self.app.push_screen(
            ConfirmDialog("Leave this game?", "The game in progress will be lost.", "Leave"),
            leave,
        )

    def _to_menu(self) -> None:
        go_menu = getattr(self.app, "go_menu", None)
        if go_menu is not None:
            go_menu()

    def action_rematch(self) -> None:
        self.setup = self.setup.rematch()
        self.wins = [0, 0]
        self.round_no = 0
        self.next_round()
        self.say(
            f"Rematch: {self.setup.name(self.setup.first)} starts. {self.turn_hint(self.state)}"
        )

    def next_round(self) -> None:
        """A new round (or game): the options' first player starts odd rounds."""
        self.round_no += 1
        first = self.setup.first if self.round_no % 2 == 1 else other(self.setup.first)
        self.history.clear()
        self.moves.clear()
        self.refusal = None
        self.forced = None
        self.reset_input()
        self.state = self.game.new(self.setup.options.model_copy(update={"first": first}))

    # Rounds and the clock

    def match_text(self) -> str:
        if self.rounds_to_win <= 1:
            return ""
        return f"round {self.round_no} · {self.wins[0]}–{self.wins[1]}"

    def clock_text(self) -> str:
        if not self.turn_seconds or self.is_over:
            return ""
        return f"⏱ {self.seconds_left} s"

    def _tick(self) -> None:
        if self.is_over or not self.is_current or not self.human_to_move:
            return
        self.seconds_left -= 1
        if self.seconds_left > 0:
            self.query_one("#turn-banner", Static).border_subtitle = self.clock_text()
            return
        player = self.to_move
        self.forced = Outcome(winner=other(player), reason=f"Player {player}'s time ran out")
        self.reset_input()
        self.redraw()
        self.round_over()

    def round_over(self) -> None:
        """Count the round's win; then the next round, or the game-over dialog."""
        outcome = self.outcome
        if outcome is None:
            return
        self.wins[outcome.winner - 1] += 1
        if max(self.wins) >= self.rounds_to_win:
            self.redraw()
            self.show_game_over()
            return

        def go_on(_: object) -> None:
            self.next_round()

        self.redraw()
        starter = self.setup.first if self.round_no % 2 == 0 else other(self.setup.first)
        self.app.push_screen(
            RoundOverDialog(
                winner=self.setup.name(outcome.winner),
                player=outcome.winner,
                reason=self.named(outcome.reason),
                score=f"{self.setup.name(1)} {self.wins[0]} – {self.wins[1]} {self.setup.name(2)}",
                next_starter=self.setup.name(starter),
            ),
            go_on,
        )

    def action_new_game(self) -> None:
        open_setup = getattr(self.app, "open_setup", None)
        if open_setup is not None:
            open_setup(self.setup.game_id, self.setup, replace=True)

    def show_game_over(self) -> None:
        outcome = self.outcome
        if outcome is None or not self.is_current:
            return

        def chosen(choice: str | None) -> None:
            if choice == "rematch":
                self.action_rematch()
            elif choice == "new":
                self.action_new_game()
            elif choice == "menu":
                self._to_menu()

        reason = self.named(outcome.reason)
        if self.rounds_to_win > 1:
            won, lost = self.wins[outcome.winner - 1], self.wins[2 - outcome.winner]
            reason = f"{reason}; match won {won}–{lost}"
        dialog = GameOverDialog(
            winner=self.setup.name(outcome.winner),
            player=outcome.winner,
            reason=reason,
            moves=len(self.moves),
        )
        self.app.push_screen(dialog, chosen)
