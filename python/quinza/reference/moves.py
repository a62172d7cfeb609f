"""A move: in the fifteen family the card played and the set it captures; in quinte a
card played to the trick, or a bid of the doubling (`pass`, `double`, `redouble`)."""

from __future__ import annotations

from typing import Iterable, Optional, Tuple

from .cards import Card, _check_deck, to_card
from .. import _view
from .._words import quoted

_BAD_MOVE = (
    "invalid move {}: write the card played, then 'x' and the captured cards, e.g. '6o x 4c 5e'"
)
_BAD_QUINTE_MOVE = "invalid move {}: write a card such as 'Ah', or pass, double or redouble"

BIDS = ("pass", "double", "redouble")  # also the order in which legal bids are listed


class Move:
    """A move: (played card, captured set) of the fifteen family, a lay when the set is
    empty; or a quinte card or bid. Immutable and hashable.

    >>> Move.parse("6o x 5e 4c")
    Move('6o x 4c 5e')
    >>> Move("6o", ["4c", "5e"]) == Move.parse("6O X 4C 5E")
    True
    >>> Move.parse("Ah", deck="quinte"), Move("double", deck="quinte").card
    (Move('Ah'), None)
    """

    __slots__ = ("_card", "_captures", "_bid")
    _card: Optional[Card]  # None for a quinte bid
    _captures: Tuple[Card, ...]
    _bid: Optional[str]

    def __init__(
        self, card: "Card | str", captures: Iterable["Card | str"] = (), deck: Optional[str] = None
    ) -> None:
        if isinstance(card, Card):
            deck = card.deck if deck is None else _check_deck(deck)
        else:
            deck = "baraja" if deck is None else _check_deck(deck)
        if isinstance(captures, (str, bytes)):  # not read one character at a time
            raise ValueError(f"captures must be a list of cards, not {quoted(captures)}")
        if deck == "quinte":
            self._init_quinte(card, tuple(captures))
            return
        given = tuple(captures)
        if not given and isinstance(card, str):
            # Text alone is a move's text: Move("6o x 4c 5e") is Move.parse("6o x 4c 5e").
            parsed = Move.parse(card)
            object.__setattr__(self, "_card", parsed._card)
            object.__setattr__(self, "_captures", parsed._captures)
            object.__setattr__(self, "_bid", None)
            return
        played = to_card(card)
        taken = tuple(sorted(to_card(c) for c in given))
        text = _text(played, taken)
        for i in range(1, len(taken)):
            if taken[i] == taken[i - 1]:
                raise ValueError(f"invalid move {quoted(text)}: {taken[i]} appears twice")
        if played in taken:
            raise ValueError(f"invalid move {quoted(text)}: {played} appears twice")
        object.__setattr__(self, "_card", played)
        object.__setattr__(self, "_captures", taken)
        object.__setattr__(self, "_bid", None)

    def _init_quinte(self, card: "Card | str", captures: Tuple["Card | str", ...]) -> None:
        """A quinte move is one card or one bid word; there are no captures."""
        if captures:
            raise ValueError(f"invalid move {quoted(str(card))}: quinte has no captures")
        bid: Optional[str] = None
        played: Optional[Card] = None
        if isinstance(card, str) and card.lower() in BIDS:
            bid = card.lower()
        else:
            played = to_card(card, "quinte")
        object.__setattr__(self, "_card", played)
        object.__setattr__(self, "_captures", ())
        object.__setattr__(self, "_bid", bid)

    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> "Move":
        """The move written `text`. In the baraja: the card played, then 'x' and the captured
        cards in any order ("6o x 4c 5e"), or the card alone for a lay ("6o"); with
        deck="quinte": one card ("Ah") or one bid (pass, double, redouble). Any case; anything
        else raises ValueError."""
        if _check_deck(deck) == "quinte":
            return cls._parse_quinte(text)
        if not isinstance(text, str):
            raise ValueError(_BAD_MOVE.format(quoted(text)))
        tokens = text.split()
        if len(tokens) == 1:
            captured: Tuple[str, ...] = ()
        elif len(tokens) >= 3 and tokens[1].lower() == "x":
            captured = tuple(tokens[2:])
        else:
            raise ValueError(_BAD_MOVE.format(quoted(text)))
        try:
            played = Card(tokens[0])
            taken = [Card(t) for t in captured]
        except ValueError:
            raise ValueError(_BAD_MOVE.format(quoted(text))) from None
        return cls(played, taken)

    @classmethod
    def _parse_quinte(cls, text: str) -> "Move":
        """One token: a card in quinte notation, or pass / double / redouble (any case)."""
        if not isinstance(text, str):
            raise ValueError(_BAD_QUINTE_MOVE.format(quoted(text)))
        tokens = text.split()
        if len(tokens) != 1:
            raise ValueError(_BAD_QUINTE_MOVE.format(quoted(text)))
        if tokens[0].lower() in BIDS:
            return cls(tokens[0], deck="quinte")
        try:
            played = Card(tokens[0], "quinte")
        except ValueError:
            raise ValueError(_BAD_QUINTE_MOVE.format(quoted(text))) from None
        return cls(played)

    @property
    def card(self) -> Optional[Card]:
        """The card played; None for a quinte bid."""
        return self._card

    @property
    def captures(self) -> Tuple[Card, ...]:
        """The captured cards, sorted; empty for a lay and for every quinte move."""
        return self._captures

    @property
    def bid(self) -> Optional[str]:
        """"pass", "double" or "redouble" for a quinte bid; None for a card."""
        return self._bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: object) -> "Move":
        return self

    def __str__(self) -> str:
        if self._card is None:
            return str(self._bid)
        return _text(self._card, self._captures)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (other._card, other._captures, other._bid) == (
            self._card,
            self._captures,
            self._bid,
        )

    def __hash__(self) -> int:
        if self._card is None:
            return hash(("Move", None, self._bid))
        return hash(("Move", self._card, self._captures))

    def __reduce__(self) -> Tuple[object, Tuple[str, ...]]:
        if self._card is None or self._card.deck == "quinte":
            return (Move.parse, (str(self), "quinte"))
        return (Move.parse, (str(self),))

    def to_svg(self) -> str:
        """The move drawn as SVG text (`quinza._view.move_svg`): the card played and
        the cards it captures; in quinte the card, or the bid word."""
        return _view.move_svg(self)

    def _repr_svg_(self) -> str:
        """The move drawn as SVG text, for a notebook: `to_svg()`."""
        return _view.move_svg(self)


def _text(card: Card, captures: Tuple[Card, ...]) -> str:
    if not captures:
        return str(card)
    return f"{card} x " + " ".join(str(c) for c in captures)
