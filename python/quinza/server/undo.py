"""Undo by consent (docs/reference/wire.md "Undo by consent"): a room's undo mode, a request, the
ply it goes back to, who must answer it, and what everyone is told of it (no card: only
seats and plies). The room (room.py) asks, counts the answers and takes the moves back."""

from __future__ import annotations

from typing import Any, List, Optional, Set

from .messages import Message, build


# How a room takes undo: never; by consent, a move of a seat no person sits at (a bot's,
# or the stand-in's for an empty seat) never taken back, so a takeback shows no one a
# card of it; or in practice, where takebacks against bots are allowed (and the room
# says so wherever it is shown).
MODES = ("off", "consent", "practice")
DEFAULT_MODE = "consent"
PRACTICE_NOTE = "; a practice room: moves were taken back against its bots"


class UndoRequest:
    """An undo a seat asked for: the ply to go back to, and the human seats whose answer
    it waits for."""

    def __init__(self, seat: int, back_to: int, waiting: Set[int]) -> None:
        self.seat = seat
        self.back_to = back_to
        self.waiting = waiting


def undo_point(game: Any, seat: int) -> Optional[int]:
    """The ply just before `seat`'s last move in the deal in progress, or None. An undo
    never goes back past the start of the deal: a deal scored stays scored."""
    moves = 0  # the moves counted so far
    point = None
    for event in game.history:
        if event.kind == "move":
            if event.seat == seat:
                point = moves
            moves += 1
        elif event.kind == "deal_scored":
            point = None
    return point


def movers_after(game: Any, back_to: int) -> List[int]:
    """The seats of the match's moves after ply `back_to`, in order."""
    return [event.seat for event in game.history if event.kind == "move"][back_to:]


def undo_message(ply: int, status: str, request: UndoRequest, seat: Optional[int] = None) -> Message:
    """Where an undo stands (`seat`: who answered), the same for every receiver."""
    answered: Message = {} if seat is None else {"seat": seat}
    return build("undo", ply=ply, status=status, asked_by=request.seat, back_to=request.back_to,
                 waiting=sorted(request.waiting), **answered)
