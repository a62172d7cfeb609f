"""ismcts guided by a net (`prior="net"`, docs/reference/search.md "ismcts"): PUCT at the
tree's nodes, each legal move's prior the softmax of the net's scores over `TEMPERATURE`,
and the net's value at the new leaf instead of a playout to the end of the deal
(`prior="net_rollout"`: the playout, as without a net).

Where the seat to move searches, in the iteration's world, every legal move `m` is rated
`Q(m) + c * P(m) * sqrt(N) / (1 + n(m))` and the first of the greatest is played, where
`P(m) = exp((s(m) - max s) / T) / sum of exp((s - max s) / T)` over the legal moves (`s` the
net's scores in points, read from that seat's observation in the world), `n(m)` and
`Q(m) = (total / n) / scale` are its child's (0 without one) and `N` is the node's own
visits (at the root, the iterations before this one), at least 1. Every step is IEEE
double, in the order written, as the core computes it.
"""

from __future__ import annotations

import math
from typing import Any, List, Optional

from .game import Game
from .net import as_rules
from .netbot import net_of

TEMPERATURE = 1.0  # the softmax's, in points of a deal
# What guides the tree: nothing (UCB, playouts), the net (PUCT and its values), or the net's
# priors with playouts.
PRIOR, PRIORS = "off", ("off", "net", "net_rollout")


WEIGHTS_WITHOUT_PRIOR = "ismcts reads weights only with prior=net or net_rollout: add prior=net, or leave weights out"


class Guide:
    """The net of `weights` (a .qzn file's path), or the one the package ships for the
    rules, which must fit them (a ValueError otherwise), rating positions for the tree."""

    def __init__(self, rules: Any, weights: Optional[str] = None) -> None:
        self.net = net_of(weights, as_rules(rules))

    def priors(self, world: Game) -> List[float]:
        """The prior of each legal move of the world's seat to act, in legal-move order."""
        _, scores = self.net._forward(world)
        top, scale = max(scores), self.net._unit * TEMPERATURE
        weights = [math.exp((s - top) / scale) for s in scores]
        total = 0.0
        for w in weights:  # one addition after another, as the core sums (not math.fsum)
            total += w
        return [w / total for w in weights]

    def value(self, world: Game) -> float:
        """The net's value, in points, of the world for its seat to act."""
        return self.net._trunk(world)[0] / self.net._unit


def puct_child(node: Any, legal: List[Any], priors: List[float], c: float, own: int, scale: float) -> Any:
    """The move of greatest PUCT rating at `node` (the first of equal ones) and its child
    (None when it has none yet); each child of a legal move is one more time available."""
    root_n = math.sqrt(max(own, 1))
    best, best_child, best_rating = None, None, -math.inf
    for move, prior in zip(legal, priors):
        child = node.children.get(move)
        q, n = 0.0, 0
        if child is not None:
            child.available += 1
            q, n = ((child.total / child.n) / scale if child.n else 0.0), child.n
        rating = q + c * prior * root_n / (1 + n)
        if best is None or rating > best_rating:  # strictly more: the first of equals
            best, best_child, best_rating = move, child, rating
    return best, best_child
