"""The story of a match as one receiver was told it: the `played` message of each move
for its viewpoint (`told`), made by the same function live (Room.play) and again for a
connection that comes in mid-match (`log_message`), so the log a reload restores is the
one that viewpoint was sent, card for card.

A viewpoint's `played` message of a move is built from the cards of its view before the
move, of its view after it, and of the move itself (wire.py): to tell a move again, the
match is taken back to before it on a copy of the game (`Game.undo` takes a move back
exactly, a deal's end and the next deal included) and played forward, each move told
from that viewpoint's views alone.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Set

from .wire import Message, Viewpoint, cards_in, move_cards, played_message, view_of

# The most moves a log tells (the last ones; "from" says where it starts): a match at its
# default target has about 100 to 250 moves, but a target may be any number, and a log is
# one frame made on the event loop, in time linear in the moves it tells.
LOG_LIMIT = 1000


def seen(game: Any, viewpoint: Viewpoint) -> Set[str]:
    """The cards `viewpoint` sees now: what it knew before the next move."""
    return cards_in(view_of(game, viewpoint))


def told(ply: int, seat: int, events: Iterable[Any], before: Set[str], after: Dict[str, Any],
         stand_in: bool) -> Message:
    """The `played` message of move `ply` (by `seat`; `events` what `game.play` returned)
    for a viewpoint that saw `before` (`seen`) before the move and has the view `after`."""
    events = list(events)
    known = before | cards_in(after) | move_cards(events[0].move)
    return played_message(ply, seat, events, known, stand_in)


def story(game: Any, ply: int, viewpoint: Viewpoint, stand_ins: Set[int], limit: int = LOG_LIMIT) -> List[Message]:
    """The `played` messages `viewpoint` got (or would have) for the last `limit` moves
    of `game`'s match, `ply` moves in, in order; `stand_ins`: the plies the stand-in played."""
    position = game.copy()
    moves = [position.undo() for _ in range(min(ply, limit))]
    out = []
    for number, move in enumerate(reversed(moves), ply - len(moves) + 1):
        seat = position.turn
        before = seen(position, viewpoint)
        events = position.play(move)
        out.append(told(number, seat, events, before, view_of(position, viewpoint), number in stand_ins))
    return out


def log_message(room: Any, viewpoint: Viewpoint) -> Message:
    """The log of the match in play for a connection of `viewpoint`, sent after its first
    `state`: `{"type": "log", "ply", "match", "from", "played": [...]}`, `from` the ply of
    the first move told (1 unless the match is longer than LOG_LIMIT moves)."""
    played = story(room.game, room.ply, viewpoint, room.store.stand_ins(room.id, room.match))
    return {"type": "log", "ply": room.ply, "match": room.match, "from": played[0]["ply"] if played else room.ply + 1,
            "played": played}
