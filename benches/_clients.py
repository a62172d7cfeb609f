"""benches/server.py's clients: one asyncio task a human seat, playing random legal moves
after a think time, connecting again (to the next worker, with its token) whenever its
websocket closes, and what they count: moves and their latency, errors, moves lost,
moves told twice, moves dropped by a worker that went, disconnects and reconnects.

A move's latency runs from its send to the last human seat of its room receiving the
`state` with its ply, all on this process's clock (time.monotonic).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from typing import Any, Dict, List, Optional, Set, Tuple

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

RETRY = 0.1  # seconds a client waits before it connects again, doubled each try that got nothing
RETRY_MAX = 0.5  # ... up to this (each wait drawn from 0.5 to 1.5 times it)


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
        self.db0 = self.db1 = 0.0
        self.rss = 0
        self.load = 0.0  # the machine's load average over one minute, at the end


class Load:
    """Everything the generator counts, shared by its clients."""

    def __init__(self, seed: int, deflate: bool) -> None:
        self.rng = random.Random(seed)
        self.compression = "deflate" if deflate else None  # per-message deflate, as browsers ask
        self.phase: Optional[Phase] = None
        self.playing = True  # False: no more moves are sent (the end)
        self.takeover = False  # True while workers are killed: a close is then a reconnect, not a disconnect
        self.errors = 0
        self.error_texts: Dict[str, int] = {}  # the first distinct texts of errors, and how many of each
        self.disconnects = 0  # websockets closed while playing, outside takeovers
        self.reconnects = 0  # websockets closed by a takeover (each connected again)
        self.dropped = 0  # moves sent to a worker that went before it played them: the seat was asked again
        self.refused = 0  # moves refused with an error (the room unchanged), sent again
        self.told_twice = 0  # plies told two different moves
        self.plies = 0  # moves of every room (bots' too), seen by each room's seats
        self.sent = 0
        self.rematches = 0

    def error(self, text: str) -> None:
        self.errors += 1
        if text in self.error_texts or len(self.error_texts) < 10:
            self.error_texts[text] = self.error_texts.get(text, 0) + 1

    def think(self) -> float:
        assert self.phase is not None
        return self.phase.think * (0.5 + self.rng.random())


class Table:
    """One room as the generator sees it: its human seats and the moves awaiting receipt."""

    def __init__(self, room: str, humans: List[int]) -> None:
        self.room, self.humans = room, humans
        # (match, ply) -> (send time, seats yet to receive it, the phase it was sent in)
        self.pending: Dict[Tuple[int, int], Tuple[float, Set[int], Optional[Phase]]] = {}
        self.top: Tuple[int, int] = (-1, -1)  # the furthest (match, ply) any seat was told
        self.moved = 0.0  # when `top` last moved on
        self.joined: Dict[int, float] = {}  # seat -> when its latest websocket got its first state
        self.told: Dict[Tuple[int, int], str] = {}  # (match, ply) -> the move told there (this match's)

    def advance(self, load: Load, key: Tuple[int, int], now: float) -> None:
        if key <= self.top:
            return
        if self.top[0] >= 0:
            if key[0] == self.top[0]:
                load.plies += key[1] - self.top[1]
            else:
                load.rematches += 1
                self.told.clear()
        self.top, self.moved = key, now

    def played(self, load: Load, match: int, m: Dict[str, Any]) -> None:
        """A `played` message: the move told at its ply must be the one told to every seat."""
        move = next((e.get("move", "") for e in m["events"] if e["kind"] == "move"), "")
        if self.told.setdefault((match, m["ply"]), move) != move:
            load.told_twice += 1

    def received(self, seat: int, match: int, ply: int, now: float, first: bool) -> None:
        """`seat` got the state of (match, ply); the first state of a websocket may be plies
        past the last it got (a takeover): every move up to it has reached the seat."""
        keys = [k for k in self.pending if k <= (match, ply)] if first else [(match, ply)]
        for key in keys:
            entry = self.pending.get(key)
            if entry is None:
                continue
            entry[1].discard(seat)
            if not entry[1]:
                del self.pending[key]
                if entry[2] is not None:
                    entry[2].latencies.append(now - entry[0])


async def client(load: Load, table: Table, seat: int, hosts: List[str], first: int, token: str) -> None:
    """One seat until the end: connected to hosts[first], and after a close to the next
    worker, as a browser would, waiting a little longer after each try that got nothing."""
    tries = 0
    for n in itertools.count(first):
        if not load.playing:
            return
        if await connection(load, table, seat, f"ws://{hosts[n % len(hosts)]}/ws/{table.room}", token):
            tries = 0
            if not load.playing:
                return
            if load.takeover:
                load.reconnects += 1
            else:
                load.disconnects += 1
        tries += 1
        await asyncio.sleep(min(RETRY_MAX, RETRY * 2 ** (tries - 1)) * (0.5 + load.rng.random()))


async def connection(load: Load, table: Table, seat: int, url: str, token: str) -> bool:
    """One websocket of a seat (its token sent in the hello): read every message, move when
    asked, until it closes. Whether it got a state."""
    first_seat = seat == table.humans[0]
    last: Tuple[int, int] = (-1, -1)  # the (match, ply) of the last state read
    legal_moves = 0  # how many moves that state offered this seat
    asked: Optional[Tuple[int, int]] = None  # the (match, ply) this seat last acted on
    opened = time.monotonic()
    tasks: Set["asyncio.Task[None]"] = set()

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

    def spawn(ws: Any, key: Tuple[int, int], n_moves: int) -> None:
        task = asyncio.get_running_loop().create_task(act(ws, key, n_moves))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    try:
        async with connect(url, compression=load.compression, max_queue=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            async for text in ws:
                m = json.loads(text)
                kind = m["type"]
                if kind == "played" and last[0] >= 0:
                    table.played(load, last[0], m)
                elif kind == "error":
                    load.error(m["message"])
                    mine = (last[0], last[1] + 1)
                    sent = table.pending.get(mine)
                    if legal_moves and sent is not None and sent[0] >= opened:  # refused: the room is unchanged
                        del table.pending[mine]
                        load.refused += 1
                        spawn(ws, last, legal_moves)  # so try again, as the message says
                elif kind == "state":
                    key = (m["match"], m["ply"])
                    now = time.monotonic()
                    table.advance(load, key, now)
                    if last[0] < 0:
                        table.joined[seat] = now
                    table.received(seat, key[0], key[1], now, last[0] < 0)
                    last, legal_moves = key, len(m.get("legal_moves") or ())
                    if key != asked and (legal_moves or (m["view"]["turn"] is None and first_seat)):
                        asked = key
                        sent = table.pending.get((key[0], key[1] + 1))
                        if legal_moves and sent is not None and sent[0] < opened:  # asked again: never played
                            load.dropped += 1
                            del table.pending[(key[0], key[1] + 1)]
                        spawn(ws, key, legal_moves)
    except (ConnectionClosed, OSError, InvalidHandshake):
        pass
    finally:
        for task in tasks:
            task.cancel()
    return last[0] >= 0
