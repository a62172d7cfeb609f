"""What the server promises holds across workers (two workers of one SQLite file, in
processes of their own): the lobby lists every worker's rooms, a token from one worker is a
seat on the other, an undo asked through one and answered through the other, a room's
spectator limit counted by the worker that plays it, the turn timer going on after its
worker is lost, and a frame no page sends answered as it is by a server alone."""

from __future__ import annotations

import io
import json
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("websockets.sync.client")

from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from .cluster_util import Workers  # noqa: E402

Message = Dict[str, Any]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    logs = tmp_path_factory.mktemp("cluster")
    workers = Workers(str(logs / "games.sqlite"), 2, logs, "--room-spectators", "2")
    try:
        yield workers
    finally:
        workers.close()


def ws_url(workers: Workers, i: int, room: str) -> str:
    return f"ws://127.0.0.1:{workers.ports[i]}/ws/{room}"


def until(ws: Any, done: Callable[[Message], bool], most: int = 2000) -> Message:
    for _ in range(most):
        m = json.loads(ws.recv(timeout=20))
        if done(m):
            return m
    raise AssertionError("no such message")


def make(workers: Workers, i: int, **body: Any) -> str:
    got = httpx.post(workers.url(i) + "/api/rooms", json=body, timeout=10)
    assert got.status_code == 201, got.text
    return str(got.json()["room"])


def sit(workers: Workers, i: int, room: str, seat: int) -> str:
    got = httpx.post(workers.url(i) + f"/api/rooms/{room}/seats", json={"name": f"p{seat}", "seat": seat}, timeout=10)
    assert got.status_code == 200, got.text
    return str(got.json()["token"])


def test_the_lobby_of_each_worker_lists_the_others_rooms(pair: Workers) -> None:
    room = make(pair, 0, rules="escoba", players=2)
    end = time.monotonic() + 5
    listed: list = []
    while time.monotonic() < end and room not in listed:
        listed = [r["room"] for r in httpx.get(pair.url(1) + "/api/rooms", timeout=10).json()["rooms"]]
        time.sleep(0.2)
    assert room in listed
    assert httpx.get(pair.url(1) + f"/api/rooms/{room}", timeout=10).json()["free"] == [0, 1]
    assert httpx.get(pair.url(1) + "/api/rooms/nosuchroom", timeout=10).status_code == 404


def test_an_undo_asked_through_one_worker_is_answered_through_the_other(pair: Workers) -> None:
    room = make(pair, 0, rules="escoba", players=2, undo="consent")
    tokens = [sit(pair, 1, room, 0), sit(pair, 0, room, 1)]
    with connect(ws_url(pair, 1, room)) as ana, connect(ws_url(pair, 0, room)) as bo:
        for ws, token in ((ana, tokens[0]), (bo, tokens[1])):
            ws.send(json.dumps({"type": "hello", "token": token}))
        states = [until(ws, lambda m: m["type"] == "state") for ws in (ana, bo)]
        mover, other = (ana, bo) if states[0].get("legal_moves") else (bo, ana)
        mover.send(json.dumps({"type": "move", "index": 0}))
        until(other, lambda m: m["type"] == "state" and m["ply"] == 1)
        other.send(json.dumps({"type": "move", "index": 0}))
        until(mover, lambda m: m["type"] == "state" and m["ply"] == 2)
        assert len(pair.moves(room)) == 2
        mover.send(json.dumps({"type": "undo"}))  # its move and the other's: the other must agree
        asked = until(other, lambda m: m["type"] == "undo")
        assert asked["status"] == "asked" and asked["back_to"] == 0
        other.send(json.dumps({"type": "undo", "agree": True}))
        until(mover, lambda m: m["type"] == "state" and m["ply"] == 0)
    assert pair.moves(room) == []


def test_a_rooms_spectators_are_counted_by_its_worker_whichever_they_reached(pair: Workers) -> None:
    room = make(pair, 0, rules="escoba", players=2)
    with connect(ws_url(pair, 0, room)) as one, connect(ws_url(pair, 1, room)) as two:
        for ws in (one, two):
            ws.send(json.dumps({"type": "hello"}))
            until(ws, lambda m: m["type"] == "state")
        with connect(ws_url(pair, 1, room)) as three:
            three.send(json.dumps({"type": "hello"}))
            refused = until(three, lambda m: m["type"] == "error")
            assert "spectators" in refused["message"]
            with pytest.raises(ConnectionClosed) as closed:
                three.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429


def test_a_malformed_frame_through_a_worker_is_refused_and_the_connection_lives(pair: Workers) -> None:
    room = make(pair, 1, rules="escoba", players=2)
    with connect(ws_url(pair, 0, room)) as ws:
        ws.send(json.dumps({"type": "hello"}))
        until(ws, lambda m: m["type"] == "state")
        ws.send("{not json")
        assert until(ws, lambda m: m["type"] == "error")["message"]
        ws.send(json.dumps({"type": "state"}))
        assert until(ws, lambda m: m["type"] == "state")["room"] == room


