"""What the server says on the wire, built from the receiver's viewpoint alone.

A viewpoint is a seat (an int) or None for a spectator. A seat's view is
`game.observation(seat)`; a spectator's is what every seat shares: an observation
without its hand (`seat` None). Nothing here reads a hand, the stock or the seed.

The events of a move (`game.play`) are told to each receiver with only the cards it may
know: those of its view before the move, of its view after it, and what the move shows
everyone (the card played, the cards it took, and in quinte the cachette the last trick
takes, turned up to count its quints). Any other card an event carries is left out and
counted in `"hidden"`.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Set

from .messages import Message, build

Viewpoint = Optional[int]

# The keys of an observation that hold cards, as text (piles and tricks nest them).
CARD_KEYS = ("hand", "table", "piles", "trick", "played")


def view_of(game: Any, seat: Viewpoint) -> Dict[str, Any]:
    """What `seat` may see, or for None what every seat may see."""
    if seat is not None:
        return dict(game.observation(seat))
    shared = dict(game.observation(0))
    del shared["hand"]
    shared["seat"] = None
    return shared


def _texts(value: Any) -> Iterable[str]:
    """Every string inside a value of an observation (lists of cards, [seat, card] pairs)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def cards_in(view: Dict[str, Any]) -> Set[str]:
    """The cards a view shows, as text."""
    return {text for key in CARD_KEYS if key in view for text in _texts(view[key])}


def move_cards(move: Any) -> Set[str]:
    """The cards a move shows to everyone: the card played and what it takes."""
    shown = {str(c) for c in getattr(move, "captures", ())}
    if move.card is not None:
        shown.add(str(move.card))
    return shown


def shown_cards(events: Iterable[Any]) -> Set[str]:
    """The cards the move whose `events` these are shows to everyone: the move's own, and
    the cachette it takes (docs/rules.md: its five cards are checked for quints; they are
    what no one has seen played, so nothing is told that play had not shown)."""
    events = list(events)
    shown = move_cards(events[0].move)
    for event in events:
        if event.kind == "cachette":
            shown.update(str(c) for c in event.cards)
    return shown


def _kept(cards: Iterable[Any], known: Set[str], out: Message) -> List[str]:
    """The cards of `cards` in `known`; the number left out goes in out["hidden"]."""
    texts = [str(c) for c in cards]
    kept = [t for t in texts if t in known]
    if len(kept) < len(texts):
        out["hidden"] = len(texts) - len(kept)
    return kept


def event_message(event: Any, known: Set[str]) -> Message:
    """One Event as the receiver that knows the cards `known` may be told it."""
    out: Message = {"kind": event.kind}
    for field in ("seat", "side", "points"):
        value = getattr(event, field)
        if value is not None:
            out[field] = value
    if event.move is not None:
        out["move"] = str(event.move)
    if event.cards:
        out["cards"] = _kept(event.cards, known, out)
    if event.deal is not None:
        deal = dict(event.deal.to_dict())
        # The piles of the deal are shown by their sizes: the cards were told as they
        # were taken (a cachette cleared with its deal never was).
        deal["pile_sizes"] = [len(pile) for pile in deal.pop("piles")]
        out["deal"] = deal
    return out


def played_message(ply: int, seat: int, events: Iterable[Any], known: Set[str], stand_in: bool) -> Message:
    """What a move made happen, for one receiver: `seat` played it (`stand_in`: the
    server's stand-in bot played for a seat out of time)."""
    return build("played", ply=ply, seat=seat, stand_in=stand_in, events=[event_message(e, known) for e in events])


def error_message(ply: int, text: str) -> Message:
    return build("error", ply=ply, message=text)
