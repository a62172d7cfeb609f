"""Who plays which room, when several workers share one database (cluster.py): each worker
has a lease (its row in `workers`, which runs out `TTL` seconds after its last renewal),
and each room an owner (`rooms.owner`). A room is played by its owner while the owner's
lease runs; once it has run out, any worker may take the room (`claim`).

The guarantees rest on the database, not on the workers' clocks or on messages between
them:

- A claim is one UPDATE whose condition is that the room has no owner with a live lease:
  two workers claiming at once cannot both win (the row's lock orders them, and the second
  finds the room owned).
- Every write to a room checks, in its own transaction and with the room's row locked, that
  its worker still owns the room and that its lease has not run out (store.py `_room`).
  A claim waits for such a write to commit, and the new owner reads the room after its
  claim: it sees every move the old owner wrote, and the old owner can write no more.
- The lease's clock is the database's (`now_s()`), so workers on several machines agree.
"""

from __future__ import annotations

import json
import math
import secrets
from typing import Any, Dict, List, NamedTuple, Optional

from .store import Store

TTL = 5.0  # seconds a worker's lease runs without renewal: how soon a lost worker's rooms are taken
BEAT = 1.0  # seconds between a worker's renewals
FORGOTTEN = 3600.0  # seconds after its lease ran out that a lost worker's row is deleted

LIVE = "EXISTS (SELECT 1 FROM workers WHERE workers.id = rooms.owner AND workers.expires > now_s())"


class Worker(NamedTuple):
    """A worker of the cluster: its id, the URL its peers reach it at ("" if none), the
    rooms it holds, the bots thinking (or waiting to) on its pool, the pool's threads, and
    the moves it thought for its peers."""

    id: str
    url: str
    rooms: int
    busy: int
    threads: int
    lent: int


WORKER_COLUMNS = "id, url, rooms, busy, threads, lent"


def new_worker_id() -> str:
    """An id for a worker joining, never used before."""
    return "w" + secrets.token_hex(6)


class Leases:
    """The leases and owners in a store's database."""

    def __init__(self, store: Store) -> None:
        self.db = store.db

    def register(self, worker: str, url: str) -> None:
        """A new worker, its lease starting now. A worker before it at the same URL is gone
        (two live processes cannot listen at one address): its lease ends now, and its
        rooms are taken at once, not when its lease would have run out."""
        with self.db.transaction():
            if url:
                self.db.run("UPDATE workers SET expires = now_s() - 1 WHERE url = ? AND expires > now_s()", (url,))
            self.db.run("INSERT INTO workers (id, url, expires) VALUES (?, ?, now_s() + ?)", (worker, url, TTL))

    def renew(self, worker: str, rooms: int, busy: int = 0, threads: int = 1, lent: int = 0) -> bool:
        """Renew the worker's lease, saying how loaded it is: False if it had run out (its
        rooms may have been taken: it must play none of them again)."""
        return self.db.count("UPDATE workers SET expires = now_s() + ?, rooms = ?, busy = ?, threads = ?, lent = ? "
                             "WHERE id = ? AND expires > now_s()", (TTL, rooms, busy, threads, lent, worker)) == 1

    def leave(self, worker: str) -> None:
        """The worker stops: its rooms are free to be claimed at once."""
        with self.db.transaction():
            self.db.run("UPDATE rooms SET owner = NULL WHERE owner = ?", (worker,))
            self.db.run("DELETE FROM workers WHERE id = ?", (worker,))

    def forget(self) -> None:
        """Delete the rows of workers long gone."""
        self.db.run("DELETE FROM workers WHERE expires < now_s() - ?", (FORGOTTEN,))

    def claim(self, room: str, worker: str, abandoned: bool = False) -> bool:
        """Take `room` for `worker` if no live worker holds it (and it was not abandoned,
        unless `abandoned`): whether the worker holds it now."""
        return self.db.count(f"UPDATE rooms SET owner = ? WHERE id = ? AND (abandoned IS NULL OR ?) "
                             f"AND (owner IS NULL OR owner = ? OR NOT {LIVE})",
                             (worker, room, abandoned, worker)) == 1

    def orphans(self) -> List[str]:
        """A fair share of the rooms not abandoned that no live worker holds, for one
        worker to take: the live workers' share each, oldest first."""
        rooms = [r for (r,) in self.db.run(
            f"SELECT id FROM rooms WHERE abandoned IS NULL AND (owner IS NULL OR NOT {LIVE}) ORDER BY created")]
        live = max(1, len(self.workers()))
        return rooms[:math.ceil(len(rooms) / live)]

    def owner(self, room: str) -> Optional[Worker]:
        """The live worker that holds `room`, if any."""
        rows = self.db.run(f"SELECT {WORKER_COLUMNS} FROM workers WHERE expires > now_s() AND id = "
                           "(SELECT owner FROM rooms WHERE id = ?)", (room,))
        return Worker(*rows[0]) if rows else None

    def exists(self, room: str) -> bool:
        """Whether the database has a room of this id, whoever holds it."""
        return bool(self.db.run("SELECT 1 FROM rooms WHERE id = ?", (room,)))

    def workers(self) -> List[Worker]:
        """The workers whose lease runs."""
        return [Worker(*row) for row in self.db.run(
            f"SELECT {WORKER_COLUMNS} FROM workers WHERE expires > now_s() ORDER BY id")]

    def secret(self) -> str:
        """The secret the workers show each other (made by the first): a request that
        carries it comes from a worker, not a client."""
        self.db.run("INSERT INTO cluster (name, value) VALUES ('peer', ?) ON CONFLICT (name) DO NOTHING",
                    (secrets.token_urlsafe(32),))
        return str(self.db.run("SELECT value FROM cluster WHERE name = 'peer'")[0][0])

    def publish(self, worker: str, rows: Dict[str, Dict[str, Any]]) -> None:
        """Write the lobby's rows of rooms the worker holds (room id -> its lobby entry)."""
        with self.db.transaction():
            self.db.run_many("UPDATE rooms SET lobby = ? WHERE id = ? AND owner = ?",
                             [(json.dumps(row), room, worker) for room, row in rows.items()])

    def lobby(self) -> List[Dict[str, Any]]:
        """Every room's lobby row as its worker last wrote it."""
        return [json.loads(row) for (row,) in self.db.run("SELECT lobby FROM rooms WHERE lobby IS NOT NULL "
                                                          "ORDER BY created, id")]
