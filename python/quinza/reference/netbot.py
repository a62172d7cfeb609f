"""The net bot (docs/reference/nets.md "What comes out"): the legal move its net rates best,
without a search."""

from __future__ import annotations

import os
from typing import Any, Dict, Optional

from .botargs import check_seed, refuse_finished
from .net import Net
from .._words import quoted


class NetBot:
    """The first legal move of the greatest score of its net (the scores compared as the
    whole numbers the net computes): the net of the .qzn file at `weights`, or, when None,
    the one the package ships for the game's rules. It draws nothing: `seed` is only checked."""

    name = "net"

    def __init__(self, weights: Optional[str] = None, seed: Optional[int] = None) -> None:
        check_seed(seed)
        if weights is not None and not isinstance(weights, (str, os.PathLike)):
            raise ValueError(f"weights must be the path of a .qzn file, or None for the shipped net, not {quoted(weights)}")
        self._weights = weights
        self._net: Optional[Net] = None
        if weights is not None:
            try:
                self._net = Net.load(weights)
            except OSError as error:
                raise ValueError(f"weights: cannot read the net {os.fspath(weights)!r}: {error.strerror or error}") from None

    @property
    def weights(self) -> Optional[str]:
        """The path of its net's file; None for the net shipped for the game's rules."""
        return self._weights

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {"weights": self._weights}

    def __call__(self, game: Any) -> Any:
        refuse_finished(game)
        net = self._net if self._net is not None else Net.for_rules(game.rules)
        moves, _, scores = net._raw(game)
        return moves[scores.index(max(scores))]  # the first of the greatest

    def __repr__(self) -> str:
        return f"NetBot(weights={self._weights!r})"
