"""The server's store: rooms, seats, matches and every move, in SQLite (the standard
library's) or PostgreSQL (databases.py).

A move is written (and committed) before anyone is told of it, so a server killed at any
moment comes back with every move it acknowledged. A room is its rules and its matches
(the first, then each rematch), a match its seed and its moves in order: a game is those
moves played again from `Game(rules, seed)`, which gives the same game exactly (the
engine is deterministic). Seeds are kept as text: a seed is up to 2**64-1, past
SQLite's integers.

Tokens are never stored: a seat keeps the SHA-256 of its token (a random secret of 32
bytes, so no salt or slow hash is needed), and a token is checked by hashing it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Set, Tuple

from .databases import Fenced, SqliteDatabase, clock_function, open_database

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, rules TEXT NOT NULL, timer DOUBLE PRECISION, bots TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL, abandoned DOUBLE PRECISION, undo TEXT NOT NULL DEFAULT 'consent',
    owner TEXT, lobby TEXT
);
CREATE TABLE IF NOT EXISTS matches (
    room TEXT NOT NULL, number INTEGER NOT NULL, seed TEXT NOT NULL, PRIMARY KEY (room, number)
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS undos (
    room TEXT PRIMARY KEY, match INTEGER NOT NULL, seat INTEGER NOT NULL, back_to INTEGER NOT NULL,
    waiting TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL, match INTEGER NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL,
    move TEXT NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (room, match, ply)
);
CREATE TABLE IF NOT EXISTS workers (
    id TEXT PRIMARY KEY, url TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL, rooms INTEGER NOT NULL DEFAULT 0,
    busy INTEGER NOT NULL DEFAULT 0, threads INTEGER NOT NULL DEFAULT 1, lent INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS cluster (name TEXT PRIMARY KEY, value TEXT NOT NULL)
"""
# Columns added since a table was first made: a SQLite file written before them gets them
# (with their default) when it is opened. (table, column, its definition)
ADDED_COLUMNS = [("rooms", "abandoned", "REAL"), ("rooms", "undo", "TEXT NOT NULL DEFAULT 'consent'"),
                 ("moves", "stand_in", "INTEGER NOT NULL DEFAULT 0"), ("rooms", "owner", "TEXT"),
                 ("rooms", "lobby", "TEXT")]
# Two workers making the tables at once would trip on each other in PostgreSQL: the
# first takes this lock (a number of the store's own) for its transaction.
SCHEMA_LOCK = 0x71756E7A


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class StoredRoom(NamedTuple):
    """A room as the store keeps it: the rules (`Rules.to_dict()`), the seed of each
    match (the last is the one in play), the turn timer, the bots by seat, the seats
    taken (seat -> (name, token hash)), the last match's moves, in order, and the undo
    that waits for answers in it, if any: (the seat that asked, the ply it goes back to,
    the seats whose answer it waits for), whether the room was abandoned (it ended
    with no person connected: limits.py), and how the room takes undo (off, consent,
    practice)."""

    id: str
    rules: Dict[str, Any]
    seeds: List[int]
    timer: Optional[float]
    bots: Dict[int, str]
    seats: Dict[int, Tuple[str, str]]
    moves: List[str]
    undo: Optional[Tuple[int, int, List[int]]] = None
    abandoned: bool = False
    undo_mode: str = "consent"


