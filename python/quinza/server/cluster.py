"""One worker of several on one database (`create_app(cluster=URL)`, `quinza serve
--cluster` or `--workers N`): it plays the rooms it holds, as a server alone plays all of
its own, and the workers share the rest through the database (leases.py).

- A worker renews its lease every `BEAT` seconds, on a thread of its own (a loop busy with
  moves must not cost the worker its rooms). At each beat of its loop it also writes the
  lobby's rows of its rooms that changed (the lobby of every worker lists every worker's
  rooms, their seats a second old at most, their ply `REFRESH` beats) and takes its share
  of the rooms no live worker holds: a lost worker's rooms are taken once its lease runs
  out, within `TTL` + `BEAT` seconds.
- A request for a room another worker holds is forwarded to it (proxy.py); one for a room
  no live worker holds takes the room at once.
- A worker whose own lease ran out (stalled, or cut off from the database) gives up every
  room it held, closing their connections (1012: connect again), and joins again under a
  new id: the rooms it held may be another's now, and the store refuses it their writes.
- A worker stopped gently gives its rooms back at once (`leave`), so a rolling restart
  hands them over within a beat of the others.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import threading
from typing import Any, Dict, List, Mapping, Optional, Protocol, Tuple

from .connection import Settings
from .databases import StoreError
from .idle import IdleRooms
from .leases import BEAT, Leases, Worker, new_worker_id
from .peer_bots import PeerBots
from .room import Room
from .store import Store

log = logging.getLogger("quinza.server")

MOVED = 1012  # the websocket close code for "connect again": the room's worker changed
REFRESH = 10  # beats between the lobby rows written for their ply alone


class Elsewhere(Exception):
    """The room is played by another live worker."""

    def __init__(self, room: str, worker: Worker) -> None:
        super().__init__(f"room {room} is played by worker {worker.id}")
        self.worker = worker


class Taken:
    """The room ids in use: a worker's own and every room in the database."""

    def __init__(self, rooms: Mapping[str, Room], leases: Leases) -> None:
        self.rooms, self.leases = rooms, leases

    def __contains__(self, room: object) -> bool:
        return room in self.rooms or (isinstance(room, str) and self.leases.exists(room))


class Host(Protocol):
    """What a worker's cluster uses of its server (rooms.py's `Server`)."""

    store: Store
    settings: Settings
    rooms: Dict[str, Room]
    idle: IdleRooms

    def info(self, room: Room) -> Dict[str, Any]:
        """A room's lobby row."""


