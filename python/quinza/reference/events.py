"""`Event`: one thing that happened in a match, as `Game.play` and `Game.start_events`
give it (docs/reference/events.md "Events"): a plain value; the families' moves (fifteen.py,
quinte.py) tell what happened through `Game._note`."""

from typing import Any, Iterable, Optional, Tuple

KINDS = (
    "move", "escoba", "trick", "cachette", "last_cards", "deal_scored", "dealt",
    "opening_capture", "match_over",
)

_FIELDS = ("kind", "seat", "side", "cards", "points", "deal", "move")


class Event:
    """One thing that happened in a match (docs/reference/events.md "Events"). `kind` says what;
    the other fields are None (`cards` empty) unless that kind carries them.

    >>> Event("escoba", seat=1, side=1)
    Event('escoba', seat=1, side=1)
    """

    # A slot's docstring is its value here: help() and inspect.getdoc read it.
    __slots__ = {
        "kind": """What happened: "move", "escoba", "trick", "cachette", "last_cards",
            "deal_scored", "dealt", "opening_capture" or "match_over".""",
        "seat": "The seat it happened to (who moved, swept, won, took), or None.",
        "side": "The side of that seat, or the winner of the match; None if no side.",
        "cards": "The cards it moved, as a tuple (empty if none).",
        "points": "The quints a trick or the cachette scored, the escobas of an opening capture; else None.",
        "deal": "For \"deal_scored\": the DealResult of the deal, as `deals[-1]`; else None.",
        "move": "For \"move\": the Move played; else None.",
    }

    kind: str
    seat: Optional[int]
    side: Optional[int]
    cards: Tuple[Any, ...]
    points: Optional[int]
    deal: Any
    move: Any

    def __init__(
        self,
        kind: str,
        seat: Optional[int] = None,
        side: Optional[int] = None,
        cards: Optional[Iterable[Any]] = None,
        points: Optional[int] = None,
        deal: Any = None,
        move: Any = None,
    ) -> None:
        put = object.__setattr__  # frozen: only here are the fields set
        put(self, "kind", kind)
        put(self, "seat", seat)
        put(self, "side", side)
        put(self, "cards", tuple(cards) if cards is not None else ())
        put(self, "points", points)
        put(self, "deal", deal)
        put(self, "move", move)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Event is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Event is frozen: {name} cannot be deleted")

    def _values(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, f) for f in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        # A DealResult has no hash; equal events have equal other fields.
        return hash((self.kind, self.seat, self.side, self.cards, self.points, self.move))

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (Event, self._values())

    def __copy__(self) -> "Event":
        return self

    def __deepcopy__(self, memo: Any) -> "Event":
        return self  # a frozen value: copies of a game share it

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        for name in _FIELDS[1:]:
            value = getattr(self, name)
            if value is not None and value != ():
                parts.append(f"{name}={value!r}")
        return f"Event({', '.join(parts)})"
