"""A room's undo by consent (docs/reference/wire.md "Undo by consent"): a seat asks, the people
whose moves it takes back answer, and the moves are taken back, the store first. A part
of the room (room.py), kept apart so that each file says one thing."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Dict, List, Optional, Set, Tuple

from .databases import StoreError
from ..words import later
from .refusal import Refused
from .undo import UndoRequest, movers_after, undo_message, undo_point
from .wire import view_of

log = logging.getLogger("quinza.server")


class Takebacks:
    """The undo by consent of a Room (which has the game, seats, store and connections
    these methods read)."""

    # What the room has (room.py), for the type checker.
    id: str
    ply: int
    game: Any
    store: Any
    seats: List[Any]
    connections: List[Any]
    undo_mode: str
    asked: Set[int]
    moved: Dict[int, Tuple[int, Set[Tuple[str, Any]]]]
    undo: Optional[UndoRequest]
    _lapse: "Optional[asyncio.Task[None]]"

    @property
    def match(self) -> int: raise NotImplementedError
    def state(self, seat: Any, view: Dict[str, Any]) -> Dict[str, Any]: raise NotImplementedError
    def schedule(self) -> None: ...
    def _resume(self) -> None: ...
    @staticmethod
    def _cancel(task: "Optional[asyncio.Task[None]]") -> None: ...
    async def _undo_lapse(self, request: UndoRequest) -> None: ...

    def ask_undo(self, seat: int) -> None:
        """`seat` asks to take back its last move and every move since, once a turn of its
        own. The people whose moves it takes back are asked (moves and bots wait; the
        turn's time runs on); with none, it is done. The room's undo mode may refuse it."""
        if self.undo_mode == "off":
            raise Refused(later("undo is off in this room"))
        if self.undo is not None:
            raise Refused(later("seat {seat} already asked to undo: wait for the answers", seat=self.undo.seat))
        if seat in self.asked:
            raise Refused(later("you asked to undo once this turn: you may ask again after your next move"))
        back_to = undo_point(self.game, seat)
        if back_to is None:
            raise Refused(later("you have no move to undo in this deal (an undo does not go back past a deal's start)"))
        movers = set(movers_after(self.game, back_to)) - {seat}
        if self.undo_mode == "consent" and any(self.seats[s].name is None for s in movers):
            raise Refused(
                later("a bot's move is never taken back in this room (undo by consent): ask before the bot replies")
                if any(self.seats[s].bot is not None for s in movers) else
                later("the stand-in's move for an empty seat is never taken back in this room (undo by consent)"))
        request = UndoRequest(seat, back_to, {s for s in movers if self.seats[s].name is not None})
        self.asked.add(seat)
        if not request.waiting:
            self.undo = request
            self._take_back()
            return
        self._store_undo(request)
        self.undo = request
        self._lapse = asyncio.get_running_loop().create_task(self._undo_lapse(request))
        self._tell_undo("asked")

    def answer_undo(self, seat: int, agree: bool) -> None:
        """`seat`'s answer: a refusal ends the request, the last agreement takes back."""
        request = self.undo
        if request is None:
            raise Refused(later("no undo was asked: there is nothing to answer"))
        if seat == request.seat:
            raise Refused(later("you asked for this undo: the other seats answer it"))
        if seat not in request.waiting:
            raise Refused(later("your answer is not asked for: you already answered, or sat down after the undo was asked"))
        if not agree:
            self._settle("refused", seat)
            return
        self._store_undo(UndoRequest(request.seat, request.back_to, request.waiting - {seat}))
        request.waiting.discard(seat)
        if request.waiting:
            self._tell_undo("agreed", seat)
        else:
            self._take_back()

    def _store_undo(self, request: UndoRequest) -> None:
        """Write where an undo stands before anyone is told (a restart asks again)."""
        try:
            self.store.set_undo(self.id, self.match, request.seat, request.back_to, sorted(request.waiting))
        except StoreError as error:
            log.error("room %s: an undo could not be stored: %s", self.id, error)
            raise Refused(later("the undo could not be saved: try again")) from None

    def _settle(self, status: str, seat: Optional[int] = None, moved: bool = False) -> None:
        """End the undo without taking back (refused, or lapsed): play goes on; everyone
        is told, then gets the state (the turn's time is what is left of it), unless the
        seat to act `moved` on (its move's messages follow)."""
        request = self.undo
        assert request is not None
        try:
            self.store.clear_undo(self.id)
        except StoreError as error:  # a restart would ask again: no harm, and play goes on
            log.error("room %s: a settled undo could not be stored: %s", self.id, error)
        self.undo = None
        self._cancel(self._lapse)
        self._tell_undo(status, seat, request)
        if moved:
            return
        self._resume()
        for c in self.connections:
            c.send(self.state(c.seat, view_of(self.game, c.seat)))

    def _tell_undo(self, status: str, seat: Optional[int] = None, request: Optional[UndoRequest] = None) -> None:
        """Tell everyone where an undo stands."""
        request = request or self.undo
        assert request is not None
        message = undo_message(self.ply, status, request, seat)
        for c in self.connections:
            c.send(message)

    def _take_back(self) -> None:
        """Take the moves back to the request's ply: the store forgets them first, then
        the game; everyone is told and gets the state again."""
        request = self.undo
        assert request is not None
        self.undo = None
        try:
            self.store.remove_moves(self.id, self.match, request.back_to)
        except StoreError as error:
            log.error("room %s: an undo could not be stored: %s", self.id, error)
            self.undo = request
            self._settle("failed")
            return
        plies = self.ply
        while self.ply > request.back_to:
            self.game.undo()
            self.ply -= 1
        self.moved.clear()
        self.schedule()
        self._tell_undo("done", None, request)
        for c in self.connections:
            c.send(self.state(c.seat, view_of(self.game, c.seat)))
        log.info("room %s: seat %s took back %d moves", self.id, request.seat, plies - self.ply)

