"""Bots, readable first: `random` and `greedy`, making exactly the choices of the Rust
core's bots (docs/engine.md "Simulation"). A bot is called on a game and returns a move:

>>> from quinza.reference import Game, GreedyBot, RandomBot
>>> g = Game("quinza", seed=7)
>>> g.play(GreedyBot()(g))
>>> g.play(RandomBot(seed=1)(g))
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .._words import choice_text
from .cards import Card
from .fifteen import SEVEN_OF_OROS, card_points, clear_scores_escoba
from .generator import _MASK, GAMMA, Random
from .quinte import TRICK_POINTS, Trick
from .rules import row_of

BOT_STREAM = 0x6A09E667F3BCC909  # mixed into a match seed for its bots' seeds


def _seed(seed: Any) -> int:
    # The generator checks the seed and words its refusal.
    return Random(0 if seed is None else seed).state


def _over(game: Any) -> None:
    if game.is_over:
        raise ValueError("the match is over: there is no move to choose")


class RandomBot:
    """Uniform over the legal moves: `below(len(legal_moves))` from a generator of its own,
    one draw a move (even when there is only one), picking in legal-move order."""

    name = "random"

    def __init__(self, seed: Optional[int] = None) -> None:
        self._seed = _seed(seed)
        self._rng = Random(self._seed)

    @property
    def seed(self) -> int:
        """The seed the bot started from."""
        return self._seed

    @property
    def state(self) -> int:
        """The generator's state now."""
        return self._rng.state

    def __call__(self, game: Any) -> Any:
        _over(game)
        moves = game.legal_moves()
        return moves[self._rng.below(len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self._seed})"


class GreedyBot:
    """The move worth most right away (its key: docs/engine.md "Bots",
    `quinza.reference.bots.greedy_key`); of equal moves, the first in legal-move order.
    It draws nothing: `seed` is only checked."""

    name = "greedy"

    def __init__(self, seed: Optional[int] = None) -> None:
        _seed(seed)

    def __call__(self, game: Any) -> Any:
        _over(game)
        best, best_key = None, None
        for move in game.legal_moves():
            key = greedy_key(game, move)
            if best_key is None or key > best_key:  # strictly more: ties keep the first
                best, best_key = move, key
        return best

    def __repr__(self) -> str:
        return "GreedyBot()"


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
    value = trick.quints + TRICK_POINTS * game.multiplier
    return value if trick.winner % 2 == game.turn % 2 else -value


# The bot kinds, name -> class: `bot()` builds them, `BOT_NAMES` lists them, and
# `simulate` plays them as core bots (a new bot is one class and one entry here).
BOTS: Dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot}
BOT_NAMES: Tuple[str, ...] = tuple(BOTS)


def bot(name: str, seed: Optional[int] = None) -> Any:
    """A new bot by name: `bot("random", seed=7)` is a `RandomBot`, `bot("greedy")` a
    `GreedyBot`; any other name raises ValueError."""
    if not isinstance(name, str) or name not in BOTS:
        raise ValueError(f"unknown bot {name!r}: choose {choice_text(BOT_NAMES)}, or pass a callable (game) -> move")
    return BOTS[name](seed)


def _index(index: Any, what: str) -> int:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= _MASK:
        raise ValueError(f"{what} must be a whole number from 0 to 2**64-1, not {index!r}")
    return index


def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` of a simulation seeded `seed`: output number `index` (from
    0) of `Random(seed)`, reached in one step (the state after `index` draws is
    `seed + index * GAMMA` modulo 2**64, where GAMMA = 0x9E3779B97F4A7C15 is the
    generator's increment; docs/engine.md "Seeding")."""
    seed, index = _seed(seed), _index(index, "index")
    return Random((seed + index * GAMMA) & _MASK).next_u64()


def seat_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` (0..3) in the match seeded `match_seed`: output number
    `seat` of `Random(match_seed XOR BOT_STREAM)`, where BOT_STREAM = 0x6A09E667F3BCC909;
    a stream apart from the match's own draws."""
    match_seed = _seed(match_seed)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    return Random(((match_seed ^ BOT_STREAM) + seat * GAMMA) & _MASK).next_u64()
