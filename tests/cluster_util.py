"""Workers of one database in processes of their own (`python -m quinza serve --cluster`),
for the cluster's tests: started on free loopback ports, killed (SIGKILL) or stopped
(SIGTERM), started again (scripts/serve_processes.py); and which of them holds a room,
read from the database."""

from __future__ import annotations

import contextlib
import signal
import sys
from pathlib import Path
from typing import Any, Iterator, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from serve_processes import ServeProcesses, free_port  # noqa: E402

from quinza.server.store import Store  # noqa: E402

__all__ = ["Workers", "free_port"]

READY = 30.0  # seconds a worker has to answer after it starts
# Short bot turns, and client limits well above what a test's one address opens.
OPTIONS = ("--cluster", "--bot-delay", "0.05", "--idle-room", "600", "--client-rooms", "1000",
           "--client-connections", "1000")


class Workers(ServeProcesses):
    """`count` workers on `db`, started and answering, logging to files in `logs`;
    `extra`: more options of `quinza serve` (after the tests' own, so they win)."""

    def __init__(self, db: str, count: int, logs: Path, *extra: str) -> None:
        super().__init__(db, count, logs, [*OPTIONS, *extra])
        self.store = Store(db)  # the test's own view of the database: it never writes to a room
        for i in range(count):
            self.start(i)
        for i in range(count):
            self.wait_ready(i)

    def wait_ready(self, i: int, limit: float = READY) -> None:
        super().wait_ready(i, limit)

    def terminate(self, i: int, wait: float = 20.0) -> bool:
        """SIGTERM: worker i gives its rooms back, then exits (a test fails if it does not)."""
        if not super().terminate(i, wait):
            raise AssertionError(f"worker {i} did not exit in {wait:g} s after SIGTERM: {self.log_tail()}")
        return True

    @contextlib.contextmanager
    def lost(self, i: int) -> Iterator[None]:
        """Worker i killed for the time of the block, then started again (whatever the
        block's end), for the tests after it."""
        self.kill(i)
        try:
            yield
        finally:
            self.start(i)
            self.wait_ready(i)

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def owner(self, room: str) -> Optional[Tuple[int, str]]:
        """The worker that holds `room` with a live lease: its index and its id (a new one
        each time it starts), or None."""
        rows = self.store.db.run("SELECT w.url, w.id FROM rooms r JOIN workers w ON w.id = r.owner "
                                 "WHERE r.id = ? AND w.expires > now_s()", (room,))
        urls = [self.url(i) for i in range(len(self.ports))]
        return (urls.index(rows[0][0]), rows[0][1]) if rows and rows[0][0] in urls else None

    def moves(self, room: str) -> List[str]:
        return self.store.moves(room, 0)

    def close(self, sig: int = signal.SIGTERM) -> None:
        super().close(sig)
        self.store.close()
