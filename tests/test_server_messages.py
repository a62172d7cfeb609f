"""The one list of the wire's messages (quinza/server/messages.py): the server reads every
client frame against it, with words made from it; it builds every message it sends
through it, so a message unlike its entry fails where it is made; `quinza join`'s client
reads the server's messages against it; and docs/reference/messages.md is written from it
(scripts/make_messages_doc.py)."""

from __future__ import annotations

import importlib.util
import json
import re
import random
from pathlib import Path
from typing import List

import pytest

from .server_util import Message, client, create, is_state, join, joined, over, play_seat, until

import quinza  # noqa: E402
from quinza.server import frames  # noqa: E402
from quinza.server.messages import AFTER_HELLO, CLIENT, KINDS, SERVER, BadMessage, build, heard, read  # noqa: E402

from starlette.websockets import WebSocketDisconnect  # noqa: E402

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "make_messages_doc.py"


def test_the_committed_page_is_what_the_script_writes() -> None:
    if not SCRIPT.is_file():
        pytest.skip("the repository's scripts are not here")
    spec = importlib.util.spec_from_file_location("make_messages_doc", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for path, text in script.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"not current (run python {SCRIPT.name})"
        for kinds in KINDS.values():  # every type and field is on the page
            for kind in kinds.values():
                assert f"### `{kind.name}` ({kind.sender})" in text
                assert all(f"| `{f.name}` |" in text for f in kind.fields), kind.name


def test_every_client_type_is_handled_and_only_those() -> None:
    assert set(frames.HANDLERS) == set(AFTER_HELLO) == set(KINDS[CLIENT]) - {"hello"}


def test_a_frame_is_read_against_its_entry_with_words_made_from_the_list() -> None:
    after_hello = [k for k in KINDS[CLIENT] if k != "hello"]
    listed = ", ".join(after_hello[:-1]) + " or " + after_hello[-1]
    refusals = [
        ([1, 2], f'a message is a JSON object with a "type": {listed}'),
        ({"type": "dance"}, f'unknown message type "dance": send {listed}'),
        ({"type": "hello"}, f"a hello is not sent here: send {listed}"),
        ({"type": "move", "index": True}, '"index" is a whole number, not true'),
        ({"type": "move", "move": 5}, '"move" is text, not 5'),
        ({"type": "move", "index": 0, "ply": None}, '"ply" is a whole number, not null'),
        ({"type": "move"}, 'a move gives "move" (the move\'s notation'),
        ({"type": "undo", "agree": "yes"}, '"agree" is true or false, not "yes"'),
    ]
    for frame, words in refusals:
        with pytest.raises(BadMessage) as refused:
            read(frame, CLIENT, expected=after_hello)
        assert str(refused.value).startswith(words), (frame, str(refused.value))
    # A field the list does not give is passed over: a newer client may send more.
    assert read({"type": "ping", "pad": 1}, CLIENT) == {"type": "ping", "pad": 1}


def test_a_message_unlike_its_entry_is_not_built() -> None:
    assert build("pong", ply=3) == {"type": "pong", "ply": 3}
    for kind, fields, words in [
        ("pong", {}, 'a pong message gives "ply"'),
        ("pong", {"ply": "3"}, '"ply" is a whole number, not "3"'),
        ("pong", {"ply": 3, "extra": 1}, 'a pong message has no "extra"'),
        ("seat", {"ply": 0, "seat": 0, "name": 7, "connected": True}, '"name" is text or null, not 7'),
        ("state", {"ply": 0, "room": "r", "match": 0, "seat": None, "view": {}, "waiting": [], "timer": None,
                   "time_left": None, "undo": "off", "seats": [{"seat": 0, "name": None, "bot": None}]},
         'seats[0] gives "connected"'),
        ("played", {"ply": 1, "seat": 0, "stand_in": False, "events": [{"kind": "move", "card": "1o"}]},
         'events[0] has no "card"'),
        ("dance", {"ply": 0}, "no server message has the type 'dance'"),
    ]:
        with pytest.raises(BadMessage) as refused:
            build(kind, **fields)
        assert str(refused.value).startswith(words), (kind, str(refused.value))


def test_every_message_of_a_match_is_as_the_list_has_it() -> None:
    """A whole match against a bot, and a spectator's view of it: every message sent is
    its entry's to the letter (no field it does not list: `build` checks them again)."""
    seen: List[Message] = []
    with client() as c:
        room = create(c, players=2, target=1, bots={"1": "greedy"})
        token = join(c, room, "ana")
        with joined(c, f"/ws/{room}", token) as ana, joined(c, f"/ws/{room}") as spectator:
            play_seat(ana, random.Random(1), seen)
            until(spectator, over, seen)
            ana.send_json({"type": "ping"})
            ana.send_json({"type": "dance"})
            until(ana, lambda m: m["type"] == "error", seen)
    kinds = {m["type"] for m in seen}
    assert {"log", "state", "played", "pong", "error"} <= kinds, kinds
    for m in seen:
        assert build(m["type"], **{k: v for k, v in m.items() if k != "type"}) == m


def test_a_hello_may_give_a_language_kept_on_its_connection() -> None:
    with client() as c:
        room = create(c, players=2)
        token = join(c, room, "ana")
        rooms = c.app.state.server.rooms  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{room}") as ws:
            ws.send_json({"type": "hello", "token": token, "lang": "es"})
            assert until(ws, is_state)["seat"] == 0
            assert [conn.lang for conn in rooms[room].connections] == ["es"]
        with joined(c, f"/ws/{room}") as ws:
            until(ws, is_state)
            assert [conn.lang for conn in rooms[room].connections] == [None]  # none given: the server's own
        for lang in ("es_ES", "x" * 36, "", 7, "fr;q=1"):
            with c.websocket_connect(f"/ws/{room}") as ws:
                ws.send_text(json.dumps({"type": "hello", "lang": lang}))
                told = ws.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert told["type"] == "error" and told["message"].startswith('"lang" is'), told
            assert closed.value.code == 4400


def test_the_remote_client_reads_the_servers_messages_against_the_list() -> None:
    from quinza.server.client import Seat

    seat = Seat(quinza, lambda game: game.legal_moves()[0], 0, lambda text: None)
    assert seat.hear({"type": "news", "ply": 0}) is None  # a newer server's type: passed over
    assert seat.hear({"type": "pong", "ply": 2}) == {"type": "pong", "ply": 2}
    assert heard({"type": "pong", "ply": 2, "more": 1}) is not None  # a newer server's field: passed over
    for bad in ({"type": "played", "ply": 1, "seat": "0", "stand_in": False, "events": []},
                {"type": "state", "ply": 0}, [1]):
        with pytest.raises(BadMessage):
            seat.hear(bad)


def test_the_hello_of_the_client_and_every_frame_it_sends_are_the_lists() -> None:
    for kind, fields in [("hello", {"token": "t"}), ("state", {}), ("move", {"move": "1o", "ply": 0})]:
        assert read(build(kind, CLIENT, **fields), CLIENT) == {"type": kind, **fields}
    with pytest.raises(BadMessage):
        build("move", CLIENT, move=1)
    assert all(kind.sender == SERVER for kind in KINDS[SERVER].values())


def test_the_browser_sends_and_handles_only_types_of_the_list() -> None:
    static = Path(frames.__file__).parent / "static"
    code = {p.name: p.read_text(encoding="utf-8") for p in static.glob("*.js")}
    sent = {t for text in code.values() for t in re.findall(r'\{type: "(\w+)"', text)}
    handled = set(re.findall(r"^  (\w+)(?:\(m\)|:)", code["table.js"].split("const HANDLERS = {")[1].split("\n};")[0],
                             re.M))
    assert {"hello", "move", "undo", "rematch"} <= sent <= set(KINDS[CLIENT]), sent
    assert {"state", "played", "log", "error"} <= handled <= set(KINDS[SERVER]), handled
