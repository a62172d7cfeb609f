"""Quinte, the trick game: one whole match, readable first.

Read it next to docs/rules.md, section "Quinte, the trick game"; docs/reference/game.md "Quinte"
fixes what the rules leave open (card ids, dealing order, the order of legal moves,
messages, JSON); this module makes those choices as written there, and the Rust core must
make them alike.

A match in brief. Four players, seats 0+2 against 1+3. Each deal: 5 cards face down as
the cachette, 12 to each player. Then the doubling: one bid each (pass, double,
redouble). Then 12 tricks: follow suit if you can, else play anything; the joker may be
played at any time but never leads and never wins, and must be gone by the eleventh
trick. The highest card of the highest suit wins (hearts > diamonds > clubs > spades).
Quints score at once for the trick's winner; the cachette is a thirteenth trick for the
winner of the twelfth; then every trick is worth 5 (10 doubled, 20 redoubled).

`QuinteGame` is what `Game("quinte")` builds: the API every game shares (game.py), plus
the state of the trick game (`phase`, `bids`, `trick`, `tricks_won`, ...).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple, cast

from .cards import JOKER, QUINTE_SUIT_NAMES, QUINTE_SUITS, Card, cards_text, full_deck
from . import _json
from .deal import DealResult, saturating_add
from .game import POSITIONS, Game, _rules
from .moves import BIDS, Move
from .rules import Rules

PLAYERS = 4  # seats 0 and 2 (side 0) against 1 and 3 (side 1)
HAND_SIZE = 12  # cards to each player
CACHETTE_SIZE = 5  # cards the dealer puts aside face down before the hands
TRICKS = 12  # tricks played from the hands; the cachette is the thirteenth
JOKER_DEADLINE = 11  # the joker must be played in this trick at the latest
TRICK_POINTS = 5  # per trick won, times the multiplier
JOKER_QUINT = 25  # the joker, "Quint Royal"
QUINT_VALUES = {"s": 5, "c": 10, "d": 15, "h": 20}  # a quint of each suit


# -- the rules of a trick, as plain functions ------------------------------------------------


def quints_in(cards: Sequence[Card]) -> int:
    """Quint points in one trick, or in the cachette: each 5 is a quint of its suit; an
    Ace and a 4 of one suit make one quint, and so do a 2 and a 3; the joker is 25.

    >>> quints_in([Card(t, "quinte") for t in ("Ah", "4h", "Kh", "2h")])
    20
    """
    points = 0
    for suit in QUINTE_SUITS:
        ranks = [c.rank for c in cards if c.suit == suit]
        points += QUINT_VALUES[suit] * ranks.count(5)
        if 14 in ranks and 4 in ranks:
            points += QUINT_VALUES[suit]
        if 2 in ranks and 3 in ranks:
            points += QUINT_VALUES[suit]
    if JOKER in cards:
        points += JOKER_QUINT
    return points


def winning_index(cards: Sequence[Card]) -> int:
    """Which card of a full trick wins: the highest card of the highest suit. Card ids
    follow the suit ranking, so it is the highest id; the joker never wins."""
    best = 0
    for i, card in enumerate(cards):
        if not card.is_joker and (cards[best].is_joker or card.id > cards[best].id):
            best = i
    return best


class Trick:
    """A trick as it stands: its cards in play order from the seat that led it; who wins
    it and its quints. The game scores a finished trick with it, and the greedy bot values
    a card by the trick as it would stand after it.

    >>> t = Trick(3, [Card(c, "quinte") for c in ("5s", "Ks", "JK")])
    >>> t.seats(), t.winner, t.quints
    ([(3, Card('5s')), (0, Card('Ks')), (1, Card('JK'))], 0, 30)
    """

    __slots__ = ("leader", "cards")

    def __init__(self, leader: int, cards: Sequence[Card]) -> None:
        self.leader = leader
        self.cards = list(cards)

    def seats(self) -> List[Tuple[int, Card]]:
        """(seat, card) in play order."""
        return [((self.leader + i) % PLAYERS, card) for i, card in enumerate(self.cards)]

    @property
    def winner(self) -> Optional[int]:
        """The seat whose card takes the trick (`winning_index`); None while the joker is
        all there is, since it never wins."""
        if all(card.is_joker for card in self.cards):
            return None
        return (self.leader + winning_index(self.cards)) % PLAYERS

    @property
    def quints(self) -> int:
        return quints_in(self.cards)


def suit_to_follow(trick: Sequence[Card]) -> Optional[str]:
    """The suit of the first card of the trick that is not the joker (None if there is none)."""
    for card in trick:
        if not card.is_joker:
            return card.suit
    return None


# -- what the play has shown, read back (for the encoding and the worlds) --------------------


def tricks_read_back(played: Sequence[Card], leader_now: int) -> List[Tuple[int, int, Sequence[Card]]]:
    """The deal's tricks as (number from 1, leader, cards), the trick in progress first (led
    by `leader_now`, the seat that leads it or the next trick), then each trick before it,
    led by the seat whose winner led the one after it, read back (docs/reference/search.md "Allowed
    slots in quinte"): the encoding and the worlds read what the play showed from these."""
    done = len(played) - len(played) % PLAYERS
    leader = leader_now
    out: List[Tuple[int, int, Sequence[Card]]] = [(done // PLAYERS + 1, leader, played[done:])]
    for start in range(done - PLAYERS, -1, -PLAYERS):
        trick = played[start:start + PLAYERS]
        leader = (leader - winning_index(trick)) % PLAYERS
        out.append((start // PLAYERS + 1, leader, trick))
    return out


def voids_shown(played: Sequence[Card], leader_now: int) -> List[Set[int]]:
    """The suits (as indexes of QUINTE_SUITS) each seat has shown it lacks this deal: a card
    that is not the joker, of another suit than the one to follow (`suit_to_follow` of the
    cards before it; none: no rule), in the tricks of `tricks_read_back`."""
    voids: List[Set[int]] = [set() for _ in range(PLAYERS)]
    for _, leader, cards in tricks_read_back(played, leader_now):
        for i, card in enumerate(cards):
            follow = suit_to_follow(cards[:i])
            if not card.is_joker and follow is not None and card.suit != follow:
                voids[(leader + i) % PLAYERS].add(QUINTE_SUITS.index(follow))
    return voids


# -- the doubling ----------------------------------------------------------------------------


def doubling_state(bids: Sequence[str], first_bidder: int) -> Tuple[Optional[int], bool, bool]:
    """(side that doubled or None, redoubled, doubling over) after these bids."""
    doubled_by: Optional[int] = None
    redoubled = False
    for i, word in enumerate(bids):
        if word == "double":
            doubled_by = (first_bidder + i) % 2
        elif word == "redouble":
            redoubled = True
    over = len(bids) == PLAYERS or redoubled  # a redouble ends the doubling at once
    return doubled_by, redoubled, over


def bid_reason(word: str, seat: int, doubled_by: Optional[int]) -> Optional[str]:
    """Why `seat` may not make this bid, or None. Everyone may pass; double only if no one
    has doubled; redouble only a double of the other side (never the partner's)."""
    if word == "double" and doubled_by is not None:
        return f"double: side {doubled_by} has already doubled"
    if word == "redouble":
        if doubled_by is None:
            return "redouble: no one has doubled"
        if doubled_by == seat % 2:
            return f"redouble: seat {seat} may not redouble its partner's double"
    return None


class QuinteGame(Game, family="quinte"):
    """One whole match of quinte: what `Game("quinte", seed)` builds.

    >>> g = Game("quinte", seed=1)
    >>> g.phase, g.turn == (g.dealer + 1) % 4, [len(g.hand(s)) for s in range(4)], g.stock
    ('doubling', True, [12, 12, 12, 12], 5)
    >>> [str(m) for m in g.legal_moves()]
    ['pass', 'double']
    """

    # The state of a deal, set by _start_deal (or by from_position, in position.py), besides
    # what Game keeps (rules, rng, dealer, deal_number, turn, scores, winner, deals, hands:
    # 4 lists of cards):
    _cachette: List[Card]  # the 5 cards set aside, in dealing order; [] once taken
    _bids: List[str]  # the bid words so far, the first by the seat after the dealer
    _played: List[Card]  # every card played this deal, in play order; the trick in progress
    #                      is its last len % 4 cards
    # _piles: per side, the cards of the tricks it won (and the cachette)
    _tricks_won: List[int]  # per side
    _quints: List[int]  # per side, the quint points scored this deal
    # _last_capturer: the seat that won the last trick; it leads the next one

    def __new__(cls, rules: "Rules | str" = "quinte", seed: Optional[int] = None, *,
                players: Optional[int] = None, target: Optional[int] = None, **options: Any) -> "QuinteGame":
        return object.__new__(cls)

    def __init__(self, rules: "Rules | str" = "quinte", seed: Optional[int] = None, *,
                 players: Optional[int] = None, target: Optional[int] = None, **options: Any) -> None:
        super().__init__(rules, seed, players=players, target=target, **options)

    # -- the state, read-only --------------------------------------------------------------

    @property
    def phase(self) -> str:
        """"doubling", "play", or "over" when the match is over."""
        if self._turn is None:
            return "over"
        return "play" if self._doubling_over() else "doubling"

    @property
    def table(self) -> List[Card]:
        """The cards face up on the table, sorted (quinte: the cards of the trick in progress,
        sorted; `trick` has them in play order)."""
        return sorted(self._current_trick())

    @property
    def trick(self) -> List[Tuple[int, Card]]:
        """The trick in progress as (seat, card) in play order."""
        return Trick(self._leader(), self._current_trick()).seats()

    @property
    def leader(self) -> Optional[int]:
        """The seat that leads (or led) the current trick; None when the match is over."""
        return None if self._turn is None else self._leader()

    @property
    def trick_number(self) -> int:
        """The trick in progress or about to start, 1..12."""
        return min(len(self._played) // PLAYERS + 1, TRICKS)

    @property
    def stock(self) -> int:
        """How many cards are still to be dealt (quinte: the cards of the cachette not yet
        taken: 5, or 0 once the winner of trick 12 has it)."""
        return len(self._cachette)

    @property
    def tricks_won(self) -> List[int]:
        """Tricks each side has won in this deal; the cachette counts as a thirteenth trick
        once taken."""
        return list(self._tricks_won)

    @property
    def quints(self) -> List[int]:
        """Quint points each side scored in this deal (already in `scores`)."""
        return list(self._quints)

    @property
    def escobas(self) -> List[int]:
        """Escobas per side in this deal (always 0 outside escoba)."""
        return [0, 0]

    @property
    def bids(self) -> List[Tuple[int, str]]:
        """The bids so far as (seat, word), the first by the seat after the dealer."""
        return [((self._dealer + 1 + i) % PLAYERS, word) for i, word in enumerate(self._bids)]

    @property
    def multiplier(self) -> int:
        """What a trick is worth in fives: 1, 2 when doubled, 4 when redoubled."""
        doubled_by, redoubled, _ = self._doubling()
        return 4 if redoubled else 2 if doubled_by is not None else 1

    @property
    def doubled_by(self) -> Optional[int]:
        """The side that doubled in this deal, or None."""
        return self._doubling()[0]

    @property
    def redoubled(self) -> bool:
        """Whether the double was redoubled in this deal."""
        return self._doubling()[1]

    @property
    def played(self) -> List[Card]:
        """Every card played this deal, in play order."""
        return list(self._played)

    def _leader(self) -> int:
        """The winner of the last trick leads; the first trick is led by the seat after the dealer."""
        if self._last_capturer is None:
            return (self._dealer + 1) % PLAYERS
        return self._last_capturer

    def _current_trick(self) -> List[Card]:
        return self._played[len(self._played) - len(self._played) % PLAYERS :]

    def _doubling(self) -> Tuple[Optional[int], bool, bool]:
        return doubling_state(self._bids, self._dealer + 1)

    def _doubling_over(self) -> bool:
        return self._doubling()[2]

    # -- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> List[Move]:
        """Every legal move once, in the documented order (docs/reference/game.md); none once the match
        is over. Fifteen family: per hand card in id order, its capture groups ordered by the
        number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
        bids in the order pass, double, redouble; cards in id order (the joker last)."""
        if self._turn is None:
            return []
        if not self._doubling_over():
            doubled_by = self._doubling()[0]
            return [Move(w, deck="quinte") for w in BIDS if bid_reason(w, self._turn, doubled_by) is None]
        return [Move(card) for card in self._legal_cards()]

    def _legal_cards(self) -> List[Card]:
        assert self._turn is not None  # its callers answer a finished match before
        hand = sorted(self._hands[self._turn])
        trick = self._current_trick()
        if not trick:
            # Leading: anything but the joker; the joker leads only when it is all that is left.
            return [c for c in hand if not c.is_joker] or hand
        if JOKER in hand and self.trick_number == JOKER_DEADLINE:
            return [JOKER]  # the last chance to play the joker
        suit = suit_to_follow(trick)
        following = [c for c in hand if suit is not None and c.suit == suit]
        if following:
            return following + ([JOKER] if JOKER in hand else [])  # the joker goes at any time
        return hand

    def count_legal_moves(self) -> int:
        """The number of legal moves, `len(legal_moves())`; the fifteen family counts its
        capture groups without listing them."""
        return len(self.legal_moves())

    def _family_reason(self, move: Move, seat: int) -> Optional[str]:
        card = move.card
        if not self._doubling_over():
            if card is not None:
                return f"{card}: seat {seat} must bid first: pass, double or redouble"
            return bid_reason(str(move.bid), seat, self._doubling()[0])
        if card is None:
            return f"{move.bid}: the doubling is over; seat {seat} plays a card"
        if card not in self._hands[seat]:
            return f"{card} is not in the hand of seat {seat}"
        if card in self._legal_cards():
            return None
        if not self._current_trick():
            return f"{card} may not lead a trick"  # only the joker, held with other cards
        if JOKER in self._hands[seat] and self.trick_number == JOKER_DEADLINE:
            return f"{card}: seat {seat} holds JK and must play it in the eleventh trick"
        suit = QUINTE_SUIT_NAMES[QUINTE_SUITS.index(str(suit_to_follow(self._current_trick())))]
        return f"{card} does not follow suit: seat {seat} has {suit}"

    def _apply(self, move: Move) -> None:
        seat = self._turn
        assert seat is not None
        self._note("move", seat, seat % 2, move=move)
        if move.card is None:
            self._bid(str(move.bid))
        else:
            self._play_card(move.card)

    def _bid(self, word: str) -> None:
        self._bids.append(word)
        if self._doubling_over():
            self._turn = self._leader()  # the seat after the dealer leads the first trick
        else:
            self._turn = (self._dealer + 1 + len(self._bids)) % PLAYERS

    def _play_card(self, card: Card) -> None:
        seat = self._turn
        assert seat is not None
        self._hands[seat].remove(card)
        self._played.append(card)
        if len(self._played) % PLAYERS:
            self._turn = (seat + 1) % PLAYERS
        else:
            self._finish_trick(self._played[-PLAYERS:], leader=(seat + 1) % PLAYERS)

    # -- a trick won, the cachette, the end of a deal ----------------------------------------

    def _finish_trick(self, cards: List[Card], leader: int) -> None:
        winner = Trick(leader, cards).winner
        assert winner is not None  # a full trick holds 3 cards besides the joker
        side = winner % 2
        self._piles[side] += cards
        self._tricks_won[side] += 1
        self._last_capturer = winner
        self._note("trick", winner, side, cards, points=quints_in(cards))
        if self._score_quints(side, cards):
            return  # a quint reached the target: the match is over
        if len(self._played) < TRICKS * PLAYERS:
            self._turn = winner
            return
        # The twelfth trick: its winner takes the cachette as a thirteenth trick, whose
        # quints count before the tricks.
        cachette, self._cachette = self._cachette, []
        self._note("cachette", winner, side, cachette, points=quints_in(cachette))
        self._piles[side] += cachette
        self._tricks_won[side] += 1
        if self._score_quints(side, cachette):
            return
        trick_points = [won * TRICK_POINTS * self.multiplier for won in self._tricks_won]
        self._scores = [saturating_add(s, p) for s, p in zip(self._scores, trick_points)]
        self._record_deal(trick_points)
        self._note("deal_scored", deal=self._deals[-1])
        self._winner = count_winner(self._scores, self._rules.target)
        if self._winner is None:
            self._start_deal()  # no one at the target, or equal totals: another deal
        else:
            self._turn = None
            self._note("match_over", side=self._winner)

    def _score_quints(self, side: int, cards: List[Card]) -> bool:
        """Score the quints among `cards` for `side` at once; True if that ends the match
        (the side is now at or over the target: it wins, the rest of the deal is not played)."""
        points = quints_in(cards)
        if not points:
            return False
        self._quints[side] = saturating_add(self._quints[side], points)
        self._scores[side] = saturating_add(self._scores[side], points)
        if self._scores[side] < self._rules.target:
            return False
        self._winner = side
        self._turn = None
        self._record_deal([0, 0])
        self._note("deal_scored", deal=self._deals[-1])
        self._note("match_over", side=side)
        return True

    def _record_deal(self, trick_points: List[int]) -> None:
        details = [{"quints": q, "tricks": t} for q, t in zip(self._quints, trick_points)]
        self._deals.append(
            DealResult(
                self._deal_number,
                self._dealer,
                [sorted(p) for p in self._piles],
                [saturating_add(q, t) for q, t in zip(self._quints, trick_points)],
                details,
                [0, 0],
                self._last_capturer,
            )
        )

    def _start_deal(self, first: bool = False) -> None:
        if not first:
            self._dealer = (self._dealer + 1) % PLAYERS
        self._deal_number = saturating_add(self._deal_number, 1)  # stays at the top of its range
        deck = full_deck(self._rules.deck)
        self._rng.shuffle(deck)
        self._cachette = deck[:CACHETTE_SIZE]
        self._hands = [[] for _ in range(PLAYERS)]
        for i, card in enumerate(deck[CACHETTE_SIZE:]):  # one at a time from the seat after the dealer
            self._hands[(self._dealer + 1 + i) % PLAYERS].append(card)
        self._bids = []
        self._played = []
        self._piles = [[], []]
        self._tricks_won = [0, 0]
        self._quints = [0, 0]
        self._last_capturer = None
        self._turn = (self._dealer + 1) % PLAYERS
        self._note("dealt", self._dealer)

    # -- positions, JSON ---------------------------------------------------------------------

    def _state_dict(self) -> Dict[str, Any]:
        return {
            "deal_number": self._deal_number,
            "dealer": self._dealer,
            "turn": self._turn,
            "bids": list(self._bids),
            "hands": [cards_text(sorted(h)) for h in self._hands],
            "stock": cards_text(self._cachette),
            "played": cards_text(self._played),
            "piles": [cards_text(sorted(p)) for p in self._piles],
            "quints": list(self._quints),
            "last_capturer": self._last_capturer,
            "scores": list(self._scores),
            "winner": self._winner,
            "deals": [d.to_dict() for d in self._deals],
        }

    @classmethod
    def _read_json(cls, data: Dict[str, Any]) -> "QuinteGame":
        return cast(QuinteGame, _json.read_quinte(partial(POSITIONS[cls._FAMILY], cls), data))

    @classmethod
    def from_position(  # type: ignore[override]  # its own family's parameters, not the union of Game's
        cls,
        rules: "Rules | str",
        hands: Sequence[Iterable["Card | str"]],
        table: Iterable["Card | str"] = (),
        stock: Iterable["Card | str"] = (),
        dealer: int = 0,
        turn: Optional[int] = None,
        scores: Optional[Sequence[int]] = None,
        piles: Optional[Sequence[Iterable["Card | str"]]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
        *,
        bids: Optional[Iterable[Any]] = None,
        quints: Optional[Sequence[int]] = None,
        played: Optional[Iterable["Card | str"]] = None,
    ) -> "QuinteGame":
        """A quinte position from explicit cards (docs/reference/game.md "Quinte: from_position").

        `table` is the trick in progress in play order, `stock` the cachette, `piles` the cards
        each side has won, `last_capturer` the seat that won the last trick (it leads the
        current one), `bids` the bid words from the seat after the dealer, `quints` the quint
        points each side scored this deal (already part of `scores`), `played` every card
        played this deal in play order.
        """
        return cast(QuinteGame, POSITIONS[cls._FAMILY](  # checked and built in position.py
            cls, cls._check_family(_rules(rules)), hands, table, stock, dealer, turn, scores, piles, None,
            last_capturer, deal_number, seed, bids=bids, quints=quints, played=played,
        ))

    def observation(self, seat: int) -> Dict[str, Any]:
        """What `seat` may know (docs/reference/game.md "observation(seat)"): its own hand, the sizes
        of the others, never the stock order; in quinte also everything played, never the
        cachette before it is taken (then it is in a pile). Its cost does not grow with the
        match: the deal history is `deals`."""
        seat = self._seat(seat)
        return {
            "seat": seat,
            "rules": self._rules.to_dict(),
            "deal_number": self._deal_number,
            "dealer": self._dealer,
            "turn": self._turn,
            "phase": self.phase,
            "bids": [[s, word] for s, word in self.bids],
            "multiplier": self.multiplier,
            "hand": cards_text(sorted(self._hands[seat])),
            "hand_sizes": [len(h) for h in self._hands],
            "trick": [[s, str(card)] for s, card in self.trick],
            "played": cards_text(self._played),
            "stock": len(self._cachette),
            "piles": [cards_text(sorted(p)) for p in self._piles],
            "tricks_won": list(self._tricks_won),
            "quints": list(self._quints),
            "last_capturer": self._last_capturer,
            "scores": list(self._scores),
            "winner": self._winner,
        }

    def __str__(self) -> str:
        if self._turn is None:
            status = self._over_text()
        elif self.phase == "doubling":
            status = f"seat {self._turn} to bid"
        else:
            status = f"trick {self.trick_number}, seat {self._turn} to play"
        lines = [
            f"quinte deal {self._deal_number}, dealer seat {self._dealer}, {status}",
            "bids: " + (" ".join(self._bids) or "-") + f"  multiplier: {self.multiplier}",
            "trick: " + (" ".join(f"{card}" for _, card in self.trick) or "-"),
        ]
        for seat in range(PLAYERS):
            lines.append(f"seat {seat}: " + (" ".join(cards_text(sorted(self._hands[seat]))) or "-"))
        lines.append(
            f"cachette: {len(self._cachette)}  tricks won: {self._tricks_won}  "
            f"quints: {self._quints}  scores: {self._scores}"
        )
        return "\n".join(lines)

    # The encoding's voids (encode.py) are read by this module's rules; encode.py may not
    # import this module (it would import itself back through game.py).
    _voids_shown = staticmethod(voids_shown)


def count_winner(scores: Sequence[int], target: int) -> Optional[int]:
    """The side that wins at the count: the only highest total, if it is at the target."""
    best = max(scores)
    leaders = [side for side, s in enumerate(scores) if s == best]
    return leaders[0] if best >= target and len(leaders) == 1 else None
