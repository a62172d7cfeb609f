"""Workers of one database in processes of their own (`python -m quinza serve --cluster`),
for the cluster's tests: started on free loopback ports, killed (SIGKILL) or stopped
(SIGTERM), started again; and which of them holds a room, read from the database."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator, List, Optional, Tuple

import httpx

from quinza.server.store import Store

READY = 30.0  # seconds a worker has to answer after it starts


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Workers:
    """`count` workers on `db`, each on its own port, logging to files in `logs`."""

    def __init__(self, db: str, count: int, logs: Path, *extra: str) -> None:
        self.db, self.logs, self.extra = db, logs, extra
        self.ports = [free_port() for _ in range(count)]
        self.procs: List[Optional["subprocess.Popen[Any]"]] = [None] * count
        self.store = Store(db)  # the test's own view of the database: it never writes to a room
        self.starts = 0
        for i in range(count):
            self.start(i)
        for i in range(count):
            self.wait_ready(i)

    def url(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def start(self, i: int) -> None:
        self.starts += 1
        log = open(self.logs / f"worker{i}-{self.starts}.log", "w")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.procs[i] = subprocess.Popen(
            [sys.executable, "-m", "quinza", "serve", "--db", self.db, "--cluster", "--port", str(self.ports[i]),
             "--bot-delay", "0.05", "--idle-room", "600", "--client-rooms", "1000", "--client-connections", "1000",
             *self.extra], stdout=log, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self, i: int) -> None:
        end = time.monotonic() + READY
        while time.monotonic() < end:
            proc = self.procs[i]
            if proc is not None and proc.poll() is not None:
                raise RuntimeError(f"worker {i} exited with {proc.returncode}: {self.log_tail()}")
            try:
                if httpx.get(self.url(i) + "/api/rule-sets", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"worker {i} did not answer in {READY} s: {self.log_tail()}")

    def alive(self) -> List[int]:
        return [i for i, p in enumerate(self.procs) if p is not None and p.poll() is None]

    def kill(self, i: int) -> None:
        """SIGKILL: worker i drops everything at once, as a machine lost would."""
        self._stop(i, signal.SIGKILL, 10)

    def terminate(self, i: int) -> None:
        """SIGTERM: worker i gives its rooms back, then exits."""
        self._stop(i, signal.SIGTERM, 20)

    def _stop(self, i: int, sig: int, wait: float) -> None:
        proc = self.procs[i]
        assert proc is not None
        proc.send_signal(sig)
        proc.wait(wait)
        self.procs[i] = None

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

    def log_tail(self) -> str:
        text = ""
        for path in sorted(self.logs.glob("worker*.log")):
            text += f"\n--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-15:])
        return text

    def close(self) -> None:
        for i in self.alive():
            self.terminate(i)
        self.store.close()
