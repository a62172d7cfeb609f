"""A load test of the game server (benches/results/server.md): many websocket clients on
loopback, each a seat playing random legal moves at a person's pace, in rooms of escoba
(2 and 4 players) and quinte (4 players), some seats bots.

The server runs in a process of its own (`python -m quinza serve`, a free port on
127.0.0.1, a new SQLite file, bots moving at once, every limit on: those of one client
raised to the whole bench's, which comes from one address), so the server and this load generator
each have a core. The generator is one asyncio process; every client is in it, so a move's
latency is read on one clock (time.monotonic): from the move's send to the last human seat
of its room receiving the `state` with that move's ply.

Each client, given a `state` with `legal_moves`, waits a think time drawn uniformly from
0.5 to 1.5 times the mean (mean 2 s: 1 to 3 s), then sends {"type": "move", "index": i}
with i drawn at random. When a match ends, the room's first human seat asks for a rematch
(after a think time), so the load stays steady. Counted: errors (any "error" message),
moves lost (sent, their ply never seen by every seat of the room), disconnects.

Phases: the clients connect gradually (`--ramp` a second), play `--warmup` seconds, then
the steady window (`--seconds`). With `--capacity` the think time is then cut (times
`--step`, 0.8) a step (`--step-seconds` each) until the 99th percentile passes `--limit`
ms twice at one pace (once may be others' load on a shared machine), errors or lost moves
appear, or the think time nears the server's rate limit: the most moves a second of a
step within the limit is the server's capacity. `--grow 250,500,1000` does that
again on a new server for each number of rooms: memory and capacity against rooms.

    python benches/server.py --quick                     # a smoke run: 100 clients, 10 s
    python benches/server.py --clients 2000 --seconds 60 --capacity --json server.json
    python benches/server.py --grow 250,500,1000 --seconds 20 --json grow.json

The server process is killed at the end, also on an error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

# The kinds of room, in turn: (rules, players, bots by seat). 2.6 human seats a room.
KINDS: List[Tuple[str, int, Dict[str, str]]] = [
    ("escoba", 2, {}),
    ("escoba", 2, {"1": "greedy"}),
    ("escoba", 4, {"3": "random"}),
    ("quinte", 4, {}),
    ("quinte", 4, {"2": "greedy"}),
]
GRACE = 5.0  # seconds a move's effect may take to reach its room's seats before it counts as lost
RATE = 20.0  # the server's default frames a second a connection (create_app's `rate`)


class Phase:
    """A window of the run: the think time's mean, and what was measured in it."""

    def __init__(self, name: str, think: float) -> None:
        self.name, self.think = name, think
        self.latencies: List[float] = []  # seconds, of the moves sent in this phase
        self.start = self.end = 0.0
        self.plies0 = self.plies1 = 0
        self.errors0 = self.errors1 = 0
        self.cpu0 = self.cpu1 = 0.0
        self.gen0 = self.gen1 = 0.0
        self.rss = 0
        self.load = 0.0  # the machine's load average over one minute, at the end


class Load:
    """Everything the generator counts, shared by its clients."""

    def __init__(self, seed: int, deflate: bool) -> None:
        self.rng = random.Random(seed)
        self.compression = "deflate" if deflate else None  # per-message deflate, as browsers ask
        self.phase: Optional[Phase] = None
        self.playing = True  # False: no more moves are sent (the end)
        self.errors = 0
        self.error_texts: List[str] = []
        self.disconnects = 0
        self.plies = 0  # moves of every room (bots' too), seen by each room's first seat
        self.sent = 0
        self.rematches = 0

    def think(self) -> float:
        assert self.phase is not None
        return self.phase.think * (0.5 + self.rng.random())


