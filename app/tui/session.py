"""The game's setup, for the screens (it lives in `app.match_session.setup`)."""

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
