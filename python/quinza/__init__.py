"""quinza: a fast, exact engine for the fifteen family of card games.

The classes here are backed by the Rust core (``quinza._core``); ``quinza.reference``
holds the same API in pure Python.
"""

from ._errors import IllegalMoveError

try:
    from ._core import Card, DealResult, Game, Move, Random, Rules
except ImportError:  # pragma: no cover - only while the core is not built yet
    from .reference import Card, DealResult, Game, Move, Random, Rules  # type: ignore[assignment]

__all__ = ["Card", "DealResult", "Game", "IllegalMoveError", "Move", "Random", "Rules"]
