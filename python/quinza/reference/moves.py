"""A move of the fifteen family: the card played and the set it captures."""

from __future__ import annotations

from typing import Iterable, Tuple

from .cards import Card, to_card

_BAD_MOVE = (
    "invalid move {!r}: write the card played, then 'x' and the captured cards, e.g. '6o x 4c 5e'"
)


class Move:
    """(played card, captured set): a lay when the set is empty.

    >>> Move.parse("6o x 5e 4c")
    Move('6o x 4c 5e')
    >>> Move("6o", ["4c", "5e"]) == Move.parse("6O X 4C 5E")
    True
    """

    __slots__ = ("_card", "_captures")

    def __init__(self, card: "Card | str", captures: Iterable["Card | str"] = ()) -> None:
        played = to_card(card)
        taken = tuple(sorted(to_card(c) for c in captures))
        text = _text(played, taken)
        for i in range(1, len(taken)):
            if taken[i] == taken[i - 1]:
                raise ValueError(f"invalid move {text!r}: {taken[i]} appears twice")
        if played in taken:
            raise ValueError(f"invalid move {text!r}: {played} appears twice")
        object.__setattr__(self, "_card", played)
        object.__setattr__(self, "_captures", taken)

    @classmethod
    def parse(cls, text: str) -> "Move":
        if not isinstance(text, str):
            raise ValueError(_BAD_MOVE.format(text))
        tokens = text.split()
        if len(tokens) == 1:
            captured: Tuple[str, ...] = ()
        elif len(tokens) >= 3 and tokens[1].lower() == "x":
            captured = tuple(tokens[2:])
        else:
            raise ValueError(_BAD_MOVE.format(text))
        try:
            played = Card(tokens[0])
            taken = [Card(t) for t in captured]
        except ValueError:
            raise ValueError(_BAD_MOVE.format(text)) from None
        return cls(played, taken)

    @property
    def card(self) -> Card:
        return self._card

    @property
    def captures(self) -> Tuple[Card, ...]:
        return self._captures

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: object) -> "Move":
        return self

    def __str__(self) -> str:
        return _text(self._card, self._captures)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (other._card, other._captures) == (self._card, self._captures)

    def __hash__(self) -> int:
        return hash(("Move", self._card, self._captures))

    def __reduce__(self) -> Tuple[type, Tuple[str]]:
        return (Move.parse, (str(self),))  # type: ignore[return-value]


def _text(card: Card, captures: Tuple[Card, ...]) -> str:
    if not captures:
        return str(card)
    return f"{card} x " + " ".join(str(c) for c in captures)
