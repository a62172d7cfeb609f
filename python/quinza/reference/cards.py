"""The two decks: the 40-card baraja of the fifteen family (docs/rules.md, "The baraja")
and the 52 cards + joker of quinte (docs/reference/game.md "Quinte"): ids, notation and parsing."""

from __future__ import annotations

from typing import Iterable, List, Optional, Tuple
from .. import _view
from .._words import quoted

# -- the baraja ---------------------------------------------------------------------------

SUITS = "oceb"  # Oros, Copas, Espadas, Bastos: suit index 0..3
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)  # printed numbers: rank index 0..9
DECK_SIZE = 40

# Value toward the capture total, by rank index.
PRINTED_VALUES = RANKS  # quinza, rb3ine: the printed number
ESCOBA_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # Sota 8, Caballo 9, Rey 10

_BAD_CARD = (
    "invalid card {}: write a number 1-7, 10, 11 or 12 and a suit o, c, e or b, e.g. '7o'"
)
_QUINTE_HINT = "; it is a quinte card: pass deck='quinte'"  # said of baraja text that is a quinte card

# -- the quinte deck ------------------------------------------------------------------------

# Suits in id order, which is also their ranking, low to high.
QUINTE_SUITS = "scdh"  # spades, clubs, diamonds, hearts: suit index 0..3
QUINTE_SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
QUINTE_RANKS = tuple(range(2, 15))  # 2..10, J=11, Q=12, K=13, A=14: rank index 0..12
RANK_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER_ID = 52  # the joker comes after the 52 suited cards
QUINTE_DECK_SIZE = 53

_BAD_QUINTE_CARD = (
    "invalid card {}: write 2-10, J, Q, K or A and a suit s, c, d or h, or JK for the joker, e.g. 'Ah'"
)

DECKS = ("baraja", "quinte")  # cards sort by deck first (baraja before quinte), then by id
DECK_SIZES = {"baraja": DECK_SIZE, "quinte": QUINTE_DECK_SIZE}


