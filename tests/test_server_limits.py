"""One client cannot sink the server (docs/reference/wire.md "Limits"): bots think
within the server's budget on a bounded pool, only POST creates a room, and the limits
a client and a room have."""

from __future__ import annotations

import collections
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

import pytest

from .server_util import client, create, is_state, join, joined, to_move, until

from starlette.websockets import WebSocketDisconnect  # noqa: E402

from quinza.server.app import LIMITS  # noqa: E402
from quinza.server.limits import GONE, TOO_MANY, Clients, Limits  # noqa: E402
from quinza.server.pool import Pool  # noqa: E402


def eventually(done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Wait for `done` with a generous bound (never a timing assert)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the condition never came"
        time.sleep(0.05)


# -- bots' budgets ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec, cap", [
    ("ismcts:iterations=1000000000", "1000000000 iterations a move: this server allows at most 100000"),
    ("pimc:worlds=1000000000", "1000000000 worlds a move: this server allows at most 10000"),
    ("pimc:depth=40", "a depth of 40: this server allows at most 4"),
    ("pimc:exact=40", "exact solving from 40 cards: this server allows at most 16"),
    ("ismcts:time_limit=30", "30 seconds a move: this server allows at most 1 second"),
])
def test_a_bot_over_the_servers_budget_is_refused_with_the_cap(spec: str, cap: str) -> None:
    with client() as c:
        r = c.post("/api/rooms", json={"rules": "escoba", "bots": {"1": spec}})
        assert r.status_code == 400, r.text
        assert cap in r.json()["message"] and spec in r.json()["message"], r.json()
        assert c.get("/api/rooms?all=1").json()["rooms"] == []


def test_the_caps_are_the_apps_and_every_level_is_within_the_defaults() -> None:
    with client() as c:
        for level in ("easy", "medium", "hard", "expert", "ismcts:time_limit=1", "pimc:worlds=10000"):
            create(c, bots={"1": level})
    with client(bot_budget=0.25, bot_iterations=500, bot_worlds=50) as c:
        for spec, cap in (("expert", "8000 iterations a move: this server allows at most 500"), ("hard", "256 worlds a move: this server allows at most 50"),
                          ("ismcts:time_limit=0.5", "0.5 seconds a move: this server allows at most 0.25 seconds")):
            r = c.post("/api/rooms", json={"rules": "escoba", "bots": {"1": spec}})
            assert r.status_code == 400 and cap in r.json()["message"], r.text
        create(c, bots={"1": "ismcts:iterations=500"})


def test_a_search_past_its_budget_is_stopped(q: Any) -> None:
    import anyio

    game = q.Game("escoba", seed=3)
    endless = q.bot("ismcts", iterations=10**9)
    pool = Pool(threads=1, seconds=0.2)
    with pytest.raises(TimeoutError, match="ran past its"):
        anyio.run(pool.think, endless, game.world(game.turn, seed=1))
    assert anyio.run(pool.think, q.bot("greedy"), game) in game.legal_moves()  # the pool goes on


def test_a_greedy_room_keeps_moving_beside_rooms_of_search_bots_at_the_most_budget() -> None:
    """Rooms of search bots thinking the most they may, on one thread, beside a room of
    greedy bots: the greedy room keeps moving (bots that cost nothing do not queue behind
    searches), and every search room gets its turn on the pool (a queue of rooms)."""
    with client(bot_budget=0.3, bot_threads=1) as c:
        searching = [create(c, "escoba", players=2, bots={"0": "ismcts:time_limit=0.3", "1": "pimc:time_limit=0.3"})
                     for _ in range(8)]
        room = create(c, "escoba", players=2, bots={"0": "greedy", "1": "greedy"})

        def ply(r: str) -> int:
            answer: int = c.get(f"/api/rooms/{r}").json()["ply"]
            return answer

        eventually(lambda: ply(room) >= 30)
        eventually(lambda: min(ply(r) for r in searching) >= 1)


# -- only POST creates -------------------------------------------------------------------------


def test_head_on_the_rooms_creates_nothing() -> None:
    with client() as c:
        r = c.request("HEAD", "/api/rooms", json={"rules": "escoba"})
        assert r.status_code == 200
        assert c.get("/api/rooms?all=1").json()["rooms"] == []
        for method in ("PUT", "DELETE", "PATCH"):
            assert c.request(method, "/api/rooms", json={"rules": "escoba"}).status_code == 405
        assert c.get("/api/rooms?all=1").json()["rooms"] == []


# -- what a client and a room may have ----------------------------------------------------------


def refused(ws: Any) -> Tuple[int, str, str]:
    """The error a refused websocket is told, and its close code and reason."""
    told = ws.receive_json()
    assert told["type"] == "error", told
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code, closed.value.reason, told["message"]


