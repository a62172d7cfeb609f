"""The pure-Python reference: the executable specification of RULES.md.

Same public names and behaviour as the Rust-backed :mod:`quinza`; written to be read,
not to be fast. It never imports the compiled module. The fifteen family (quinza, rb3ine,
escoba) is in fifteen.py; quinte, the trick game, in quinte.py (`Game("quinte")`); the
bots in bots.py; `simulate` plays every match move by move in Python (simulate.py).
"""

from .._errors import BotError, IllegalMoveError, SimulationInterrupted
from .bots import GreedyBot, RandomBot, bot, match_seed, seat_seed
from .cards import Card
from .fifteen import DealResult, Game
from .generator import Random
from .moves import Move
from .rules import Rules, rule_sets
from .simulate import SimulationResult, play_match, simulate

BACKEND = "reference"

__all__ = [
    "BACKEND", "BotError", "Card", "DealResult", "Game", "GreedyBot", "IllegalMoveError", "Move", "Random",
    "RandomBot", "Rules", "SimulationInterrupted", "SimulationResult", "bot", "match_seed", "play_match",
    "rule_sets", "seat_seed", "simulate",
]
