"""A websocket says who it is in its first frame (the hello): a seat's token never goes in
a URL, which access logs, proxies and browser histories keep."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from .server_util import client, create, is_state, join, joined, until

from starlette.websockets import WebSocketDisconnect  # noqa: E402  (after server_util's skip)


def closed_with(ws: Any) -> Any:
    """The error told, then the close."""
    told = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return told, closed.value


def test_a_seat_says_hello_with_its_token_and_plays() -> None:
    with client() as c:
        room = create(c, players=2)
        token = join(c, room, "ana")
        with joined(c, f"/ws/{room}", token) as ws:
            state = until(ws, is_state)
            assert state["seat"] == 0 and "hand" in state["view"]


def test_a_hello_without_a_token_watches() -> None:
    with client() as c:
        room = create(c, players=2)
        with joined(c, f"/ws/{room}") as ws:
            assert until(ws, is_state)["seat"] is None


@pytest.mark.parametrize("first", [
    {"type": "state"},
    {"type": "hello", "token": 7},
    "not json",
    [1, 2],
])
def test_a_first_frame_that_is_no_hello_is_told_and_closed(first: Any) -> None:
    with client() as c:
        room = create(c, players=2)
        with c.websocket_connect(f"/ws/{room}") as ws:
            ws.send_text(first if isinstance(first, str) else json.dumps(first))
            told, closed = closed_with(ws)
    assert told["type"] == "error" and '{"type": "hello", "token": T}' in told["message"]
    assert closed.code == 4400


def test_a_token_in_the_url_is_refused_and_the_seat_stays_free_of_it() -> None:
    with client() as c:
        room = create(c, players=2)
        token = join(c, room, "ana")
        with c.websocket_connect(f"/ws/{room}?token={token}") as ws:
            told, closed = closed_with(ws)
        assert "never goes in the URL" in told["message"] and closed.code == 4400
        assert token not in told["message"]


def test_no_hello_in_time_is_closed() -> None:
    with client(hello_wait=0.2) as c:
        room = create(c, players=2)
        with c.websocket_connect(f"/ws/{room}") as ws:
            told, closed = closed_with(ws)
    assert "no hello within 0.2 seconds" in told["message"] and closed.code == 4400


def test_a_served_room_logs_no_token(caplog: Any) -> None:
    """Everything the server logs while seats sit down and play carries no part of a token."""
    caplog.set_level(logging.DEBUG)
    with client() as c:
        room = create(c, players=2, bots={"1": "greedy"})
        token = join(c, room, "ana")
        with joined(c, f"/ws/{room}", token) as ws:
            for _ in range(3):
                state = until(ws, lambda m: is_state(m) and "legal_moves" in m)
                ws.send_json({"type": "move", "index": 0})
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert token[:8] not in logged and token[-8:] not in logged
