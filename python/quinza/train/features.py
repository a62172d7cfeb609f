"""What a net reads of a position (docs/reference/nets.md, "What goes in"): the observation
of the seat to act and each legal move's features, as the reference twin defines them (the
core computes the same inside its forward pass). Nothing else: a position's inputs are the
same in every world the seat cannot tell apart (tests/test_train_blind.py)."""

from __future__ import annotations

from typing import Any, List, Tuple

import numpy as np

from ..engines import engine


def sizes(api: Any, rules: Any) -> Tuple[int, int]:
    """`L` and `F` of a net for these rules."""
    return len(api.Game(rules, seed=0).encode(0)), int(engine("reference").Net.feature_count(rules))


def inputs(game: Any) -> Tuple[np.ndarray, List[List[int]]]:
    """The observation of the seat to act (float32) and the features of each legal move,
    in the order of `legal_moves()`."""
    observation = np.asarray(game.encode(game.turn), dtype=np.float32)
    features = engine("reference").Net.move_features
    return observation, [features(game, move) for move in game.legal_moves()]
