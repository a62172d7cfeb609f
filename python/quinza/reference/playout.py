"""The greedy bot's key of a move, its choice, and the greedy playout the search bots
end their lines with (docs/reference/simulation.md "Bots", "Search bots: PIMC and ISMCTS").

A playout plays the greedy move for every seat until the deal in progress ends; the
searches read that deal's points from the first record of a finished deal that appears
(they play on worlds, which carry no records of earlier deals).
"""

from __future__ import annotations

from typing import Any, List, Tuple

from .cards import Card
from .fifteen import SEVEN_OF_OROS, card_points, clear_scores_escoba
from .quinte import TRICK_POINTS, Trick
from .rules import row_of


def greedy_key(game: Any, move: Any) -> Tuple[int, ...]:
    """What a move is worth right away; greater is better.

    quinza, rb3ine: a capture is worth the card points of the played and captured cards;
    a lay is worth minus the card points of the card laid (it is offered to the others).

    escoba: (escoba scored, 7 of Oros, Oros, cards), compared in that order; a capture
    counts the played and captured cards, a lay counts the card laid, negatively.

    quinte: a bid is worth nothing (so greedy passes: pass is listed first). A card is
    worth, with the trick as it would stand after it: the trick's quint points plus
    5 x multiplier, positive when the card that would win it is the player's side's,
    negative otherwise.
    """
    scoring = row_of(game.rules).scoring
    if scoring == "quints_and_tricks":
        return (_quinte_value(game, move),)
    played = [move.card]
    if scoring == "card_points":
        if not move.captures:
            return (-card_points(move.card),)
        return (sum(card_points(c) for c in played + list(move.captures)),)
    cards = played + list(move.captures)
    sign = 1 if move.captures else -1
    clears = bool(move.captures) and len(move.captures) == len(game.table)
    escoba = int(clears and clear_scores_escoba(game.rules, len(game.hand(game.turn)) - 1, game.stock))
    seven = sum(1 for c in cards if c.id == SEVEN_OF_OROS.id)  # by id: the cards of either twin
    oros = sum(1 for c in cards if c.suit == "o")
    return (escoba, sign * seven, sign * oros, sign * len(cards))


def _quinte_value(game: Any, move: Any) -> int:
    if move.card is None:
        return 0
    seats = game.trick + [(game.turn, move.card)]  # the game of either twin
    trick = Trick(seats[0][0], [Card(str(c), "quinte") for _, c in seats])  # the reference's cards
    if trick.winner is None:
        return -trick.quints  # a led joker wins nothing yet
    value: int = trick.quints + TRICK_POINTS * game.multiplier
    return value if trick.winner % 2 == game.turn % 2 else -value



def greedy_move(game: Any) -> Any:
    """The legal move of greatest `greedy_key`; of equal keys, the first in legal-move
    order (a game in play, of either twin)."""
    best, best_key = None, None
    for move in game.legal_moves():
        key = greedy_key(game, move)
        if best_key is None or key > best_key:  # strictly more: ties keep the first
            best, best_key = move, key
    return best


def deal_value(points: List[int], side: int) -> int:
    """A finished deal's value for `side`: its points minus the best of the other sides'
    (with two sides the plain difference; the solver's and the search bots' objective).

    >>> deal_value([10, 4, 7], 0), deal_value([10, 4, 7], 1)
    (3, -6)
    """
    return points[side] - max(p for s, p in enumerate(points) if s != side)


def play_out(game: Any, deals: int = 0) -> List[int]:
    """Play the greedy move for every seat until the deal in progress ends (a record of a
    finished deal beyond the first `deals` appears), in place; that deal's points."""
    while len(game.deals) <= deals:
        game.play(greedy_move(game))
    return list(game.deals[deals].points)
