"""The pure-Python reference: the executable specification of the rules
(docs/rules.md).

Same public names and behaviour as the Rust-backed :mod:`quinza`; written to be read,
not to be fast. It never imports the compiled module. `Game(rules, seed)` (game.py, what
every game shares) builds the class of the rule set's family: `FifteenGame` for quinza,
rb3ine and escoba (fifteen.py), `QuinteGame` for quinte, the trick game (quinte.py); the
rules table is in rules.py; the bots in bots.py (the search bots in pimc.py and
ismcts.py, their worlds in worlds.py); `simulate` plays every match move by
move in Python (simulate.py).
"""

from .._errors import BotError, IllegalMoveError, SimulationInterrupted
from .events import Event
from .._version import __version__
from .bots import BOT_NAMES, GreedyBot, RandomBot, bot, match_seed, register_bot, seat_seed
from .cards import Card
from .deal import DealResult
from .encode import ENCODING_VERSION, action_count, encode_names
from .fifteen import FifteenGame
from .game import Game
from .generator import Random
from .ismcts import IsmctsBot
from .moves import Move
from .pimc import PimcBot
from .quinte import QuinteGame
from . import position  # registers each family's checks of a given position (game.POSITIONS)
from .rules import Rules, rule_sets
from .search import Solution, solve
from .simulate import LadderResult, SimulationResult, analyze, ladder, play_match, simulate
from .study import Review, review
from .._view import View

BACKEND = "reference"

__all__ = [
    "BACKEND", "BOT_NAMES", "ENCODING_VERSION", "__version__", "action_count", "encode_names", "BotError", "Card", "DealResult", "Event", "FifteenGame", "Game", "GreedyBot",
    "IllegalMoveError", "IsmctsBot", "LadderResult", "Move", "PimcBot", "QuinteGame", "Random", "RandomBot", "Rules", "SimulationInterrupted",
    "Review", "SimulationResult", "Solution", "View", "analyze", "bot", "ladder", "match_seed", "play_match", "register_bot", "review", "rule_sets", "seat_seed", "simulate", "solve",
]


def __dir__() -> "list[str]":
    """The public names (`__all__`), not the modules the reference is written in."""
    return sorted(__all__)
