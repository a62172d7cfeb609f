"""Worlds: the game with every card a seat cannot see dealt again at random, consistent
with what it saw (docs/reference/search.md "Search bots: PIMC and ISMCTS", "Worlds").

How the search bots combine worlds: they never look at the game itself, only at worlds
from `sample_world`, so no search reads a hidden card. A world depends on what the seat
may know and on the generator alone: the hidden cards are taken in card-id order, never
in the order or the places they really are.

Fifteen family: the hidden cards (the other hands and the stock), shuffled, fill the
other seats' hands in seat order, then the stock in dealing order. Quinte: a card goes
only where it is allowed (no suit a seat has shown it is void in; no joker for a seat
that followed with another card from trick 11 on), to a place picked in proportion to
the room left, and when no allowed place has room, one augmenting path moves cards
already placed to make room.

Fitted to the play (`sample_fitted`, ismcts's `infer="greedy"`): of up to `FIT_TRIES`
worlds drawn one after the other, the first in which every move the other seats made
this round is a greedy move (`fits_greedy`), else the first drawn.
"""

from __future__ import annotations

import copy
from collections import deque
from typing import Any, Dict, List, Optional, Set, Tuple

from .cards import QUINTE_SUITS, Card
from .game import WORLDS, Game
from .generator import Random
from .playout import greedy_key, greedy_move
from .quinte import JOKER_DEADLINE, PLAYERS, QuinteGame, tricks_read_back, voids_shown

# How many worlds `sample_fitted` draws at most before it takes the first one.
FIT_TRIES = 16
# A search stops fitting worlds (takes them as infer="off" does) when fewer than half of
# its first GIVE_UP_AFTER worlds were found fitting: play that fits few worlds (not
# greedy) costs no more than these tries.
GIVE_UP_AFTER = 32


def sample_world(game: Game, seat: int, rng: Random) -> Game:
    """A world for `seat`: a copy of `game` with the other hands, the stock (fifteen
    family) or the cachette not yet taken (quinte) dealt again from `rng`, its generator
    replaced by `Random(rng.next_u64())` and no records of finished deals (a search copy:
    the first record that appears is the deal in progress ending). `game` is unchanged.

    >>> g = Game("quinza", seed=3)
    >>> w = sample_world(g, g.turn, Random(1))
    >>> w.hand(g.turn) == g.hand(g.turn), w.table == g.table, w.stock == g.stock, w.deals
    (True, True, True, [])
    """
    seat = game._seat(seat)
    others = [s for s in range(game.rules.players) if s != seat]
    quinte = isinstance(game, QuinteGame)
    stock: List[Card] = list(game._cachette) if isinstance(game, QuinteGame) else list(game._stock)  # type: ignore[attr-defined]
    hidden = sorted([c for s in others for c in game._hands[s]] + stock, key=lambda c: c.id)
    sizes = [len(game._hands[s]) for s in others] + [len(stock)]  # the slots: other seats, then stock
    rng.shuffle(hidden)
    if quinte:
        slots = _place_quinte(game, others, sizes, hidden, rng)  # type: ignore[arg-type]
    else:
        slots, start = [], 0
        for size in sizes:
            slots.append(hidden[start : start + size])
            start += size
    world = game.copy()
    for s, cards in zip(others, slots):
        world._hands[s] = sorted(cards)
    if isinstance(world, QuinteGame):
        world._cachette = slots[-1]
    else:
        world._stock = slots[-1]  # type: ignore[attr-defined]
    world._rng = Random(rng.next_u64())
    world._deals = []
    return world


def _place_quinte(game: QuinteGame, others: List[int], sizes: List[int], hidden: List[Card], rng: Random) -> List[List[Card]]:
    """The quinte slots filled: each card in turn to an allowed slot with room, the slot
    holding position `below(room)` of those slots' rooms laid end to end in slot order;
    an augmenting path when none has room. Each slot's cards in the order placed."""
    void, no_joker = seen_voids(game)
    cachette = len(others)

    def allowed(slot: int, card: Card) -> bool:
        if slot == cachette:
            return True  # the cachette takes any card
        s = others[slot]
        if card.is_joker:
            return s not in no_joker
        return card.suit not in void[s]

    placed: List[List[Card]] = [[] for _ in sizes]
    for card in hidden:
        open_slots = [i for i in range(len(sizes)) if allowed(i, card) and len(placed[i]) < sizes[i]]
        if open_slots:
            _pick(card, open_slots, placed, sizes, rng)
        elif not _augment(card, placed, sizes, allowed):
            # Only where what was played contradicts the hands (see seen_voids): the card
            # goes by the same pick over every slot with room.
            _pick(card, [i for i in range(len(sizes)) if len(placed[i]) < sizes[i]], placed, sizes, rng)
    return placed


def _pick(card: Card, slots: List[int], placed: List[List[Card]], sizes: List[int], rng: Random) -> None:
    """`card` to the slot holding position `below(room)` of the slots' rooms laid end to
    end in slot order."""
    k = rng.below(sum(sizes[i] - len(placed[i]) for i in slots))
    for i in slots:
        if k < sizes[i] - len(placed[i]):
            placed[i].append(card)
            return
        k -= sizes[i] - len(placed[i])


