"""benches/server.py's servers: N workers of one database (`quinza serve --cluster`, each a
process on its own loopback port, so the bench can kill one), a private PostgreSQL for
`--store postgres`, and the takeover phase (workers killed, left dead or started again
at once, or stopped gently, while the clients play on).

The bench reads who holds which room from the database, as the workers do (a worker's
lease and `rooms.owner`), through its own `Store` on one thread of its own: its queries
never hold up the clients on the loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Protocol, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import local_postgres  # noqa: E402  (scripts/local_postgres.py: a private PostgreSQL cluster)
from serve_processes import READY, ServeProcesses  # noqa: E402

ROUND_LIMIT = 20.0  # seconds a takeover may take before the bench gives up waiting for it
SETTLE = 3.0  # seconds played between two takeovers, so each starts from rooms in play
OWNERS = ("SELECT r.id, w.id, w.url FROM rooms r JOIN workers w ON w.id = r.owner "
          "WHERE w.expires > now_s()")


def cpu_seconds(pid: Optional[int] = None, children: bool = False) -> float:
    """User and system CPU time of a process (this one if None); `children`: with that of
    its children it has waited for (a postmaster's backends that ended)."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # the process is gone
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Postgres:
    """A private PostgreSQL server for the whole bench (every run gets a new database of
    it), with the CPU its processes use: on this machine it competes with the workers."""

    def __init__(self) -> None:
        local_postgres.install()  # as root with apt-get, when no PostgreSQL is found
        self.server = local_postgres.LocalPostgres().start()

    def database(self) -> str:
        return str(self.server.database())

    def cpu(self) -> float:
        """CPU seconds of the postmaster, its live children and those that ended."""
        root = self.server.root
        if root is None:
            return 0.0
        try:
            master = int((root / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return 0.0
        total = cpu_seconds(master, children=True)
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                    total += cpu_seconds(int(stat.parent.name))
        return total

    def close(self) -> None:
        self.server.stop()


class Workers(ServeProcesses):
    """`count` processes of `quinza serve` on `db` (scripts/serve_processes.py), members of
    one cluster (`--cluster`) unless `cluster` is False (then one plain server); their
    output in `logs`."""

    def __init__(self, db: str, count: int, logs: Path, options: Sequence[str], cluster: bool) -> None:
        super().__init__(db, count, logs, [*options, *(["--cluster"] if cluster else [])])
        self._store: Any = None
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bench-db")

    async def ready(self, i: int, limit: float = READY) -> None:
        """Wait for worker `i` to answer."""
        await asyncio.get_running_loop().run_in_executor(None, self.wait_ready, i, limit)

    async def start_all(self) -> None:
        for i in range(len(self.ports)):
            self.start(i)
        for i in range(len(self.ports)):
            await self.ready(i)

    def cpu(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.pids())

    def rss(self) -> int:
        return sum(rss_kib(pid) for pid in self.pids())

    async def stop(self, i: int) -> None:
        """SIGTERM: the worker closes its websockets and gives its rooms back, then exits
        (killed after 30 s)."""
        await asyncio.get_running_loop().run_in_executor(None, self.terminate, i, 30.0)

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> List[Tuple[Any, ...]]:
        def run() -> List[Tuple[Any, ...]]:
            if self._store is None:
                from quinza.server.store import Store  # the bench's own view: it never writes a room

                self._store = Store(self.db)
            return list(self._store.db.run(sql, params))

        return await asyncio.get_running_loop().run_in_executor(self._thread, run)

    async def owners(self) -> Dict[str, Tuple[str, str]]:
        """Each room held by a live worker: (that worker's id, its URL), from the database."""
        return {room: (worker, url) for room, worker, url in await self._query(OWNERS)}

    async def stored(self, room: str, match: int) -> Dict[int, str]:
        """The moves the database holds of a room's match: ply -> move."""
        rows = await self._query("SELECT ply, move FROM moves WHERE room = ? AND match = ?", (room, match))
        return {int(ply): str(move) for ply, move in rows}

    def logged(self) -> List[str]:
        """The lines of the workers' logs that tell of a failure."""
        return [f"{path.name}: {line}" for path in sorted(self.logs.glob("worker*.log"))
                for line in path.read_text(errors="replace").splitlines() if "Traceback" in line or "ERROR" in line]

    def close(self, sig: int = signal.SIGINT) -> None:
        """Stop every worker still running, and the bench's store."""
        super().close(sig)
        if self._store is not None:
            self._thread.submit(self._store.close).result()
        self._thread.shutdown()


@contextlib.contextmanager
def running(workers: Workers) -> Iterator[Workers]:
    try:
        yield workers
    finally:
        workers.close()


class Seen(Protocol):
    """What the takeover phase reads of one room of the bench (server.py's Table)."""

    room: str
    humans: List[int]
    moved: float  # when the room's last new move was first seen (time.monotonic)
    joined: Dict[int, float]  # seat -> when its latest connection got its first state


def _served(tables: Sequence[Seen], since: float) -> bool:
    return all(t.joined.get(s, 0.0) > since for t in tables for s in t.humans)


def _played(tables: Sequence[Seen], since: float) -> bool:
    """Every room has seen a new move since one of its seats connected again after `since`:
    the move was played by the room's new worker, not told late by the old."""
    return all(t.moved > min(t.joined.get(s, 0.0) for s in t.humans) > since for t in tables)


async def takeover(workers: Workers, tables: Sequence[Seen], how: str) -> Optional[Dict[str, Any]]:
    """One takeover: the worker holding the most live rooms is killed and left dead
    (`how` "dead"), killed and started again at once at its port ("restart"), or stopped
    gently ("stop": SIGTERM). Timed from the signal: until the database shows a live
    owner for each of its rooms ("owned"), every seat of them has a state again
    ("served") and each has a new move ("played"); and how many rooms each worker held
    meanwhile ("timeline", at each change). A worker left dead or stopped is started
    again once that is measured (alone, it is started again at once)."""
    owners = await workers.owners()
    held: Dict[str, List[str]] = {}
    for room, (worker, _url) in owners.items():
        held.setdefault(worker, []).append(room)
    if not held:
        return None
    victim_id, rooms = max(held.items(), key=lambda kv: len(kv[1]))
    urls = [workers.url(i) for i in range(len(workers.ports))]
    victim = urls.index(owners[rooms[0]][1])
    mine = [t for t in tables if t.room in set(rooms)]
    alone = len(workers.pids()) == 1
    times: Dict[str, Optional[float]] = {"owned": None, "served": None, "played": None, "exited": None}
    began = time.monotonic()

    async def went() -> None:
        if how == "stop":
            await workers.stop(victim)
        else:
            workers.kill(victim)
        times["exited"] = time.monotonic() - began
        if how == "restart" or alone:
            workers.start(victim)
            await workers.ready(victim)

    going = asyncio.ensure_future(went())
    timeline: List[Tuple[float, Dict[int, int]]] = []
    while time.monotonic() - began < ROUND_LIMIT and None in times.values():
        now = time.monotonic() - began
        now_owned = await workers.owners()
        counts: Dict[int, int] = {}
        for _worker, url in now_owned.values():
            index = urls.index(url) if url in urls else -1
            counts[index] = counts.get(index, 0) + 1
        if not timeline or timeline[-1][1] != counts:
            timeline.append((round(now, 2), counts))
        if times["owned"] is None and all(now_owned.get(r, (victim_id, ""))[0] != victim_id for r in rooms):
            times["owned"] = now
        if times["served"] is None and _served(mine, began):
            times["served"] = now
        if times["played"] is None and _played(mine, began):
            times["played"] = now
        await asyncio.sleep(0.05)
    await going
    if workers.procs[victim] is None:
        workers.start(victim)
        await workers.ready(victim)
    await asyncio.sleep(SETTLE)
    return {"how": how, "worker": victim, "rooms": len(rooms), "alone": alone,
            **{k: None if v is None else round(v, 2) for k, v in times.items()}, "timeline": timeline}


async def takeovers(workers: Workers, tables: Sequence[Seen], rounds: int) -> List[Dict[str, Any]]:
    """`rounds` times: a kill left dead (with two workers or more), then one started again
    at once; then one gentle stop. A takeover not done in ROUND_LIMIT ends the phase."""
    done: List[Dict[str, Any]] = []
    plan = [how for _ in range(rounds) for how in (("dead",) if len(workers.ports) > 1 else ()) + ("restart",)]
    for how in plan + ["stop"]:
        got = await takeover(workers, tables, how)
        if got is None:
            continue
        print(f"  takeover ({got['how']}{', alone: started again' if got['alone'] else ''}): worker "
              f"{got['worker']} held {got['rooms']} rooms; owned again in {got['owned']} s, served in "
              f"{got['served']} s, a new move in each in {got['played']} s", flush=True)
        done.append(got)
        if None in (got["owned"], got["served"], got["played"]):
            print(f"  not done in {ROUND_LIMIT:g} s: no more takeovers; rooms held by worker, in time: "
                  + " ".join(f"{t} s {c}" for t, c in got["timeline"][:12]), flush=True)
            break
    return done


def takeover_summary(done: List[Dict[str, Any]]) -> Dict[str, Dict[str, Any]]:
    """Median and max of each measure, by how the worker went."""
    out: Dict[str, Dict[str, Any]] = {}
    for how in ("dead", "restart", "stop"):
        rows = [d for d in done if d["how"] == how]
        if not rows:
            continue
        out[how] = {"count": len(rows)}
        for key in ("owned", "served", "played"):
            values = [d[key] for d in rows]
            finite = [v for v in values if v is not None]
            out[how][key] = {"median": round(statistics.median(finite), 2) if finite else None,
                             "max": None if None in values or not finite else max(finite)}
    return out
