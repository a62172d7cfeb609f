"""The fifteen family (quinza, rb3ine, escoba): one whole match, readable first.

Read it next to docs/rules.md, section "The fifteen family"; the choices the rules leave
open are fixed in docs/reference/game.md (dealing order, move order, messages, JSON) and made here
exactly as the Rust core makes them.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, cast

from . import _json
from .cards import SUITS, Card, cards_text, full_deck
from .deal import DealResult, saturating_add, saturating_sum
from .game import POSITIONS, Game, _rules
from .moves import Move
from .rules import Rules, row_of

HAND_SIZE = 3  # cards to each player, at the start and at each round from the stock
OPENING_TABLE = 4  # cards turned face up on the table at the start of a deal

# Escoba's setenta: a side's best card in each suit, by these weights ("prime") or points
# ("sum"), by rank index (1..7, Sota, Caballo, Rey).
PRIME_WEIGHTS = (6, 2, 3, 4, 5, 7, 8, 1, 1, 1)
SUM_WEIGHTS = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
SEVEN_OF_OROS = Card("7o")


# Card points of quinza and rb3ine (docs/rules.md, "Scoring quinza and rb3ine"), by rank
# index: an Oros at its printed number, the Ace 10 (70 in all); any other card 1 (30 in
# all). The scoring and the greedy bot both read them here.
GOLD_POINTS = (10, 2, 3, 4, 5, 6, 7, 10, 11, 12)
OTHER_POINTS = 1


def card_points(card: Any) -> int:
    """Card points of quinza and rb3ine: an Oros at its printed number (the Ace 10), any
    other card 1 (a card of either twin).

    >>> card_points(Card("1o")), card_points(Card("12o")), card_points(Card("12b"))
    (10, 12, 1)
    """
    return GOLD_POINTS[card.id % 10] if card.suit == "o" else OTHER_POINTS


def clear_scores_escoba(rules: Any, hand_after: int, stock: int) -> bool:
    """Whether clearing the table scores an escoba, for the game and the greedy bot (`rules`
    of either twin): only in a rule set that scores escobas, and not with the player's
    final card of the deal (`hand_after` cards left in hand, `stock` cards to deal, both 0)
    unless `escoba_on_last_card`."""
    if not row_of(rules).sweeps:
        return False
    return bool(rules.escoba_on_last_card) or hand_after > 0 or stock > 0


class FifteenGame(Game, family="fifteen"):
    """One whole match of quinza, rb3ine or escoba: what `Game(rules, seed)` builds for them.

    >>> g = Game("quinza", seed=7)
    >>> type(g).__name__, g.turn == (g.dealer + 1) % 2, len(g.hand(g.turn)), len(g.table), g.stock
    ('FifteenGame', True, 3, 4, 30)
    """

    # The state of a deal, set by _start_deal (or by from_position, in position.py), besides
    # what Game keeps (rules, rng, scores, deals, winner, turn, deal_number, dealer, hands,
    # piles, last_capturer: the seat that captured last; it takes the table at the end):
    _table: List[Card]
    _stock: List[Card]  # in dealing order
    _escobas: List[int]  # per side
    # The round in play as every seat saw it (docs/reference/search.md "Worlds fitted to the play"):
    # the table when its hands were dealt and each move since, with its seat. Only the
    # worlds read it; it is in no observation, encoding or JSON.
    _round_table: List[Card]
    _round: List[Tuple[int, Move]]

    # -- the state, read-only ------------------------------------------------------

    @property
    def table(self) -> List[Card]:
        """The cards face up on the table, sorted (quinte: the cards of the trick in progress,
        sorted; `trick` has them in play order)."""
        return sorted(self._table)

    @property
    def stock(self) -> int:
        """How many cards are still to be dealt (quinte: the cards of the cachette not yet
        taken: 5, or 0 once the winner of trick 12 has it)."""
        return len(self._stock)

    @property
    def escobas(self) -> List[int]:
        """Escobas per side in this deal (always 0 outside escoba)."""
        return list(self._escobas)

    # -- moves -------------------------------------------------------------------------

    def _value(self, card: Card) -> int:
        values = self._rules.values
        assert values is not None  # None only in quinte, whose matches are QuinteGame
        return values[card.id % 10]

    def _capture_total(self) -> int:
        total = self._rules.capture_total
        assert total is not None  # as for values
        return total

    def _capture_groups(self, card: Card) -> List[Tuple[Card, ...]]:
        """Every set of table cards that makes the capture total with `card`, in move order."""
        need = self._capture_total() - self._value(card)
        table = sorted(self._table)
        groups: List[Tuple[Card, ...]] = []

        def extend(start: int, chosen: List[Card], remaining: int) -> None:
            if remaining == 0:
                groups.append(tuple(chosen))
                return
            for i in range(start, len(table)):
                value = self._value(table[i])
                if value <= remaining:
                    chosen.append(table[i])
                    extend(i + 1, chosen, remaining - value)
                    chosen.pop()

        extend(0, [], need)
        groups.sort(key=lambda group: sum(1 << c.id for c in group))
        return groups

    def _count_groups(self, card: Card) -> int:
        """How many capture groups `card` has: subset-sum counting, without listing them."""
        need = self._capture_total() - self._value(card)
        ways = [1] + [0] * need  # ways[s]: table subsets seen so far that sum to s
        for table_card in self._table:
            value = self._value(table_card)
            for s in range(need, value - 1, -1):
                ways[s] += ways[s - value]
        return ways[need]

    def legal_moves(self) -> List[Move]:
        """Every legal move once, in the documented order (docs/reference/game.md); none once the match
        is over. Fifteen family: per hand card in id order, its capture groups ordered by the
        number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
        bids in the order pass, double, redouble; cards in id order (the joker last)."""
        if self._turn is None:
            return []
        moves: List[Move] = []
        for card in sorted(self._hands[self._turn]):
            # Capturing is compulsory, card by card: a card that can capture has only its
            # captures; a card that cannot is laid.
            groups = self._capture_groups(card)
            moves.extend(Move(card, group) for group in groups) if groups else moves.append(Move(card))
        return moves

    def count_legal_moves(self) -> int:
        """The number of legal moves, `len(legal_moves())`; the fifteen family counts its
        capture groups without listing them."""
        if self._turn is None:
            return 0
        return sum(max(1, self._count_groups(card)) for card in self._hands[self._turn])

    def _family_reason(self, move: Move, seat: int) -> Optional[str]:
        card = move.card
        if card is None:
            return f"{move} is a bid of quinte, not a move of {self._rules.name}"
        if card not in self._hands[seat]:
            return f"{card} is not in the hand of seat {seat}"
        for taken in move.captures:
            if taken not in self._table:
                return f"{taken} is not on the table"
        if move.captures:
            total = self._value(card) + sum(self._value(c) for c in move.captures)
            if total != self._rules.capture_total:
                return f"{move}: the cards make {total}, not {self._rules.capture_total}"
        elif self._count_groups(card) > 0:
            return f"{card} can capture, so it must capture"
        return None

    def _apply(self, move: Move) -> None:
        seat, card = self._turn, move.card
        assert seat is not None and card is not None  # _illegal_reason refuses a bid and a finished match
        side = self._rules.side_of(seat)
        self._note("move", seat, side, sorted(move.captures), move=move)
        self._hands[seat].remove(card)
        if move.captures:  # the card and what it took go to the side's pile
            for taken in move.captures:
                self._table.remove(taken)
            self._piles[side] += [card, *move.captures]
            self._last_capturer = seat
            # Clearing the table is an escoba, where the rule set scores one.
            if not self._table and clear_scores_escoba(self._rules, len(self._hands[seat]), len(self._stock)):
                self._escobas[side] = saturating_add(self._escobas[side], 1)
                self._note("escoba", seat, side)
        else:  # laid: it joins the sums on the table
            self._table.append(card)
        self._round.append((seat, move))
        self._turn = (seat + 1) % self._rules.players
        if all(not hand for hand in self._hands):  # every hand played out: deal again, or the deal ends
            if self._stock:
                self._deal_round()
                self._note("dealt")  # hands refilled from the stock: no seat
            else:
                self._end_deal()

    # -- dealing and the end of a deal ----------------------------------------------

    @staticmethod
    def _seat_order(dealer: int, n: int) -> List[int]:
        """Seats in dealing and playing order: from the seat after the dealer round to the dealer."""
        return [(dealer + 1 + i) % n for i in range(n)]

    def _start_deal(self, first: bool = False) -> None:
        if not first:
            self._dealer = (self._dealer + 1) % self._rules.players
        self._deal_number = saturating_add(self._deal_number, 1)  # stays at the top of its range
        deck = full_deck(self._rules.deck)
        self._rng.shuffle(deck)
        self._hands = [[] for _ in range(self._rules.players)]
        for seat in self._seat_order(self._dealer, self._rules.players):
            self._hands[seat] = deck[:HAND_SIZE]
            deck = deck[HAND_SIZE:]
        self._table = deck[:OPENING_TABLE]
        self._stock = deck[OPENING_TABLE:]
        self._piles = [[] for _ in range(self._rules.sides)]
        self._escobas = [0] * self._rules.sides
        self._last_capturer = None
        self._turn = (self._dealer + 1) % self._rules.players
        self._note("dealt", self._dealer)
        if row_of(self._rules).has_opening_capture and self._rules.opening_capture:
            self._opening_capture()
        self._new_round()

    def _opening_capture(self) -> None:
        """Escoba: an opening table of once or twice the capture total (15 or 30) goes to
        the dealer with 1 or 2 escobas."""
        total, capture = sum(self._value(c) for c in self._table), self._capture_total()
        if total in (capture, 2 * capture):
            side = self._rules.side_of(self._dealer)
            self._note("opening_capture", self._dealer, side, sorted(self._table), points=total // capture)
            self._piles[side] += self._table
            self._table = []
            self._escobas[side] = saturating_add(self._escobas[side], total // capture)

    def _deal_round(self) -> None:
        for seat in self._seat_order(self._dealer, self._rules.players):
            self._hands[seat] = self._stock[:HAND_SIZE]
            self._stock = self._stock[HAND_SIZE:]
        self._new_round()

    def _new_round(self) -> None:
        """The hands are dealt (or, in a built position, the round is first seen): the
        round starts from the table as it is."""
        self._round_table, self._round = list(self._table), []

    def _end_deal(self) -> None:
        if self._table:  # the leftovers go to the last capturer (stay if no one captured)
            taker = self._last_capturer
            side = None if taker is None else self._rules.side_of(taker)
            self._note("last_cards", taker, side, sorted(self._table))
        if self._last_capturer is not None:
            self._piles[self._rules.side_of(self._last_capturer)] += self._table
            self._table = []
        piles = [sorted(p) for p in self._piles]
        details = self._score(piles)
        points = [saturating_sum(d.values()) for d in details]
        self._deals.append(
            DealResult(
                self._deal_number,
                self._dealer,
                piles,
                points,
                details,
                list(self._escobas),
                self._last_capturer,
            )
        )
        self._scores = [saturating_add(s, p) for s, p in zip(self._scores, points)]
        self._note("deal_scored", deal=self._deals[-1])
        if self._match_over():
            self._turn = None
            self._note("match_over", side=self._winner)
        else:
            self._start_deal()

    def _score(self, piles: List[List[Card]]) -> List[Dict[str, int]]:
        """Each side's points, by the rule set's scoring: its cards' points, gold and other
        (quinza, rb3ine), or a point per category won and per escoba (escoba)."""
        if row_of(self._rules).scoring == "card_points":
            return [
                {
                    "gold": sum(card_points(c) for c in pile if c.suit == "o"),
                    "other": sum(card_points(c) for c in pile if c.suit != "o"),
                }
                for pile in piles
            ]
        oros = [sum(c.suit == "o" for c in pile) for pile in piles]
        weights = PRIME_WEIGHTS if self._rules.setenta == "prime" else SUM_WEIGHTS
        setenta = [_setenta(pile, weights, self._rules.setenta) for pile in piles]
        return [
            {
                "cards": _strictly_most([len(p) for p in piles], side),
                "oros": _strictly_most(oros, side),
                "seven_of_oros": int(SEVEN_OF_OROS in pile),
                "setenta": _strictly_most(setenta, side),
                "escobas": self._escobas[side],
            }
            for side, pile in enumerate(piles)
        ]

    def _match_over(self) -> bool:
        """Whether the scores end the match (looked at only when a deal is over), setting the
        winner: the target and a lead of 2 (escoba: no draws), or the target, the highest
        total winning and a shared one a draw (quinza, rb3ine)."""
        scores, target = self._scores, self._rules.target
        if row_of(self._rules).win == "target_and_lead_of_2":
            for side, score in enumerate(scores):
                others = [s for o, s in enumerate(scores) if o != side]
                # a lead of 2, or the top of the range when 2 more would pass it
                if score >= target and all(score >= saturating_add(s, 2) for s in others):
                    self._winner = side
                    return True
            return False
        reached = [s for s in scores if s >= target]
        if not reached:
            return False
        best = max(reached)
        leaders = [side for side, s in enumerate(scores) if s == best]
        self._winner = leaders[0] if len(leaders) == 1 else None
        return True

    # -- positions, JSON --------------------------------------------------------------

    def _state_dict(self) -> Dict[str, Any]:
        return {
            "deal_number": self._deal_number,
            "dealer": self._dealer,
            "turn": self._turn,
            "hands": [cards_text(sorted(h)) for h in self._hands],
            "table": cards_text(sorted(self._table)),
            "stock": cards_text(self._stock),
            "piles": [cards_text(sorted(p)) for p in self._piles],
            "escobas": list(self._escobas),
            "last_capturer": self._last_capturer,
            "scores": list(self._scores),
            "winner": self._winner,
            "deals": [d.to_dict() for d in self._deals],
        }

    @classmethod
    def _read_json(cls, data: Dict[str, Any]) -> "FifteenGame":
        return cast(FifteenGame, _json.read_fifteen(cls, data))

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
        escobas: Optional[Sequence[int]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
    ) -> "FifteenGame":
        """A position from explicit cards; the stock is dealt in the order given and later
        deals are shuffled by the generator started at `seed`."""
        return cast(FifteenGame, POSITIONS[cls._FAMILY](  # checked and built in position.py
            cls, cls._check_family(_rules(rules)), hands, table, stock, dealer, turn, scores, piles,
            escobas, last_capturer, deal_number, seed,
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
            "hand": cards_text(sorted(self._hands[seat])),
            "hand_sizes": [len(h) for h in self._hands],
            "table": cards_text(sorted(self._table)),
            "stock": len(self._stock),
            "piles": [cards_text(sorted(p)) for p in self._piles],
            "escobas": list(self._escobas),
            "last_capturer": self._last_capturer,
            "scores": list(self._scores),
            "winner": self._winner,
        }

    def __str__(self) -> str:
        lines = [
            f"{self._rules.name} deal {self._deal_number}, dealer seat {self._dealer}, "
            + (self._over_text() if self._turn is None else f"seat {self._turn} to play"),
            "table: " + (" ".join(cards_text(sorted(self._table))) or "-"),
        ]
        for seat in range(self._rules.players):
            lines.append(f"seat {seat}: " + (" ".join(cards_text(sorted(self._hands[seat]))) or "-"))
        lines.append(f"stock: {len(self._stock)}  scores: {self._scores}")
        return "\n".join(lines)


def _strictly_most(values: Sequence[Any], side: int) -> int:
    """1 if `side` has strictly more than every other side, else 0 (a tie scores for no one)."""
    return int(all(values[side] > v for o, v in enumerate(values) if o != side))


def _setenta(pile: Sequence[Card], weights: Tuple[int, ...], method: str) -> Any:
    """Best weight per suit (0 for a missing suit); "prime" compares the four weights
    sorted high to low, position by position; "sum" compares their total."""
    best = [max((weights[c.id % 10] for c in pile if c.suit == suit), default=0) for suit in SUITS]
    return tuple(sorted(best, reverse=True)) if method == "prime" else sum(best)
