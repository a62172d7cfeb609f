"""`quinza serve --workers N`: N workers of one database on the ports from --port on, watched
by the command's process: a worker that dies is started again, and SIGTERM stops them all
gently (each hands its rooms back: no worker is left in the database)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import List

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from quinza.server.store import Store  # noqa: E402

from .cluster_util import free_port  # noqa: E402


def children(pid: int) -> List[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def answers(port: int, within: float = 30.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rule-sets", timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc")
def test_serve_workers_starts_them_restarts_one_that_dies_and_stops_them_gently(tmp_path: Path) -> None:
    port = free_port()
    while True:  # two ports in a row, both free
        try:
            with socket.socket() as s:
                s.bind(("127.0.0.1", port + 1))
            break
        except OSError:
            port = free_port()
    db = str(tmp_path / "games.sqlite")
    command = [sys.executable, "-m", "quinza", "serve", "--db", db, "--workers", "2", "--port", str(port)]
    boss = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert answers(port) and answers(port + 1)
        made = httpx.post(f"http://127.0.0.1:{port}/api/rooms", json={"rules": "escoba", "players": 2}, timeout=10)
        assert made.status_code == 201
        first = children(boss.pid)
        assert len(first) == 2
        os.kill(first[0], signal.SIGKILL)
        end = time.monotonic() + 20
        while time.monotonic() < end and (len(children(boss.pid)) < 2 or first[0] in children(boss.pid)):
            time.sleep(0.1)
        assert len(children(boss.pid)) == 2 and first[0] not in children(boss.pid)  # started again
        assert answers(port) and answers(port + 1)
        room = made.json()["room"]
        assert httpx.get(f"http://127.0.0.1:{port + 1}/api/rooms/{room}", timeout=10).status_code == 200
        last = children(boss.pid)
        boss.send_signal(signal.SIGTERM)
        assert boss.wait(30) == 0
        said = boss.stdout.read() if boss.stdout else ""
        assert "2 workers on ports" in said and "starts again" in said, said
        assert not any(Path(f"/proc/{pid}").exists() for pid in last)
        store = Store(db)  # each left gently: no lease runs on, no room is held
        assert store.db.run("SELECT id FROM workers WHERE expires > now_s()") == []
        assert store.db.run("SELECT id FROM rooms WHERE owner IS NOT NULL") == []
    finally:
        if boss.poll() is None:
            boss.kill()
            boss.wait()



def test_serve_workers_that_cannot_start_stop_all_and_say_why(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    port = free_port()
    run = subprocess.run([sys.executable, "-m", "quinza", "serve", "--db", f"postgresql://quinza@127.0.0.1:{port}/none",
                          "--workers", "2", "--port", str(free_port())], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stderr
    assert "could not connect to PostgreSQL" in run.stderr and "stopping every worker" in run.stderr


def test_a_server_killed_takes_its_process_apart_with_it() -> None:
    code = ("import asyncio, os, time\n"
            "from quinza.server.pool import Apart\n"
            "async def main():\n"
            "    apart = Apart()\n"
            "    print(await apart.think(os.getpid, seconds=5), flush=True)\n"
            "    await apart.think(time.sleep, 60, seconds=90)  # a long review under way\n"
            "asyncio.run(main())\n")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        assert server.stdout is not None
        apart = int(server.stdout.readline())  # the review's process, as a worker's
        time.sleep(0.5)  # at its long work
        assert running(apart)
    finally:
        server.kill()  # SIGKILL: the server can stop nothing
        server.wait()
    end = time.monotonic() + 10
    while time.monotonic() < end and running(apart):
        time.sleep(0.1)
    assert not running(apart)


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False
