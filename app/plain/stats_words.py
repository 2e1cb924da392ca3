"""The statistics and ratings in sentences, for the line mode (a screen reader reads a
table cell by cell; a sentence reads well aloud): the same facts as `equation-duel
stats` prints in tables, read from the same summaries.
"""

from __future__ import annotations

from app.store.ratings_view import RatingLine, RatingsSummary, unreadable_ratings_text
from app.store.stats_rows import Summary
from app.store.stats_text import unreadable_text
from rules.words.common import capitalized, possessive


def _games(count: int) -> str:
    return f"{count:,} game{'' if count == 1 else 's'}"


def _streak(streak: int) -> str:
    if streak == 0:
        return ""
    if abs(streak) == 1:
        return "; won the last one" if streak > 0 else "; lost the last one"
    return f"; won the last {streak}" if streak > 0 else f"; lost the last {-streak}"


def games_sentences(stats: Summary, ratings: RatingsSummary) -> list[str]:
    """Each player's games (computer players last), head to head, against the computer."""
    left_out = unreadable_text(stats.unreadable)
    lines = [f"{capitalized(left_out)}."] if left_out else []
    if stats.games == 0:
        return ["No games recorded yet.", *lines]
    lines.insert(0, f"Games recorded: {stats.games:,}.")
    rated = {(r.player, r.board): r for r in ratings.ratings}
    people = [p for p in stats.players if p.name not in stats.computers]
    computers = [p for p in stats.players if p.name in stats.computers]
    for p in (*people, *computers):
        online = f", {p.online_words}" if p.met_online else ""  # "against Bob (online)"
        line = (
            f"{p.name}: {_games(p.played)} of {p.game}{online}, {p.won:,} won, {p.lost:,} lost"
            f"{_streak(p.streak)}."
        )
        rating = rated.get((p.name, p.game))
        if rating is not None:
            line += f" Rating {rating.rating:,}."
        lines.append(line)
    for h in stats.head_to_head:
        lines.append(
            f"{h.first} against {h.second} at {h.game}: {_games(h.played)}, "
            f"{h.first} won {h.first_won:,}, {h.second} won {h.second_won:,}."
        )
    for a in stats.against_computer:
        lines.append(
            f"{a.name} against the computer ({a.level}) at {a.game}: {_games(a.played)}, "
            f"{a.won:,} won, {a.lost:,} lost."
        )
    return lines


def ratings_sentences(
    ratings: RatingsSummary, games: Summary, training: list[str] | None = None
) -> list[str]:
    """The puzzle ratings, the puzzles solved, today's puzzle and the training (the
    games' ratings are said with each player's games: `games_sentences`)."""
    said = {(p.name, p.game) for p in games.players}
    lines = []
    left_out = unreadable_ratings_text(ratings.unreadable)
    if left_out:
        lines.append(f"{capitalized(left_out)}.")
    for line in ratings.ratings:
        if (line.player, line.board) not in said:
            lines.append(_rating(line))
    for p in ratings.puzzles:
        lines.append(
            f"{p.player} has solved {p.solved:,} of {p.tried:,} "
            f"puzzle{'' if p.tried == 1 else 's'}; {p.streak:,} in a row now, "
            f"at best {p.best_streak:,}."
        )
    if ratings.daily:
        solved = ", ".join(
            f"{d.player} {'solved it' if d.solved else 'did not solve it'}" for d in ratings.daily
        )
        lines.append(f"Today's puzzle ({ratings.daily[0].date}): {solved}.")
    lines.extend(f"{line.replace(' · ', '; ')}." for line in training or [])
    if not lines and not ratings.ratings:
        lines.append("No ratings yet: name yourself and play a game or a puzzle.")
    return lines


def _rating(line: RatingLine) -> str:
    times = f"{line.changes:,} rated {'puzzle' if line.board == 'puzzles' else 'game'}"
    times += "" if line.changes == 1 else "s"
    if line.board == "puzzles":
        return f"{possessive(line.player)} puzzle rating: {line.rating:,}, after {times}."
    return f"{possessive(line.player)} rating at {line.board}: {line.rating:,}, after {times}."
