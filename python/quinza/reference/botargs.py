"""The checks of the bots' arguments, shared by every bot class (docs/engine.md "Budgets
and errors"): each refusal is a ValueError naming the parameter and the value given.

>>> whole("worlds", 0, 1, 16)
Traceback (most recent call last):
...
ValueError: worlds must be a whole number from 1 to 2**64-1, not 0
"""

from __future__ import annotations

import math
from typing import Any, Optional

from .generator import _MASK, Random
from .search import _time_limit
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
