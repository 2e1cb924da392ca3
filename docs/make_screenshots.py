"""Make the README's screenshots from the real app: the menu, each of the five games in
the middle of a game, and the game-over dialog, as SVG files in docs/screenshots/.

    python docs/make_screenshots.py            (from the repository root)

Each picture is reached the way a player gets there: from the menu by key presses (the
game's number, the two names typed, Enter to start with the default rules), then the
moves by keys. The script checks each position before saving it, so a change in the app
that breaks a path fails here instead of saving a wrong picture.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual.pilot import Pilot  # noqa: E402

from app.store.data_folder import DATA_ENV  # noqa: E402
from app.tui.app import EquationDuelApp  # noqa: E402
from app.tui.dialogs import GameOverDialog  # noqa: E402
from app.tui.game_screen import GameScreen  # noqa: E402
from app.tui.menu import MenuScreen  # noqa: E402
from app.tui.setup import SetupScreen  # noqa: E402
from rules.registry import GAME_IDS  # noqa: E402

SIZE = (100, 30)
OUT = ROOT / "docs" / "screenshots"
NAMES = ("Ann", "Bob")

#: Per game: the key presses from the game's first move to an interesting position, and
#: how many moves that position has on the move list.
MID_GAME: dict[str, tuple[tuple[str, ...], int]] = {
    # Ann 5, Bob 2, Ann 3, Bob 6, Ann 9, Bob 4; Ann picks 1 and is typing a declaration.
    "collect": (
        (*(key for digit in "523694" for key in (digit, "escape")), "1", *"9-5"),
        6,
    ),
    # Bob's template full (8 + 6 × 2 = 20), Ann's two thirds; Bob to move.
    "template": (("9", "down", "8", "right", "right", "7", "down", "6", "tab", "2"), 5),
    # Ann 6 × 7 = 42, Bob 9 − 5 = 4; Ann's preview 8 + 2 would pass 50 (the warning shows).
    "fifty": (("6", "asterisk", "7", "enter", "9", "minus", "5", "enter", "8", "plus", "2"), 2),
    # 7 1 9 4 2: no equation yet; Bob can win with 6, 8 or 2.
    "conquest": (("7", "1", "9", "4", "2"), 5),
    # Ann × 5, Bob + 9, Ann + 8 (the operator stays chosen), Bob − 3.
    "countdown": (("asterisk", "5", "plus", "9", "8", "minus", "3"), 4),
}


def save(app: EquationDuelApp, name: str, title: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.svg"
    path.write_text(app.export_screenshot(title=title), encoding="utf-8")
    return path


async def open_game(pilot: Pilot[None], game_id: str) -> GameScreen:
    """From the menu: the game's number, both names typed, Enter starts (defaults)."""
    app = pilot.app
    await pilot.press(str(GAME_IDS.index(game_id) + 1))
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen), app.screen_stack
    for player, name in enumerate(NAMES, start=1):
        for _ in range(20):
            if app.focused is not None and app.focused.id == f"name-{player}":
                break
            await pilot.press("tab")
        await pilot.press("ctrl+a", "ctrl+k", *name)
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen), app.screen_stack
    return screen


async def shoot_game(game_id: str) -> Path:
    keys, moves = MID_GAME[game_id]
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game_id)
        await pilot.press(*keys)
        await pilot.pause()
        assert app.screen is screen, f"{game_id}: {app.screen_stack}"
        assert len(screen.moves) == moves and not screen.is_over, (game_id, screen.moves)
        title = f"Equation Duel · {screen.game.title.removeprefix('Equation Duel: ')}"
        return save(app, game_id, title)


async def shoot_menu() -> Path:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down")  # the highlight on Equation Conquest
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        return save(app, "menu", "Equation Duel")


async def shoot_game_over() -> Path:
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, "conquest")
        await pilot.press("6", "1", "8", "2", "3", "5")  # 2 + 3 = 5: Bob wins
        await pilot.pause()
        assert screen.is_over and isinstance(app.screen, GameOverDialog), app.screen_stack
        return save(app, "game-over", "Equation Duel · game over")


async def main() -> None:
    # Each picture in a data folder of its own, as on a first start: a game left in the
    # middle for one picture would otherwise be offered for resuming in the next one.
    with tempfile.TemporaryDirectory(prefix="screenshots-") as folder:
        os.environ[DATA_ENV] = folder
        paths = [await shoot_menu()]
        for number, game_id in enumerate(GAME_IDS):
            os.environ[DATA_ENV] = os.path.join(folder, str(number))
            paths.append(await shoot_game(game_id))
        os.environ[DATA_ENV] = os.path.join(folder, "game-over")
        paths.append(await shoot_game_over())
    for path in paths:
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    asyncio.run(main())
