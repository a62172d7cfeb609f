"""Workers of one database, in processes of their own, with the owners of live rooms
killed mid-play (docs/explanation/server-at-scale.md "Past one process").

Whole matches of every rule set are played by clients that connect to any worker, at
random, again after every close; spectators too. Meanwhile the worker that plays a room
still going is SIGKILLed, several times: once left dead (its lease runs out and the others
take its rooms), then started again at once at its address (its rooms are taken at once).
Then, for every room: the match ended; every move any client was told is the store's move
at that ply (none lost), no ply was told two moves (none played twice), no connection was
told a ply twice, and no frame held a card its receiver could not see (the leak scan).
The same on SQLite (one file, one machine) and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

import pytest

from .pg_util import pg_url, postgres  # noqa: F401

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("websockets.asyncio.client")

from websockets.asyncio.client import connect  # noqa: E402

from .cluster_util import Workers  # noqa: E402
from .leak_util import allowed_by_ply, leaks  # noqa: E402
from .server_util import over  # noqa: E402

Message = Dict[str, Any]
# (rules, players, target, bots by seat): each room's seats not given a bot are the test's
ROOMS: List[Tuple[str, int, int, Dict[str, str]]] = [
    ("escoba", 2, 8, {}),
    ("quinza", 2, 100, {"1": "greedy"}),
    ("rb3ine", 2, 100, {"0": "random"}),
    ("quinte", 4, 200, {"1": "greedy", "2": "random"}),
]
WAYS = ["lost", "restarted", "stopped", "restarted"]  # how the owners of live rooms are stopped, in turn
THINK = 0.12  # seconds a test seat waits before it moves
DEADLINE = 180.0  # seconds for every match to end, kills and takeovers included


class Play:
    """What every client of the test was told."""

    def __init__(self, workers: Workers, seed: int) -> None:
        self.workers = workers
        self.rng = random.Random(seed)
        self.frames: Dict[Tuple[str, Optional[int]], List[Message]] = {}
        self.told: Dict[str, Dict[int, Set[str]]] = {}  # room -> ply -> the moves told at it
        self.twice: List[str] = []  # a ply told twice on one connection
        self.over: Set[str] = set()
        self.connections = 0

    def note(self, room: str, m: Message, plies: Set[int]) -> None:
        for played in ([m] if m["type"] == "played" else m.get("played", []) if m["type"] == "log" else []):
            moves = [e["move"] for e in played["events"] if e["kind"] == "move"]
            self.told.setdefault(room, {}).setdefault(played["ply"], set()).update(moves)
            if m["type"] == "played":
                if played["ply"] in plies:
                    self.twice.append(f"room {room}: ply {played['ply']} told twice on one connection")
                plies.add(played["ply"])

    async def seat(self, room: str, seat: Optional[int], token: Optional[str]) -> None:
        """A seat (or a spectator, `seat` None) until its room's match is over: connect to
        any live worker, play, and connect again after every close."""
        frames = self.frames.setdefault((room, seat), [])
        while room not in self.over:
            port = self.workers.ports[self.rng.choice(self.workers.alive() or [0])]
            try:
                async with connect(f"ws://127.0.0.1:{port}/ws/{room}", open_timeout=5, compression=None) as ws:
                    self.connections += 1
                    await ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
                    plies: Set[int] = set()
                    async for text in ws:
                        m = json.loads(text)
                        frames.append(m)
                        self.note(room, m, plies)
                        if over(m):
                            self.over.add(room)
                            return
                        if m["type"] == "state" and m.get("legal_moves"):
                            await asyncio.sleep(THINK * (0.5 + self.rng.random()))
                            await ws.send(json.dumps({"type": "move", "index": self.rng.randrange(len(m["legal_moves"]))}))
            except Exception:  # closed by a worker killed or stopped, or refused while its room moves
                pass
            await asyncio.sleep(0.1 + 0.2 * self.rng.random())


def make_rooms(workers: Workers) -> List[Tuple[str, Dict[int, str]]]:
    """Each room of ROOMS made on a worker in turn, every seat taken: (room, tokens by seat)."""
    made = []
    for i, (rules, players, target, bots) in enumerate(ROOMS):
        url = workers.url(i % len(workers.ports))
        got = httpx.post(url + "/api/rooms", json={"rules": rules, "players": players, "target": target,
                                                   "bots": bots, "undo": "off"}, timeout=10).json()
        tokens = {}
        for s in range(players):
            if str(s) not in bots:  # each seat taken through another worker: forwarded to the room's
                sat = httpx.post(workers.url((i + s + 1) % len(workers.ports)) + f"/api/rooms/{got['room']}/seats",
                                 json={"name": f"p{s}", "seat": s}, timeout=10)
                assert sat.status_code == 200, sat.text
                tokens[s] = sat.json()["token"]
        made.append((got["room"], tokens))
    return made


async def kills(play: Play, rooms: List[str], ways: List[str]) -> List[Tuple[str, float]]:
    """Stop the owner of a live room, once for each of `ways`: "lost" (SIGKILL, left dead
    until its rooms are played elsewhere), "restarted" (SIGKILL, started again at once at
    its address) or "stopped" (SIGTERM: it hands its rooms back). Each way with the seconds
    until the room had another owner (after a restart, from when the new process answers)."""
    done = []
    workers = play.workers
    for way in ways:
        await asyncio.sleep(1.0)
        owned = [(r, o) for r, o in ((r, workers.owner(r)) for r in rooms if r not in play.over) if o is not None]
        if not owned:
            continue
        room, (victim, lost) = owned[0]
        began = time.monotonic()
        if way == "stopped":
            await asyncio.get_running_loop().run_in_executor(None, workers.terminate, victim)
        else:
            workers.kill(victim)
        if way == "restarted":
            workers.start(victim)
            await asyncio.get_running_loop().run_in_executor(None, workers.wait_ready, victim)
            began = time.monotonic()  # from its new start: the process's own start is not the handover's
        while workers.owner(room) in (None, (victim, lost)) and time.monotonic() - began < 30:
            await asyncio.sleep(0.05)
        done.append((way, time.monotonic() - began))
        if way != "restarted":
            workers.start(victim)
            await asyncio.get_running_loop().run_in_executor(None, workers.wait_ready, victim)
    return done


async def whole_run(workers: Workers, seed: int) -> Tuple[Play, List[Tuple[str, Dict[int, str]]],
                                                           List[Tuple[str, float]]]:
    play = Play(workers, seed)
    made = make_rooms(workers)
    seats = []
    for room, tokens in made:
        seats += [play.seat(room, s, t) for s, t in tokens.items()]
        seats.append(play.seat(room, None, None))
    killing = asyncio.ensure_future(kills(play, [r for r, _ in made], WAYS))
    await asyncio.wait_for(asyncio.gather(*seats), DEADLINE)
    return play, made, await killing


@pytest.fixture(params=["sqlite", "postgres"])
def cluster(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Workers]:
    db = str(tmp_path / "games.sqlite") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    workers = Workers(db, 2 if request.param == "sqlite" else 3, tmp_path)
    try:
        yield workers
    finally:
        workers.close()


def test_matches_played_across_workers_with_owners_killed_lose_no_move_and_leak_no_card(cluster: Workers) -> None:
    play, made, done = asyncio.run(whole_run(cluster, seed=11))
    logs = cluster.log_tail()
    assert [way for way, _ in done] == WAYS, (done, logs)  # each owner stopped while its room played
    # A lost worker's rooms are taken once its lease runs out (5 s, and a beat); one that
    # stopped, or was started again at its address, hands them over at once (the bounds
    # leave room for a loaded machine).
    bounds = {"lost": 12.0, "restarted": 3.0, "stopped": 4.5}  # the lease is 5 s: the last two do not wait for it
    assert all(seconds < bounds[way] for way, seconds in done), done
    assert play.connections > sum(len(t) + 1 for _, t in made), done  # the clients connected again
    assert play.twice == [], play.twice
    for (room, _tokens), (rules, _p, _t, _b) in zip(made, ROOMS):
        stored = cluster.moves(room)
        told = play.told.get(room, {})
        assert stored and all(len(moves) == 1 for moves in told.values()), (room, told)
        lost = [p for p, moves in told.items() if p > len(stored) or stored[p - 1] not in moves]
        assert lost == [], (room, lost, done)
        assert max(told) == len(stored), (room, max(told), len(stored))  # every stored move was told
        record = httpx.get(cluster.url(0) + f"/api/rooms/{room}/record", timeout=10)
        assert record.status_code == 200, record.text  # the match is over (a record is given only then)
        deck = "quinte" if rules == "quinte" else "baraja"
        for (r, seat), frames in play.frames.items():
            if r == room:
                assert leaks(frames, allowed_by_ply(record.text, seat), deck) == [], (room, seat)
