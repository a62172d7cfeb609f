"""The story of a match as one receiver was told it: the `played` message of each move
for its viewpoint (`told`), made by the same function live (Room.play) and again for a
connection that comes in mid-match (`log_message`), so the log a reload restores is the
one that viewpoint was sent, card for card.

A viewpoint's `played` message of a move is built from the cards of its view before the
move, of its view after it, and those the move shows to everyone (wire.py): to tell the moves again,
the match is dealt again from its seed and its moves played in order (as a restart does),
each move told from that viewpoint's views alone.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Set

from .messages import Message, build
from .wire import Viewpoint, cards_in, played_message, shown_cards, view_of

# The most moves a log tells (the last ones; "from" says where it starts): a match at its
# default target has about 100 to 250 moves, but a target may be any number, and a log is
# one frame made on the event loop, in time linear in the moves it tells (about 30 us a
# move: 500 take some 15 ms).
LOG_LIMIT = 500


def seen(game: Any, viewpoint: Viewpoint) -> Set[str]:
    """The cards `viewpoint` sees now: what it knew before the next move."""
    return cards_in(view_of(game, viewpoint))


def told(ply: int, seat: int, events: Iterable[Any], before: Set[str], after: Dict[str, Any],
         stand_in: bool) -> Message:
    """The `played` message of move `ply` (by `seat`; `events` what `game.play` returned)
    for a viewpoint that saw `before` (`seen`) before the move and has the view `after`."""
    return _told(ply, seat, list(events), before, cards_in(after), stand_in)


def _told(ply: int, seat: int, events: List[Any], before: Set[str], after: Set[str], stand_in: bool) -> Message:
    """`told`, with the cards of the view after the move (`after`) read already."""
    return played_message(ply, seat, events, before | after | shown_cards(events), stand_in)


def story(start: Any, moves: List[Any], viewpoint: Viewpoint, stand_ins: Set[int],
          limit: int = LOG_LIMIT) -> List[Message]:
    """The `played` messages `viewpoint` got (or would have) for the last `limit` of
    `moves` played from `start` (a game at the match's start, played on), in order;
    `stand_ins`: the plies the stand-in played."""
    skipped = max(0, len(moves) - limit)
    for move in moves[:skipped]:  # played, not told: the engine plays a move in about a microsecond
        start.play(move)
    out = []
    before = seen(start, viewpoint)
    for ply, move in enumerate(moves[skipped:], skipped + 1):
        seat = start.turn
        events = start.play(move)
        after = cards_in(view_of(start, viewpoint))
        out.append(_told(ply, seat, events, before, after, ply in stand_ins))
        before = after  # what the viewpoint saw before the next move
    return out


def log_message(room: Any, viewpoint: Viewpoint) -> Message:
    """The log of the match in play for a connection of `viewpoint`, sent after its first
    `state`: `{"type": "log", "ply", "match", "from", "played": [...]}`, `from` the ply of
    the first move told (1 unless the match is longer than LOG_LIMIT moves)."""
    moves = [e.move for e in room.game.history if e.kind == "move"]
    start = room.settings.api.Game(room.rules, seed=room.seeds[-1])
    played = story(start, moves, viewpoint, room.store.stand_ins(room.id, room.match))
    first = played[0]["ply"] if played else room.ply + 1
    return build("log", ply=room.ply, match=room.match, played=played, **{"from": first})
