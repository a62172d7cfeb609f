"""A frame fuzzer: whatever a client sends (text that is not JSON, bytes, JSON of any shape,
messages of every type with fields of any kind, frames past the size limit) the server
answers that client alone, keeps its connection, and changes nothing in the room when the
sender is a seat not to act or a spectator. The seat to act still plays afterwards."""

from __future__ import annotations

import json
from typing import Any, List

from hypothesis import given, settings
from hypothesis import strategies as st

from .server_util import Message, client, create, is_state, join, joined, to_move, until

TYPES = ["move", "state", "rematch", "undo", "ping", "hello", "dance", "", "MOVE", None, 3]
leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                 st.text(max_size=30), st.sampled_from(["1o", "7o x 1o", "Ah", "JK", "pass", "double"]))
json_value = st.recursive(leaf, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                        st.dictionaries(st.text(max_size=8), kids, max_size=4)),
                          max_leaves=12)
message = st.fixed_dictionaries({"type": st.sampled_from(TYPES)},
                                optional={"move": json_value, "index": json_value, "agree": json_value,
                                          "ply": st.one_of(st.integers(0, 3), json_value), "token": json_value,
                                          "extra": json_value})
frame = st.one_of(
    message.map(lambda m: ("text", json.dumps(m))),
    json_value.map(lambda v: ("text", json.dumps(v))),
    st.text(max_size=60).map(lambda t: ("text", t)),
    st.binary(max_size=60).map(lambda b: ("bytes", b)),
    st.integers(4097, 9000).map(lambda n: ("text", json.dumps({"type": "ping", "pad": "x" * n}))),
)


def _send(ws: Any, kind: str, data: Any) -> None:
    if kind == "bytes":
        ws.send_bytes(data)
    else:
        ws.send_text(data)


@settings(max_examples=25)
@given(st.lists(st.tuples(st.booleans(), frame), min_size=1, max_size=12), st.sampled_from(["escoba", "quinte"]))
def test_no_frame_breaks_the_server_or_another_connection(frames: List[Any], rules: str) -> None:
    with client() as c:
        players = 4 if rules == "quinte" else 2
        room = create(c, rules, players=players)
        # Every seat taken: a room waits for its free seats before any move.
        tokens = [join(c, room, f"p{s}", s) for s in range(players)]
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        start, turn = r.game.to_json(), r.game.turn
        waiter_seat = 1 - turn if turn in (0, 1) else 0
        with joined(c, f"/ws/{room}", tokens[waiter_seat]) as waiter, \
                joined(c, f"/ws/{room}") as spectator:
            for ws in (waiter, spectator):
                until(ws, is_state)
            for from_spectator, (kind, data) in frames:
                ws = spectator if from_spectator else waiter
                _send(ws, kind, data)
                ws.send_json({"type": "ping"})
                got: List[Message] = []
                until(ws, lambda m: m["type"] == "pong", got)  # the connection still answers
                assert all("ply" in m and "type" in m for m in got)
                assert all(m["type"] in ("error", "state", "pong", "seat") for m in got), got
            assert r.game.to_json() == start and r.undo is None and r.ply == 0
        # The seat to act plays on as if nothing had happened.
        if turn in (0, 1):
            with joined(c, f"/ws/{room}", tokens[turn]) as mover:
                until(mover, to_move)
                mover.send_json({"type": "move", "index": 0})
                assert until(mover, lambda m: is_state(m) and m["ply"] == 1)["ply"] == 1