class Table:
    """One room as the generator sees it: its human seats and the moves awaiting receipt."""

    def __init__(self, room: str, humans: List[int]) -> None:
        self.room, self.humans = room, humans
        # (match, ply) -> (send time, seats yet to receive it, the phase it was sent in)
        self.pending: Dict[Tuple[int, int], Tuple[float, Set[int], Optional[Phase]]] = {}

    def received(self, seat: int, match: int, ply: int, now: float) -> None:
        entry = self.pending.get((match, ply))
        if entry is None:
            return
        entry[1].discard(seat)
        if not entry[1]:
            del self.pending[(match, ply)]
            if entry[2] is not None:
                entry[2].latencies.append(now - entry[0])


async def client(load: Load, table: Table, seat: int, url: str, token: str) -> None:
    """One seat (its token sent in the hello): read every message, move when asked, until the end."""
    observer = seat == table.humans[0]
    last: Tuple[int, int] = (-1, -1)  # the (match, ply) of the last state read
    asked: Optional[Tuple[int, int]] = None  # the (match, ply) this seat last acted on

    async def act(ws: Any, key: Tuple[int, int], n_moves: int) -> None:
        await asyncio.sleep(load.think())
        if not load.playing or last != key:
            return
        if n_moves:
            table.pending[(key[0], key[1] + 1)] = (time.monotonic(), set(table.humans), load.phase)
            load.sent += 1
            await ws.send(json.dumps({"type": "move", "index": load.rng.randrange(n_moves)}))
        else:
            await ws.send('{"type": "rematch"}')

    tasks: Set["asyncio.Task[None]"] = set()
    try:
        async with connect(url, compression=load.compression, max_queue=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            async for text in ws:
                m = json.loads(text)
                kind = m["type"]
                if kind == "error":
                    load.errors += 1
                    if len(load.error_texts) < 10:
                        load.error_texts.append(m["message"])
                    continue
                if kind != "state":
                    continue
                key = (m["match"], m["ply"])
                now = time.monotonic()
                if observer and key > last and last[0] >= 0:
                    if key[0] == last[0]:
                        load.plies += key[1] - last[1]
                    else:
                        load.rematches += 1
                last = key
                table.received(seat, key[0], key[1], now)
                legal = m.get("legal_moves")
                over = m["view"]["turn"] is None
                if key != asked and (legal or (over and observer)):
                    asked = key
                    task = asyncio.get_running_loop().create_task(act(ws, key, len(legal or ())))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
    except (ConnectionClosed, OSError):
        pass
    finally:
        for task in tasks:
            task.cancel()
    if load.playing:
        load.disconnects += 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: Optional[int] = None) -> float:
    """User and system CPU time of a process (this one if None)."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def limits_for(rooms: int) -> List[str]:
    """`quinza serve`'s options for `rooms` rooms: every limit stays on as served, but all
    the clients are on this machine's one address, so one client may create the bench's
    rooms and open its websockets."""
    seats = sum(seats_of(r) for r in range(rooms))
    return ["--client-rooms", str(rooms), "--client-connections", str(seats)]


@contextlib.contextmanager
def server_process(workdir: str, log: Any, rooms: int) -> Any:
    """`quinza serve` on a free loopback port with a new SQLite file, for `rooms` rooms;
    killed at the end."""
    port = free_port()
    cmd = [sys.executable, "-m", "quinza", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", os.path.join(workdir, f"bench-{port}.sqlite"), "--bot-delay", "0", *limits_for(rooms)]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield proc, f"127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


async def until_up(base: str, proc: subprocess.Popen, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    async with httpx.AsyncClient(base_url=base) as http:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the server exited with {proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get("/api/rooms")).status_code == 200:
                    return
            await asyncio.sleep(0.2)
    raise RuntimeError(f"the server did not answer in {limit:g} s")


async def open_rooms(load: Load, http: httpx.AsyncClient, host: str, rooms: int, ramp: float, target: Optional[int],
                     tables: List[Table], clients: List["asyncio.Task[None]"], limit: float) -> None:
    """Create `rooms` rooms and connect their human seats, `ramp` clients a second at most."""
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    deadline = start + limit
    made = len(tables)
    for r in range(made, made + rooms):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the ramp took over {limit:g} s ({r - made} of {rooms} rooms)")
        rules, players, bots = KINDS[r % len(KINDS)]
        body: Dict[str, Any] = {"rules": rules, "players": players, "bots": bots}
        if target is not None:
            body["target"] = target
        answer = await http.post("/api/rooms", json=body)
        answer.raise_for_status()
        room = answer.json()["room"]
        humans = [s for s in range(players) if str(s) not in bots]
        table = Table(room, humans)
        tables.append(table)
        for s in humans:
            sat = await http.post(f"/api/rooms/{room}/seats", json={"name": f"p{r}-{s}", "seat": s})
            sat.raise_for_status()
            clients.append(loop.create_task(client(load, table, s, f"ws://{host}/ws/{room}", sat.json()["token"])))
        # the pace of the ramp: each client's turn at `ramp` a second
        ahead = sum(len(t.humans) for t in tables[made:]) / ramp - (time.monotonic() - start)
        if ahead > 0:
            await asyncio.sleep(ahead)


def percentile(sorted_values: List[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def summary(phase: Phase, rooms: int, clients: int, idle_rss: int, lost: int, disconnects: int) -> Dict[str, Any]:
    lat = sorted(phase.latencies)
    span = phase.end - phase.start
    return {
        "phase": phase.name, "think_mean_s": phase.think, "clients": clients, "rooms": rooms,
        "seconds": round(span, 1), "moves": phase.plies1 - phase.plies0,
        "moves_per_s": round((phase.plies1 - phase.plies0) / span, 1),
        "client_moves_per_s": round(len(lat) / span, 1),
        "p50_ms": round(percentile(lat, 0.50) * 1e3, 1), "p90_ms": round(percentile(lat, 0.90) * 1e3, 1),
        "p99_ms": round(percentile(lat, 0.99) * 1e3, 1), "max_ms": round(lat[-1] * 1e3, 1) if lat else None,
        "errors": phase.errors1 - phase.errors0, "lost": lost, "disconnects": disconnects,
        "server_cpu": round((phase.cpu1 - phase.cpu0) / span, 2),
        "generator_cpu": round((phase.gen1 - phase.gen0) / span, 2),
        "server_rss_mib": round(phase.rss / 1024, 1),
        "kib_per_room": round((phase.rss - idle_rss) / rooms, 1),
        "load_average": round(phase.load, 1),
    }


def show(row: Dict[str, Any]) -> None:
    print(f"  {row['phase']:<10} think {row['think_mean_s']:>6.3f} s  {row['clients']} clients {row['rooms']} rooms  "
          f"{row['moves_per_s']:>7.1f} moves/s ({row['client_moves_per_s']:.1f} by clients)  "
          f"p50 {row['p50_ms']} p90 {row['p90_ms']} p99 {row['p99_ms']} max {row['max_ms']} ms  "
          f"errors {row['errors']} lost {row['lost']} disconnects {row['disconnects']}  "
          f"server cpu {row['server_cpu']:.2f} generator cpu {row['generator_cpu']:.2f}  "
          f"rss {row['server_rss_mib']} MiB ({row['kib_per_room']} KiB a room)  load {row['load_average']}", flush=True)


async def measure(load: Load, proc: subprocess.Popen, name: str, think: float, settle: float, seconds: float) -> Phase:
    """Play `settle` seconds at the new pace, then measure `seconds`."""
    phase = Phase(name, think)
    load.phase = Phase("settle", think)
    await asyncio.sleep(settle)
    load.phase = phase
    phase.start, phase.plies0, phase.errors0 = time.monotonic(), load.plies, load.errors
    phase.cpu0, phase.gen0 = cpu_seconds(proc.pid), cpu_seconds()
    await asyncio.sleep(seconds)
    load.phase = Phase("after", think)  # moves sent from now on are not this window's
    phase.end, phase.plies1, phase.errors1 = time.monotonic(), load.plies, load.errors
    phase.cpu1, phase.gen1 = cpu_seconds(proc.pid), cpu_seconds()
    phase.rss = rss_kib(proc.pid)
    phase.load = os.getloadavg()[0]
    return phase


def lost_in(tables: List[Table], phase: Phase, now: float, grace: float) -> int:
    """Moves of `phase` still unseen by some seat `grace` seconds after their send."""
    return sum(1 for t in tables for sent, _, p in t.pending.values() if p is phase and now - sent > grace)


async def run(args: argparse.Namespace, rooms: int, capacity: bool, workdir: str, log: Any) -> Dict[str, Any]:
    """One server: ramp to `rooms` rooms, the steady window, then the capacity steps."""
    load = Load(args.seed, args.deflate)
    tables: List[Table] = []
    clients: List["asyncio.Task[None]"] = []
    rows: List[Dict[str, Any]] = []
    with server_process(workdir, log, rooms) as (proc, host):
        base = f"http://{host}"
        await until_up(base, proc)
        await asyncio.sleep(1.0)
        idle_rss = rss_kib(proc.pid)
        load.phase = Phase("ramp", args.think)
        t0 = time.monotonic()
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                await open_rooms(load, http, host, rooms, args.ramp, args.target, tables, clients, args.ramp_limit)
            n_clients = sum(len(t.humans) for t in tables)
            # The generator's own full collections (its heap grew with the ramp) would stop
            # every client at once and count as the server's latency: keep its heap out.
            gc.collect()
            gc.freeze()
            print(f"  ramp: {rooms} rooms, {n_clients} clients in {time.monotonic() - t0:.1f} s; "
                  f"server rss idle {idle_rss / 1024:.1f} MiB", flush=True)
            phases = [await measure(load, proc, "steady", args.think, args.warmup, args.seconds)]
            think = args.think
            while capacity:
                last = phases[-1]
                row = summary(last, rooms, n_clients, idle_rss, lost_in(tables, last, time.monotonic(), GRACE),
                              load.disconnects)
                rows.append(row)
                show(row)
                if row["errors"] or row["lost"]:
                    break
                if row["p99_ms"] > args.limit:
                    # once more at the same pace: on a shared machine a step may meet others' load
                    if len(phases) > 1 and phases[-2].think == think:
                        break
                else:
                    think *= args.step
                if think < 1.5 / RATE:
                    break
                phases.append(await measure(load, proc, "capacity", think, args.settle, args.step_seconds))
            load.playing = False
            await asyncio.sleep(GRACE)  # the receipts of the last moves sent; what is still awaited is lost
            lost_total = sum(len(t.pending) for t in tables)
            if not capacity:
                row = summary(phases[0], rooms, n_clients, idle_rss, lost_in(tables, phases[0], time.monotonic(), 0.0),
                              load.disconnects)
                rows.append(row)
                show(row)
        finally:
            load.playing = False
            for task in clients:
                task.cancel()
            await asyncio.wait_for(asyncio.gather(*clients, return_exceptions=True), 30)
    within = [r for r in rows if r["p99_ms"] <= args.limit and not r["errors"] and not r["lost"]]
    return {"rooms": rooms, "clients": n_clients, "idle_rss_mib": round(idle_rss / 1024, 1), "rows": rows,
            "lost_total": lost_total, "disconnects_total": load.disconnects, "errors_total": load.errors,
            "moves_sent": load.sent, "rematches": load.rematches,
            "capacity_moves_per_s": max((r["moves_per_s"] for r in within), default=None) if capacity else None,
            "errors_seen": load.error_texts}


def rooms_for(clients: int) -> int:
    """The rooms whose human seats first reach `clients`."""
    n = seats = 0
    while seats < clients:
        seats += seats_of(n)
        n += 1
    return n


def seats_of(room: int) -> int:
    """The human seats (clients) of room number `room` of the bench."""
    _, players, bots = KINDS[room % len(KINDS)]
    return players - len(bots)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=2000, help="human seats, each a websocket client (default 2000)")
    p.add_argument("--seconds", type=float, default=60, help="the steady window, seconds (default 60)")
    p.add_argument("--think", type=float, default=2.0,
                   help="a client's mean think time, seconds, drawn uniformly from 0.5 to 1.5 times it (default 2)")
    p.add_argument("--ramp", type=float, default=100, help="clients connected a second while ramping up (default 100)")
    p.add_argument("--ramp-limit", type=float, default=300, help="the most seconds the ramp may take (default 300)")
    p.add_argument("--warmup", type=float, default=5, help="seconds played after the ramp before measuring (default 5)")
    p.add_argument("--capacity", action="store_true",
                   help="then shorten the think time (--step) a step until the 99th percentile passes --limit")
    p.add_argument("--step", type=float, default=0.8, help="a capacity step's think time over the last's (default 0.8)")
    p.add_argument("--step-seconds", type=float, default=20, help="seconds measured a capacity step (default 20)")
    p.add_argument("--settle", type=float, default=3, help="seconds played at a new pace before measuring (default 3)")
    p.add_argument("--limit", type=float, default=50, help="the 99th percentile's limit, ms (default 50)")
    p.add_argument("--grow", default="", help="numbers of rooms, such as 250,500,1000: a new server and the "
                   "capacity steps for each (instead of --clients)")
    p.add_argument("--target", type=int, default=None, help="every room's target (default: each rule set's)")
    p.add_argument("--deflate", action="store_true",
                   help="clients ask for per-message deflate, as browsers do (default: no compression)")
    p.add_argument("--seed", type=int, default=1, help="the clients' random moves and think times (default 1)")
    p.add_argument("--quick", action="store_true", help="a smoke run: 100 clients, 10 s, no capacity steps")
    p.add_argument("--json", default=None, help="write the results as JSON to this file")
    return p


async def main_async(args: argparse.Namespace) -> Dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="quinza-bench-") as workdir, \
            open(os.path.join(workdir, "server.log"), "w") as log:
        try:
            if args.grow:
                runs = []
                for rooms in [int(x) for x in args.grow.split(",")]:
                    print(f"{rooms} rooms:", flush=True)
                    runs.append(await run(args, rooms, True, workdir, log))
                return {"grow": runs}
            rooms = rooms_for(args.clients)
            print(f"{args.clients} clients:", flush=True)
            return {"run": await run(args, rooms, args.capacity, workdir, log)}
        finally:
            log.flush()
            tail = Path(workdir, "server.log").read_text().splitlines()
            bad = [line for line in tail if "Traceback" in line or "ERROR" in line]
            if bad:
                print("the server logged:", *bad[:10], sep="\n  ")


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    if args.quick:
        args.clients, args.seconds, args.warmup, args.ramp = min(args.clients, 100), min(args.seconds, 10), 2, 200
    started = time.time()
    results = asyncio.run(main_async(args))
    results.update(command=" ".join(sys.argv), date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
                   cores=os.cpu_count())
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    runs = results["grow"] if "grow" in results else [results["run"]]
    for r in runs:
        if r["capacity_moves_per_s"] is not None:
            print(f"capacity with {r['rooms']} rooms ({r['clients']} clients): {r['capacity_moves_per_s']} moves/s "
                  f"with the 99th percentile within {args.limit:g} ms")
        if r["errors_seen"]:
            print("errors:", *r["errors_seen"], sep="\n  ")
    for r in runs:
        print(f"in all, {r['rooms']} rooms: {r['moves_sent']} moves sent by clients, {r['rematches']} rematches, "
              f"{r['errors_total']} errors, {r['lost_total']} moves lost, {r['disconnects_total']} disconnects")
    clean = all(r["rows"][0]["errors"] == 0 and r["lost_total"] == 0 and r["disconnects_total"] == 0 for r in runs)
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
