"""The checks of the bots' arguments, shared by every bot class (docs/reference/search.md "Budgets
and errors"): each refusal is a ValueError naming the parameter and the value given.

>>> whole("worlds", 0, 1, 16)
Traceback (most recent call last):
...
ValueError: worlds must be a whole number from 1 to 2**64-1, not 0
"""

from __future__ import annotations

import math
import time
from typing import Any, List, Optional, Tuple

from .game import Game
from .generator import _MASK, Random
from .search import _time_limit
from .search import choice as choice  # re-exported: a bot's named choices are checked as solve's are
from .._words import quoted

MATCH_OVER = "the match is over: there is no move to choose"


def check_seed(seed: Any) -> int:
    """A bot's seed: None is 0; the generator checks the rest and words its refusal."""
    return Random(0 if seed is None else seed).state


def refuse_finished(game: Any) -> None:
    """A bot asked about a finished match refuses it (and a value that is no game fails on
    `is_over`, as the random and greedy bots do)."""
    if game.is_over:
        raise ValueError(MATCH_OVER)


def whole(name: str, value: Any, low: int, default: int) -> int:
    """A whole number from `low` to 2**64-1 (bools refused); None is `default`."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= _MASK:
        raise ValueError(f"{name} must be a whole number from {low} to 2**64-1, not {quoted(value)}")
    return value


def exploration(value: Any, default: float) -> float:
    """ISMCTS's `c`: a finite number from 0, kept as a float (bools, strings, NaN and the
    infinities refused; so is an int too large for a float); None is `default`.

    >>> exploration(1, 0.7), exploration(None, 0.7)
    (1.0, 0.7)
    """
    if value is None:
        return default
    number = math.nan
    if not isinstance(value, bool) and isinstance(value, (int, float)):
        try:
            number = float(value)
        except OverflowError:
            number = math.nan
    if not (math.isfinite(number) and number >= 0):
        raise ValueError(f"c must be a finite number from 0, not {quoted(value)}")
    return number


def seconds(value: Any) -> Optional[float]:
    """A time limit in seconds above 0, or None: checked as the solver checks its own
    (an int too large for a float is no limit)."""
    return _time_limit(value)


class Seeded:
    """What every bot that draws shares: its seed and its generator, which goes on from
    move to move."""

    def __init__(self, seed: Any) -> None:
        self._seed = check_seed(seed)
        self._rng = Random(self._seed)

    @property
    def seed(self) -> int:
        """The seed the bot started from."""
        return self._seed

    @property
    def state(self) -> int:
        """The generator's state now."""
        return self._rng.state


class SearchBot(Seeded):
    """What every search bot shares: its seed, its generator (which goes on from move to
    move), its time limit, and how it reads the game it is asked about."""

    def __init__(self, time_limit: Any, seed: Any) -> None:
        self._time_limit = seconds(time_limit)
        super().__init__(seed)

    @property
    def time_limit(self) -> Optional[float]:
        """Seconds a move may take (then as many worlds or iterations as fit, at least one), or None."""
        return self._time_limit

    def _position(self, game: Any) -> Tuple[List[Any], Optional[Game]]:
        """The game's legal moves (the caller's own objects: a game of either twin) and the
        position as a reference game; None when there is a single legal move, which is
        played without a search."""
        refuse_finished(game)
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves, None
        return moves, game if isinstance(game, Game) else Game.from_json(game.to_json())

    def _search(self, game: Any) -> Any:
        """The bot's search: its legal moves and what it found of each."""
        raise NotImplementedError

    def _searched(self, game: Any) -> Any:
        """`self._search(game)`, the generator put back as it was if the search is
        stopped (Ctrl-C), as the core does."""
        saved = self._rng.state
        try:
            return self._search(game)
        except BaseException:
            self._rng = Random(saved)
            raise

    def _deadline(self) -> Optional[float]:
        """When the search must stop (time.monotonic), or None for a budget."""
        return None if self._time_limit is None else time.monotonic() + self._time_limit
