"""The 40-card baraja: ids, notation and the values of RULES.md "Deck"."""

from __future__ import annotations

from typing import Iterable, List, Tuple

SUITS = "oceb"  # Oros, Copas, Espadas, Bastos: suit index 0..3
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)  # printed numbers: rank index 0..9
DECK_SIZE = 40
OROS = 0

# Value toward the capture total, by rank index.
PRINTED_VALUES = RANKS  # quinza, rb3ine: the printed number
ESCOBA_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # Sota 8, Caballo 9, Rey 10

_BAD_CARD = (
    "invalid card {!r}: write a number 1-7, 10, 11 or 12 and a suit o, c, e or b, e.g. '7o'"
)


class Card:
    """One card of the baraja; immutable, hashable, ordered by id.

    >>> Card("7o"), Card("10C").rank, Card("12b").id
    (Card('7o'), 10, 39)
    """

    __slots__ = ("_id",)

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "_id", _parse_id(text))

    @classmethod
    def parse(cls, text: str) -> "Card":
        return cls(text)

    @classmethod
    def from_id(cls, card_id: int) -> "Card":
        if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < DECK_SIZE:
            raise ValueError(f"card id must be 0..{DECK_SIZE - 1}, not {card_id!r}")
        return _BY_ID[card_id]

    @property
    def id(self) -> int:
        return self._id

    @property
    def suit(self) -> str:
        return SUITS[self._id // 10]

    @property
    def rank(self) -> int:
        return RANKS[self._id % 10]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return hash(("Card", self._id))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id < other._id

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id <= other._id

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id > other._id

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id >= other._id

    def __reduce__(self) -> Tuple[type, Tuple[str]]:
        return (Card, (str(self),))


def _parse_id(text: object) -> int:
    if not isinstance(text, str):
        raise ValueError(_BAD_CARD.format(text))
    number, suit = text[:-1], text[-1:].lower()
    if suit == "" or suit not in SUITS or not number.isdigit() or not number.isascii():
        raise ValueError(_BAD_CARD.format(text))
    if number.startswith("0") or int(number) not in RANKS:
        raise ValueError(_BAD_CARD.format(text))
    return SUITS.index(suit) * 10 + RANKS.index(int(number))


def _make_card(card_id: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "_id", card_id)
    return card


_BY_ID: Tuple[Card, ...] = tuple(_make_card(i) for i in range(DECK_SIZE))


def to_card(card: "Card | str") -> Card:
    """A Card, or card text parsed."""
    return card if isinstance(card, Card) else Card(card)


def card_list(cards: Iterable["Card | str"]) -> List[Card]:
    return [to_card(c) for c in cards]


def cards_text(cards: Iterable[Card]) -> List[str]:
    return [str(c) for c in cards]
