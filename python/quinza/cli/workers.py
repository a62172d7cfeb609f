"""`quinza serve --workers N`: N workers of one database on this machine, one process each,
on the ports from --port on (any load balancer in front spreads the clients over them).
This process watches them: a worker that dies is started again (unless it keeps dying as it
starts: then all stop, exit code 1), and SIGTERM or Ctrl-C stops them all gently (each hands
its rooms back)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any, List, Sequence

RESTART_WAIT = 1.0  # seconds before a worker that died is started again
STOP_WAIT = 15.0  # seconds the workers have to stop gently, then they are killed
QUICK = 5.0  # seconds: a worker that dies sooner after it started may not be able to start
GIVE_UP = 3  # such deaths in a row, and every worker is stopped


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
    workers: List["subprocess.Popen[Any]"] = [subprocess.Popen(c) for c in commands]
    started = [time.monotonic()] * count
    quick = [0] * count  # deaths in a row of each worker soon after it started
    stopping = False
    failed = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"quinza: {count} workers on ports {port} to {port + count - 1}", file=sys.stderr, flush=True)
    while not stopping:
        time.sleep(0.2)
        for i, worker in enumerate(workers):
            if worker.poll() is None or stopping:
                continue
            quick[i] = quick[i] + 1 if time.monotonic() - started[i] < QUICK else 0
            if quick[i] >= GIVE_UP:  # it cannot start (its port taken, the database away): stop them all
                print(f"quinza: the worker on port {port + i} stopped {quick[i]} times as it started; "
                      "stopping every worker", file=sys.stderr, flush=True)
                stopping = failed = True
                break
            print(f"quinza: the worker on port {port + i} stopped ({worker.returncode}); it starts again",
                  file=sys.stderr, flush=True)
            time.sleep(RESTART_WAIT)
            workers[i] = subprocess.Popen(commands[i])
            started[i] = time.monotonic()
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    end = time.monotonic() + STOP_WAIT
    for worker in workers:
        try:
            worker.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
    return 1 if failed else 0