def _augment(card: Card, placed: List[List[Card]], sizes: List[int], allowed: Any) -> bool:
    """Make room for `card` along the shortest path found breadth first: from its allowed
    slots in slot order; from a slot, its cards in the order placed, each to the slots it
    is allowed in, in slot order, not reached yet; the first slot with room ends it, and
    every card on the path moves one step on (appended to its new slot). False when no
    path exists."""
    start = [i for i in range(len(sizes)) if allowed(i, card)]
    parent: Dict[int, Optional[Tuple[int, Card]]] = {i: None for i in start}
    queue = deque(start)
    end = None
    while queue and end is None:
        a = queue.popleft()
        for d in placed[a]:
            for b in range(len(sizes)):
                if b in parent or not allowed(b, d):
                    continue
                parent[b] = (a, d)
                if len(placed[b]) < sizes[b]:
                    end = b
                    break
                queue.append(b)
            if end is not None:
                break
    if end is None:  # only if what was played contradicts the hands (see seen_voids)
        return False
    slot = end
    step = parent[slot]
    while step is not None:
        a, d = step
        placed[a].remove(d)
        placed[slot].append(d)
        slot, step = a, parent[a]
    placed[slot].append(card)
    return True


def seen_voids(game: QuinteGame) -> "tuple[Dict[int, Set[str]], Set[int]]":
    """What every seat has shown about its hand by the cards played this deal: per seat
    the suits it is void in, and the seats that cannot hold the joker.

    Trick by trick from `played`, each trick's leader read back from the seat that leads
    the trick in progress (or the next one): the winner of each trick led the one after
    it (a deal played from its start reads as forward from the seat after the dealer; a
    built position reads its trick in progress, and every trick played since, as they
    were played). A seat that followed with a card that is not the joker and not of the
    suit to follow (the suit of the first card before it that is not the joker; none: no
    rule) is void in that suit; one that followed in trick 11 or later with a card that
    is not the joker cannot hold the joker. (A game built by `from_position` without
    `played` has its won cards in id order, not in play order: what its earlier tricks
    "show" may contradict the hands.)
    """
    leader = game._leader()
    shown = voids_shown(game._played, leader)
    void: Dict[int, Set[str]] = {s: {QUINTE_SUITS[i] for i in shown[s]} for s in range(PLAYERS)}
    no_joker: Set[int] = set()
    for number, first, cards in tricks_read_back(game._played, leader):
        if number >= JOKER_DEADLINE:
            no_joker.update((first + i) % PLAYERS for i in range(1, len(cards)) if not cards[i].is_joker)
    return void, no_joker


def sample_fitted(game: Game, seat: int, rng: Random, infer: str) -> Game:
    """A world for `seat`: with `infer="greedy"`, the first of up to `FIT_TRIES` worlds
    drawn one after the other in which the other seats' moves this round fit greedy play
    (`fits_greedy`), or the first drawn when none fits (play that is not greedy never
    leaves a search without worlds); `infer="greedy_first"` likewise, each move the
    greedy bot's own; with `infer="off"`, one world."""
    return try_fitted(game, seat, rng, infer)[0]


def try_fitted(game: Game, seat: int, rng: Random, infer: str) -> "tuple[Game, bool]":
    """`sample_fitted`, and whether the world fits (always, with "off")."""
    strict = infer == "greedy_first"
    first = sample_world(game, seat, rng)
    if infer == "off" or fits_greedy(first, seat, strict):
        return first, True
    for _ in range(1, FIT_TRIES):
        world = sample_world(game, seat, rng)
        if fits_greedy(world, seat, strict):
            return world, True
    return first, False


class Fitter:
    """The worlds of one search: fitted, unless fewer than half of the first
    GIVE_UP_AFTER fitted (then taken as they come)."""

    def __init__(self, infer: str) -> None:
        self.infer, self.calls, self.fitted = infer, 0, 0
        # Whether the last world was found to fit the play (never with "off").
        self.last_fits = False

    def world(self, game: Game, seat: int, rng: Random) -> Game:
        world, fits = try_fitted(game, seat, rng, self.infer)
        self.last_fits = fits and self.infer != "off"
        self.fitted += fits
        self.calls += 1
        if self.calls == GIVE_UP_AFTER and 2 * self.fitted < self.calls:
            self.infer = "off"
        return world


def fits_greedy(world: Game, seat: int, first: bool = False) -> bool:
    """Whether every move a seat other than `seat` made this round is one a greedy player
    would have made in `world`: its greedy key is the highest of that seat's legal moves
    then (ties fit). A seat's hand before a move is its hand now plus the cards it played
    since, this round; the table is replayed from the round's start. With `first`, the
    move must be the greedy bot's own (the first of the greatest key in legal-move
    order). Quinte: always (its
    worlds keep the voids the play showed).

    >>> g = Game("quinza", seed=3)
    >>> fits_greedy(g, g.turn)  # nothing played yet
    True
    """
    if isinstance(world, QuinteGame):
        return True
    moves = world._round  # type: ignore[attr-defined]
    if all(s == seat for s, _ in moves):
        return True
    tables, table = [], list(world._round_table)  # type: ignore[attr-defined]
    for _, move in moves:
        tables.append(table)
        table = [c for c in table if c not in move.captures] if move.captures else table + [move.card]
    then = copy.copy(world)  # a shallow copy to pose each earlier position in
    then._hands = [list(h) for h in world._hands]
    for i in reversed(range(len(moves))):
        s, move = moves[i]
        then._hands[s] = then._hands[s] + [move.card]
        if s == seat:
            continue
        then._table, then._turn = tables[i], s  # type: ignore[attr-defined]
        if first:
            if greedy_move(then) != move:
                return False
            continue
        key = greedy_key(then, move)
        if any(greedy_key(then, m) > key for m in then.legal_moves()):
            return False
    return True


WORLDS["sample_world"] = sample_world  # Game.world deals with it (game.py cannot import this module)
