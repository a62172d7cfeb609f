"""What a net reads of a legal move (docs/reference/nets.md "What goes in"): a few feature
indices, each standing for a 1, computed from what the seat to act may know (the move, the
table or the trick in progress). The core computes the same in each family's
`Encoded::move_features`."""

from __future__ import annotations

from typing import Any, List

from .cards import DECK_SIZE, Card
from .encode import action_count
from .quinte import quints_in, winning_index
from .rules import Rules

# What a fifteen-family move leaves on the table, as features after the two decks' worth of
# cards: the table's total (capped at the capture total: from there no single card sweeps
# it), how many cards it holds (capped at TABLE_COUNTS - 1), and which of the RANKS ranks
# could capture from it. What the next player may sweep or take is read there, not
# guessed from the cards alone.
TABLE_COUNTS, RANKS = 7, 10
# What a card of quinte does to the trick in progress, as features after the action ids:
# its place in the trick (PLACES), whether it takes the trick as it then stands, whether
# the mover's side does (TAKES), and the trick's quint points in fives (QUINT_STEPS, the
# last: that many or more).
PLACES, TAKES, QUINT_STEPS = 4, 2, 10
QUINT_STEP = 5


def move_features(game: Any, move: Any) -> List[int]:
    """A legal move's feature indices, each standing for a 1 (of either twin's game).

    The fifteen family's: the played card's `Card.id`, `D + Card.id` of each card it
    captures (D the deck's size, 40), then `2D + t` for the total t of the table it leaves
    (at most the capture total C), `2D + C + 1 + n` for its count of cards n (at most 6),
    and `2D + C + 8 + r` for each rank r (a `Card.id` below 10) whose value and some of
    those cards make C.

    Quinte's: its action id (`game.action_of(move)`, below A, the action count); for a
    card, then `A + i` for its place i in the trick, `A + 4` when it takes the trick as
    the trick then stands, `A + 5` when the mover's side does, and `A + 6 + q` for the
    trick's quint points then, q fives (at most 9)."""
    if game.rules.deck == "quinte":
        return _trick_features(game, move)
    return _table_features(game, move)


def _table_features(game: Any, move: Any) -> List[int]:
    rules = game.rules
    taken = {card.id for card in move.captures}
    left = [card for card in game.table if card.id not in taken]
    if not taken:
        left.append(move.card)
    values, capture = rules.values, rules.capture_total
    total = min(sum(values[card.id % 10] for card in left), capture)
    count = min(len(left), TABLE_COUNTS - 1)
    sums = 1  # bit s: some of the cards left make s
    for card in left:
        sums |= sums << values[card.id % 10]
    ranks = 2 * DECK_SIZE + capture + 1 + TABLE_COUNTS
    return ([move.card.id] + [DECK_SIZE + card.id for card in move.captures]
            + [2 * DECK_SIZE + total, 2 * DECK_SIZE + capture + 1 + count]
            + [ranks + r for r in range(RANKS) if sums >> (capture - values[r]) & 1])


def _trick_features(game: Any, move: Any) -> List[int]:
    action = game.action_of(move)
    if move.card is None:  # a bid
        return [action]
    base = action_count(game.rules.name)  # of either twin's rules: the same for every option
    # the trick as the reference's cards, whichever twin's game it is
    cards = [Card(str(card), "quinte") for _, card in game.trick] + [Card(str(move.card), "quinte")]
    place = len(cards) - 1
    out = [action, base + place]
    if not all(card.is_joker for card in cards):  # the joker alone takes nothing
        wins = winning_index(cards)
        if wins == place:
            out.append(base + PLACES)
        if (place - wins) % 2 == 0:
            out.append(base + PLACES + 1)
    out.append(base + PLACES + TAKES + min(quints_in(cards) // QUINT_STEP, QUINT_STEPS - 1))
    return out


def feature_count(rules: Rules) -> int:
    """F of the rules: in the fifteen family twice the deck's size, then the table's
    totals 0 to the capture total, its counts, and the ranks; quinte's action count, then
    the places in a trick, who takes it, and the quint steps."""
    if rules.deck == "quinte":
        return action_count(rules) + PLACES + TAKES + QUINT_STEPS
    assert rules.capture_total is not None  # None only in quinte
    return 2 * DECK_SIZE + rules.capture_total + 1 + TABLE_COUNTS + RANKS