def test_a_client_creates_at_most_its_rooms_a_minute_then_429() -> None:
    with client(client_rooms=3) as c:
        assert c.post("/api/rooms", json={"rules": "chess"}).status_code == 400  # a refused room is not counted
        for _ in range(3):
            create(c)
        r = c.post("/api/rooms", json={"rules": "escoba"})
        assert r.status_code == 429 and "at most 3 a minute from one client" in r.json()["message"], r.text
        assert 0 < int(r.headers["Retry-After"]) <= 60
        assert len(c.get("/api/rooms?all=1").json()["rooms"]) == 3


def test_rooms_a_minute_are_counted_by_client_over_the_last_minute() -> None:
    clients = Clients(Limits(client_rooms=2))
    for clock in (0.0, 10.0):
        assert clients.wait("1.2.3.4", clock) is None
        clients.created("1.2.3.4", clock)
    assert clients.wait("1.2.3.4", 30.0) == 30.0  # the first of the minute leaves it at 60 s
    assert clients.wait("5.6.7.8", 30.0) is None  # another client is not held back
    assert clients.wait("1.2.3.4", 60.0) is None


def test_a_client_has_at_most_its_connections_open_and_the_next_is_closed_with_a_reason() -> None:
    with client(client_connections=3) as c:
        room = create(c)
        with joined(c, f"/ws/{room}") as a, joined(c, f"/ws/{room}"), joined(c, f"/ws/{room}"):
            until(a, is_state)
            with c.websocket_connect(f"/ws/{room}") as extra:
                code, reason, told = refused(extra)
            assert code == TOO_MANY and reason == "too many connections", (code, reason)
            assert "at most 3 open at once from one client" in told
            a.send_json({"type": "ping"})
            until(a, lambda m: m["type"] == "pong")  # the others stay
        with joined(c, f"/ws/{room}") as again:  # closed ones are no longer counted
            assert until(again, is_state)["room"] == room


def test_a_room_has_at_most_its_spectators_and_its_seats_still_connect() -> None:
    with client(room_spectators=2) as c:
        room = create(c)
        token = join(c, room, "ana")
        with joined(c, f"/ws/{room}") as a, joined(c, f"/ws/{room}"):
            until(a, is_state)
            with joined(c, f"/ws/{room}") as third:
                code, reason, told = refused(third)
            assert (code, reason) == (TOO_MANY, "too many spectators") and "at most 2" in told
            with joined(c, f"/ws/{room}", token) as seat:
                assert until(seat, is_state)["seat"] == 0


def test_a_thousand_idle_websockets_of_one_client_do_not_hold_a_room_up() -> None:
    """A person plays a greedy bot while the same client opens 1,000 websockets that say
    nothing: the limit refuses all but a few, and the match goes on."""
    with client(client_connections=LIMITS.client_connections) as c:
        room = create(c, bots={"1": "greedy"})
        token = join(c, room, "ana")
        other = create(c)
        with joined(c, f"/ws/{room}", token) as ana:
            until(ana, to_move)
            held: List[Any] = []
            codes: "collections.Counter[int]" = collections.Counter()
            for _ in range(1000):
                ws = c.websocket_connect(f"/ws/{other}").__enter__()
                if len(held) < LIMITS.client_connections - 1:
                    held.append(ws)  # open, idle: no hello
                    continue
                codes[refused(ws)[0]] += 1
                ws.__exit__(None, None, None)
            assert codes == {TOO_MANY: 1000 - len(held)}, codes
            for _ in range(5):  # the person's moves, each answered by the bot
                ana.send_json({"type": "move", "index": 0})
                m = until(ana, to_move)
            assert m["ply"] >= 10
            for ws in held:
                ws.__exit__(None, None, None)


