"""A position given from outside, checked: what `Game.from_position` checks of the cards,
hands, piles and counts it is given before it builds the game there (docs/reference/game.md
"from_position" and "Quinte: from_position"); reading a game's JSON (_json.py) checks its
position here too.

The rules modules (fifteen.py, quinte.py) say how a deal is played; this module says which
given positions a deal can be in, in the words of those rules, which it imports. So they
cannot import it: each family's reader is registered in `game.POSITIONS`, where the
families' `from_position` and `Game.from_position` find it. The checks are made in the
Rust core's order, message for message (tests/test_bad_input.py compares them).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, List, Set, Type, TypeVar, cast

from .cards import Card, card_list, full_deck
from .fifteen import HAND_SIZE, FifteenGame
from .game import POSITIONS, index
from .generator import Random
from .moves import BIDS, Move
from .quinte import CACHETTE_SIZE, PLAYERS, TRICKS, QuinteGame, bid_reason, count_winner, doubling_state
from .quinte import HAND_SIZE as QUINTE_HAND_SIZE
from .rules import Rules, row_of
from .._words import quoted

_T = TypeVar("_T")
_FifteenT = TypeVar("_FifteenT", bound=FifteenGame)

# -- the arguments, as every family checks them ------------------------------------------------


def iterable(value: Any, name: str) -> Iterable[Any]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ValueError(f"{name} must be a list of cards, not {quoted(value)}")
    return cast(Iterable[Any], value)


def per(values: Any, count: int, name: str, unit: str, convert: Callable[[Any], _T]) -> List[_T]:
    """One entry per seat or per side (`unit`), each converted."""
    values = list(iterable(values, name))
    if len(values) != count:
        raise ValueError(f"{name} needs {count} entries, one per {unit}, not {len(values)}")
    return [convert(iterable(v, name) if convert is card_list else v) for v in values]


def check_each_card_once(cards: Iterable[Card], deck: str) -> None:
    """Every card of `deck` exactly once among `cards`: the first repeated card, else the missing ones."""
    seen: Set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card} appears more than once")
        seen.add(card)
    missing = [str(c) for c in full_deck(deck) if c not in seen]
    if missing:
        raise ValueError("cards missing from the position: " + " ".join(missing))


def whole(value: Any, low: int, must: str) -> int:
    """`value`, a whole number from `low` to 2**64-1 (a bool is not one); else a ValueError
    that says what it `must` be, and what it is."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < 2**64:
        raise ValueError(f"{must}, not {quoted(value)}")
    return value


def check_deal_number(deal_number: Any) -> int:
    return whole(deal_number, 1, "deal_number must be a whole number from 1 to 2**64-1")


# -- the fifteen family ------------------------------------------------------------------------


def fifteen_position(
    cls: Type[_FifteenT], rules: Rules, hands: Any, table: Any, stock: Any, dealer: Any, turn: Any,
    scores: Any, piles: Any, escobas: Any, last_capturer: Any, deal_number: Any, seed: Any,
    *, bids: Any = None, quints: Any = None, played: Any = None,
) -> _FifteenT:
    """`cls.from_position` (FifteenGame or a subclass), and Game.from_position of the
    family, which may be given quinte's `bids`, `quints` and `played`, to refuse them first.
    Each argument as given (from_position's defaults filled in), anything at all: here it
    is checked."""
    for key, value in (("bids", bids), ("quints", quints), ("played", played)):  # refused in this order
        if value is not None:
            raise ValueError(f"{key} belong to quinte, not to {rules.name}")
    n, sides = rules.players, rules.sides
    hands_ = per(hands, n, "hands", "seat", card_list)
    table_ = card_list(iterable(table, "table"))
    stock_ = card_list(iterable(stock, "stock"))
    piles_ = per(piles, sides, "piles", "side", card_list) if piles is not None else [[] for _ in range(sides)]
    scores_ = per(scores, sides, "scores", "side", _count) if scores is not None else [0] * sides
    escobas_ = per(escobas, sides, "escobas", "side", _count) if escobas is not None else [0] * sides
    dealer = index(dealer, n, "dealer")
    if last_capturer is not None:
        last_capturer = index(last_capturer, n, "last_capturer")
    deal_number = check_deal_number(deal_number)
    rng = Random(seed)
    if not row_of(rules).sweeps and any(escobas_):  # escobas only where a clear scores one
        raise ValueError(f"{rules.name} scores no escobas, so escobas must be 0, not {escobas_}")

    cards = [c for h in hands_ for c in h] + table_ + stock_ + [c for p in piles_ for c in p]
    check_each_card_once(cards, rules.deck)
    if len(stock_) % (HAND_SIZE * n):
        raise ValueError(
            f"the stock holds {len(stock_)} cards; it is dealt in rounds of {HAND_SIZE * n}"
        )
    order = cls._seat_order(dealer, n)
    sizes = [len(hands_[seat]) for seat in order]
    if max(sizes) == 0:
        raise ValueError("every hand is empty: there is no card to play")
    if max(sizes) > HAND_SIZE:
        raise ValueError(f"a hand holds at most {HAND_SIZE} cards, not {max(sizes)}")
    # Seats that already played this round hold one card fewer than the rest.
    k = sizes.index(max(sizes))
    if any(s != max(sizes) - 1 for s in sizes[:k]) or any(s != max(sizes) for s in sizes[k:]):
        raise ValueError(
            "the hand sizes do not fit a round of play: in play order from the seat after "
            f"the dealer they are {sizes}"
        )
    if turn is not None and index(turn, n, "turn") != order[k]:
        raise ValueError(f"turn {turn} does not fit the hand sizes: seat {order[k]} is to play")

    game = cls.__new__(cls)
    game._rules = rules
    game._rng = rng
    game._dealer = dealer
    game._deal_number = deal_number
    game._turn = order[k]
    game._hands = hands_
    game._table = table_
    game._stock = stock_
    game._piles = piles_
    game._escobas = escobas_
    game._last_capturer = last_capturer
    game._scores = scores_
    game._winner = None
    game._deals = []
    game._new_round()  # the moves before are not known: the round is seen from here
    if game._match_over():
        raise ValueError(f"the scores {scores_} already end the match")
    return game


