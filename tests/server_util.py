"""Helpers of the server tests (tests/test_server*.py): an app in process through
Starlette's TestClient, rooms made and joined over HTTP, and seats driven over websockets."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from quinza.server import create_app  # noqa: E402
from quinza.server.messages import build  # noqa: E402

Message = Dict[str, Any]


def client(db: str = ":memory:", **settings: Any) -> TestClient:
    """A test client of a new app: bots move at once, and no throttle (of frames, of rooms
    created a minute, or of websockets open: all of a test's come from one address, and
    a socket closed is counted out only when the server has read its close) unless asked."""
    settings = {"bot_delay": 0, "rate": 10_000.0, "burst": 10_000, "client_rooms": 10_000,
                "client_connections": 10_000, **settings}
    return TestClient(create_app(db, **settings))


@contextlib.contextmanager
def served_on_loopback(app: Any) -> Iterator[str]:
    """`app` served by uvicorn on a free loopback port, in a thread: its base URL."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class joined:
    """A websocket of `c` at `path` ("/ws/ID") that says hello on entering: a seat's with
    its `token`, a spectator's without; in `lang`, when given. Entered, it is the socket
    itself, whose own exit closes it (so `joined(...).__enter__()` may outlive this object)."""

    def __init__(self, c: TestClient, path: str, token: Optional[str] = None, lang: Optional[str] = None) -> None:
        self.session = c.websocket_connect(path)
        self.hello: Dict[str, Any] = {"type": "hello"} if token is None else {"type": "hello", "token": token}
        if lang is not None:
            self.hello["lang"] = lang

    def __enter__(self) -> Any:
        ws = self.session.__enter__()
        ws.send_json(self.hello)
        return ws

    def __exit__(self, *exc: Any) -> Any:
        return self.session.__exit__(*exc)


def create(c: TestClient, rules: str = "escoba", prefix: str = "", **body: Any) -> str:
    r = c.post(f"{prefix}/api/rooms", json={"rules": rules, **body})
    assert r.status_code == 201, r.text
    room: str = r.json()["room"]
    return room


def join(c: TestClient, room: str, name: str, seat: Optional[int] = None, prefix: str = "") -> str:
    body: Dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    r = c.post(f"{prefix}/api/rooms/{room}/seats", json=body)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def until(ws: Any, done: Callable[[Message], bool], seen: Optional[List[Message]] = None, most: int = 10_000) -> Message:
    """Receive until a message `done` holds for (returned); every message goes to `seen`."""
    for _ in range(most):
        m: Message = ws.receive_json()
        assert "type" in m and isinstance(m.get("ply"), int), m
        build(m["type"], **{k: v for k, v in m.items() if k != "type"})  # as the list of messages has it
        if seen is not None:
            seen.append(m)
        if done(m):
            return m
    raise AssertionError(f"no such message in {most}")


def is_state(m: Message) -> bool:
    return m["type"] == "state"


def to_move(m: Message) -> bool:
    return is_state(m) and "legal_moves" in m


def over(m: Message) -> bool:
    return is_state(m) and m["view"]["turn"] is None


def turn_or_over(m: Message) -> bool:
    return to_move(m) or over(m)


def play_seat(ws: Any, rng: random.Random, seen: Optional[List[Message]] = None) -> Message:
    """Play random legal moves for the seat of `ws` (by notation or by index, drawn)
    until the match is over; the last state."""
    while True:
        m = until(ws, turn_or_over, seen)
        if over(m):
            return m
        i = rng.randrange(len(m["legal_moves"]))
        ws.send_json({"type": "move", "index": i} if rng.random() < 0.5 else {"type": "move", "move": m["legal_moves"][i]})
