"""The pure-Python reference: the executable specification of RULES.md.

Same public names and behaviour as the Rust-backed :mod:`quinza`; written to be read,
not to be fast. It never imports the compiled module. The fifteen family (quinza, rb3ine,
escoba) is in fifteen.py; quinte, the trick game, in quinte.py (`Game("quinte")`).
"""

from .._errors import IllegalMoveError
from .cards import Card
from .fifteen import DealResult, Game
from .generator import Random
from .moves import Move
from .rules import Rules

BACKEND = "reference"

__all__ = ["BACKEND", "Card", "DealResult", "Game", "IllegalMoveError", "Move", "Random", "Rules"]
