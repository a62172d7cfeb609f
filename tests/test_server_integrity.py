"""No one gains by the rules of the room (docs/reference/wire.md "Undo by consent" and
"What a client sends"): the turn's time runs on through an undo request, a seat asks
once a turn of its own, a takeback never gives a person a bot's card (the room's undo
mode), and a move frame answers the ply it was chosen at."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator, List, Optional, Set

import pytest

import quinza

from .server_util import Message, client, create, is_state, join, joined, to_move, until
from .test_server_leaks import card_texts, played_match

from quinza.server.undo import PRACTICE_NOTE  # noqa: E402 (the server's packages, checked by server_util)

TIMER = 2.0  # a room of two seats and a short timer: {"rules": "escoba", "players": 2, "timer": 2}


def _kind(*kinds: str) -> Any:
    return lambda m: m["type"] in kinds


def _status(*statuses: str) -> Any:
    return lambda m: m["type"] == "undo" and m["status"] in statuses


def _my_turn(ws: Any, ply: Optional[int] = None) -> Message:
    return until(ws, lambda m: to_move(m) and (ply is None or m["ply"] == ply))


def _moves(ws: Any, ply: int) -> Message:
    """ws (the seat to act at `ply`) plays its first legal move: the state after it."""
    _my_turn(ws, ply)
    ws.send_json({"type": "move", "index": 0, "ply": ply})
    return until(ws, lambda m: is_state(m) and m["ply"] == ply + 1)


@contextlib.contextmanager
def _two_people(c: Any, **body: Any) -> Iterator[Any]:
    """A room of escoba for ana (seat 0) and bo (seat 1), both connected: the room, the
    seat that deals first's socket, the other's, and that first seat."""
    room = create(c, "escoba", players=2, **body)
    ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
    with joined(c, f"/ws/{room}", ana_token) as ana, \
            joined(c, f"/ws/{room}", bo_token) as bo:
        start = until(ana, is_state)["view"]["turn"]
        ana.send_json({"type": "state"})  # the state again, for whoever reads it next
        yield c.app.state.server.rooms[room], *((ana, bo) if start == 0 else (bo, ana)), start


# -- the clock runs through undo --------------------------------------------------------


def test_asking_again_and_again_does_not_hold_the_turns_time() -> None:
    """A stall by undo: the seat to act asks to undo, the other refuses, it asks again at
    once, ...: the turn's deadline is kept through each refusal, a second request in the
    same turn is refused, and the time runs out (the stand-in moves for the asker)."""
    with client() as c:
        with _two_people(c, timer=TIMER) as (r, first, second, start):
            _moves(first, 0)
            _moves(second, 1)
            _moves(first, 2)
            asker, other = second, first  # to act at ply 3, with a move of its own to take back
            until(asker, lambda m: to_move(m) and m["ply"] == 3)
            deadline = r._deadline
            assert deadline is not None
            refusals, timeouts = [], []
            end = time.monotonic() + 5 * TIMER  # generous: the turn is TIMER long
            while not timeouts and time.monotonic() < end:
                asker.send_json({"type": "undo"})
                m = until(asker, _kind("undo", "error", "timeout"))
                if m["type"] == "undo":
                    other.send_json({"type": "undo", "agree": False})
                    m = until(asker, lambda x: x["type"] == "timeout" or _status("refused", "lapsed")(x))
                    if m["type"] == "undo":
                        assert r._deadline == deadline  # the time runs on: not started anew
                elif m["type"] == "error":
                    refusals.append(m["message"])
                    m = until(asker, _kind("timeout"))  # the time runs on, and out
                if m["type"] == "timeout":
                    timeouts.append(m)
            assert timeouts and timeouts[0]["seat"] == 1 - start and timeouts[0]["ply"] == 3
            assert refusals == ["you asked to undo once this turn: you may ask again after your next move"]
            played = until(asker, _kind("played"))
            assert played["stand_in"] and played["ply"] == 4


def test_a_request_lapses_when_the_turns_time_runs_out() -> None:
    with client(undo_wait=60) as c:
        with _two_people(c, timer=TIMER) as (r, first, second, start):
            _moves(first, 0)
            _moves(second, 1)  # first to act at ply 2: it asks, second never answers
            _my_turn(first, 2)
            first.send_json({"type": "undo"})
            assert until(first, _kind("undo"))["status"] == "asked"
            lapsed = until(first, _kind("undo"))
            assert lapsed["status"] == "lapsed" and lapsed["waiting"] == [1 - start]
            state = until(first, is_state)
            assert state["ply"] == 2 and state["time_left"] == 0  # lapsed at the turn's end
            assert until(first, _kind("timeout"))["seat"] == start
            assert until(first, _kind("played"))["stand_in"]


GATE = threading.Event()  # the gated bot chooses once it is set
CHOSEN: List[int] = []  # the gated bot's choices, one a call


def gated_bot(game: Any) -> Any:
    """A bot that waits for the test before it chooses (the first legal move)."""
    assert GATE.wait(60)
    CHOSEN.append(len(CHOSEN))
    return game.legal_moves()[0]


@contextlib.contextmanager
def _bot_to_act(**body: Any) -> Iterator[Any]:
    """A room of ana (seat 0), bo (1) and the gated bot (2), played until ana and then bo
    have moved and the bot is to act, its choice held back: the client, ana, bo, the
    room, the bot's ply."""
    GATE.set()
    CHOSEN.clear()
    with client(allow_imported_bots=True, bot_budget=120, **body.pop("settings", {})) as c:
        room = create(c, "escoba", players=3, bots={"2": f"{__name__}:gated_bot"}, **body)
        ana_token, bo_token = join(c, room, "ana", 0), join(c, room, "bo", 1)
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", ana_token) as ana, \
                joined(c, f"/ws/{room}", bo_token) as bo:
            while True:
                m = until(ana, lambda x: is_state(x) and x["view"]["turn"] is not None)
                turn = m["view"]["turn"]
                if turn == 1 and m["ply"] >= 1:
                    GATE.clear()  # the bot, next, is held
                if turn == 2 and m["ply"] >= 2:
                    break
                if turn == 0:  # ana's state is read: she moves at once
                    ana.send_json({"type": "move", "index": 0, "ply": m["ply"]})
                elif turn == 1:
                    _moves(bo, m["ply"])
            try:
                yield c, ana, bo, r, m["ply"]
            finally:
                GATE.set()


