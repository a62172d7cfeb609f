"""quinza: a fast, exact engine for the fifteen family of card games and for Quinte.

The classes here are backed by the Rust core (``quinza._core``); ``quinza.reference``
holds the same API in pure Python. Each twin's engine is its ``ENGINE``
(``quinza.engines`` says what an engine is); simulate, ladder, play_match, analyze and
review are written once over an engine and bound here to the core's.
"""

import sys
from typing import TYPE_CHECKING as _TYPE_CHECKING, Any as _Any, List as _List, Optional as _Optional

from ._errors import BotError, IllegalMoveError, SimulationInterrupted
from ._version import __version__
from ._view import View
from .engines import core_missing as _core_missing
from .sim import SimulationResult
from .study.ladder import LadderResult
from .study.review import Review

BACKEND = "rust"

# The compiled twin. Where `quinza._core` cannot load, every name of it says so when asked
# for, and `quinza.reference` (importing this package first) still works.
_CORE_ERROR: _Optional[ImportError] = None
try:
    from ._rust import BOT_NAMES, ENCODING_VERSION, ENGINE, SEARCH_BOTS, Card, DealResult, Event, FifteenGame, Game
    from ._rust import GreedyBot, IsmctsBot, Move, Net, NetBot, PimcBot, QuinteGame, Random, RandomBot, Rules, Solution
    from ._rust import action_count, analyze, bot, encode_names, ladder, match_seed, play_match, register_bot
    from ._rust import review, rule_sets, seat_seed, simulate, solve
except ImportError as _error:
    if _error.name != "quinza._core":
        raise
    _CORE_ERROR = _error

if not _TYPE_CHECKING:

    def __getattr__(name: str) -> _Any:
        """A name of the compiled twin when its core did not load: an ImportError that says so."""
        if _CORE_ERROR is not None and name in __all__:
            raise _core_missing(_CORE_ERROR)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BACKEND", "BOT_NAMES", "ENCODING_VERSION", "ENGINE", "SEARCH_BOTS", "__version__", "action_count", "encode_names", "BotError", "Card", "DealResult", "Event", "FifteenGame", "Game", "GreedyBot", "IsmctsBot", "PimcBot",
    "IllegalMoveError", "LadderResult", "Move", "Net", "NetBot", "QuinteGame", "Random", "RandomBot", "Rules", "SimulationInterrupted",
    "Review", "SimulationResult", "Solution", "View", "analyze", "bot", "ladder", "match_seed", "play_match", "register_bot", "review", "rule_sets", "seat_seed", "simulate", "solve",
]

# The subpackages people import themselves (`import quinza.envs`, `from quinza.server import
# create_app`, `quinza.reference`): dir() shows each once imported. The modules the
# package imports for its own use (sim, _view, ...) it never shows.
_SUBPACKAGES = ("envs", "reference", "server")


def __dir__() -> _List[str]:
    """The public names (`__all__`) and the public subpackages imported so far."""
    return sorted(__all__ + [name for name in _SUBPACKAGES if f"{__name__}.{name}" in sys.modules])
