"""Encodings for learning agents (docs/reference/encodings.md "Encodings"): what one seat may know as a
fixed-size numpy float32 vector, and an exact action id for every legal move.

Both are read from the seat's `observation(seat)` and the position's legal moves, never
from the full state: no vector can carry a card its seat cannot see. Seats and sides are
counted from the observing seat (`+0` is the seat itself, or its side), in play order.
Counts are capped at 2**24, exact in a float32; scores and quints are divided by the
target as float32 numbers.

Actions. Fifteen family: when every (card played, captured set) pair of the deck fits in
FLAT_LIMIT ids (quinza 76,364, escoba 84,488) each pair has one fixed id: card c's block
starts at `offsets[c]`, its lay first, then its capture sets ranked by deciding card by
card in id order, "left out" before "taken". rb3ine's pairs (141 million) do not fit, so an
id there is `card * RANKED_SLOTS + rank`, the rank being the move's place among the
position's legal moves of that card. Quinte: a card is its id (the joker 52), a bid is 53 +
its place in pass, double, redouble.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .cards import DECK_SIZE, QUINTE_DECK_SIZE, QUINTE_SUIT_NAMES, QUINTE_SUITS, Card, full_deck
from .moves import BIDS, Move
from .rules import Rules
from .._words import quoted

ENCODING_VERSION = 1  # bumped whenever a layout or an action id changes meaning
COUNT_CAP = 1 << 24  # counts and numerators are capped here: exact in a float32
FLAT_LIMIT = 100_000  # the largest flat action space; beyond it ids are ranked
# Ranked ids (rb3ine): the moves one card may have in a position. Random play never came
# near it; a built position with more is refused with a ValueError.
RANKED_SLOTS = 1024
PHASES = ("doubling", "play", "over")


def _rules(rules: "Rules | str") -> Rules:
    return rules if isinstance(rules, Rules) else Rules(rules)


# -- the observation vector ---------------------------------------------------------------


def encode_names(rules: "Rules | str") -> List[str]:
    """The names of every entry of a seat's encoding under `rules` (a Rules or a rule set's
    name), in order; `len(encode_names(rules))` is the length of `game.encode(seat)`.

    >>> names = encode_names("escoba")
    >>> len(names), names[0], names[-1]
    (217, 'hand:1o', 'winner[+1]')
    """
    rules = _rules(rules)
    out: List[str] = []

    def cards(what: str) -> None:
        out.extend(f"{what}:{card}" for card in full_deck(rules.deck))

    def per(what: str, count: int) -> None:
        out.extend(f"{what}[+{k}]" for k in range(count))

    n, s = rules.players, rules.sides
    if rules.deck == "quinte":
        cards("hand")
        for k in range(n):
            cards(f"trick[+{k}]")
        cards("played")
        for k in range(s):
            cards(f"pile[+{k}]")
        cards("unseen")
        for k in range(n):
            out.extend(f"void[+{k}]:{suit}" for suit in QUINTE_SUIT_NAMES)
        per("hand_size", n)
        out.append("stock")
        out.extend(f"phase:{p}" for p in PHASES)
        for k in range(n):
            out.extend(f"bid[+{k}]:{b}" for b in BIDS)
        out += ["multiplier", "trick_number"]
        per("tricks_won", s)
        per("quints", s)
        per("score", s)
        out.append("deal_number")
        per("dealer", n)
        per("turn", n)
        per("leader", n)
    else:
        cards("hand")
        cards("table")
        for k in range(s):
            cards(f"pile[+{k}]")
        cards("unseen")
        per("hand_size", n)
        out.append("stock")
        per("escobas", s)
        per("score", s)
        out.append("deal_number")
        per("dealer", n)
        per("turn", n)
        per("last_capturer", n)
    out.append("over")
    per("winner", s)
    return out


class _Writer:
    """Writes the entries of a vector in order (the order of `encode_names`)."""

    def __init__(self, size: int) -> None:
        self.out = np.zeros(size, dtype=np.float32)
        self.at = 0

    def cards(self, ids: Sequence[int], size: int) -> None:
        for i in ids:
            self.out[self.at + i] = 1.0
        self.at += size

    def count(self, x: int) -> None:
        self.out[self.at] = min(x, COUNT_CAP)
        self.at += 1

    def ratio(self, x: int, of: int) -> None:
        # A float32 division of the capped numbers, as the core divides.
        self.out[self.at] = np.float32(min(x, COUNT_CAP)) / np.float32(min(max(of, 1), COUNT_CAP))
        self.at += 1

    def one_hot(self, index: Optional[int], size: int) -> None:
        if index is not None:
            self.out[self.at + index] = 1.0
        self.at += size


def _ids(texts: Sequence[str], deck: str) -> List[int]:
    return [Card(t, deck).id for t in texts]


def encode_observation(rules: Rules, obs: Dict[str, Any], voids_shown: Any = None) -> np.ndarray:
    """The vector of an `observation(seat)` dict; quinte's needs `voids_shown` (quinte.py:
    the suits each seat has shown it lacks, from the cards played and the seat that
    leads)."""
    n, s = rules.players, rules.sides
    seat = obs["seat"]
    own = rules.side_of(seat)
    seats = [(seat + k) % n for k in range(n)]
    sides = [(own + k) % s for k in range(s)]

    def relative(x: Optional[int]) -> Optional[int]:
        return None if x is None else (x - seat) % n

    w = _Writer(len(encode_names(rules)))
    deck = rules.deck
    size = DECK_SIZE if deck == "baraja" else QUINTE_DECK_SIZE
    hand = _ids(obs["hand"], deck)
    piles = [_ids(obs["piles"][side], deck) for side in sides]
    w.cards(hand, size)
    if deck == "baraja":
        table = _ids(obs["table"], deck)
        w.cards(table, size)
        seen = set(hand) | set(table)
    else:
        leader = obs["last_capturer"] if obs["last_capturer"] is not None else (obs["dealer"] + 1) % n
        for k in range(n):
            w.cards([Card(c, deck).id for who, c in obs["trick"] if who == seats[k]], size)
        played = _ids(obs["played"], deck)
        w.cards(played, size)
        seen = set(hand) | set(played)
    for pile in piles:
        w.cards(pile, size)
        seen |= set(pile)
    w.cards([i for i in range(size) if i not in seen], size)
    if deck == "quinte":
        voids = voids_shown([Card(c, deck) for c in obs["played"]], leader)
        for k in range(n):
            w.cards(sorted(voids[seats[k]]), len(QUINTE_SUITS))
    for k in range(n):
        w.count(obs["hand_sizes"][seats[k]])
    w.count(obs["stock"])
    if deck == "baraja":
        for side in sides:
            w.count(obs["escobas"][side])
    else:
        w.one_hot(PHASES.index(obs["phase"]), len(PHASES))
        bids: List[Optional[int]] = [None] * n
        for who, word in obs["bids"]:
            bids[(who - seat) % n] = BIDS.index(word)
        for b in bids:
            w.one_hot(b, len(BIDS))
        w.count(obs["multiplier"])
        w.count(min(len(obs["played"]) // n + 1, 12))
        for side in sides:
            w.count(obs["tricks_won"][side])
        for side in sides:
            w.ratio(obs["quints"][side], rules.target)
    for side in sides:
        w.ratio(obs["scores"][side], rules.target)
    w.count(obs["deal_number"])
    w.one_hot(relative(obs["dealer"]), n)
    w.one_hot(relative(obs["turn"]), n)
    if deck == "baraja":
        w.one_hot(relative(obs["last_capturer"]), n)
    else:
        w.one_hot(relative(leader) if obs["turn"] is not None else None, n)
    w.count(1 if obs["turn"] is None else 0)  # over
    w.one_hot(None if obs["winner"] is None else (obs["winner"] - own) % s, s)
    assert w.at == len(w.out), "the layout of encode_names"
    return w.out


def into(out: Any, values: np.ndarray, dtype: str, what: str) -> Any:
    """`values` written into `out` (a writable one-dimensional buffer of `dtype` items of
    their length), or `values` itself when `out` is None."""
    if out is None:
        return values
    code = {"float32": "f", "int8": "b"}[dtype]
    try:
        view = memoryview(out)
    except TypeError:
        view = None
    if (
        view is None or view.readonly or view.ndim != 1 or view.shape != (len(values),)
        or view.format.lstrip("@=<") != code or not view.c_contiguous
    ):
        raise ValueError(
            f"out must be a writable numpy {dtype} array of shape ({len(values)},) for {what}, not {quoted(out)}"
        )
    np.frombuffer(view, dtype=dtype)[:] = values
    return out


# -- action ids ---------------------------------------------------------------------------


# What `_flat` returns: a rule set's flat ids, as it describes them.
_Flat = Tuple[Tuple[int, ...], Tuple[Tuple[Tuple[int, ...], ...], ...], Tuple[int, ...], int]


@lru_cache(maxsize=None)
def _flat(name: str) -> Optional[_Flat]:
    """The flat ids of a fifteen-family rule set: (offsets, subsets, values by id, total),
    `subsets[p][i][t]` counting the sets of cards with ids i..39, the played card p left
    out, whose values add up to t. None when the space is bigger than FLAT_LIMIT."""
    rules = Rules(name)
    total = rules.capture_total
    assert total is not None and rules.values is not None
    values = tuple(rules.values[i % 10] for i in range(DECK_SIZE))
    offsets = [0]
    tables = []
    for p in range(DECK_SIZE):
        t = [[0] * (total + 1) for _ in range(DECK_SIZE + 1)]
        t[DECK_SIZE][0] = 1
        for i in range(DECK_SIZE - 1, -1, -1):
            for need in range(total + 1):
                t[i][need] = t[i + 1][need]
                if i != p and values[i] <= need:
                    t[i][need] += t[i + 1][need - values[i]]
        offsets.append(offsets[-1] + 1 + t[0][total - values[p]])
        tables.append(tuple(tuple(row) for row in t))
    if offsets[-1] > FLAT_LIMIT:
        return None
    return tuple(offsets), tuple(tables), values, total


def action_count(rules: "Rules | str") -> int:
    """The number of action ids under `rules` (a Rules or a rule set's name): the size of
    `game.action_mask()`.

    >>> action_count("quinza"), action_count("rb3ine"), action_count("quinte")
    (76364, 40960, 56)
    """
    rules = _rules(rules)
    if rules.deck == "quinte":
        return QUINTE_DECK_SIZE + len(BIDS)
    flat = _flat(rules.name)
    return flat[0][-1] if flat is not None else DECK_SIZE * RANKED_SLOTS


def _flat_id(flat: _Flat, move: Move) -> int:
    offsets, tables, values, total = flat
    assert move.card is not None  # a fifteen-family move
    p = move.card.id
    if not move.captures:
        return offsets[p]
    need, rank = total - values[p], 0
    for c in sorted(card.id for card in move.captures):
        rank += tables[p][c + 1][need]
        need -= values[c]
    return offsets[p] + 1 + rank


def _flat_move(flat: _Flat, action: int) -> Move:
    offsets, tables, values, total = flat
    p = max(c for c in range(DECK_SIZE) if offsets[c] <= action)
    card = Card.from_id(p)
    rank = action - offsets[p]
    if rank == 0:
        return Move(card)
    rank -= 1
    need, taken = total - values[p], []
    for i in range(DECK_SIZE):
        if need == 0:
            break
        if i == p:
            continue
        left_out = tables[p][i + 1][need]
        if rank >= left_out:
            rank -= left_out
            need -= values[i]
            taken.append(Card.from_id(i))
    return Move(card, taken)


def _overflow(game: Any, card: Card, moves: int) -> ValueError:
    return ValueError(
        f"this position has {moves} moves with {card}, more than the {RANKED_SLOTS} ids per card "
        f"of {game.rules.name}'s action encoding"
    )


def _by_card(game: Any, card: Card) -> List[Move]:
    same = [m for m in game.legal_moves() if m.card == card]
    if len(same) > RANKED_SLOTS:
        raise _overflow(game, card, len(same))
    return same


def legal_actions(game: Any) -> List[int]:
    """The ids of the legal moves, in the order of `legal_moves()`."""
    rules = game.rules
    moves = game.legal_moves()
    if rules.deck == "quinte":
        return [_quinte_id(m) for m in moves]
    flat = _flat(rules.name)
    if flat is not None:
        return [_flat_id(flat, m) for m in moves]
    ids, card, k = [], None, 0
    for m in moves:
        k = k + 1 if m.card == card else 0
        card = m.card
        if k >= RANKED_SLOTS:
            raise _overflow(game, m.card, sum(1 for x in moves if x.card == m.card))
        ids.append(m.card.id * RANKED_SLOTS + k)
    return ids


def _quinte_id(move: Move) -> int:
    return move.card.id if move.card is not None else QUINTE_DECK_SIZE + BIDS.index(move.bid)


def action_mask(game: Any) -> np.ndarray:
    """1 at the id of every legal move, else 0, as int8 (Gymnasium's and PettingZoo's masks)."""
    ids = legal_actions(game)
    mask = np.zeros(action_count(game.rules), dtype=np.int8)
    mask[ids] = 1
    return mask


def action_of(game: Any, move: Move) -> int:
    """The id of a legal move; an illegal one is a ValueError saying why."""
    reason = game._illegal_reason(move)
    if reason is not None:
        raise ValueError(f"{move} has no action id here: {reason}")
    rules = game.rules
    if rules.deck == "quinte":
        return _quinte_id(move)
    flat = _flat(rules.name)
    if flat is not None:
        return _flat_id(flat, move)
    card = move.card
    assert card is not None  # a fifteen-family move
    return card.id * RANKED_SLOTS + _by_card(game, card).index(move)


def move_of(game: Any, action: Any) -> Move:
    """The legal move of an action id; an id out of range or masked off is a ValueError."""
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise ValueError(f"an action is an int, not {quoted(action)}")
    action = action.__index__()
    rules = game.rules
    count = action_count(rules)
    if not 0 <= action < count:
        raise ValueError(f"action {action} is out of range: {rules.name}'s actions are 0 to {count - 1}")
    move: Optional[Move]
    if rules.deck == "quinte":
        move = Move(Card.from_id(action, "quinte")) if action < QUINTE_DECK_SIZE else Move(BIDS[action - QUINTE_DECK_SIZE], deck="quinte")
        move = move if game._illegal_reason(move) is None else None
    else:
        flat = _flat(rules.name)
        if flat is not None:
            move = _flat_move(flat, action)
            move = move if game._illegal_reason(move) is None else None
        else:
            same = _by_card(game, Card.from_id(action // RANKED_SLOTS))
            rank = action % RANKED_SLOTS
            move = same[rank] if rank < len(same) else None
    if move is not None:
        return move
    if game.turn is None:
        raise ValueError(f"action {action} is not legal: the match is over")
    raise ValueError(f"action {action} is not legal in this position (masked off)")