class Card:
    """One card of the baraja or of the quinte deck; immutable, hashable, ordered by deck
    (baraja first), then id.

    >>> Card("7o"), Card("10C").rank, Card("12b").id
    (Card('7o'), 10, 39)
    >>> Card("ah", deck="quinte"), Card("7c", deck="quinte").suit, Card("JK", deck="quinte").id
    (Card('Ah'), 'c', 52)
    """

    __slots__ = ("_id", "_deck")
    _id: int
    _deck: str

    def __init__(self, text: "str | Card", deck: str = "baraja") -> None:
        deck = _check_deck(deck)
        if isinstance(text, Card):  # a Card stands for itself, in its own deck
            card_id = to_card(text, deck).id
        else:
            card_id = _parse_id(text) if deck == "baraja" else _parse_quinte_id(text)
        object.__setattr__(self, "_id", card_id)
        object.__setattr__(self, "_deck", deck)

    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> "Card":
        """The card written `text` in `deck`: baraja notation such as "7o" or "12b", quinte
        notation such as "Ah" or "JK", in any case; anything else raises ValueError."""
        return cls(text, deck)

    @classmethod
    def from_id(cls, card_id: int, deck: str = "baraja") -> "Card":
        """The card of `deck` whose `id` is `card_id` (0..39 in the baraja, 0..52 in quinte);
        any other id raises ValueError."""
        size = DECK_SIZES[_check_deck(deck)]
        if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < size:
            raise ValueError(f"card id must be 0..{size - 1}, not {quoted(card_id)}")
        return _BY_ID[card_id] if deck == "baraja" else _QUINTE_BY_ID[card_id]

    @property
    def id(self) -> int:
        """A small integer unique within the deck: 10 * suit + rank index in the baraja (suits
        o, c, e, b), 0..39; 13 * suit + rank index in quinte (suits s, c, d, h), 0..51, and 52
        for the joker."""
        return self._id

    @property
    def deck(self) -> str:
        """"baraja" or "quinte"."""
        return self._deck

    @property
    def suit(self) -> Optional[str]:
        """The suit letter; None for the joker."""
        if self._deck == "quinte":
            return None if self._id == JOKER_ID else QUINTE_SUITS[self._id // 13]
        return SUITS[self._id // 10]

    @property
    def rank(self) -> int:
        """The printed number: 1..7, 10 (Sota), 11 (Caballo), 12 (Rey); in quinte 2..10,
        11 (J), 12 (Q), 13 (K), 14 (A), and 0 for the joker."""
        if self._deck == "quinte":
            return 0 if self._id == JOKER_ID else QUINTE_RANKS[self._id % 13]
        return RANKS[self._id % 10]

    @property
    def is_joker(self) -> bool:
        """True for the joker of the quinte deck, False for every other card."""
        return self._deck == "quinte" and self._id == JOKER_ID

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    def __str__(self) -> str:
        return _TEXTS[self._deck][self._id]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        if self._deck == "quinte":
            return hash(("Card", "quinte", self._id))
        return hash(("Card", self._id))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id and other._deck == self._deck

    def _key(self) -> Tuple[int, int]:
        return (_DECK_ORDER[self._deck], self._id)

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()

    def __reduce__(self) -> Tuple[type, Tuple[str, ...]]:
        if self._deck == "quinte":
            return (Card, (str(self), "quinte"))
        return (Card, (str(self),))

    def to_svg(self) -> str:
        """The card drawn as SVG text (`quinza._view.card_svg`)."""
        return _view.card_svg(self)

    def _repr_svg_(self) -> str:
        """The card drawn as SVG text, for a notebook: `to_svg()`."""
        return _view.card_svg(self)


def _check_deck(deck: object) -> str:
    if not isinstance(deck, str) or deck not in DECKS:
        raise ValueError(f"unknown deck {quoted(deck)}: choose baraja or quinte")
    return deck


def _parse_id(text: object, hint: bool = True) -> int:
    """A baraja card's id; with `hint`, text of a quinte card gets a word about the deck."""
    if not isinstance(text, str):
        raise ValueError(_BAD_CARD.format(quoted(text)))
    number, suit = text[:-1], text[-1:].lower()
    valid = suit != "" and suit in SUITS and number.isdigit() and number.isascii()
    if not valid or number.startswith("0") or int(number) not in RANKS:
        raise ValueError(_bad_card(text) if hint else _BAD_CARD.format(quoted(text)))
    return SUITS.index(suit) * 10 + RANKS.index(int(number))


def _bad_card(text: str) -> str:
    """The message for text that is no baraja card; text of a quinte card gets a word about the deck."""
    try:
        _parse_quinte_id(text)
    except ValueError:
        return _BAD_CARD.format(quoted(text))
    return _BAD_CARD.format(quoted(text)) + _QUINTE_HINT


def read_card(text: str, deck: str) -> "Card":
    """A card of `deck` read from a game's JSON text: `Card(text, deck)`, but without the
    word about the other deck, which is advice to `Card`'s caller, not to a document."""
    if deck == "baraja":
        return _BY_ID[_parse_id(text, hint=False)]
    return _QUINTE_BY_ID[_parse_quinte_id(text)]


def _parse_quinte_id(text: object) -> int:
    """`2s` .. `10s`, `Js` `Qs` `Ks` `As` (any case), or `JK`; nothing else."""
    if not isinstance(text, str) or not text.isascii():
        raise ValueError(_BAD_QUINTE_CARD.format(quoted(text)))
    if text.upper() == "JK":
        return JOKER_ID
    rank_text, suit = text[:-1].upper(), text[-1:].lower()
    if suit == "" or suit not in QUINTE_SUITS:
        raise ValueError(_BAD_QUINTE_CARD.format(quoted(text)))
    letters = {letter: rank for rank, letter in RANK_LETTERS.items()}
    if rank_text in letters:
        rank = letters[rank_text]
    elif rank_text in ("2", "3", "4", "5", "6", "7", "8", "9", "10"):
        rank = int(rank_text)
    else:
        raise ValueError(_BAD_QUINTE_CARD.format(quoted(text)))
    return QUINTE_SUITS.index(suit) * 13 + (rank - 2)


def _text(deck: str, card_id: int) -> str:
    """A card's notation: rank then suit ("7o", "12b", "Ah", "10d"), "JK" for the joker."""
    if deck == "quinte":
        if card_id == JOKER_ID:
            return "JK"
        rank = QUINTE_RANKS[card_id % 13]
        return f"{RANK_LETTERS.get(rank, rank)}{QUINTE_SUITS[card_id // 13]}"
    return f"{RANKS[card_id % 10]}{SUITS[card_id // 10]}"


# Written once for every card: the twins print and sort cards on every move.
_TEXTS = {deck: tuple(_text(deck, i) for i in range(size)) for deck, size in DECK_SIZES.items()}
_DECK_ORDER = {deck: i for i, deck in enumerate(DECKS)}


def _make_card(card_id: int, deck: str = "baraja") -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "_id", card_id)
    object.__setattr__(card, "_deck", deck)
    return card


_BY_ID: Tuple[Card, ...] = tuple(_make_card(i) for i in range(DECK_SIZE))
_QUINTE_BY_ID: Tuple[Card, ...] = tuple(_make_card(i, "quinte") for i in range(QUINTE_DECK_SIZE))
JOKER = _QUINTE_BY_ID[JOKER_ID]


def full_deck(deck: str = "baraja") -> List[Card]:
    """Every card of `deck` once, in id order (a new list: a deal shuffles it)."""
    return list(_BY_ID if _check_deck(deck) == "baraja" else _QUINTE_BY_ID)


def to_card(card: "Card | str", deck: str = "baraja") -> Card:
    """A Card of `deck`, or card text parsed in `deck`."""
    if isinstance(card, Card):
        if card.deck != deck:
            raise ValueError(f"{card} is a {card.deck} card, not a {deck} card")
        return card
    return Card(card, deck)


def card_list(cards: Iterable["Card | str"], deck: str = "baraja") -> List[Card]:
    return [to_card(c, deck) for c in cards]


def cards_text(cards: Iterable[Card]) -> List[str]:
    return [str(c) for c in cards]
