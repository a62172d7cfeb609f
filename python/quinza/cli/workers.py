"""`quinza serve --workers N`: N workers of one database on this machine, one process each,
on the ports from --port on (any load balancer in front spreads the clients over them).
This process watches them: a worker that dies is started again, and SIGTERM or Ctrl-C stops
them all gently (each hands its rooms back)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any, List, Optional, Sequence

RESTART_WAIT = 1.0  # seconds before a worker that died is started again
STOP_WAIT = 15.0  # seconds the workers have to stop gently, then they are killed


def worker_argv(argv: Sequence[str], port: int) -> List[str]:
    """The command of one worker: these arguments without --workers and --port, and its
    own --port, as a member of the cluster."""
    out: List[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--workers", "--port"):
            skip = True
            continue
        if arg.startswith(("--workers=", "--port=")):
            continue
        out.append(arg)
    return [sys.executable, "-m", "quinza", "serve", *out, "--port", str(port), "--cluster"]


def run_workers(argv: Sequence[str], port: int, count: int) -> int:
    commands = [worker_argv(argv, port + i) for i in range(count)]
    workers: List[Optional["subprocess.Popen[Any]"]] = [subprocess.Popen(c) for c in commands]
    stopping = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"quinza: {count} workers on ports {port} to {port + count - 1}", file=sys.stderr, flush=True)
    while not stopping:
        time.sleep(0.2)
        for i, worker in enumerate(workers):
            if worker is not None and worker.poll() is not None and not stopping:
                print(f"quinza: the worker on port {port + i} stopped ({worker.returncode}); it starts again",
                      file=sys.stderr, flush=True)
                time.sleep(RESTART_WAIT)
                workers[i] = subprocess.Popen(commands[i])
    for worker in workers:
        if worker is not None and worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    end = time.monotonic() + STOP_WAIT
    for worker in workers:
        if worker is None:
            continue
        try:
            worker.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
    return 0