class Cluster:
    """This server as a worker: its id (the store's), its URL, its peers' shared secret."""

    def __init__(self, server: Host, url: str) -> None:
        self.server = server
        self.url = url
        self.leases = Leases(server.store)
        self.secret = self.leases.secret()
        self.leases.register(self.id, url)
        # room -> what its lobby row last written showed: (all but the ply, the ply)
        self._published: Dict[str, Tuple[Any, int]] = {}
        self._task: "Optional[asyncio.Task[None]]" = None
        self._beats = 0
        self._left = False
        self._lost: Optional[str] = None  # the id whose lease the renewing thread found run out
        self._stopping = threading.Event()
        self._renewer: Optional[threading.Thread] = None
        self.peers: List[Worker] = []  # the live workers as of the last beat
        self.bots = PeerBots(self)
        server.settings.borrow = self.bots.think  # a room's searching bot may think on a peer

    def _join(self) -> None:
        """Join under a new id: the old one's rooms may be another worker's now. A live
        worker at this one's URL means both were given one URL: this one joins with none
        (its peers send it nothing) rather than end the other's lease in turn."""
        if self.url and any(w.url == self.url for w in self.leases.workers()):
            log.error("worker %s: another worker has its URL %s; each worker needs its own --peer-url",
                      self.id, self.url)
            self.url = ""
        self.server.store.worker = new_worker_id()
        self._published.clear()
        self._left = False
        self.leases.register(self.id, self.url)

    @property
    def id(self) -> str:
        """This worker's id (its store's: the one its writes are fenced by)."""
        return str(self.server.store.worker)

    def is_peer(self, shown: Optional[str]) -> bool:
        """Whether a request's peer header shows the cluster's secret."""
        return shown is not None and hmac.compare_digest(shown.encode(), self.secret.encode())

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Take this worker's share of the rooms no one holds, then beat on `loop` (joining
        again under a new id after a `leave`), the lease renewed on a thread of its own."""
        if self._left:
            self._join()
        self.adopt()
        self._stopping.clear()
        self._renewer = threading.Thread(target=self._renew, name="quinza-lease", daemon=True)
        self._renewer.start()
        self._task = loop.create_task(self._beat())

    def _renew(self) -> None:
        """Renew the lease every beat, on this thread and its own connection: a loop busy
        with moves (a worker at full load) must not let its lease run out and its rooms be
        taken from it. A worker whose loop stalls keeps its rooms (it plays them when it
        comes back); one that dies loses them."""
        leases = Leases(Store(self.server.store.source))
        while not self._stopping.wait(BEAT):
            pool = self.server.settings.pool
            worker = self.id
            try:
                if not leases.renew(worker, len(self.server.rooms), pool.busy, pool.threads, self.bots.lent):
                    self._lost = worker  # the loop gives its rooms up at its next beat
            except StoreError as error:  # the database is away: the next beat tries again
                log.warning("worker %s: the database did not answer its lease's renewal: %s", worker, error)
        leases.db.close()

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                self.beat()
            except StoreError as error:  # the database is away: the next beat tries again
                log.warning("worker %s: the database did not answer its beat: %s", self.id, error)
            except Exception:
                log.exception("worker %s: its beat failed", self.id)

    def beat(self) -> None:
        """The loop's work each beat: give the rooms up if the lease ran out, write the
        lobby, take a share of the rooms no one holds, read the peers."""
        if self._lost == self.id:
            log.error("worker %s: its lease ran out; it gives up its %d rooms and joins again", self.id,
                      len(self.server.rooms))
            for room in list(self.server.rooms.values()):
                self.drop(room)
            self._join()
        self._beats += 1
        self.publish(every=self._beats % REFRESH == 0)
        self.adopt()
        self.peers = self.leases.workers()
        if self._beats % 600 == 0:
            self.leases.forget()

    def adopt(self) -> None:
        """Take a share of the rooms no live worker holds."""
        took = False
        for room_id in self.leases.orphans():
            if room_id not in self.server.rooms and self.leases.claim(room_id, self.id):
                took = self.load(room_id) is not None or took
        if took:
            self.publish()

    def load(self, room_id: str) -> Optional[Room]:
        """Play a room this worker has just claimed, from the store: its moves played
        again, its bots and timer started anew."""
        stored = self.server.store.room(room_id)
        if stored is None:
            return None
        room = Room.from_store(stored, self.server.store, self.server.settings)
        self.server.rooms[room_id] = room
        if stored.abandoned:
            self.server.idle.abandoned.add(room_id)
        else:
            room.schedule()
        log.info("worker %s took room %s", self.id, room_id)
        return room

    def find(self, room_id: str) -> Optional[Room]:
        """A room this worker does not play: taken if no live worker holds it (then it is
        played here); Elsewhere if one does; None if there is no such room."""
        owner = self.leases.owner(room_id)
        if owner is None and self.leases.claim(room_id, self.id, abandoned=True):
            room = self.load(room_id)
            self.publish()
            return room
        owner = owner or self.leases.owner(room_id)
        if owner is not None and owner.id != self.id:
            raise Elsewhere(room_id, owner)
        return None

    def drop(self, room: Room) -> None:
        """Stop playing a room another worker may hold now: its connections are closed and
        connect again, to whichever worker."""
        room.stop()
        for conn in list(room.connections):
            conn.end(MOVED, "the room moved to another worker: connect again")
        self.server.rooms.pop(room.id, None)
        self._published.pop(room.id, None)

    def publish_room(self, room: Room) -> None:
        """Write one room's lobby row (a room just made: in every worker's lobby at once)."""
        self.leases.publish(self.id, {room.id: self.server.info(room)})
        shown = _shown(room, room in self.server.idle)
        self._published[room.id] = (shown[1:], shown[0])

    def publish(self, every: bool = False) -> None:
        """Write the lobby's rows of this worker's rooms that changed. A row whose only
        change is its ply (a move) waits for `every` (each `REFRESH` beats): a lobby need
        not follow every move, and the database is spared a write a move. A room's row is
        made again only when what it shows may have changed (`_shown`): making every row
        each beat held the loop for tens of milliseconds with hundreds of rooms."""
        changed: Dict[str, Dict[str, Any]] = {}
        for room_id, room in self.server.rooms.items():
            shown = _shown(room, room in self.server.idle)
            last = self._published.get(room_id)
            if last is not None and last[0] == shown[1:] and (last[1] == shown[0] or not every):
                continue
            changed[room_id] = self.server.info(room)
            self._published[room_id] = (shown[1:], shown[0])
        if changed:
            self.leases.publish(self.id, changed)

    def others(self, mine: Mapping[str, Room]) -> List[Dict[str, Any]]:
        """The lobby rows of the rooms this worker does not play."""
        return [row for row in self.leases.lobby() if row.get("room") not in mine]

    def spare_peer(self) -> Optional[Worker]:
        """The peer with the most threads free as of the last beat, if one has any (and
        can be reached)."""
        spare = [w for w in self.peers if w.id != self.id and w.url and w.busy < w.threads]
        return max(spare, key=lambda w: w.threads - w.busy, default=None)

    def taken(self, mine: Mapping[str, Room]) -> Taken:
        """The room ids a new room may not have: `mine` and every room in the database."""
        return Taken(mine, self.leases)

    def leave(self) -> None:
        """Stop: give every room back at once, for the other workers to take."""
        if self._task is not None:
            self._task.cancel()
        self._stopping.set()
        if self._renewer is not None:
            self._renewer.join(BEAT * 5)
        try:
            self.publish()
            self.leases.leave(self.id)
            self._left = True
        except StoreError as error:  # its lease runs out instead
            log.warning("worker %s: could not give its rooms back: %s", self.id, error)
        self.server.rooms.clear()



def _shown(room: Room, abandoned: bool) -> Tuple[Any, ...]:
    """What a room's lobby row shows, cheaply read: its ply, then all else it depends on."""
    return (room.ply, room.match, room.game.is_over, abandoned, tuple(s.name for s in room.seats),
            frozenset(c.seat for c in room.connections))
