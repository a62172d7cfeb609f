"""quinza: a fast, exact engine for the fifteen family of card games.

The classes here are backed by the Rust core (``quinza._core``); ``quinza.reference``
holds the same API in pure Python.
"""

from ._core import Card, DealResult, Game, Move, Random, Rules
from ._errors import IllegalMoveError

BACKEND = "rust"

__all__ = ["BACKEND", "Card", "DealResult", "Game", "IllegalMoveError", "Move", "Random", "Rules"]
