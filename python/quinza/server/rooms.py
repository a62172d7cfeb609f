"""The rooms of one app (`Server`): those it plays, its store and settings, and how a
room is made from a create request. Alone, a server loads every room of its store when it
starts. As a worker of a cluster (cluster.py), it plays the rooms it holds, takes those a
lost worker held, and finds the others' owners."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any, Dict, List, Optional, Tuple

from ..words import N_, _
from .._words import fresh_seed
from .cluster import Cluster
from .connection import Settings
from .databases import StoreError
from .idle import IdleRooms
from .leases import new_worker_id
from .limits import Clients, Limits
from .players import check_spec
from .pool import Budget
from .room import Room
from .store import Store
from .undo import DEFAULT_MODE, MODES

CREATE_FIELDS = ("rules", "players", "target", "options", "bots", "timer", "undo", "name", "seat")
# A room's id: letters and digits a person can read out and type (no 0/o, 1/l/i), never
# starting with "-" as a command line would read an option; 31**8 ids.
ROOM_ID_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"
ROOM_ID_LENGTH = 8
NAME_LIMIT = 40
BUDGET = Budget()  # the bots' budget by default
LIMITS = Limits()  # what a client and a room may have by default
log = logging.getLogger("quinza.server")
ABANDONED = N_("this room was abandoned (no one was connected to it for a while): its match does not go on")


def new_room_id(taken: Any) -> str:
    """A room id not in `taken`."""
    while True:
        room_id = "".join(secrets.choice(ROOM_ID_LETTERS) for _ in range(ROOM_ID_LENGTH))
        if room_id not in taken:
            return room_id


class Server:
    """The rooms of one app, their store and settings."""

    def __init__(self, db: str, settings: Settings, cluster: Optional[str] = None) -> None:
        """`cluster`: this worker's URL as its peers reach it ("" if they cannot), when it
        is one worker of several on `db`; None when it is alone."""
        self.store = Store(db, None if cluster is None else new_worker_id())
        self.settings = settings
        self.rooms: Dict[str, Room] = {}
        stored_rooms = self.store.rooms() if cluster is None else []  # a worker takes its rooms on waking
        for stored in stored_rooms:
            self.rooms[stored.id] = Room.from_store(stored, self.store, settings)
        self.clients = Clients(settings.caps)
        self.idle = IdleRooms(self.store, settings.caps.idle_room, (s.id for s in stored_rooms if s.abandoned))
        self.cluster = None if cluster is None else Cluster(self, cluster)
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._watch: "Optional[asyncio.Task[None]]" = None

    def wake(self) -> None:
        """Start the rooms' bots and timers on the loop serving the app (once per loop),
        and the watch on idle rooms."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            for room in self.rooms.values():
                if room not in self.idle:
                    room.schedule()
            self._watch = loop.create_task(self.idle.watch(self.rooms))
            if self.cluster is not None:
                self.cluster.start(loop)

    def stop(self) -> None:
        for room in self.rooms.values():
            room.stop()
        if self._watch is not None:
            self._watch.cancel()
        if self.cluster is not None:
            self.cluster.leave()
        self.settings.reviews.close()
        self._loop = None

    def room(self, room_id: str) -> Room:
        """The room `room_id` if this server plays it (a worker takes it if no live worker
        holds it). LookupError: there is no such room; Elsewhere: another worker plays it."""
        self.wake()
        room = self.rooms.get(room_id)
        if room is None and self.cluster is not None:
            room = self.cluster.find(room_id)
        if room is None:
            raise LookupError(_("no room {room}", room=room_id))
        return room

    def lobby(self, every: bool) -> List[Dict[str, Any]]:
        """The lobby's rooms: those not over nor abandoned (`every`: all), the rooms to sit
        in first, then those to watch. A worker lists its peers' rooms as they last wrote them."""
        rows = [self.info(r) for r in self.rooms.values()]
        if self.cluster is not None:
            rows += self.cluster.others(self.rooms)
        listed = [row for row in rows if every or not (row["over"] or row["abandoned"])]
        listed.sort(key=lambda row: not row["waiting"])
        return listed

    def info(self, room: Room) -> Dict[str, Any]:
        """A room as the lobby shows it, and whether it was abandoned."""
        return {**room.info(), "abandoned": room in self.idle}

    def create(self, body: Any, who: str = "") -> Tuple[Room, Optional[Tuple[int, str]]]:
        """A new room from a create request's body, and the creator's seat and token when
        the body names them ("name", "seat"; `who`: the authentication hook's name)."""
        if not isinstance(body, dict):
            raise ValueError('the body is a JSON object such as {"rules": "escoba", "players": 2}')
        unknown = [k for k in body if k not in CREATE_FIELDS]
        if unknown:
            raise ValueError(f"unknown field {json.dumps(unknown[0])}: a room takes {', '.join(CREATE_FIELDS)}")
        options = body.get("options") or {}
        if not isinstance(body.get("rules"), str) or not isinstance(options, dict):
            raise ValueError('"rules" names a rule set (such as "escoba") and "options" is an object')
        try:
            rules = self.settings.api.Rules(body["rules"], players=body.get("players"), target=body.get("target"), **options)
        except TypeError as error:
            raise ValueError(str(error)) from None
        bots = self._bots(body.get("bots") or {}, rules)
        timer = body.get("timer")
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, (int, float)) or not 0 < timer <= 86400):
            raise ValueError('"timer" is the seconds a seat has for a move (more than 0, at most a day), or null')
        undo = body.get("undo", DEFAULT_MODE)
        if undo not in MODES:
            raise ValueError(f'"undo" is "off", "consent" or "practice", not {json.dumps(undo)[:40]}')
        creator = None
        if "name" in body or "seat" in body:  # checked before the room is made: a refusal makes none
            creator = creator_seat(player_name(who or body.get("name")), body.get("seat"), rules.players, bots)
        room_id = new_room_id(self.rooms if self.cluster is None else self.cluster.taken(self.rooms))
        seed = fresh_seed()  # never told: it deals every card
        try:
            self.store.add_room(room_id, rules.to_dict(), seed, timer, bots, undo)
        except StoreError as error:
            log.error("a room could not be stored: %s", error)
            raise
        room = Room(room_id, rules, [seed], None if timer is None else float(timer), bots, self.store, self.settings,
                    undo)
        self.rooms[room_id] = room
        sat = None if creator is None else room.sit(*creator)
        room.schedule()
        if self.cluster is not None:
            self.cluster.publish_room(room)  # in the lobby of every worker
        return room, sat

    def _bots(self, bots: Any, rules: Any) -> Dict[int, str]:
        players = rules.players
        if not isinstance(bots, dict):
            raise ValueError('"bots" maps seats to bots, such as {"1": "greedy"}')
        out: Dict[int, str] = {}
        for key, spec in bots.items():
            if not key.isdigit() or not 0 <= int(key) < players:
                raise ValueError(f"bots: {json.dumps(key)} is no seat: the seats are 0 to {players - 1}")
            out[int(key)] = check_spec(self.settings.api, spec, self.settings.imports, self.settings.budget, rules)
        return out


def player_name(name: Any) -> str:
    """A person's name as a request gives it, checked and trimmed."""
    if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_LIMIT:
        raise ValueError(f'"name" is the player\'s name: 1 to {NAME_LIMIT} characters')
    return name.strip()


def seat_number(seat: Any, players: int) -> Optional[int]:
    """A seat as a request gives it (None: the first free one), checked."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise ValueError(f'"seat" is a seat from 0 to {players - 1}, or left out for the first free one')
    return seat


def creator_seat(name: str, seat: Any, players: int, bots: Dict[int, str]) -> Tuple[str, int]:
    """Where a room's creator sits: the seat asked for, or the first without a bot."""
    seat = seat_number(seat, players)
    if seat is None:
        seat = next((s for s in range(players) if s not in bots), None)
        if seat is None:
            raise ValueError('every seat of this room has a bot: leave out "name" to make a room of bots')
    elif seat in bots:
        raise ValueError(f"seat {seat} is taken by the bot {bots[seat]}")
    return name, seat