class Store:
    """The database behind one app (`databases.py`: a SQLite file, ":memory:", or a
    postgresql:// URL). Every write commits before the method returns: what it returned
    from survives the process being killed.

    `worker`: the id of this process among the cluster's workers (cluster.py), or None
    for a server alone. A worker writes to a room only while it holds it (the room's
    owner, its own lease not run out), checked in the write's own transaction, with the
    room's row locked: a worker whose rooms were taken over cannot write to them again
    (`Fenced`), and the one that took over sees every move written before it did."""

    def __init__(self, db: str, worker: Optional[str] = None) -> None:
        self.source = db  # what names the database: another connection to it opens this
        self.db = open_database(db)
        self.worker = worker
        with self.db.transaction():
            function = clock_function(self.db)
            if function is not None:
                self.db.run("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
                self.db.run(function)
            self.db.script(SCHEMA)
        if isinstance(self.db, SqliteDatabase):
            for table, column, definition in ADDED_COLUMNS:
                if column not in {row[1] for row in self.db.run(f"PRAGMA table_info({table})")}:
                    self.db.run(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    @contextlib.contextmanager
    def _room(self, room: str) -> Iterator[None]:
        """A transaction that writes to `room`: refused (`Fenced`) when this worker no
        longer holds it."""
        with self.db.transaction():
            if self.worker is not None and not self.db.run(
                    "SELECT 1 FROM rooms WHERE id = ? AND owner = ? AND EXISTS "
                    "(SELECT 1 FROM workers WHERE id = ? AND expires > now_s())" + self.db.lock,
                    (room, self.worker, self.worker)):
                raise Fenced(f"room {room} is held by another worker now")
            yield

    def add_room(self, room: str, rules: Dict[str, Any], seed: int, timer: Optional[float],
                 bots: Dict[int, str], undo: str = "consent") -> None:
        """A new room and its first match (held by this worker, in a cluster: refused if its
        lease ran out)."""
        with self.db.transaction():
            if self.worker is not None and not self.db.run(
                    "SELECT 1 FROM workers WHERE id = ? AND expires > now_s()", (self.worker,)):
                raise Fenced(f"the lease of worker {self.worker} ran out")
            self.db.run(
                "INSERT INTO rooms (id, rules, timer, bots, created, undo, owner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (room, json.dumps(rules), timer, json.dumps({str(k): v for k, v in bots.items()}), time.time(), undo,
                 self.worker),
            )
            self.db.run("INSERT INTO matches (room, number, seed) VALUES (?, 0, ?)", (room, str(seed)))

    def abandon(self, room: str) -> None:
        """The room ended with no person connected (when: the time now)."""
        with self._room(room):
            self.db.run("UPDATE rooms SET abandoned = ? WHERE id = ?", (time.time(), room))

    def add_match(self, room: str, number: int, seed: int) -> None:
        """Match `number` (a rematch: from 1) of the room."""
        with self._room(room):
            self.db.run("INSERT INTO matches (room, number, seed) VALUES (?, ?, ?)", (room, number, str(seed)))

    def add_seat(self, room: str, seat: int, name: str, token: str) -> None:
        with self._room(room):
            self.db.run("INSERT INTO seats (room, seat, name, token_hash) VALUES (?, ?, ?, ?)",
                        (room, seat, name, token_hash(token)))

    def add_move(self, room: str, match: int, ply: int, seat: int, move: str, stand_in: bool = False) -> None:
        """Move number `ply` (from 1) of the room's match `match`, played by `seat` (or for
        it by the stand-in, out of time). The key (room, match, ply) takes one move: a
        second at the same ply is refused, whoever writes it."""
        with self._room(room):
            self.db.run("INSERT INTO moves (room, match, ply, seat, move, stand_in) VALUES (?, ?, ?, ?, ?, ?)",
                        (room, match, ply, seat, move, int(stand_in)))

    def remove_moves(self, room: str, match: int, kept: int) -> None:
        """Forget the moves of a room's match after the first `kept`, and the undo that
        asked for it, at once."""
        with self._room(room):
            self.db.run("DELETE FROM moves WHERE room = ? AND match = ? AND ply > ?", (room, match, kept))
            self.db.run("DELETE FROM undos WHERE room = ?", (room,))

    def set_undo(self, room: str, match: int, seat: int, back_to: int, waiting: List[int]) -> None:
        """The undo that waits for answers in a room (asked, or answered by one more)."""
        with self._room(room):
            self.db.run("INSERT INTO undos (room, match, seat, back_to, waiting) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT (room) DO UPDATE SET match = excluded.match, seat = excluded.seat, "
                        "back_to = excluded.back_to, waiting = excluded.waiting",
                        (room, match, seat, back_to, json.dumps(sorted(waiting))))

    def clear_undo(self, room: str) -> None:
        """A room's undo is settled without taking back (refused, or lapsed)."""
        with self._room(room):
            self.db.run("DELETE FROM undos WHERE room = ?", (room,))

    def _undo(self, room: str, match: int) -> Optional[Tuple[int, int, List[int]]]:
        rows = self.db.run("SELECT seat, back_to, waiting FROM undos WHERE room = ? AND match = ?", (room, match))
        return None if not rows else (rows[0][0], rows[0][1], json.loads(rows[0][2]))

    def moves(self, room: str, match: int) -> List[str]:
        """The moves of a room's match, in order."""
        return [m for (m,) in self.db.run("SELECT move FROM moves WHERE room = ? AND match = ? ORDER BY ply",
                                          (room, match))]

    def stand_ins(self, room: str, match: int) -> Set[int]:
        """The plies of a room's match the stand-in played."""
        return {p for (p,) in self.db.run("SELECT ply FROM moves WHERE room = ? AND match = ? AND stand_in = 1",
                                          (room, match))}

    def rooms(self) -> List[StoredRoom]:
        """Every room, oldest first, with its seats and moves."""
        return [self._stored(row) for row in self.db.run(f"SELECT {ROOM_COLUMNS} FROM rooms ORDER BY created, id")]

    def room(self, room: str) -> Optional[StoredRoom]:
        """One room with its seats and moves, or None."""
        rows = self.db.run(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ?", (room,))
        return self._stored(rows[0]) if rows else None

    def _stored(self, row: Tuple[Any, ...]) -> StoredRoom:
        rid, rules, timer, bots, abandoned, undo = row
        seats = {s: (n, h) for s, n, h in self.db.run("SELECT seat, name, token_hash FROM seats WHERE room = ?",
                                                       (rid,))}
        seeds = [int(seed) for (seed,) in self.db.run("SELECT seed FROM matches WHERE room = ? ORDER BY number",
                                                       (rid,))]
        return StoredRoom(rid, json.loads(rules), seeds, timer, {int(k): v for k, v in json.loads(bots).items()},
                          seats, self.moves(rid, len(seeds) - 1), self._undo(rid, len(seeds) - 1),
                          abandoned is not None, undo)

    def close(self) -> None:
        self.db.close()


ROOM_COLUMNS = "id, rules, timer, bots, abandoned, undo"
