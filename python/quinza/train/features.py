"""What a net reads of a position (docs/reference/nets.md, "What goes in"): the observation
of the seat to act and each legal move's features. Nothing else: a position's inputs are
the same in every world the seat cannot tell apart (tests/test_train_blind.py)."""

from __future__ import annotations

from typing import Any, List, Tuple

import numpy as np


def is_quinte(rules: Any) -> bool:
    """Quinte's moves are read by their action id, the fifteen family's by their cards."""
    return bool(rules.deck == "quinte")


def deck_size(api: Any, rules: Any) -> int:
    """`D`, the cards of the deck: all of them are dealt or in the stock when a deal starts."""
    game = api.Game(rules, seed=0)
    return int(sum(len(game.hand(seat)) for seat in range(rules.players)) + len(game.table) + game.stock)


def sizes(api: Any, rules: Any) -> Tuple[int, int]:
    """`L` and `F` of a net for these rules."""
    observation_len = len(api.Game(rules, seed=0).encode(0))
    if is_quinte(rules):
        return observation_len, int(api.action_count(rules))
    return observation_len, 2 * deck_size(api, rules)


# TODO: use quinza.reference.net.move_features (through the engine) once the reference
# twin has it; this is the same definition, from docs/reference/nets.md.
def move_features(game: Any, move: Any, deck: int) -> List[int]:
    """The feature indices of one legal move: quinte's action id; in the fifteen family the
    card played and `deck` + each card captured."""
    if is_quinte(game.rules):
        return [int(game.action_of(move))]
    return [int(move.card.id)] + [deck + int(card.id) for card in move.captures]


def inputs(game: Any, deck: int) -> Tuple[np.ndarray, List[List[int]]]:
    """The observation of the seat to act (float32) and the features of each legal move,
    in the order of `legal_moves()`."""
    observation = np.asarray(game.encode(game.turn), dtype=np.float32)
    return observation, [move_features(game, move, deck) for move in game.legal_moves()]
