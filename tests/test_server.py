"""The game server (quinza.server, docs/reference/wire.md): rooms, seats and their tokens, a
match played over websockets to its record, the wire contract's names, mounting under a
prefix, reconnection, the turn timer, and a restart on the same store."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, List

from .server_util import Message, client, create, is_state, join, joined, over, play_seat, to_move, until

import quinza  # noqa: E402


def test_rooms_are_created_listed_and_joined_and_a_taken_seat_is_409() -> None:
    with client() as c:
        r = c.post("/api/rooms", json={"rules": "escoba", "players": 2, "target": 21,
                                       "options": {"setenta": "sum"}, "bots": {"1": "greedy"}})
        assert r.status_code == 201
        room = r.json()["room"]
        assert r.json()["rules"] == quinza.Rules("escoba", players=2, target=21, setenta="sum").to_dict()
        lobby = c.get("/api/rooms").json()["rooms"]
        assert [(x["room"], x["free"]) for x in lobby] == [(room, [0])]
        assert "seed" not in str(lobby)
        taken = c.post(f"/api/rooms/{room}/seats", json={"name": "bo", "seat": 1})
        assert taken.status_code == 409 and "taken by the bot greedy" in taken.json()["message"]
        ana = c.post(f"/api/rooms/{room}/seats", json={"name": "ana"}).json()
        assert ana["seat"] == 0 and len(ana["token"]) >= 32
        full = c.post(f"/api/rooms/{room}/seats", json={"name": "bo"})
        assert full.status_code == 409 and full.json()["message"] == "every seat of this room is taken"
        # No free seat: in the lobby to watch (the lobby lists full rooms too).
        assert [(x["room"], x["free"]) for x in c.get("/api/rooms").json()["rooms"]] == [(room, [])]
        assert [x["room"] for x in c.get("/api/rooms?all=1").json()["rooms"]] == [room]
        early = c.get(f"/api/rooms/{room}/record")
        assert early.status_code == 409 and "not over" in early.json()["message"]
        assert c.get("/api/rooms/nope/record").status_code == 404
        assert c.post("/api/rooms/nope/seats", json={"name": "x"}).status_code == 404
        for bad in ({"rules": "chess"}, {"rules": "escoba", "players": 7}, {"rules": "escoba", "bots": {"5": "greedy"}},
                    {"rules": "escoba", "bots": {"1": "nobot"}}, {"rules": "escoba", "bots": {"1": "os:system"}},
                    {"rules": "escoba", "timer": -1}, {"rules": "escoba", "colour": "red"}, ["escoba"]):
            r = c.post("/api/rooms", json=bad)
            assert r.status_code == 400 and r.json()["message"], bad
        assert c.post(f"/api/rooms/{room}/seats", json={"name": ""}).status_code == 400


def test_a_person_and_a_bot_play_escoba_to_the_end_and_the_record_reads_back(q: Any) -> None:
    with client(engine=q.BACKEND) as c:
        room = create(c, "escoba", players=2, bots={"1": "pimc:worlds=4,depth=0"})
        token = join(c, room, "ana")
        seen: List[Message] = []
        with joined(c, f"/ws/{room}", token) as ws:
            last = play_seat(ws, random.Random(1), seen)
        first = next(m for m in seen if is_state(m))
        assert first["seat"] == 0 and "hand" in first["view"]
        plies = [m["ply"] for m in seen]
        assert plies == sorted(plies) and last["ply"] == plies[-1] > 20
        for m in seen:  # legal moves are the seat's own, in legal_moves() order, when it must move
            if is_state(m):
                assert ("legal_moves" in m) == (m["view"]["turn"] == 0)
        played = [m for m in seen if m["type"] == "played"]
        # Every move after the connection is told, in order (the bot may have moved first).
        assert [m["ply"] for m in played] == list(range(first["ply"] + 1, last["ply"] + 1))
        assert {m["seat"] for m in played} == {0, 1}
        record = c.get(f"/api/rooms/{room}/record")
        assert record.status_code == 200
        game = q.Game.from_record(record.text)
        assert game.is_over and game.scores == last["view"]["scores"]
        moves = [str(e.move) for e in game.history if e.kind == "move"]
        assert len(moves) == last["ply"] and moves[first["ply"]:] == [m["events"][0]["move"] for m in played]
        assert '[Seat0 "ana"]' in record.text and '[Seat1 "bot pimc:worlds=4,depth=0"]' in record.text


def test_the_moves_of_the_state_are_in_legal_moves_order_and_the_view_is_the_observation() -> None:
    with client() as c:
        room = create(c, "quinte", bots={"1": "random", "2": "random", "3": "random"})
        token = join(c, room, "ana", 0)
        server = c.app.state.server  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", token) as ws:
            m = until(ws, to_move)
            game = server.rooms[room].game
            assert m["view"] == game.observation(0)
            assert m["legal_moves"] == [str(x) for x in game.legal_moves()]


def bad_frames(ws: Any, room: str) -> List[Any]:
    """Each bad input and the words its error must hold."""
    return [
        (lambda: ws.send_text("{not json"), "malformed JSON"),
        (lambda: ws.send_text("[" * 2000 + "]" * 2000), "nested too deep"),
        (lambda: ws.send_bytes(b'{"type": "move", "index": 0}'), "binary frames"),
        (lambda: ws.send_json({"type": "dance"}), 'unknown message type "dance"'),
        (lambda: ws.send_json([1, 2]), 'a JSON object with a "type"'),
        (lambda: ws.send_json({"move": "1o"}), 'a JSON object with a "type"'),
        (lambda: ws.send_text('{"type": "ping", "pad": "' + "x" * 5000 + '"}'), "at most 4096 characters"),
        (lambda: ws.send_json({"type": "move", "move": "1o x 2o 3o 4o"}), ""),  # illegal: the engine's words
        (lambda: ws.send_json({"type": "move", "move": "garbage"}), "invalid move 'garbage'"),
        (lambda: ws.send_json({"type": "move", "index": 99}), "there is no move 99"),
        (lambda: ws.send_json({"type": "move", "index": "1"}), '"index" is a whole number'),
        (lambda: ws.send_json({"type": "move"}), 'a move gives "move"'),
    ]


def test_every_bad_input_is_an_error_to_its_sender_alone_and_the_connection_stays() -> None:
    with client() as c:
        room = create(c, "escoba", players=2)
        other = create(c, "escoba", players=2)
        tokens = [join(c, room, "ana"), join(c, room, "bo")]
        stranger = join(c, other, "cy")
        server = c.app.state.server  # type: ignore[attr-defined]
        game = server.rooms[room].game
        start = game.to_json()
        with joined(c, f"/ws/{room}", tokens[0]) as a, \
                joined(c, f"/ws/{room}", tokens[1]) as b, \
                joined(c, f"/ws/{room}") as spectator, \
                joined(c, f"/ws/{room}", stranger) as wrong:
            mover, waiter = (a, b) if game.turn == 0 else (b, a)
            refused = until(wrong, lambda m: m["type"] == "error")
            assert "no seat of room" in refused["message"]
            assert until(wrong, is_state)["seat"] is None  # a spectator now
            for ws in (mover, waiter, spectator, wrong):  # what came before the cases
                ws.send_json({"type": "ping"})
                until(ws, lambda m: m["type"] == "pong")
            cases = bad_frames(mover, room) + [
                (lambda: waiter.send_json({"type": "move", "index": 0}), "'s turn, not seat"),
                (lambda: waiter.send_json({"type": "move", "index": 99}), "'s turn, not seat"),
                (lambda: waiter.send_json({"type": "move", "move": "no move"}), "'s turn, not seat"),
                (lambda: spectator.send_json({"type": "move", "index": 0}), "spectators cannot move"),
                (lambda: wrong.send_json({"type": "move", "index": 0}), "spectators cannot move"),
            ]
            senders = [mover] * len(bad_frames(mover, room)) + [waiter] * 3 + [spectator, wrong]
            for (send, words), ws in zip(cases, senders):
                send()
                error = ws.receive_json()
                assert error["type"] == "error" and words in error["message"] and error["ply"] == 0, (words, error)
                assert "Card(" not in error["message"] and "Move(" not in error["message"]
                ws.send_json({"type": "ping"})  # the connection still works
                assert ws.receive_json() == {"type": "pong", "ply": 0}
            assert game.to_json() == start
            # Nobody else heard of any of it: the next message of each is the real move.
            mover.send_json({"type": "move", "index": 0})
            for ws in (mover, waiter, spectator, wrong):
                assert ws.receive_json()["type"] == "played"


def test_a_flood_is_throttled_for_its_sender_alone(monkeypatch: Any) -> None:
    # The frames are read at a clock the test moves: a slow machine would otherwise refill
    # the bucket while the flood comes in (one frame every 0.2 s). The clock starts well
    # past the connections' own (the loop's), so they begin with full buckets.
    import quinza.server.app as app

    now = [time.monotonic() + 3600.0]
    handle_frame = app.handle_frame
    monkeypatch.setattr(app, "handle_frame", lambda room, conn, frame, clock: handle_frame(room, conn, frame, now[0]))
    with client(rate=5.0, burst=5) as c:
        room = create(c, "escoba", players=2)
        with joined(c, f"/ws/{room}") as flood, joined(c, f"/ws/{room}") as calm:
            until(flood, is_state)
            until(calm, is_state)
            for _ in range(30):
                flood.send_json({"type": "ping"})
            flood.send_json({"type": "state"})
            got = [flood.receive_json() for _ in range(6)]
            assert [m["type"] for m in got] == ["pong"] * 5 + ["error"]
            assert "too many messages" in got[-1]["message"]
            calm.send_json({"type": "ping"})
            assert calm.receive_json()["type"] == "pong"
            now[0] += 0.5  # the bucket fills again
            flood.send_json({"type": "ping"})
            assert flood.receive_json()["type"] == "pong"


def test_the_app_mounts_under_a_prefix_beside_other_routes() -> None:
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Mount, Route
    from starlette.testclient import TestClient

    from quinza.server import create_app

    async def hello(request: Any) -> PlainTextResponse:
        return PlainTextResponse("hello")

    outer = Starlette(routes=[Route("/hello", hello), Mount("/games", create_app(bot_delay=0))])
    with TestClient(outer) as c:
        assert c.get("/hello").text == "hello"
        room = create(c, "escoba", prefix="/games", players=2, bots={"1": "greedy"})
        token = join(c, room, "ana", prefix="/games")
        assert c.get("/api/rooms").status_code == 404
        with joined(c, f"/games/ws/{room}", token) as ws:
            ws.send_json({"type": "move", "index": 0})
            assert until(ws, lambda m: m["type"] == "played")["seat"] == 0
            assert until(ws, lambda m: m["type"] == "played")["seat"] == 1  # the bot answers


def test_reconnecting_gets_the_whole_state_and_the_others_are_told() -> None:
    with client() as c:
        room = create(c, "escoba", players=2)
        tokens = [join(c, room, "ana"), join(c, room, "bo")]
        with joined(c, f"/ws/{room}", tokens[0]) as a:
            until(a, is_state)
            with joined(c, f"/ws/{room}", tokens[1]) as b:
                first = until(b, is_state)
                back = until(a, lambda m: m["type"] == "seat" and m["seat"] == 1)
                assert back == {"type": "seat", "ply": 0, "seat": 1, "name": "bo", "connected": True}
            gone = until(a, lambda m: m["type"] == "seat")
            assert gone["seat"] == 1 and gone["connected"] is False
            with joined(c, f"/ws/{room}", tokens[1]) as b:
                again = until(b, is_state)
                assert again["view"] == first["view"] and again["seat"] == 1
                assert until(a, lambda m: m["type"] == "seat")["connected"] is True


def test_a_seat_out_of_time_has_the_stand_in_move_for_it_and_everyone_is_told() -> None:
    with client() as c:
        # A second: time enough for both seats to connect on a loaded machine before it runs out.
        room = create(c, "escoba", players=2, timer=1.0)
        tokens = [join(c, room, "ana"), join(c, room, "bo")]
        game = c.app.state.server.rooms[room].game  # type: ignore[attr-defined]
        slow = game.turn
        greedy = str(quinza.bot("greedy")(game.copy()))
        with joined(c, f"/ws/{room}", tokens[0]) as a, \
                joined(c, f"/ws/{room}", tokens[1]) as b:
            for ws in (a, b):
                state = until(ws, is_state)
                assert state["timer"] == 1.0 and 0 < state["time_left"] <= 1.0
                told = until(ws, lambda m: m["type"] == "timeout")
                assert told == {"type": "timeout", "ply": 0, "seat": slow}
                played = until(ws, lambda m: m["type"] == "played")
                assert played["stand_in"] is True and played["seat"] == slow
                assert played["events"][0]["move"] == greedy


def test_a_restart_on_the_same_file_resumes_every_room(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    rng = random.Random(3)
    # The first app's bots are slow: it stops while a bot is to move.
    with client(db, bot_delay=600) as c:
        room = create(c, "escoba", players=2)
        botted = create(c, "escoba", players=2, bots={"1": "greedy"})
        tokens = [join(c, room, "ana"), join(c, room, "bo")]
        solo = join(c, botted, "cy")
        server = c.app.state.server  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", tokens[0]) as a, \
                joined(c, f"/ws/{room}", tokens[1]) as b:
            for _ in range(7):
                for ws in (a, b):
                    m = until(ws, is_state)
                    if "legal_moves" in m:
                        ws.send_json({"type": "move", "index": rng.randrange(len(m["legal_moves"]))})
        if server.rooms[botted].game.turn == 0:
            with joined(c, f"/ws/{botted}", solo) as ws:
                ws.send_json({"type": "move", "index": 0})
                until(ws, lambda m: m["type"] == "played")
        assert server.rooms[botted].game.turn == 1
        before = {r: (server.rooms[r].game.to_json(), server.rooms[r].ply) for r in (room, botted)}
    with client(db) as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        assert server.rooms[room].ply == before[room][1] > 0
        assert server.rooms[room].game.to_json() == before[room][0]
        with joined(c, f"/ws/{room}", tokens[0]) as a, \
                joined(c, f"/ws/{room}", tokens[1]) as b:
            states = [until(ws, is_state) for ws in (a, b)]
            assert [s["seat"] for s in states] == [0, 1] and states[0]["ply"] == before[room][1]
            mover = (a, b)[server.rooms[room].game.turn]
            mover.send_json({"type": "move", "index": 0})
            assert until(mover, lambda m: m["type"] == "played")["ply"] == before[room][1] + 1
        with joined(c, f"/ws/{botted}", solo) as ws:  # the bot carried on
            m = until(ws, to_move)
            assert m["ply"] > before[botted][1] and m["view"]["turn"] == 0


def test_bots_play_a_whole_room_and_the_match_end_hook_gets_the_record() -> None:
    ended: List[Any] = []
    with client(on_match_end=lambda *args: ended.append(args)) as c:
        room = create(c, "quinte", bots={str(s): "random" for s in range(4)})
        with joined(c, f"/ws/{room}") as spectator:
            last = until(spectator, over)
    assert [(r, w) for r, w, _ in ended] == [(room, last["view"]["winner"])]
    assert quinza.Game.from_record(ended[0][2]).scores == last["view"]["scores"]


def test_the_authentication_hook_names_the_player_or_refuses() -> None:
    def who(request: Any) -> Any:
        return {"secret-ana": "Ana"}.get(request.headers.get("authorization", ""))

    with client(authenticate=who) as c:
        assert c.post("/api/rooms", json={"rules": "escoba"}).status_code == 401
        r = c.post("/api/rooms", json={"rules": "escoba"}, headers={"authorization": "secret-ana"})
        room = r.json()["room"]
        refused = c.post(f"/api/rooms/{room}/seats", json={"name": "eve"}, headers={"authorization": "nope"})
        assert refused.status_code == 401 and refused.json()["message"] == "sign in to take a seat"
        seat = c.post(f"/api/rooms/{room}/seats", json={"name": "eve"}, headers={"authorization": "secret-ana"})
        assert seat.status_code == 200
        assert c.get(f"/api/rooms/{room}").json()["seats"][seat.json()["seat"]]["name"] == "Ana"
        assert c.get("/api/rooms").status_code == 200  # the lobby is open


def test_a_rematch_in_the_same_room_keeps_the_seats_and_every_record(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    with client(db) as c:
        room = create(c, "escoba", players=2, bots={"1": "greedy"})
        token = join(c, room, "ana")
        with joined(c, f"/ws/{room}", token) as ws, joined(c, f"/ws/{room}") as spectator:
            ws.send_json({"type": "rematch"})
            assert "once the match is over" in until(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "state"})  # the state the wait above passed by
            last = play_seat(ws, random.Random(5))
            first = c.get(f"/api/rooms/{room}/record").text
            spectator.send_json({"type": "rematch"})
            assert "spectators cannot" in until(spectator, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "rematch"})
            for w in (ws, spectator):
                told = until(w, lambda m: m["type"] == "rematch")
                assert told == {"type": "rematch", "ply": 0, "match": 1, "seat": 0}
                state = until(w, is_state)
                assert state["match"] == 1 and state["view"]["turn"] is not None
                assert state["view"]["scores"] == [0, 0] and state["ply"] <= 1
        assert c.get(f"/api/rooms/{room}/record").status_code == 409  # the new match is not over
        assert c.get(f"/api/rooms/{room}/record?match=0").text == first
        assert c.get(f"/api/rooms/{room}/record?match=2").status_code == 404
        assert quinza.Game.from_record(first).scores == last["view"]["scores"]
        server = c.app.state.server  # type: ignore[attr-defined]
        before = (server.rooms[room].game.to_json(), server.rooms[room].seeds)
    with client(db) as c:
        again = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        assert (again.game.to_json(), again.seeds, again.match) == (*before, 1)
        assert c.get(f"/api/rooms/{room}/record?match=0").text == first
        with joined(c, f"/ws/{room}", token) as ws:
            assert until(ws, is_state)["match"] == 1


def test_a_registered_bot_that_fails_has_the_stand_in_move_for_it() -> None:
    from quinza._registry import REGISTRY

    def broken() -> Any:
        def move(game: Any) -> Any:
            raise RuntimeError("no idea")
        return move

    quinza.register_bot("server-test-broken", broken)
    try:
        with client() as c:
            room = create(c, "escoba", players=2, bots={"0": "server-test-broken", "1": "greedy"})
            seen: List[Message] = []
            with joined(c, f"/ws/{room}") as spectator:
                last = until(spectator, over, seen)
            assert last["seats"][0]["bot"] == "server-test-broken"
            assert {m["stand_in"] for m in seen if m["type"] == "played" and m["seat"] == 0} == {True}
            assert c.get(f"/api/rooms/{room}/record").status_code == 200
    finally:
        del REGISTRY.registered["server-test-broken"]


class Served:
    """`quinza serve` in a subprocess on a free loopback port, and its clients."""

    def __init__(self, db: Path, log: Any = None) -> None:
        """`log`: a file for what the server writes (its log), else nothing is kept."""
        import os
        import socket
        import subprocess
        import sys

        import httpx

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        cmd = [sys.executable, "-m", "quinza", "serve", "--port", str(self.port), "--db", str(db), "--bot-delay", "0"]
        out = subprocess.DEVNULL if log is None else log
        self.process = subprocess.Popen(cmd, env=env, stdout=out, stderr=out)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                httpx.get(f"{self.base}/api/rooms", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("quinza serve did not start")

    def post(self, path: str, body: Any) -> Any:
        import httpx

        return httpx.post(f"{self.base}{path}", json=body, timeout=5).json()

    def ws(self, path: str, token: str) -> Any:
        import json

        from websockets.sync.client import connect

        ws = connect(f"ws://127.0.0.1:{self.port}{path}", open_timeout=5)
        ws.send(json.dumps({"type": "hello", "token": token}))
        return ws

    def stop(self, kill: bool = False) -> None:
        self.process.kill() if kill else self.process.terminate()
        self.process.wait(timeout=10)


def receive_until(ws: Any, done: Any) -> Message:
    import json

    while True:
        m: Message = json.loads(ws.recv(timeout=10))
        if done(m):
            return m


def test_quinza_serve_runs_on_loopback_and_a_sigkill_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    served = Served(db)
    try:
        room = served.post("/api/rooms", {"rules": "escoba", "players": 2})["room"]
        tokens = [served.post(f"/api/rooms/{room}/seats", {"name": n})["token"] for n in ("ana", "bo")]
        with served.ws(f"/ws/{room}", tokens[0]) as a, served.ws(f"/ws/{room}", tokens[1]) as b:
            for _ in range(9):  # each move acknowledged to both seats before the next
                states = [receive_until(ws, is_state) for ws in (a, b)]
                (a, b)[states[0]["view"]["turn"]].send('{"type": "move", "index": 0}')
                for ws in (a, b):
                    receive_until(ws, lambda m: m["type"] == "played")
            views = [receive_until(ws, is_state) for ws in (a, b)]
        served.stop(kill=True)  # SIGKILL: no shutdown of any kind
        served = Served(db)
        with served.ws(f"/ws/{room}", tokens[0]) as a, served.ws(f"/ws/{room}", tokens[1]) as b:
            again = [receive_until(ws, is_state) for ws in (a, b)]
            assert [m["view"] for m in again] == [m["view"] for m in views]
            assert again[0]["ply"] == views[0]["ply"] == 9
            (a, b)[again[0]["view"]["turn"]].send('{"type": "move", "index": 0}')
            assert receive_until(a, lambda m: m["type"] == "played")["ply"] == 10
    finally:
        served.stop()


def test_room_ids_are_letters_and_digits_a_person_can_type() -> None:
    from quinza.server.rooms import ROOM_ID_LENGTH, ROOM_ID_LETTERS, new_room_id

    taken = {new_room_id(()) for _ in range(300)}
    assert len(taken) == 300
    assert all(len(i) == ROOM_ID_LENGTH and set(i) <= set(ROOM_ID_LETTERS) for i in taken)
    assert not set("01ilo-_") & set(ROOM_ID_LETTERS)
    assert new_room_id(taken) not in taken


def test_a_connection_that_leaves_its_messages_unread_is_closed_and_the_others_play_on() -> None:
    """Past `backlog` messages waiting, a connection is told to close (its pump sends the
    close, code 1008) and gets no more; the room and the other connections go on."""
    from quinza.server.connection import Connection

    BACKLOG = 200
    with client(backlog=BACKLOG) as c:
        room = create(c, "escoba", players=2, target=10**6)
        tokens = [join(c, room, "ana", 0), join(c, room, "bo", 1)]
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", tokens[0]) as ana, \
                joined(c, f"/ws/{room}", tokens[1]) as bo:
            # A spectator whose messages nobody sends (no pump: as a client that never reads).
            stuck = Connection(None, r.settings, 0.0)
            c.portal.call(lambda: r.connect(stuck))  # type: ignore[attr-defined]
            ws = {0: ana, 1: bo}
            ply = 0

            def move() -> None:
                """The seat to act (as ana's state at this ply says) plays its first move."""
                nonlocal ply
                turn = until(ana, lambda x: is_state(x) and x["ply"] == ply)["view"]["turn"]
                if turn == 1:  # ana's own state was read just now; bo reads its legal moves
                    until(bo, lambda x: to_move(x) and x["ply"] == ply)
                ws[turn].send_json({"type": "move", "index": 0})
                ply += 1

            while not stuck.closing:
                move()
                assert ply < BACKLOG, "the stuck connection was never closed"
            waiting = stuck.queue.qsize()
            assert waiting == BACKLOG + 1 and list(stuck.queue._queue)[-1] is None  # type: ignore[attr-defined]
            for _ in range(3):  # no more for it, and the match goes on for the others
                move()
            assert until(ana, lambda x: is_state(x) and x["ply"] == ply)["ply"] == ply
            assert stuck.queue.qsize() == waiting and r.ply == ply
