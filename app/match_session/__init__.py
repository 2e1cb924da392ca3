"""A match without a screen: `MatchSession` and the events its verbs return.

Textual-free (an import-linter contract holds it): the full screen, the plain mode and
puzzles are views of a session.
"""

from app.match_session.events import ClockRanOut as ClockRanOut
from app.match_session.events import Event as Event
from app.match_session.events import MatchOver as MatchOver
from app.match_session.events import NotKept as NotKept
from app.match_session.events import Played as Played
from app.match_session.events import Refused as Refused
from app.match_session.events import RoundOver as RoundOver
from app.match_session.events import TurnLost as TurnLost
from app.match_session.keeping import Keeper as Keeper
from app.match_session.keeping import KeepNothing as KeepNothing
from app.match_session.keeping import SavedGames as SavedGames
from app.match_session.session import Clock as Clock
from app.match_session.session import MatchSession as MatchSession
from app.match_session.starts import from_setup as from_setup
from app.match_session.starts import one_game_from as one_game_from
from app.match_session.starts import single_game as single_game
