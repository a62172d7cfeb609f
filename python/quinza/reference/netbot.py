"""The net bot (docs/reference/nets.md "What comes out"): the legal move its net rates best,
without a search. A net of a file is read the first time its path is given and kept by
that path for the life of the process, as the core keeps it."""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Union

from .botargs import check_seed, refuse_finished
from .net import Net, reference_game
from .._words import quoted

_LOADED: Dict[str, Net] = {}  # the nets read from files, by path


def load(path: str) -> Net:
    """The net of the file at `path`, read once; a file that cannot be read or is not a
    net is a ValueError."""
    if path not in _LOADED:
        try:
            net = Net.load(path)
        except ValueError as error:
            said = str(error)
            raise ValueError(said if said.startswith("cannot read") else f"{path!r}: {said}") from None
        _LOADED.setdefault(path, net)
    return _LOADED[path]


def weights_arg(weights: Optional[Union[str, "os.PathLike[str]"]]) -> Optional[str]:
    """A bot's `weights` as kept: the path of a .qzn file, read now (a file that is not a net
    is refused when the bot is made), or None."""
    if weights is None:
        return None
    if not isinstance(weights, (str, os.PathLike)):
        raise ValueError(f"weights must be the path of a .qzn file, or None for the shipped net, not {quoted(weights)}")
    path = os.fspath(weights)
    load(path)
    return path


def net_of(weights: Optional[str], rules: Any) -> Net:
    """The net of `weights` (a path kept by `weights_arg`), or the one the package ships for
    the rules; it must fit them (a ValueError saying why, as the core says it)."""
    net = Net.for_rules(rules) if weights is None else load(weights)
    net._check_fits(rules)
    return net


class NetBot:
    """The net bot: the net rates every legal move of the seat to act from what that seat
    may know, and the bot plays the first move of the greatest score. It draws nothing and
    does not search (docs/reference/nets.md)."""

    name = "net"

    def __init__(self, weights: Optional[Union[str, "os.PathLike[str]"]] = None, seed: Optional[int] = None) -> None:
        kept = weights_arg(weights)
        check_seed(seed)
        self._weights = kept

    @property
    def weights(self) -> Optional[str]:
        """The path of the bot's .qzn file, or None: the net the package ships for the game's rules."""
        return self._weights

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {"weights": self._weights}

    def __call__(self, game: Any) -> Any:
        """The net's move for the seat to act: the first of the greatest score_raw (the
        whole numbers compared, so ties are exact)."""
        ref = reference_game(game)
        net = net_of(self._weights, ref.rules)  # as the core, before the match's end
        refuse_finished(game)
        _, scores = net._forward(ref)
        return game.legal_moves()[scores.index(max(scores))]  # the first of the greatest

    def __repr__(self) -> str:
        return f"NetBot(weights={self._weights!r})"
