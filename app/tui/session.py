"""The game's setup, as the screens have always imported it: it lives in
`app.match_session.setup` (Textual-free, beside the match session)."""

from app.match_session.setup import (
    MATCH_FIELDS,
    MAX_NAME,
    GameSetup,
    Kind,
    Seat,
    clean_name,
    marks,
    variant_summary,
)

__all__ = [
    "MATCH_FIELDS",
    "MAX_NAME",
    "GameSetup",
    "Kind",
    "Seat",
    "clean_name",
    "marks",
    "variant_summary",
]
