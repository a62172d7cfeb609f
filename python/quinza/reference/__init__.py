"""The pure-Python reference: the executable specification of the rules
(docs/rules.md).

Same public names and behaviour as the Rust-backed :mod:`quinza`; written to be read,
not to be fast. It never imports the compiled module. `Game(rules, seed)` (game.py, what
every game shares) builds the class of the rule set's family: `FifteenGame` for quinza,
rb3ine and escoba (fifteen.py), `QuinteGame` for quinte, the trick game (quinte.py); the
rules table is in rules.py; the bots in bots.py (the search bots in pimc.py and
ismcts.py, their worlds in worlds.py; the net bot in netbot.py, its nets in net.py); `simulate` plays every match move by
move in Python (simulate.py).
"""

from .._errors import BotError, IllegalMoveError, SimulationInterrupted
from .events import Event
from .._version import __version__
from .bots import BOT_NAMES, SEARCH_BOTS, GreedyBot, RandomBot, bot, match_seed, register_bot, seat_seed
from .cards import Card
from .deal import DealResult
from .encode import ENCODING_VERSION, action_count, encode_names
from .fifteen import FifteenGame
from .game import Game
from .generator import Random
from .ismcts import IsmctsBot
from .moves import Move
from .net import Net
from .netbot import NetBot
from .pimc import PimcBot
from .quinte import QuinteGame
from . import position  # registers each family's checks of a given position (game.POSITIONS)
from .rules import Rules, rule_sets
from .search import Solution, solve
from .._twin import Twin
from .._view import View
from ..sim import SimulationResult
from ..study.ladder import LadderResult
from ..study.review import Review

BACKEND = "reference"

# The reference's engine (quinza.engines), and the functions written once over an engine
# bound to it.
ENGINE = Twin(
    "reference", __name__, Rules=Rules, Game=Game, Card=Card, Move=Move, rule_sets=rule_sets, BOT_NAMES=BOT_NAMES,
    SEARCH_BOTS=SEARCH_BOTS, bot=bot, match_seed=match_seed, seat_seed=seat_seed, solve=solve,
    ENCODING_VERSION=ENCODING_VERSION, encode_names=encode_names, action_count=action_count, Net=Net,
)
simulate, ladder, play_match, analyze, review = ENGINE.simulate, ENGINE.ladder, ENGINE.play_match, ENGINE.analyze, ENGINE.review

__all__ = [
    "BACKEND", "BOT_NAMES", "ENCODING_VERSION", "ENGINE", "SEARCH_BOTS", "__version__", "action_count", "encode_names", "BotError", "Card", "DealResult", "Event", "FifteenGame", "Game", "GreedyBot",
    "IllegalMoveError", "IsmctsBot", "LadderResult", "Move", "Net", "NetBot", "PimcBot", "QuinteGame", "Random", "RandomBot", "Rules", "SimulationInterrupted",
    "Review", "SimulationResult", "Solution", "View", "analyze", "bot", "ladder", "match_seed", "play_match", "register_bot", "review", "rule_sets", "seat_seed", "simulate", "solve",
]


def __dir__() -> "list[str]":
    """The public names (`__all__`), not the modules the reference is written in."""
    return sorted(__all__)
