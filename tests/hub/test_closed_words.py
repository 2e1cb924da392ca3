"""Why the hub closed a student's connection: the hub's own sentence is said as it is,
never after another sentence's colon ("The hub closed the connection: The teacher
removed you from the class.")."""

from __future__ import annotations

from app.hub.client import Closed
from app.hub.live_words import closed_words


def test_the_hubs_own_sentence_is_said_as_it_is() -> None:
    assert closed_words(Closed("The teacher removed you from the class.")) == (
        "The teacher removed you from the class."
    )
    assert closed_words(Closed("the teacher stopped the hub.")) == (
        "The hub closed the connection: the teacher stopped the hub."
    )
