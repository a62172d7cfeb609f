"""A load test of the game server (benches/results/server.md): many websocket clients on
loopback, each a seat playing random legal moves at a person's pace, in rooms of escoba
(2 and 4 players) and quinte (4 players), some seats bots.

The server runs in processes of its own (`python -m quinza serve`, free ports on
127.0.0.1, bots moving at once, every limit on: those of one client raised to the whole
bench's, which comes from one address), so the server and this load generator each have
a core. `--workers N` starts N workers of one database (`--cluster`, each a process on its
own port); rooms are made on each in turn and each client connects to the next worker in
turn (any worker serves any room: one that does not play it forwards it). The database
is a new SQLite file, or with `--store postgres` a new database of a private PostgreSQL
the bench starts (scripts/local_postgres.py). The generator is one asyncio process; every
client is in it, so a move's latency is read on one clock (time.monotonic): from the
move's send to the last human seat of its room receiving the `state` with that move's ply.

Each client, given a `state` with `legal_moves`, waits a think time drawn uniformly from
0.5 to 1.5 times the mean (mean 2 s: 1 to 3 s), then sends {"type": "move", "index": i}
with i drawn at random. When a match ends, the room's first human seat asks for a rematch
(after a think time), so the load stays steady. A client whose websocket closes connects
again, to the next worker, with its token. Counted: errors (any "error" message), moves
lost (sent, their ply never seen by every seat of the room), moves told twice (two
different moves told at one ply of a match: a move told, then lost), disconnects.

Phases: the rooms are made and their seats taken, then the clients connect gradually
(`--ramp` a second), play `--warmup` seconds, then the steady window (`--seconds`). With
`--capacity` the think time is then cut (times `--step`, 0.8) a step (`--step-seconds`
each) until the 99th percentile passes `--limit` ms twice at one pace (once may be
others' load on a shared machine), errors or lost moves appear, or the think time nears
the server's rate limit: the most moves a second of a step within the limit is the
server's capacity. If the first window is over the limit already, the think time is
lengthened instead (over `--step`), up to 4 times the first, until a step is within it. `--grow 250,500,1000` does that
again on a new server for each number of rooms: memory and capacity against rooms.
`--takeover K` then, at the capacity's pace (or the first), kills the worker holding the
most rooms, K times left dead (the others take its rooms when its lease runs out) and K
times started again at once at its port, and stops one gently (SIGTERM), timing how soon
its rooms are played again (benches/_cluster.py); at the end every move told is checked
against the database. `--compare` runs the capacity steps (and one round of takeovers)
for SQLite and PostgreSQL, each with 1 and 2 workers, and prints them side by side.

    python benches/server.py --quick                     # a smoke run: 100 clients, 10 s
    python benches/server.py --clients 2000 --seconds 60 --capacity --json server.json
    python benches/server.py --grow 250,500,1000 --seconds 20 --json grow.json
    python benches/server.py --store postgres --workers 2 --capacity --takeover 2
    python benches/server.py --compare --json compare.json

The servers are stopped at the end, also on an error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _clients import Load, Phase, Table, client  # noqa: E402
from _cluster import Postgres, Workers, cpu_seconds, running, takeover_summary, takeovers  # noqa: E402

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
COMPARED = [("sqlite", 1), ("sqlite", 2), ("postgres", 1), ("postgres", 2)]
# --compare's own defaults, for options not given: its four runs in about 10 minutes
COMPARE_DEFAULTS = {"think": 1.0, "seconds": 10.0, "step": 0.75, "step_seconds": 10.0, "settle": 2.0,
                    "ramp": 200.0, "warmup": 3.0, "takeover": 1}


def limits_for(rooms: int) -> List[str]:
    """`quinza serve`'s options for `rooms` rooms: every limit stays on as served, but all
    the clients are on this machine's one address, so one client may create the bench's
    rooms and open its websockets."""
    seats = sum(seats_of(r) for r in range(rooms))
    return ["--client-rooms", str(rooms), "--client-connections", str(seats)]


async def open_rooms(load: Load, hosts: List[str], rooms: int, ramp: float, target: Optional[int], sticky: bool,
                     tables: List[Table], clients: List["asyncio.Task[None]"], limit: float) -> float:
    """Create `rooms` rooms (on each worker in turn) and take their human seats, then
    connect those (each to the next worker, or with `sticky` to its room's), `ramp`
    clients a second at most. The seconds the rooms took to make."""
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    made = len(tables)
    seated: List[Tuple[Table, int, int, str]] = []  # (table, seat, first worker, token)
    https = [httpx.AsyncClient(base_url=f"http://{h}", timeout=30) for h in hosts]
    try:
        for r in range(made, made + rooms):
            if time.monotonic() > start + limit:
                raise RuntimeError(f"the ramp took over {limit:g} s ({r - made} of {rooms} rooms made)")
            rules, players, bots = KINDS[r % len(KINDS)]
            body: Dict[str, Any] = {"rules": rules, "players": players, "bots": bots}
            if target is not None:
                body["target"] = target
            http = https[r % len(hosts)]
            answer = await http.post("/api/rooms", json=body)
            answer.raise_for_status()
            table = Table(answer.json()["room"], [s for s in range(players) if str(s) not in bots])
            tables.append(table)
            for s in table.humans:
                sat = await http.post(f"/api/rooms/{table.room}/seats", json={"name": f"p{r}-{s}", "seat": s})
                sat.raise_for_status()
                seated.append((table, s, r if sticky else len(clients) + len(seated), sat.json()["token"]))
    finally:
        for http in https:
            await http.aclose()
    making = time.monotonic() - start
    start = time.monotonic()
    for n, (table, s, first, token) in enumerate(seated):
        clients.append(loop.create_task(client(load, table, s, hosts, first, token)))
        ahead = (n + 1) / ramp - (time.monotonic() - start)  # the pace of the ramp: `ramp` clients a second
        if ahead > 0:
            await asyncio.sleep(ahead)
        elif time.monotonic() > start + limit:
            raise RuntimeError(f"the ramp took over {limit:g} s ({n + 1} of {len(seated)} clients connected)")
    return making


def percentile(sorted_values: List[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def summary(phase: Phase, rooms: int, clients: int, idle_rss: int, lost: int, disconnects: int,
            db: bool) -> Dict[str, Any]:
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
        "db_cpu": round((phase.db1 - phase.db0) / span, 2) if db else None,
        "generator_cpu": round((phase.gen1 - phase.gen0) / span, 2),
        "server_rss_mib": round(phase.rss / 1024, 1),
        "kib_per_room": round((phase.rss - idle_rss) / rooms, 1),
        "load_average": round(phase.load, 1),
    }


def show(row: Dict[str, Any]) -> None:
    db = "" if row["db_cpu"] is None else f" database cpu {row['db_cpu']:.2f}"
    print(f"  {row['phase']:<10} think {row['think_mean_s']:>6.3f} s  {row['clients']} clients {row['rooms']} rooms  "
          f"{row['moves_per_s']:>7.1f} moves/s ({row['client_moves_per_s']:.1f} by clients)  "
          f"p50 {row['p50_ms']} p90 {row['p90_ms']} p99 {row['p99_ms']} max {row['max_ms']} ms  "
          f"errors {row['errors']} lost {row['lost']} disconnects {row['disconnects']}  "
          f"server cpu {row['server_cpu']:.2f}{db} generator cpu {row['generator_cpu']:.2f}  "
          f"rss {row['server_rss_mib']} MiB ({row['kib_per_room']} KiB a room)  load {row['load_average']}", flush=True)


def mark(phase: Phase, load: Load, workers: Workers, pg: Optional[Postgres], end: bool) -> None:
    """The counters at the start (or `end`) of a window."""
    values = (time.monotonic(), load.plies, load.errors, workers.cpu(), cpu_seconds(), pg.cpu() if pg else 0.0)
    if end:
        phase.end, phase.plies1, phase.errors1, phase.cpu1, phase.gen1, phase.db1 = values
        phase.rss, phase.load = workers.rss(), os.getloadavg()[0]
    else:
        phase.start, phase.plies0, phase.errors0, phase.cpu0, phase.gen0, phase.db0 = values


async def measure(load: Load, workers: Workers, pg: Optional[Postgres], name: str, think: float, settle: float,
                  seconds: float) -> Phase:
    """Play `settle` seconds at the new pace, then measure `seconds`."""
    phase = Phase(name, think)
    load.phase = Phase("settle", think)
    await asyncio.sleep(settle)
    load.phase = phase
    mark(phase, load, workers, pg, end=False)
    await asyncio.sleep(seconds)
    load.phase = Phase("after", think)  # moves sent from now on are not this window's
    mark(phase, load, workers, pg, end=True)
    return phase


def lost_in(tables: List[Table], phase: Phase, now: float, grace: float) -> int:
    """Moves of `phase` still unseen by some seat `grace` seconds after their send."""
    return sum(1 for t in tables for sent, _, p in t.pending.values() if p is phase and now - sent > grace)


async def run(args: argparse.Namespace, rooms: int, capacity: bool, workdir: str, store: str, count: int,
              pg: Optional[Postgres]) -> Dict[str, Any]:
    """One server (`count` workers on a new database): ramp to `rooms` rooms, the steady
    window, then the capacity steps and the takeovers."""
    load = Load(args.seed, args.deflate)
    tables: List[Table] = []
    clients: List["asyncio.Task[None]"] = []
    rows: List[Dict[str, Any]] = []
    logs = Path(tempfile.mkdtemp(prefix=f"{store}-{count}-", dir=workdir))
    db = pg.database() if pg is not None else str(logs / "bench.sqlite")
    cluster = args.cluster or count > 1 or pg is not None or args.takeover > 0
    done: List[Dict[str, Any]] = []
    with running(Workers(db, count, logs, ["--bot-delay", "0", *limits_for(rooms)], cluster)) as workers:
        await workers.start_all()
        await asyncio.sleep(1.0)
        idle_rss = workers.rss()
        load.phase = Phase("ramp", args.think)
        t0 = time.monotonic()
        try:
            making = await open_rooms(load, workers.hosts, rooms, args.ramp, args.target, args.sticky, tables,
                                      clients, args.ramp_limit)
            n_clients = sum(len(t.humans) for t in tables)
            ramped = time.monotonic() - t0
            # The generator's own full collections (its heap grew with the ramp) would stop
            # every client at once and count as the server's latency: keep its heap out.
            gc.collect()
            gc.freeze()
            print(f"  ramp: {rooms} rooms made in {making:.1f} s, {n_clients} clients on {count} "
                  f"worker{'s' * (count > 1)} in {ramped:.1f} s; server rss idle "
                  f"{idle_rss / 1024:.1f} MiB", flush=True)
            phases = [await measure(load, workers, pg, "steady", args.think, args.warmup, args.seconds)]
            think, slower = args.think, False  # slower: the first pace was over the limit, so ease off
            while capacity:
                last = phases[-1]
                row = summary(last, rooms, n_clients, idle_rss, lost_in(tables, last, time.monotonic(), GRACE),
                              load.disconnects, pg is not None)
                rows.append(row)
                show(row)
                if row["errors"] or row["lost"]:
                    break
                if row["p99_ms"] <= args.limit:
                    if slower:
                        break  # the fastest pace within the limit, from below
                    think *= args.step
                elif slower or len(phases) == 1:
                    slower, think = True, think / args.step
                    if think > 4 * args.think:
                        break
                elif phases[-2].think == think:
                    break  # over the limit twice at one pace (once may be others' load on a shared machine)
                if think < 1.5 / RATE:
                    break
                phases.append(await measure(load, workers, pg, "capacity", think, args.settle, args.step_seconds))
            fine = [r for r in rows if r["p99_ms"] <= args.limit and not r["errors"] and not r["lost"]]
            shaken = Phase("takeover", max(fine, key=lambda r: r["moves_per_s"])["think_mean_s"] if fine else args.think)
            if args.takeover:
                load.phase, load.takeover = shaken, True
                mark(shaken, load, workers, pg, end=False)
                done = await takeovers(workers, tables, args.takeover)
                mark(shaken, load, workers, pg, end=True)
                load.takeover = False
            load.playing = False
            await asyncio.sleep(GRACE)  # the receipts of the last moves sent; what is still awaited is lost
            lost_total = sum(len(t.pending) for t in tables)
            checked = await audit(workers, tables)
            if not capacity:
                row = summary(phases[0], rooms, n_clients, idle_rss, lost_in(tables, phases[0], time.monotonic(), 0.0),
                              load.disconnects, pg is not None)
                rows.append(row)
                show(row)
        finally:
            load.playing = False
            for task in clients:
                task.cancel()
            await asyncio.wait_for(asyncio.gather(*clients, return_exceptions=True), 30)
        logged = workers.logged()
        if args.keep_logs:
            shutil.copytree(logs, Path(args.keep_logs) / logs.name, dirs_exist_ok=True)
    within = [r for r in rows if r["p99_ms"] <= args.limit and not r["errors"] and not r["lost"]]
    best = max(within, key=lambda r: r["moves_per_s"], default=None) if capacity else None
    return {"store": store, "workers": count, "cluster": cluster, "rooms": rooms, "clients": n_clients,
            "rooms_made_s": round(making, 1), "ramp_s": round(ramped, 1),
            "idle_rss_mib": round(idle_rss / 1024, 1), "rows": rows,
            "lost_total": lost_total, "disconnects_total": load.disconnects, "errors_total": load.errors,
            "told_twice": load.told_twice, "moves_sent": load.sent, "rematches": load.rematches,
            "capacity_moves_per_s": best["moves_per_s"] if best else None, "capacity_row": best,
            "takeovers": done, "takeover_summary": takeover_summary(done),
            "takeover_phase": {"seconds": round(shaken.end - shaken.start, 1), "errors": shaken.errors1 - shaken.errors0,
                               "reconnects": load.reconnects, "dropped": load.dropped,
                               "moves": shaken.plies1 - shaken.plies0} if done else None,
            "refused": load.refused, "audit": checked, "errors_seen": load.error_texts, "logged": logged[:20]}


async def audit(workers: Workers, tables: List[Table]) -> Dict[str, int]:
    """From the database: every move told in each room's last match ("told_checked") is the
    one stored at its ply ("told_not_stored" counts those that are not: told, then lost), and what became of the moves still
    awaited at the end: told to some seats and not all ("awaited_told"), stored but told
    to none ("awaited_stored"), or never played ("awaited_unplayed")."""
    out = {"told_checked": 0, "told_not_stored": 0, "awaited_told": 0, "awaited_stored": 0, "awaited_unplayed": 0}
    for t in tables:
        if t.top[0] < 0:
            continue
        stored = await workers.stored(t.room, t.top[0])
        told = [(p, move) for (m, p), move in t.told.items() if m == t.top[0]]
        out["told_checked"] += len(told)
        out["told_not_stored"] += sum(1 for p, move in told if stored.get(p) != move)
        for m, p in t.pending:
            kind = "told" if (m, p) <= t.top else "stored" if m == t.top[0] and p in stored else "unplayed"
            out[f"awaited_{kind}"] += 1
    return out


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
    p.add_argument("--workers", type=int, default=1, help="workers of one database, a process each (default 1)")
    p.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite",
                   help="a new SQLite file, or a new database of a private PostgreSQL the bench starts (default sqlite)")
    p.add_argument("--cluster", action="store_true", help="run even one worker as a member of a cluster "
                   "(implied by --workers 2 and more, --store postgres, --takeover and --compare)")
    p.add_argument("--sticky", action="store_true",
                   help="each client connects first to the worker its room was made on (default: the next worker)")
    p.add_argument("--takeover", type=int, default=0,
                   help="after the measures, kill the worker holding the most rooms this many times left dead "
                   "and as many started again at once, then stop one gently; timed (default 0; --compare: 1)")
    p.add_argument("--compare", action="store_true",
                   help="the capacity steps on SQLite and PostgreSQL with 1 and 2 workers each, side by side; "
                   "unless given: --think 1 --seconds 10 --step 0.75 --step-seconds 10 --settle 2 --ramp 200 "
                   "--warmup 3 --takeover 1")
    p.add_argument("--target", type=int, default=None, help="every room's target (default: each rule set's)")
    p.add_argument("--deflate", action="store_true",
                   help="clients ask for per-message deflate, as browsers do (default: no compression)")
    p.add_argument("--seed", type=int, default=1, help="the clients' random moves and think times (default 1)")
    p.add_argument("--quick", action="store_true", help="a smoke run: 100 clients, 10 s, no capacity steps")
    p.add_argument("--json", default=None, help="write the results as JSON to this file")
    p.add_argument("--keep-logs", default=None, help="copy the workers' logs (and a SQLite database) into this folder")
    return p


def given(argv: List[str]) -> Set[str]:
    """The options the command line gives (their dests), whatever their values."""
    p = parser()
    for action in p._actions:
        action.default = argparse.SUPPRESS
    return set(vars(p.parse_args(argv)))


async def main_async(args: argparse.Namespace) -> Dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="quinza-bench-") as workdir:
        pg: Optional[Postgres] = None
        try:
            if args.compare or args.store == "postgres":
                pg = Postgres()
            if args.compare:
                runs = []
                for store, count in COMPARED:
                    print(f"{store}, {count} worker{'s' * (count > 1)}, {args.clients} clients:", flush=True)
                    runs.append(await run(args, rooms_for(args.clients), True, workdir, store, count,
                                          pg if store == "postgres" else None))
                return {"compare": runs}
            if args.grow:
                runs = []
                for rooms in [int(x) for x in args.grow.split(",")]:
                    print(f"{rooms} rooms:", flush=True)
                    runs.append(await run(args, rooms, True, workdir, args.store, args.workers, pg))
                return {"grow": runs}
            print(f"{args.clients} clients:", flush=True)
            return {"run": await run(args, rooms_for(args.clients), args.capacity, workdir, args.store, args.workers,
                                     pg)}
        finally:
            if pg is not None:
                pg.close()


def compare_table(runs: List[Dict[str, Any]], limit: float) -> None:
    """--compare's runs side by side."""
    print(f"\n{'store':<9} {'workers':>7} {'moves/s':>8} {'p99 ms':>7} {'server cpu':>10} {'db cpu':>6} "
          f"{'gen cpu':>7} {'errors':>6} {'lost':>5} {'twice':>5}  takeover s (owned/served/played, median)")
    for r in runs:
        c = r["capacity_row"] or {}
        took = "; ".join(f"{how} {s['owned']['median']}/{s['served']['median']}/{s['played']['median']}"
                         for how, s in r["takeover_summary"].items())
        print(f"{r['store']:<9} {r['workers']:>7} {c.get('moves_per_s', '-')!s:>8} {c.get('p99_ms', '-')!s:>7} "
              f"{c.get('server_cpu', '-')!s:>10} {c.get('db_cpu') or '-'!s:>6} {c.get('generator_cpu', '-')!s:>7} "
              f"{r['errors_total']:>6} {r['lost_total']:>5} {r['told_twice']:>5}  {took}")
    print(f"(moves/s: the capacity, the most of a step with the 99th percentile within {limit:g} ms; "
          "cpu in cores at that step)")


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    if args.compare:
        for key, value in COMPARE_DEFAULTS.items():
            if key not in given(argv):
                setattr(args, key, value)
    if args.quick:
        args.clients, args.seconds, args.warmup, args.ramp = min(args.clients, 100), min(args.seconds, 10), 2, 200
    started = time.time()
    results = asyncio.run(main_async(args))
    results.update(command=" ".join(sys.argv), date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)),
                   cores=os.cpu_count())
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    runs = results.get("grow") or results.get("compare") or [results["run"]]
    for r in runs:
        if r["capacity_moves_per_s"] is not None:
            print(f"capacity with {r['rooms']} rooms ({r['clients']} clients), {r['store']}, {r['workers']} "
                  f"worker{'s' * (r['workers'] > 1)}: {r['capacity_moves_per_s']} moves/s "
                  f"with the 99th percentile within {args.limit:g} ms")
        if r["errors_seen"]:
            print("errors:", *(f"{n} x {text}" for text, n in r["errors_seen"].items()), sep="\n  ")
        if r["logged"]:
            print("the server logged:", *r["logged"][:10], sep="\n  ")
    for r in runs:
        shaken, a = r["takeover_phase"], r["audit"]
        print(f"in all, {r['rooms']} rooms: {r['moves_sent']} moves sent by clients, {r['rematches']} rematches, "
              f"{r['errors_total']} errors ({r['refused']} moves refused and sent again), {r['lost_total']} moves "
              f"lost ({a['awaited_told']} told to some seats, {a['awaited_stored']} stored and told to none, "
              f"{a['awaited_unplayed']} never played), {r['told_twice']} plies told two moves, "
              f"{a['told_not_stored']} moves told and not stored, {r['disconnects_total']} disconnects"
              + (f"; takeovers: {shaken['reconnects']} reconnects, {shaken['dropped']} moves sent to a worker "
                 f"that went before playing them (asked again), {shaken['errors']} errors" if shaken else ""))
    if "compare" in results:
        compare_table(runs, args.limit)
    clean = all(r["rows"][0]["errors"] == 0 and r["lost_total"] == 0 and r["disconnects_total"] == 0
                and r["told_twice"] == 0 and r["audit"]["told_not_stored"] == 0 for r in runs)
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