def test_the_turn_timer_goes_on_once_a_lost_workers_room_is_taken(pair: Workers) -> None:
    room = make(pair, 0, rules="escoba", players=2, timer=0.3, bots={"1": "greedy"})
    sit(pair, 0, room, 0)  # seat 0 never connects: the stand-in moves for it when its time runs out
    end = time.monotonic() + 10
    while len(pair.moves(room)) < 4 and time.monotonic() < end:
        time.sleep(0.1)
    owner = pair.owner(room)
    assert owner is not None and len(pair.moves(room)) >= 4
    with pair.lost(owner[0]):
        played = len(pair.moves(room))
        end = time.monotonic() + 15
        while len(pair.moves(room)) < played + 4 and time.monotonic() < end:
            time.sleep(0.1)
        assert len(pair.moves(room)) >= played + 4  # played on by the other worker, its timer and its bot
        assert pair.owner(room) not in (None, owner)


def test_a_busy_workers_searching_bots_think_on_a_peer_with_a_thread_free(tmp_path: Path) -> None:
    workers = Workers(str(tmp_path / "games.sqlite"), 2, tmp_path, "--bot-threads", "1")
    try:
        rooms = [make(workers, 0, rules="escoba", players=2, bots={"0": "ismcts:time_limit=0.2", "1": "greedy"})
                 for _ in range(3)]
        assert all(workers.owner(r) is not None and workers.owner(r)[0] == 0 for r in rooms)  # type: ignore[index]
        end = time.monotonic() + 20
        lent: Dict[str, int] = {}
        while time.monotonic() < end:
            lent = {url: n for url, n in workers.store.db.run("SELECT url, lent FROM workers WHERE expires > now_s()")}
            if lent.get(workers.url(1), 0) >= 3:
                break
            time.sleep(0.2)
        assert lent.get(workers.url(1), 0) >= 3, lent  # worker 1 thought moves of worker 0's rooms
        assert lent.get(workers.url(0), 0) == 0
        assert all(len(workers.moves(r)) > 0 for r in rooms)
    finally:
        workers.close()


def test_a_peers_think_route_is_no_page_to_a_client(pair: Workers) -> None:
    body = {"rules": {"name": "escoba", "players": 2, "target": 21}, "spec": "hard", "seed": 1, "seat": 0, "world": {}}
    assert httpx.post(pair.url(0) + "/_peer/think", json=body, timeout=10).status_code == 404
    wrong = httpx.post(pair.url(0) + "/_peer/think", json=body, headers={"x-quinza-peer": "guess"}, timeout=10)
    assert wrong.status_code == 404


def test_a_remote_bot_plays_on_through_its_rooms_worker_being_lost(pair: Workers) -> None:
    from quinza.server.client import play

    room = make(pair, 0, rules="quinza", players=2, bots={"1": "greedy"})
    out: Dict[str, Any] = {}

    def seat() -> None:
        try:
            out["last"] = play(pair.url(1), room, "greedy", name="remote", seat=0, out=io.StringIO())
        except Exception as error:  # told to the test below
            out["error"] = error

    thread = threading.Thread(target=seat)
    thread.start()
    end = time.monotonic() + 15
    while len(pair.moves(room)) < 10 and time.monotonic() < end:
        time.sleep(0.05)
    owner = pair.owner(room)
    assert owner is not None and thread.is_alive()  # mid-match
    with pair.lost(owner[0]):
        thread.join(60)
        assert "error" not in out, out
        assert out["last"]["view"]["winner"] is not None  # the match played to its end
        assert len(pair.moves(room)) == out["last"]["ply"]
        assert pair.owner(room) not in (None, owner)


def test_a_clients_connections_are_counted_by_the_worker_it_reached(tmp_path: Path) -> None:
    workers = Workers(str(tmp_path / "games.sqlite"), 2, tmp_path, "--client-connections", "2")
    try:
        room = make(workers, 0, rules="escoba", players=2)  # played by worker 0, reached through worker 1
        with connect(ws_url(workers, 1, room)) as one, connect(ws_url(workers, 1, room)) as two:
            for ws in (one, two):
                ws.send(json.dumps({"type": "hello"}))
                until(ws, lambda m: m["type"] == "state")
            with connect(ws_url(workers, 1, room)) as three:
                assert "too many connections" in json.loads(three.recv(timeout=10))["message"]
                with pytest.raises(ConnectionClosed) as closed:
                    three.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
            with connect(ws_url(workers, 0, room)) as elsewhere:  # the owner counts what reached it
                elsewhere.send(json.dumps({"type": "hello"}))
                assert until(elsewhere, lambda m: m["type"] == "state")["room"] == room
    finally:
        workers.close()
