"""`quinza serve` in processes of its own, each on a free loopback port: how the tests and
the benches that start workers, kill them and start them again do so (one place for how a
worker is started, waited for and stopped)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, List, Optional, Sequence

import httpx

READY = 60.0  # seconds a worker has to answer once started


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServeProcesses:
    """`count` processes of `quinza serve --db db *options`, each on its own port of
    127.0.0.1, their output in files of `logs` (one a start). None is started yet."""

    def __init__(self, db: str, count: int, logs: Path, options: Sequence[str]) -> None:
        self.db, self.logs, self.options = db, logs, list(options)
        self.ports = [free_port() for _ in range(count)]
        self.procs: List[Optional["subprocess.Popen[Any]"]] = [None] * count
        self.starts = 0

    @property
    def hosts(self) -> List[str]:
        return [f"127.0.0.1:{p}" for p in self.ports]

    def url(self, i: int) -> str:
        return f"http://{self.hosts[i]}"

    def start(self, i: int) -> None:
        self.starts += 1
        cmd = [sys.executable, "-m", "quinza", "serve", "--host", "127.0.0.1", "--port", str(self.ports[i]),
               "--db", self.db, *self.options]
        with open(self.logs / f"worker{i}-{self.starts}.log", "w") as log:  # the child has its own copy
            self.procs[i] = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                             env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def wait_ready(self, i: int, limit: float = READY) -> None:
        """Wait for worker `i` to answer; an error with the logs' ends if it exits or is
        silent for `limit` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            proc = self.procs[i]
            if proc is None or proc.poll() is not None:
                raise RuntimeError(f"worker {i} exited: {self.log_tail()}")
            try:
                if httpx.get(self.url(i) + "/api/rule-sets", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"worker {i} did not answer in {limit:g} s: {self.log_tail()}")

    def alive(self) -> List[int]:
        return [i for i, p in enumerate(self.procs) if p is not None and p.poll() is None]

    def pids(self) -> List[int]:
        return [p.pid for p in self.procs if p is not None and p.poll() is None]

    def kill(self, i: int) -> None:
        """SIGKILL: worker `i` drops everything at once, as a machine lost would."""
        proc = self.procs[i]
        assert proc is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        self.procs[i] = None

    def terminate(self, i: int, wait: float = 30.0) -> bool:
        """SIGTERM: worker `i` closes its websockets and gives its rooms back, then exits;
        killed if it has not in `wait` seconds. Whether it exited by itself."""
        proc = self.procs[i]
        assert proc is not None
        proc.send_signal(signal.SIGTERM)
        self.procs[i] = None
        try:
            proc.wait(wait)
            return True
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
            return False

    def log_tail(self, lines: int = 15) -> str:
        text = ""
        for path in sorted(self.logs.glob("worker*.log")):
            text += f"\n--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        return text

    def close(self, sig: int = signal.SIGTERM) -> None:
        """Stop every worker still running: `sig` to all at once, then SIGKILL to any
        still there after 15 seconds."""
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.send_signal(sig)
        for i, proc in enumerate(self.procs):
            if proc is not None:
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(10)
                self.procs[i] = None