def _poll(done: Any, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not within the bound"
        time.sleep(0.01)


def test_a_bot_to_act_waits_while_a_request_waits() -> None:
    """Else a consent room could never take back a move the bot would reply to."""
    with _bot_to_act() as (c, ana, bo, r, ply):
        chosen = len(CHOSEN)
        ana.send_json({"type": "undo"})
        assert until(ana, _kind("undo"))["status"] == "asked"
        GATE.set()
        _poll(lambda: len(CHOSEN) > chosen)  # the bot chose meanwhile: its move is not played
        assert r.ply == ply and r.undo is not None
        bo.send_json({"type": "undo", "agree": False})
        assert until(ana, _kind("undo"))["status"] == "refused"
        assert until(ana, _kind("played"))["seat"] == 2  # it chooses again, and moves


def test_a_request_with_a_bot_to_act_lapses_after_the_rooms_timer() -> None:
    """No one holds a bot up longer than a turn's time by leaving a request unanswered."""
    with _bot_to_act(timer=TIMER, settings={"undo_wait": 3600}) as (c, ana, bo, r, ply):
        ana.send_json({"type": "undo"})
        assert until(ana, _kind("undo"))["status"] == "asked"
        assert until(ana, _kind("undo"))["status"] == "lapsed"  # bo never answers
        assert r.ply == ply
        GATE.set()
        assert until(ana, _kind("played"))["seat"] == 2


# -- a takeback never hands a person a card for free ---------------------------------------


@contextlib.contextmanager
def _against_a_bot(c: Any, undo: Optional[str]) -> Iterator[Any]:
    """ana plays, the bot replies, ana asks to undo: her socket, what she is told, her
    state before her move, the room."""
    body = {"bots": {"1": "greedy"}} if undo is None else {"bots": {"1": "greedy"}, "undo": undo}
    room = create(c, "escoba", players=2, **body)
    token = join(c, room, "ana", 0)
    r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
    with joined(c, f"/ws/{room}", token) as ws:
        before = _my_turn(ws)
        ws.send_json({"type": "move", "index": 0, "ply": before["ply"]})
        until(ws, lambda x: to_move(x) and x["ply"] == before["ply"] + 2)  # the bot replied
        ws.send_json({"type": "undo"})
        yield ws, until(ws, _kind("undo", "error")), before, r


def test_in_a_consent_room_a_bots_move_is_never_taken_back() -> None:
    with client() as c:
        with _against_a_bot(c, None) as (ws, told, before, r):  # consent is the default
            assert told["type"] == "error"
            assert told["message"] == ("a bot's move is never taken back in this room (undo by consent): "
                                       "ask before the bot replies")
            assert r.ply == before["ply"] + 2 and r.undo is None
            assert r.info()["undo"] == "consent"


def test_in_a_consent_room_the_stand_ins_move_for_an_empty_seat_is_never_taken_back(tmp_path: Path) -> None:
    """The stand-in plays an empty seat's hand: taking its move back would show its card.
    A room waits for every seat before its first move: an empty seat plays on only in
    a room of an older store that had moves before that rule, made here by writing its first
    move to the store and starting the server again."""
    db = str(tmp_path / "rooms.sqlite")
    with client(db) as c:
        room = create(c, "escoba", players=2, timer=TIMER)
        token = join(c, room, "ana", 0)  # seat 1 stays empty: the stand-in moves for it
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        r.store.add_move(room, 0, 1, r.game.turn, str(r.game.legal_moves()[0]))
    with client(db) as c:
        with joined(c, f"/ws/{room}", token) as ana:
            m = _my_turn(ana)
            ana.send_json({"type": "move", "index": 0, "ply": m["ply"]})
            _my_turn(ana, m["ply"] + 2)  # after the stand-in's move
            ana.send_json({"type": "undo"})
            assert until(ana, _kind("undo", "error"))["message"] == (
                "the stand-in's move for an empty seat is never taken back in this room (undo by consent)")


def test_in_an_off_room_every_undo_is_refused() -> None:
    with client() as c:
        with _against_a_bot(c, "off") as (ws, told, before, r):
            assert told["type"] == "error" and told["message"] == "undo is off in this room"
            assert r.ply == before["ply"] + 2


def test_in_a_practice_room_the_bots_move_is_taken_back_and_the_room_says_practice() -> None:
    ended = []
    with client(on_match_end=lambda room, winner, record: ended.append(record)) as c:
        with _against_a_bot(c, "practice") as (ws, told, before, r):
            assert told["status"] == "done" and told["back_to"] == before["ply"]
            state = until(ws, is_state)
            assert state["view"]["hand"] == before["view"]["hand"] and state["undo"] == "practice"
            assert r.info()["undo"] == "practice"
            assert [x["undo"] for x in c.get("/api/rooms?all=1").json()["rooms"] if x["room"] == r.id] == ["practice"]
            m = state  # ana's turn again: the match to its end, and its record says practice
            while m["view"]["turn"] is not None:
                ws.send_json({"type": "move", "index": 0, "ply": m["ply"]})
                m = until(ws, lambda x: to_move(x) or (is_state(x) and x["view"]["turn"] is None))
        record = c.get(f"/api/rooms/{r.id}/record").text
        assert PRACTICE_NOTE in record.split("\n") and ended and PRACTICE_NOTE in ended[0]
        assert quinza.Game.from_record(record).is_over  # the note is a comment: the record reads


def test_a_bad_undo_mode_is_refused_with_the_modes() -> None:
    with client() as c:
        r = c.post("/api/rooms", json={"rules": "escoba", "undo": "sometimes"})
        assert r.status_code == 400
        assert r.json()["message"] == '"undo" is "off", "consent" or "practice", not "sometimes"'


def test_a_database_from_before_undo_modes_opens_and_its_rooms_take_undo_by_consent(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.db")
    with client(db) as c:
        room = create(c, "escoba", players=2, undo="practice")
    with sqlite3.connect(db) as old:  # the file as a server before the modes wrote it
        old.execute("ALTER TABLE rooms DROP COLUMN undo")
    with client(db) as c:
        assert c.get(f"/api/rooms/{room}").json()["undo"] == "consent"
        made = create(c, "escoba", players=2, undo="off")
    with client(db) as c:
        assert c.get(f"/api/rooms/{made}").json()["undo"] == "off"


# -- a move answers a ply ---------------------------------------------------------------


def test_a_move_chosen_at_another_ply_is_refused_as_stale_and_changes_nothing() -> None:
    with client() as c:
        with _two_people(c) as (r, first, second, start):
            _moves(first, 0)
            m = _my_turn(second, 1)
            game_json = r.game.to_json()
            for ply in (0, 2, 7):
                second.send_json({"type": "move", "move": m["legal_moves"][0], "ply": ply})
                assert until(second, _kind("error"))["message"] == (
                    f"this move was chosen at ply {ply}; the match is at ply 1")
            for bad in ("1", 1.0, None, True, [1]):
                second.send_json({"type": "move", "index": 0, "ply": bad})
                told = until(second, _kind("error"))["message"]  # the words of the list of messages
                assert '"ply" is a whole number' in told and "the state the move was chosen from" in told, told
            assert r.game.to_json() == game_json and r.ply == 1
            second.send_json({"type": "move", "index": 0})  # no "ply": the ply the match is at
            assert until(second, is_state)["ply"] == 2


def test_a_move_sent_twice_at_its_ply_is_played_once_and_answered_twice() -> None:
    with client() as c:
        with _two_people(c) as (r, first, second, start):
            m = _my_turn(first, 0)
            for _ in range(2):  # a client that retries: the same frame again
                first.send_json({"type": "move", "move": m["legal_moves"][0], "ply": 0})
            seen: List[Message] = []
            until(first, lambda x: is_state(x) and x["ply"] == 1, seen)
            again = until(first, _kind("state", "error", "played"), seen)
            assert again["type"] == "state" and again["ply"] == 1  # answered again: not played, not refused
            assert [x["type"] for x in seen].count("played") == 1
            assert r.ply == 1 and len(r.store.moves(r.id, 0)) == 1
            first.send_json({"type": "move", "index": 1, "ply": 0})  # another move of that ply: stale
            assert until(first, _kind("error"))["message"] == "this move was chosen at ply 0; the match is at ply 1"
            _moves(second, 1)
            assert r.ply == 2


def test_what_a_player_may_meet_is_refused_in_the_connections_language() -> None:
    with client() as c:
        with _two_people(c) as (r, first, second, start):
            room = r.id
            with joined(c, f"/ws/{room}", lang="fr") as watcher, \
                    joined(c, f"/ws/{room}", lang="es") as other:
                until(watcher, is_state)
                until(other, is_state)
                watcher.send_json({"type": "move", "index": 0})
                assert until(watcher, _kind("error"))["message"] == ("les spectateurs ne peuvent pas jouer : prenez "
                                                                     "une place pour jouer")
                other.send_json({"type": "rematch"})
                assert until(other, _kind("error"))["message"] == ("los espectadores no pueden pedir la revancha: "
                                                                   "siéntate para jugar")
            first.send_json({"type": "move", "index": 0, "ply": 5})
            assert until(first, _kind("error"))["message"] == "this move was chosen at ply 5; the match is at ply 0"


# -- the quinte cachette ----------------------------------------------------------------


def _cachettes(record: str) -> List[Set[str]]:
    """For each ply of the match, the cachette of the deal in progress while it is face
    down (not yet taken; empty once taken)."""
    end = quinza.Game.from_record(record)
    game = quinza.Game.from_json(end.start_json())
    down = [set(json.loads(game.to_json())["stock"])]
    for move in [e.move for e in end.history if e.kind == "move"]:
        game.play(move)
        down.append(set(json.loads(game.to_json())["stock"]))
    return down


@pytest.mark.parametrize("seed", [1, 2])
def test_no_frame_names_a_cachette_card_before_it_is_taken(seed: int) -> None:
    """Whole quinte matches, a person and three bots, and a spectator: no frame names a
    card of the cachette while it is face down; the move that takes it names all five, to
    everyone, in its `cachette` event (docs/reference/wire.md "Security model"), in every deal:
    not, as before, those of them the receiver's next hand happened to hold."""
    frames, record = played_match("quinte", 4, [0], {"1": "random", "2": "greedy", "3": "random"},
                                  random.Random(seed))
    down = _cachettes(record)
    found, taken = [], 0
    for seat, got in frames.items():
        for m in got:
            # a move's frame tells of the deal it was played in: its cachette then
            hidden = down[m["ply"] - 1] if m["type"] == "played" else down[m["ply"]]
            told = [e for e in m.get("events", []) if e["kind"] == "cachette"]
            for e in told:  # the cachette taken: turned up, whole
                assert set(e["cards"]) == down[m["ply"] - 1] and "hidden" not in e, (seat, e)
                taken += 1
            rest = {**m, "events": [e for e in m.get("events", []) if e["kind"] != "cachette"]}
            found += [(seat, m["ply"], card) for card in card_texts(rest, "quinte") if card in hidden]
    assert found == []
    assert taken >= len(frames)  # every receiver was told of a cachette taken
    # The scan can fail: the cachette at the start, named in a frame, is caught.
    assert down[0] and down[0] <= set(card_texts({"view": {"cards": sorted(down[0])}}, "quinte"))


def test_the_seat_to_act_may_move_while_a_request_waits_and_its_move_ends_it() -> None:
    """No one keeps the seat to act from moving by leaving a request unanswered (its time
    runs on): ana asks at her own turn, bo does not answer, ana moves on."""
    with client() as c:
        with _two_people(c, timer=30) as (r, first, second, start):
            _moves(first, 0)
            _moves(second, 1)
            m = _my_turn(first, 2)
            first.send_json({"type": "undo"})
            assert until(first, _kind("undo"))["status"] == "asked"
            second.send_json({"type": "move", "index": 0, "ply": 2})  # not its turn: it waits
            assert until(second, _kind("error"))["message"] == f"seat {start} asked to undo: moves wait until it is answered"
            first.send_json({"type": "move", "move": m["legal_moves"][0], "ply": 2})
            lapsed = until(first, _kind("undo"))
            assert lapsed["status"] == "lapsed" and lapsed["ply"] == 2
            assert until(first, _kind("played", "state"))["type"] == "played"
            assert r.undo is None and r.ply == 3 and len(r.store.moves(r.id, 0)) == 3
            second.send_json({"type": "undo", "agree": True})
            assert until(second, _kind("error"))["message"] == "no undo was asked: there is nothing to answer"
