"""The log a connection gets when it comes in (docs/reference/wire.md "The websocket": `log`):
the `played` messages its viewpoint was sent, the same to the letter, for a seat and a
spectator, in mid-match and at the end, across a restart of the server, on both engines."""

from __future__ import annotations

import random
import sqlite3
from types import ModuleType
from typing import Any, Dict, List, Optional

import pytest

from .server_util import Message, client, create, is_state, join, joined, over, to_move, until

from quinza.server.store import Store
from quinza.server.story import story


def is_log(m: Message) -> bool:
    return m["type"] == "log"


def played(frames: List[Message], upto: int) -> List[Message]:
    """The `played` messages of a connection's `frames` up to ply `upto`: those its first
    log told (the moves made before it came: bots and the timer start with the room), then
    those it got live."""
    first = [m["played"] for m in frames[:1] if is_log(m)]
    return [m for m in (first[0] if first else []) + frames if m["type"] == "played" and m["ply"] <= upto]


def restored(c: Any, room: str, token: Optional[str]) -> Message:
    """The log a new connection of the seat of `token` (None: a spectator) gets first."""
    with joined(c, f"/ws/{room}", token) as ws:
        first = ws.receive_json()
        assert is_log(first), first
        assert is_state(ws.receive_json())  # what happened, then where it stands
        return first


ROOMS = [
    # a person and a bot
    ("escoba", {"players": 2, "target": 1, "bots": {"1": "greedy"}}, 0),
    # two seats whose people stay away, played by the stand-in (the person's too, when slow), a bot,
    # the quinte cachette
    ("quinte", {"players": 4, "target": 40, "bots": {"2": "random"}, "timer": 0.05}, 0),
]


@pytest.mark.parametrize("engine", ["rust", "reference"])
@pytest.mark.parametrize("rules, body, seat", ROOMS, ids=["escoba", "quinte"])
def test_a_log_restored_mid_match_is_what_the_seat_and_a_spectator_were_told(engine: str, rules: str,
                                                                             body: Dict[str, Any], seat: int) -> None:
    if engine == "reference" and rules == "quinte":
        pytest.skip("a whole quinte match on the pure-Python twin is slow; escoba covers it")
    rng = random.Random(7)
    logs: Dict[Optional[int], List[Message]] = {seat: [], None: []}
    live: Dict[Optional[int], List[Message]] = {seat: [], None: []}
    with client(engine=engine) as c:
        room = create(c, rules, **body)
        token = join(c, room, "ana", seat)
        for other in c.get(f"/api/rooms/{room}").json()["waiting"]:  # a room waits for every seat
            join(c, room, f"away{other}", other)  # taken, never connected: the stand-in plays it
        with joined(c, f"/ws/{room}", token) as ws, joined(c, f"/ws/{room}") as spectator:
            while True:
                m = until(ws, lambda m: to_move(m) or over(m), live[seat])
                if over(m):
                    break
                # A reload of the seat's page, and of a spectator's: now and then, and surely
                # once after the first move (on a busy machine the stand-in may play most turns).
                if (m["ply"] > 0 and not logs[seat]) or rng.random() < 0.3:
                    logs[seat].append(restored(c, room, token))
                    logs[None].append(restored(c, room, None))
                ws.send_json({"type": "move", "index": rng.randrange(len(m["legal_moves"]))})
            until(spectator, over, live[None])
            logs[seat].append(restored(c, room, token))
            logs[None].append(restored(c, room, None))
    assert all(is_log(got[0]) for got in live.values())
    assert any(m["stand_in"] for m in live[None] if m["type"] == "played") == ("timer" in body)
    for viewpoint in (seat, None):
        assert any(log["played"] for log in logs[viewpoint][:-1])  # some restored in mid-match
        for log in logs[viewpoint]:
            assert log["from"] == 1 and log["match"] == 0
            assert log["played"] == played(live[viewpoint], log["ply"]), viewpoint
        assert logs[viewpoint][-1]["ply"] == live[viewpoint][-1]["ply"]


def test_a_log_after_a_restart_is_what_was_told_before_it_stand_ins_included(tmp_path: Any) -> None:
    db = str(tmp_path / "rooms.db")
    live: List[Message] = []
    with client(db) as c:
        room = create(c, "escoba", players=2, timer=0.05)  # no one moves: the stand-in plays
        token = join(c, room, "ana", 0)
        join(c, room, "bea", 1)  # a room waits for every seat: Bea sits and stays away
        with joined(c, f"/ws/{room}", token) as ws:
            until(ws, lambda m: is_state(m) and m["ply"] >= 6, live)
    with client(db) as c:
        log = restored(c, room, token)
    told = played(live, log["ply"])  # the first app may have played on after the socket's last read
    assert len(told) >= 6 and all(m["stand_in"] for m in log["played"])
    assert log["played"][:len(told)] == told


def test_a_log_tells_the_last_moves_of_a_long_match(q: ModuleType) -> None:
    rules = q.Rules("escoba", players=2)
    game = q.Game(rules, seed=5)
    bot = q.bot("greedy")
    for n in range(30):
        game.play(bot(game.world(game.turn, seed=n)))
    moves = [e.move for e in game.history if e.kind == "move"]
    whole = story(q.Game(rules, seed=5), moves, 1, {4, 29})
    assert [m["ply"] for m in whole] == list(range(1, 31))
    assert [m["seat"] for m in whole] == [e.seat for e in game.history if e.kind == "move"]
    assert [m["ply"] for m in whole if m["stand_in"]] == [4, 29]
    assert story(q.Game(rules, seed=5), moves, 1, {4, 29}, limit=8) == whole[-8:]


def test_a_store_of_before_the_stand_in_column_is_read_and_written(tmp_path: Any) -> None:
    path = str(tmp_path / "old.db")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE moves (room TEXT NOT NULL, match INTEGER NOT NULL, ply INTEGER NOT NULL, "
               "seat INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (room, match, ply))")
    db.execute("INSERT INTO moves VALUES ('r', 0, 1, 0, '3c')")
    db.commit()
    db.close()
    store = Store(path)
    store.add_move("r", 0, 2, 1, "4c", stand_in=True)
    assert store.moves("r", 0) == ["3c", "4c"] and store.stand_ins("r", 0) == {2}