def test_a_room_with_no_person_connected_is_abandoned_and_kept(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    with client(db, idle_room=0.3) as c:
        left = create(c, bots={"1": "greedy"})
        token = join(c, left, "ana")
        bots_only = create(c, bots={"0": "greedy", "1": "greedy"}, target=10**6)
        stays = create(c, bots={"1": "greedy"})
        with joined(c, f"/ws/{stays}", join(c, stays, "bo")) as bo:
            until(bo, to_move)
            with joined(c, f"/ws/{left}", token) as ana:
                until(ana, to_move)
                ana.send_json({"type": "move", "index": 0})
                until(ana, to_move)
            eventually(lambda: all(c.get(f"/api/rooms/{r}").json()["abandoned"] for r in (left, bots_only)))
            assert not c.get(f"/api/rooms/{stays}").json()["abandoned"]  # a person is there
            listed = [r["room"] for r in c.get("/api/rooms").json()["rooms"]]
            assert left not in listed and bots_only not in listed
            assert {r["room"] for r in c.get("/api/rooms?all=1").json()["rooms"]} == {left, bots_only, stays}
            sit = c.post(f"/api/rooms/{left}/seats", json={"name": "cy"})
            assert sit.status_code == 409 and "abandoned" in sit.json()["message"]
            with joined(c, f"/ws/{left}", token) as back:
                code, reason, told = refused(back)
            assert (code, reason) == (GONE, "room abandoned") and "abandoned" in told
            plies = c.get(f"/api/rooms/{bots_only}").json()["ply"]
    with client(db, idle_room=0.3) as c:  # a restart: still abandoned, its bots still
        info = c.get(f"/api/rooms/{bots_only}").json()
        assert info["abandoned"] and info["ply"] == plies
        bo_room = c.get(f"/api/rooms/{stays}").json()
        assert not bo_room["abandoned"]


# -- no secret in a log ---------------------------------------------------------------------------


def test_quinza_serve_logs_no_token_nor_any_part_of_one(tmp_path: Path) -> None:
    """`quinza serve`'s whole log (uvicorn's access lines, the websockets' lines, ours)
    while two seats sit, connect, play and reconnect, and a client puts its token in the
    URL as clients once did: no token, nor 8 characters of one, is in it."""
    pytest.importorskip("websockets.sync.client")
    from websockets.sync.client import connect

    from .test_server import Served, receive_until

    log_path = tmp_path / "serve.log"
    with open(log_path, "w") as log:
        served = Served(tmp_path / "g.sqlite", log)
        try:
            room = served.post("/api/rooms", {"rules": "escoba", "players": 2})["room"]
            tokens = [served.post(f"/api/rooms/{room}/seats", {"name": n})["token"] for n in ("ana", "bo")]
            for _ in range(2):  # connect, play, drop, and again
                with served.ws(f"/ws/{room}", tokens[0]) as a, served.ws(f"/ws/{room}", tokens[1]) as b:
                    for _ in range(3):
                        states = [receive_until(ws, is_state) for ws in (a, b)]
                        (a, b)[states[0]["view"]["turn"]].send('{"type": "move", "index": 0}')
                        for ws in (a, b):
                            receive_until(ws, lambda m: m["type"] == "played")
            with connect(f"ws://127.0.0.1:{served.port}/ws/{room}?token={tokens[0]}", open_timeout=5) as old:
                assert "URL" in receive_until(old, lambda m: m["type"] == "error")["message"]
        finally:
            served.stop()
    text = log_path.read_text()
    assert f"/ws/{room}?token=*" in text and "/api/rooms" in text, text  # captured, the query's value hidden
    for token in tokens:
        parts = {token[i:i + 8] for i in range(len(token) - 7)}
        assert not [p for p in parts if p in text], text


def test_a_thousand_idle_websockets_on_loopback_do_not_hold_a_room_up() -> None:
    """The same through uvicorn on loopback, the 1,000 websockets opened at once by one
    client while a person plays: the server closes all but a few (4429), and the
    person's moves are each answered."""
    pytest.importorskip("websockets.asyncio.client")
    import asyncio
    import json

    import httpx
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from .server_util import served_on_loopback

    async def idle(url: str) -> Any:
        """A websocket that says nothing: its close code (None: still open at the end)."""
        try:
            async with connect(url, open_timeout=60) as ws:
                async for _ in ws:
                    pass
                return ws.close_code
        except (ConnectionClosed, OSError) as error:
            return getattr(getattr(error, "rcvd", None), "code", type(error).__name__)

    async def play(url: str, token: str) -> int:
        async with connect(url, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            moves = 0
            async for text in ws:
                m = json.loads(text)
                if to_move(m):
                    if moves == 5:
                        return int(m["ply"])
                    await ws.send('{"type": "move", "index": 0}')
                    moves += 1
        raise AssertionError("the person's connection closed")

    async def main(base: str) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            room = (await http.post("/api/rooms", json={"rules": "escoba", "bots": {"1": "greedy"}})).json()["room"]
            token = (await http.post(f"/api/rooms/{room}/seats", json={"name": "ana"})).json()["token"]
            other = (await http.post("/api/rooms", json={"rules": "escoba"})).json()["room"]
        ws_base = base.replace("http", "ws")
        person = asyncio.ensure_future(play(f"{ws_base}/ws/{room}", token))
        await asyncio.sleep(0)
        flood = [asyncio.ensure_future(idle(f"{ws_base}/ws/{other}")) for _ in range(1000)]
        assert await asyncio.wait_for(person, 120) >= 10
        done, pending = await asyncio.wait(flood, timeout=120)
        codes = collections.Counter(task.result() for task in done)
        assert codes[TOO_MANY] >= 1000 - LIMITS.client_connections, codes
        for task in pending:
            task.cancel()

    from quinza.server import create_app

    with served_on_loopback(create_app(bot_delay=0, hello_wait=5)) as base:
        asyncio.run(main(base))
