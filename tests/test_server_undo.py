"""Undo by consent (docs/reference/wire.md "Undo by consent"): a seat asks, every person whose
move it takes back answers; on every agreement the seat's last move and all since are
taken back, for everyone and in the store; a refusal cancels it; moves and bots wait
meanwhile; bad requests are errors. (The rooms' undo modes and the clock:
tests/test_server_integrity.py.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .server_util import Message, client, create, is_state, join, joined, to_move, until


def _undo(m: Message) -> bool:
    return m["type"] == "undo"


def _error(m: Message) -> bool:
    return m["type"] == "error"


def _play_until_turn(ana: Any, bo: Any, seat: int) -> Message:
    """Play (the first legal move) for ana and bo until it is `seat`'s turn, read through
    ana's states (the bot moves by itself); ana's state then."""
    while True:
        m = until(ana, is_state)
        turn = m["view"]["turn"]
        if turn == seat:
            return m
        if turn == 0:
            ana.send_json({"type": "move", "index": 0})
        elif turn == 1:
            until(bo, lambda x: to_move(x) and x["ply"] == m["ply"])
            bo.send_json({"type": "move", "index": 0})


def test_two_people_and_a_bot_undo_by_consent_and_the_store_forgets(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.db")
    with client(db, bot_delay=0.2) as c:
        room = create(c, "escoba", players=3, bots={"2": "greedy"}, undo="practice")
        ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
        server = c.app.state.server  # type: ignore[attr-defined]
        r = server.rooms[room]
        with joined(c, f"/ws/{room}", ana_token) as ana, \
                joined(c, f"/ws/{room}", bo_token) as bo, \
                joined(c, f"/ws/{room}") as watcher:
            # Errors: nothing to take back yet, a spectator, an answer with no request.
            bo.send_json({"type": "undo"})
            assert "no move to undo" in until(bo, _error)["message"]
            watcher.send_json({"type": "undo"})
            assert "spectators cannot" in until(watcher, _error)["message"]
            ana.send_json({"type": "undo", "agree": True})
            assert until(ana, _error)["message"] == "no undo was asked: there is nothing to answer"

            for ws in (ana, bo):  # their first states were read past: the state again
                ws.send_json({"type": "state"})

            # ana and bo move, then ana asks while the bot is to reply: the bot waits; bo refuses.
            m = _play_until_turn(ana, bo, 0)
            before_ana = m["ply"]
            ana.send_json({"type": "move", "index": 0})
            until(bo, lambda x: to_move(x) and x["ply"] == before_ana + 1)
            bo.send_json({"type": "move", "index": 0})
            until(ana, lambda x: is_state(x) and x["ply"] == before_ana + 2)
            ana.send_json({"type": "undo"})
            asked = until(bo, _undo)
            assert asked == {"type": "undo", "ply": before_ana + 2, "status": "asked", "asked_by": 0,
                             "back_to": before_ana, "waiting": [1]}
            assert until(watcher, _undo) == asked
            assert until(ana, _undo) == asked
            with joined(c, f"/ws/{room}", bo_token) as again:  # a reconnection is asked again
                assert until(again, is_state)["ply"] == before_ana + 2 and until(again, _undo) == asked
            ana.send_json({"type": "undo"})
            assert "already asked" in until(ana, _error)["message"]
            ana.send_json({"type": "undo", "agree": True})
            assert "you asked for this undo" in until(ana, _error)["message"]
            bo.send_json({"type": "undo", "agree": "yes"})
            assert '"agree" is true or false' in until(bo, _error)["message"]
            time.sleep(0.6)  # three times the bot's delay: it would have moved
            assert r.ply == before_ana + 2 and r.game.turn == 2
            bo.send_json({"type": "undo", "agree": False})
            refused = until(ana, _undo)
            assert refused["status"] == "refused" and refused["seat"] == 1 and refused["asked_by"] == 0
            bo.send_json({"type": "undo", "agree": False})
            assert "no undo was asked" in until(bo, _error)["message"]

            # ana moves, bo and the bot reply; ana asks, bo agrees: three moves go back.
            m = _play_until_turn(ana, bo, 0)
            back_to, game_json = m["ply"], r.game.to_json()
            states_before = m
            ana.send_json({"type": "move", "index": 0})
            m = _play_until_turn(ana, bo, 0)
            assert m["ply"] == back_to + 3
            ana.send_json({"type": "undo"})
            until(bo, lambda x: _undo(x) and x["status"] == "asked")
            bo.send_json({"type": "move", "index": 0})  # only the seat to act may move on
            assert "asked to undo: moves wait" in until(bo, _error)["message"]
            bo.send_json({"type": "undo", "agree": True})
            done = until(ana, lambda x: _undo(x) and x["status"] == "done")
            assert done["asked_by"] == 0 and done["back_to"] == back_to
            state = until(ana, is_state)
            assert state["ply"] == back_to and state["view"] == states_before["view"]
            assert state["legal_moves"] == states_before["legal_moves"]
            assert until(watcher, lambda x: is_state(x) and x["ply"] == back_to)["view"]["turn"] == 0
            assert r.game.to_json() == game_json and r.ply == back_to
            assert len(server.store.moves(room, 0)) == back_to
    with client(db) as c:  # a restart on the same file: the undone moves are gone
        assert c.app.state.server.rooms[room].game.to_json() == game_json  # type: ignore[attr-defined]


def test_with_no_other_person_the_undo_is_at_once() -> None:
    with client() as c:
        room = create(c, "escoba", players=2, bots={"1": "greedy"}, undo="practice")
        token = join(c, room, "ana", 0)
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", token) as ana:
            m = until(ana, to_move)
            back_to, game_json = m["ply"], r.game.to_json()
            ana.send_json({"type": "move", "index": 0})
            until(ana, lambda x: to_move(x) and x["ply"] == back_to + 2)
            ana.send_json({"type": "undo"})
            done = until(ana, _undo)
            assert done == {"type": "undo", "ply": back_to, "status": "done", "asked_by": 0, "back_to": back_to,
                            "waiting": []}
            assert until(ana, is_state)["legal_moves"] == m["legal_moves"]
            assert r.game.to_json() == game_json


def _asked_by_ana(ana: Any, bo: Any) -> Message:
    """ana (seat 0) and bo (seat 1) play until ana and then bo move, then ana asks to take
    both back (bo's answer is asked): the `asked` message."""
    m = _play_until_turn(ana, bo, 0)
    ana.send_json({"type": "move", "index": 0})
    until(bo, lambda x: to_move(x) and x["ply"] == m["ply"] + 1)
    bo.send_json({"type": "move", "index": 0})
    until(ana, lambda x: is_state(x) and x["ply"] == m["ply"] + 2)
    ana.send_json({"type": "undo"})
    return until(ana, lambda x: _undo(x) and x["status"] == "asked")


def test_an_undo_that_waits_outlives_a_restart_and_is_answered_after(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.db")
    with client(db) as c:
        room = create(c, "escoba", players=2)
        ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
        with joined(c, f"/ws/{room}", ana_token) as ana, \
                joined(c, f"/ws/{room}", bo_token) as bo:
            asked = _asked_by_ana(ana, bo)
        game_json = c.app.state.server.rooms[room].game.to_json()  # type: ignore[attr-defined]
    with client(db) as c:  # the same file, a new app: the request is still there
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        assert r.undo is not None and r.game.to_json() == game_json
        with joined(c, f"/ws/{room}", bo_token) as bo:
            assert until(bo, _undo) == {**asked, "ply": asked["ply"]}
            bo.send_json({"type": "move", "index": 0})
            assert "asked to undo: moves wait" in until(bo, _error)["message"]
            bo.send_json({"type": "undo", "agree": True})
            assert until(bo, _undo)["status"] == "done"
            assert until(bo, is_state)["ply"] == asked["back_to"]
    with client(db) as c:  # taken back and settled, in the store too
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        assert r.undo is None and r.ply == asked["back_to"]


def test_an_undo_nobody_answers_lapses_and_play_goes_on(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.db")
    with client(db, undo_wait=0.3, bot_delay=0.05) as c:
        room = create(c, "escoba", players=3, bots={"2": "greedy"}, timer=30, undo="practice")
        ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", ana_token) as ana, \
                joined(c, f"/ws/{room}", bo_token) as bo:
            asked = _asked_by_ana(ana, bo)  # bo never answers
            lapsed = until(ana, _undo)
            assert lapsed["status"] == "lapsed" and lapsed["waiting"] == [1] and lapsed["asked_by"] == 0
            state = until(ana, is_state)  # the state again
            assert state["ply"] == asked["ply"]
            assert r.undo is None and r.ply == asked["ply"]
    with client(db) as c:
        assert c.app.state.server.rooms[room].undo is None  # type: ignore[attr-defined]


def test_a_refusal_sends_the_state_again(tmp_path: Path) -> None:
    with client() as c:
        room = create(c, "escoba", players=2, timer=30)
        ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
        with joined(c, f"/ws/{room}", ana_token) as ana, \
                joined(c, f"/ws/{room}", bo_token) as bo:
            asked = _asked_by_ana(ana, bo)
            until(bo, lambda x: _undo(x) and x["status"] == "asked")
            bo.send_json({"type": "undo", "agree": False})
            assert until(ana, _undo)["status"] == "refused"
            state = until(ana, is_state)  # ana's turn, its time what was left of it
            assert state["ply"] == asked["ply"] and "legal_moves" in state and 0 < state["time_left"] <= 30