def _count(value: Any) -> int:
    return whole(value, 0, "a score or escoba count must be a whole number from 0 to 2**64-1")


# -- quinte ------------------------------------------------------------------------------------


def quinte_position(
    cls: Type[Any], rules: Rules, hands: Any, table: Any, stock: Any, dealer: Any, turn: Any,
    scores: Any, piles: Any, escobas: Any, last_capturer: Any, deal_number: Any, seed: Any,
    *, bids: Any, quints: Any, played: Any, over: bool = False,
) -> QuinteGame:
    """QuinteGame.from_position, and Game.from_position of quinte (which may be given
    `escobas`, to refuse them in turn); `over` is for reading a finished match from JSON.
    Each argument as given, as for the fifteen family. It builds a QuinteGame whatever
    `cls` asked for it."""
    hands_ = per(hands, PLAYERS, "hands", "seat", lambda v: _cards(v, "hands"))
    trick = _cards(table, "table")
    cachette = _cards(stock, "stock")
    piles_ = per(piles, 2, "piles", "side", lambda v: _cards(v, "piles")) if piles is not None else [[], []]
    scores_ = per(scores, 2, "scores", "side", lambda v: _points(v, "scores")) if scores is not None else [0, 0]
    if escobas is not None:
        raise ValueError("quinte has no escobas")
    dealer = index(dealer, PLAYERS, "dealer")
    if last_capturer is not None:
        last_capturer = index(last_capturer, PLAYERS, "last_capturer")
    deal_number = check_deal_number(deal_number)
    rng = Random(seed)
    bids_ = None if bids is None else [_bid_word(b) for b in iterable(bids, "bids")]
    quints_ = per(quints, 2, "quints", "side", lambda v: _points(v, "quints")) if quints is not None else [0, 0]
    played_ = None if played is None else _cards(played, "played")

    # Every one of the 53 cards exactly once.
    cards = [c for h in hands_ for c in h] + trick + cachette + [c for p in piles_ for c in p]
    check_each_card_once(cards, rules.deck)

    # The cachette, the trick in progress and the piles.
    if len(cachette) != CACHETTE_SIZE and not (over and not cachette):
        raise ValueError(f"the cachette (stock) holds {CACHETTE_SIZE} cards, not {len(cachette)}")
    if len(trick) >= PLAYERS:
        raise ValueError(f"the trick in progress holds at most 3 cards, not {len(trick)}")
    if over and trick:
        raise ValueError("the match is over, but a trick is in progress")
    taken: List[Card] = []  # the cachette once taken: the cards of a pile that were never played
    if not cachette:
        if played_ is None:
            raise ValueError("played is needed to tell the taken cachette from the tricks")
        played_set = set(played_)
        taken = [c for p in piles_ for c in p if c not in played_set]
        if last_capturer is None or len(taken) != CACHETTE_SIZE or any(c not in piles_[last_capturer % 2] for c in taken):
            raise ValueError("the taken cachette must be 5 cards, never played, in the pile of last_capturer's side")
    trick_piles = [[c for c in pile if c not in taken] for pile in piles_]
    for side, pile in enumerate(trick_piles):
        if len(pile) % PLAYERS:
            raise ValueError(f"side {side} has won {len(pile)} cards in tricks: the piles hold whole tricks of 4")
    done = sum(len(p) for p in trick_piles) // PLAYERS  # tricks completed this deal
    if done == TRICKS and not over:
        raise ValueError("every hand is empty: there is no card to play")
    if over and done == 0:
        raise ValueError("the match is over, but no trick has been won")
    if taken and done != TRICKS:
        raise ValueError("the cachette is taken only after the twelfth trick")

    # Who leads the trick in progress, and the hands that fit it.
    if done == 0:
        if last_capturer is not None:
            raise ValueError("no trick has been won, so last_capturer must be None")
        leader = (dealer + 1) % PLAYERS
    else:
        if last_capturer is None:
            raise ValueError("last_capturer must be the seat that won the last trick: it leads the next one")
        if not piles_[last_capturer % 2]:
            raise ValueError(f"last_capturer {last_capturer} won the last trick, but side {last_capturer % 2} has won none")
        leader = last_capturer
    size = QUINTE_HAND_SIZE - done
    expected = [size - 1 if (seat - leader) % PLAYERS < len(trick) else size for seat in range(PLAYERS)]
    sizes = [len(h) for h in hands_]
    if sizes != expected:
        raise ValueError(
            f"the hand sizes {sizes} do not fit the position: after {done} tricks, with "
            f"{len(trick)} cards in the trick led by seat {leader}, they should be {expected}"
        )

    # The doubling: the bids are checked one by one as if they were played.
    if bids_ is None:
        bids_ = list(BIDS[:1] * PLAYERS) if done or trick else []
    for i, word in enumerate(bids_):
        doubled_by, _, finished = doubling_state(bids_[:i], dealer + 1)
        if finished:
            raise ValueError(f"bids: the doubling is over after {i} bids")
        reason = bid_reason(word, (dealer + 1 + i) % PLAYERS, doubled_by)
        if reason is not None:
            raise ValueError(f"bids: {reason}")
    doubling_over = doubling_state(bids_, dealer + 1)[2]
    if (done or trick) and not doubling_over:
        raise ValueError(f"cards have been played, so the doubling must be over, but the bids are {bids_}")

    if over:
        if turn is not None:
            raise ValueError("the match is over, so turn must be None")
        if not doubling_over:
            raise ValueError("the match is over, but the doubling is not")
    else:
        to_play = leader if doubling_over else (dealer + 1 + len(bids_)) % PLAYERS
        to_play = (to_play + len(trick)) % PLAYERS
        if turn is not None and index(turn, PLAYERS, "turn") != to_play:
            raise ValueError(f"turn {turn} does not fit the position: seat {to_play} is to play")
        turn = to_play

    if any(q > s for q, s in zip(quints_, scores_)):
        raise ValueError(f"the quints {quints_} of this deal are more than the scores {scores_}")

    # Every card played this deal: by default the cards of the won tricks by id, then the trick.
    trick_cards = sorted(c for p in trick_piles for c in p)
    if played_ is None:
        played_ = trick_cards + trick
    elif sorted(played_[: len(trick_cards)]) != trick_cards or played_[len(trick_cards) :] != trick:
        raise ValueError("played must list the cards of the won tricks in play order, then the trick in progress")

    winner = count_winner(scores_, rules.target)
    if over and winner is None:
        raise ValueError(f"the match is over, but the scores {scores_} do not end it")
    if not over and winner is not None:
        raise ValueError(f"the scores {scores_} already end the match")

    game = QuinteGame.__new__(QuinteGame)
    game._rules = rules
    game._rng = rng
    game._dealer = dealer
    game._deal_number = deal_number
    game._turn = turn
    game._hands = hands_
    game._cachette = cachette
    game._bids = bids_
    game._played = played_
    game._piles = piles_
    game._tricks_won = [len(p) // PLAYERS for p in trick_piles]
    if taken:  # the cachette, a thirteenth trick, went to last_capturer's side
        assert last_capturer is not None  # checked with the taken cachette above
        game._tricks_won[last_capturer % 2] += 1
    game._quints = quints_
    game._last_capturer = last_capturer
    game._scores = scores_
    game._winner = winner if over else None
    game._deals = []
    return game


def _cards(value: Any, name: str) -> List[Card]:
    return card_list(iterable(value, name), "quinte")


def _points(value: Any, name: str) -> int:
    return whole(value, 0, f"{name} must be whole numbers from 0 to 2**64-1")


def _bid_word(value: Any) -> str:
    if isinstance(value, Move) and value.bid is not None:
        return value.bid
    if isinstance(value, str) and value.lower() in BIDS:
        return value.lower()
    raise ValueError(f"bids: {quoted(value)} is not pass, double or redouble")


POSITIONS.update(fifteen=fifteen_position, quinte=quinte_position)
