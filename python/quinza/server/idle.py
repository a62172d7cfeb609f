"""Rooms that end when no person is there: a room whose match is not over, with no seat
connected for `idle_room` seconds (limits.py), is abandoned. Its bots and timer stop,
the store marks it (it is kept: its record and moves stay), the lobby no longer lists
it, and no one may sit or connect to it again; its info says `"abandoned": true`.
Otherwise a room of bots alone, or one its players left, would think for nobody."""

from __future__ import annotations

import asyncio
import logging
from typing import Dict, Iterable, Set

from .databases import StoreError
from .room import Room
from .store import Store

log = logging.getLogger("quinza.server")


class IdleRooms:
    """When each room last had a person connected, and the rooms abandoned."""

    def __init__(self, store: Store, seconds: float, abandoned: Iterable[str]) -> None:
        self.store = store
        self.seconds = seconds
        self.abandoned: Set[str] = set(abandoned)
        self._seen: Dict[str, float] = {}  # room -> the loop's clock when a person was last there

    def __contains__(self, room: Room) -> bool:
        return room.id in self.abandoned

    async def watch(self, rooms: Dict[str, Room]) -> None:
        """Look at the rooms a few times within each `seconds`, for ever."""
        loop = asyncio.get_running_loop()
        while True:
            self.sweep(rooms.values(), loop.time())
            await asyncio.sleep(max(min(self.seconds / 4, 30.0), 0.05))

    def sweep(self, rooms: Iterable[Room], clock: float) -> None:
        """Abandon the rooms with no person connected for `seconds` by `clock`."""
        for room in list(rooms):
            if room.id in self.abandoned or room.game.is_over:
                continue
            if any(c.seat is not None for c in room.connections):
                self._seen[room.id] = clock
            elif clock - self._seen.setdefault(room.id, clock) >= self.seconds:
                self._abandon(room)

    def _abandon(self, room: Room) -> None:
        try:
            self.store.abandon(room.id)
        except StoreError as error:  # the store failed: the room lives on, and is tried again
            log.error("room %s: could not be marked abandoned: %s", room.id, error)
            return
        self.abandoned.add(room.id)
        self._seen.pop(room.id, None)
        room.stop()
        log.info("room %s abandoned: no person connected for %g seconds", room.id, self.seconds)
