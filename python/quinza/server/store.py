"""The server's store: rooms, seats, matches and every move in SQLite (the standard
library's).

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

import hashlib
import json
import sqlite3
import time
from typing import Any, Dict, List, NamedTuple, Optional, Set, Tuple

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, rules TEXT NOT NULL, timer REAL, bots TEXT NOT NULL, created REAL NOT NULL, abandoned REAL,
    undo TEXT NOT NULL DEFAULT 'consent'
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
"""
# Columns added since a table was first made: a file written before them gets them
# (with their default) when it is opened. (table, column, its definition)
ADDED_COLUMNS = [("rooms", "abandoned", "REAL"), ("rooms", "undo", "TEXT NOT NULL DEFAULT 'consent'"),
                 ("moves", "stand_in", "INTEGER NOT NULL DEFAULT 0")]


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
    """The SQLite file (or ":memory:") behind one app. Every write commits at once, into
    the WAL journal: what a method returned from survives the process being killed.
    synchronous=NORMAL syncs the WAL to the disk at checkpoints, not at each commit (a
    power cut may lose the last moves, never the file's consistency): FULL waits for the
    disk on every move, on the event loop, and held back every room (benches/server.py,
    docs/explanation/server-at-scale.md "What one process holds")."""

    def __init__(self, path: str) -> None:
        # The app runs on one event loop, but not always in the thread that made it.
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        for table, column, definition in ADDED_COLUMNS:
            if column not in {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def add_room(self, room: str, rules: Dict[str, Any], seed: int, timer: Optional[float],
                 bots: Dict[int, str], undo: str = "consent") -> None:
        """A new room and its first match."""
        with self._db:
            self._db.execute(
                "INSERT INTO rooms (id, rules, timer, bots, created, undo) VALUES (?, ?, ?, ?, ?, ?)",
                (room, json.dumps(rules), timer, json.dumps({str(k): v for k, v in bots.items()}), time.time(), undo),
            )
            self._db.execute("INSERT INTO matches (room, number, seed) VALUES (?, 0, ?)", (room, str(seed)))

    def abandon(self, room: str) -> None:
        """The room ended with no person connected (when: the time now)."""
        with self._db:
            self._db.execute("UPDATE rooms SET abandoned = ? WHERE id = ?", (time.time(), room))

    def add_match(self, room: str, number: int, seed: int) -> None:
        """Match `number` (a rematch: from 1) of the room."""
        with self._db:
            self._db.execute("INSERT INTO matches (room, number, seed) VALUES (?, ?, ?)", (room, number, str(seed)))

    def add_seat(self, room: str, seat: int, name: str, token: str) -> None:
        with self._db:
            self._db.execute("INSERT INTO seats (room, seat, name, token_hash) VALUES (?, ?, ?, ?)",
                             (room, seat, name, token_hash(token)))

    def add_move(self, room: str, match: int, ply: int, seat: int, move: str, stand_in: bool = False) -> None:
        """Move number `ply` (from 1) of the room's match `match`, played by `seat` (or for
        it by the stand-in, out of time)."""
        with self._db:
            self._db.execute("INSERT INTO moves (room, match, ply, seat, move, stand_in) VALUES (?, ?, ?, ?, ?, ?)",
                             (room, match, ply, seat, move, int(stand_in)))

    def remove_moves(self, room: str, match: int, kept: int) -> None:
        """Forget the moves of a room's match after the first `kept`, and the undo that
        asked for it, at once."""
        with self._db:
            self._db.execute("DELETE FROM moves WHERE room = ? AND match = ? AND ply > ?", (room, match, kept))
            self._db.execute("DELETE FROM undos WHERE room = ?", (room,))

    def set_undo(self, room: str, match: int, seat: int, back_to: int, waiting: List[int]) -> None:
        """The undo that waits for answers in a room (asked, or answered by one more)."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO undos (room, match, seat, back_to, waiting) VALUES (?, ?, ?, ?, ?)",
                             (room, match, seat, back_to, json.dumps(sorted(waiting))))

    def clear_undo(self, room: str) -> None:
        """A room's undo is settled without taking back (refused, or lapsed)."""
        with self._db:
            self._db.execute("DELETE FROM undos WHERE room = ?", (room,))

    def _undo(self, room: str, match: int) -> Optional[Tuple[int, int, List[int]]]:
        row = self._db.execute("SELECT seat, back_to, waiting FROM undos WHERE room = ? AND match = ?",
                               (room, match)).fetchone()
        return None if row is None else (row[0], row[1], json.loads(row[2]))

    def moves(self, room: str, match: int) -> List[str]:
        """The moves of a room's match, in order."""
        return [m for (m,) in self._db.execute(
            "SELECT move FROM moves WHERE room = ? AND match = ? ORDER BY ply", (room, match))]

    def stand_ins(self, room: str, match: int) -> Set[int]:
        """The plies of a room's match the stand-in played."""
        return {p for (p,) in self._db.execute(
            "SELECT ply FROM moves WHERE room = ? AND match = ? AND stand_in = 1", (room, match))}

    def rooms(self) -> List[StoredRoom]:
        """Every room, oldest first, with its seats and moves."""
        out = []
        for rid, rules, timer, bots, abandoned, undo in self._db.execute(
                "SELECT id, rules, timer, bots, abandoned, undo FROM rooms ORDER BY created, id").fetchall():
            seats = {s: (n, h) for s, n, h in self._db.execute(
                "SELECT seat, name, token_hash FROM seats WHERE room = ?", (rid,))}
            seeds = [int(seed) for (seed,) in self._db.execute(
                "SELECT seed FROM matches WHERE room = ? ORDER BY number", (rid,))]
            out.append(StoredRoom(rid, json.loads(rules), seeds, timer, {int(k): v for k, v in json.loads(bots).items()},
                                  seats, self.moves(rid, len(seeds) - 1), self._undo(rid, len(seeds) - 1),
                                  abandoned is not None, undo))
        return out

    def close(self) -> None:
        self._db.close()
