"""The statistics mark a player met online in each player's line too, not only head to
head: the statistics screen, `equation-duel stats` and the line mode's sentences."""

from __future__ import annotations

from app.online.online_stats import mark_online
from app.plain.stats_words import games_sentences
from app.store import ratings, stats, stats_text
from app.store.ratings_view import EMPTY
from app.tui.app import EquationDuelApp
from app.tui.stats_screen import StatsScreen
from rules.records import players_of, record_from_moves
from tests.app.test_tui_stats import rows
from tests.app.tui_support import SIZE, top


def _count_two_games() -> None:
    """Ann beats Bob at conquest twice: once on this machine, once with Bob online."""
    for online in (False, True):
        record = record_from_moves("conquest", None, ["5", "2", "3"], players_of(("Ann", "Bob")))
        ratings.record_game(record)
        if online:
            assert mark_online(record.id, 2) is None


async def test_each_players_line_says_who_was_met_online() -> None:
    _count_two_games()
    found = stats.summary()
    ann, bob = found.players
    assert ann.shown == "Ann, 1 against Bob (online)"
    assert bob.shown == "Bob"  # Bob met Ann on his own machine's seat, not online
    table = stats_text.format_summary(found).split("Head to head")[0]
    assert "Ann, 1 against Bob (online)  conquest" in table
    said = games_sentences(found, EMPTY)
    assert (
        "Ann: 2 games of conquest, 1 against Bob (online), 2 won, 0 lost; won the last 2." in said
    )
    assert "Bob: 2 games of conquest, 0 won, 2 lost; lost the last 2." in said
    app = EquationDuelApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = top(app)
        assert isinstance(screen, StatsScreen)
        names = [row[0] for row in rows(screen, "stats-players")]
        assert names == ["Ann, 1 against Bob (online)", "Bob"]
