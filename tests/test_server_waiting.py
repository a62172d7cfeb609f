"""Rooms that wait (docs/reference/wire.md "Rooms that wait"): a room plays its first move only once every seat is taken
(by people or bots); before that no move is accepted, no bot moves and no timer runs, and
the state and the room say which seats it waits for. Creating a room seats its creator;
the lobby lists full rooms to watch too."""

from __future__ import annotations

import random
import time
from typing import Any, Dict, List

import pytest

from .server_util import Message, client, create, is_state, join, joined, play_seat, until
from .test_server_leaks import allowed_by_ply, leaks


def waiting_state(ws: Any) -> Message:
    return until(ws, is_state)


def test_a_room_with_a_free_seat_waits_no_bot_moves_no_timer_runs_and_no_move_is_taken() -> None:
    with client() as c:
        # The bot holds seat 2; with seat 1 free the room waits, whoever is to act.
        room = create(c, "escoba", players=3, bots={"2": "greedy"}, timer=0.2)
        ana = join(c, room, "ana", 0)
        assert c.get(f"/api/rooms/{room}").json()["waiting"] == [1]
        with joined(c, f"/ws/{room}", ana) as ws:
            first = waiting_state(ws)
            assert first["waiting"] == [1] and first["time_left"] is None and "legal_moves" not in first
            # A move is refused with the reason, and nothing else comes: no bot move, no timeout.
            seen: List[Message] = []
            ws.send_json({"type": "move", "move": first["view"]["hand"][0]})
            refused = until(ws, lambda m: m["type"] == "error", seen)
            assert "waits for seat 1" in refused["message"], refused
            time.sleep(1)  # five times the timer: room for a timeout or a bot's move, were they to come
            ws.send_json({"type": "ping"})
            until(ws, lambda m: m["type"] == "pong", seen)
            assert [m["type"] for m in seen if m["type"] in ("played", "timeout", "state")] == [], seen
            assert c.get(f"/api/rooms/{room}").json()["ply"] == 0
            # The last seat taken: everyone gets the state, the room plays.
            bea = join(c, room, "bea", 1)
            started = until(ws, is_state)
            assert started["waiting"] == [] and started["ply"] == 0
            assert c.get(f"/api/rooms/{room}").json()["waiting"] == []
            with joined(c, f"/ws/{room}", bea) as ws2:
                assert until(ws2, is_state)["waiting"] == []
                # The timer runs now: someone moves (a person by the stand-in, or the bot).
                moved = until(ws, lambda m: m["type"] == "played")
                assert moved["ply"] == 1


def test_a_room_of_bots_only_does_not_wait() -> None:
    with client() as c:
        room = create(c, "escoba", players=2, bots={"0": "greedy", "1": "greedy"})
        assert c.get(f"/api/rooms/{room}").json()["waiting"] == []
        with joined(c, f"/ws/{room}") as ws:
            # The bots may have played the whole match before the spectator came: then its
            # first state is past ply 0 and no move comes live.
            assert until(ws, lambda m: m["type"] in ("played", "state") and m["ply"] >= 1)["ply"] >= 1


def test_creating_a_room_seats_its_creator_and_the_answer_keeps_the_room_info() -> None:
    with client() as c:
        r = c.post("/api/rooms", json={"rules": "escoba", "players": 2, "bots": {"0": "hard"}, "name": "Ana"})
        assert r.status_code == 201, r.text
        made = r.json()
        # The room as the lobby shows it, and the creator's seat (the first without a bot).
        assert made["seat"] == 1 and isinstance(made["token"], str) and made["limits"]["rate"] > 0
        assert made["seats"][1]["name"] == "Ana" and made["seats"][0]["bot"] == "hard"
        assert made["waiting"] == [] and made["free"] == []
        with joined(c, f"/ws/{made['room']}", made["token"]) as ws:
            seen: List[Message] = []
            assert play_seat(ws, random.Random(1), seen)["view"]["turn"] is None
            first = next(m for m in seen if is_state(m))
            assert first["seat"] == 1 and first["seats"][0]["bot"] == "hard"
            assert any(m["type"] == "played" and m["seat"] == 1 for m in seen)

        chosen = c.post("/api/rooms", json={"rules": "quinte", "players": 4, "name": "Bea", "seat": 2}).json()
        assert chosen["seat"] == 2 and chosen["waiting"] == [0, 1, 3]
        # Without a name nobody sits, as before.
        plain = c.post("/api/rooms", json={"rules": "escoba", "players": 2}).json()
        assert "token" not in plain and plain["waiting"] == [0, 1]


@pytest.mark.parametrize("body, words", [
    ({"name": "Ana", "seat": 0, "bots": {"0": "easy"}}, "seat 0 is taken by the bot easy"),
    ({"name": "Ana", "seat": 2}, '"seat" is a seat from 0 to 1'),
    ({"name": "Ana", "seat": True}, '"seat" is a seat from 0 to 1'),
    ({"name": "", "seat": 0}, '"name" is the player\'s name'),
    ({"name": "x" * 41}, '"name" is the player\'s name'),
    ({"seat": 0}, '"name" is the player\'s name'),
    ({"name": "Ana", "bots": {"0": "easy", "1": "easy"}}, "every seat of this room has a bot"),
])
def test_a_creator_who_cannot_sit_is_a_clear_400_and_no_room_is_made(body: Dict[str, Any], words: str) -> None:
    with client() as c:
        r = c.post("/api/rooms", json={"rules": "escoba", "players": 2, **body})
        assert r.status_code == 400 and words in r.json()["message"], r.text
        assert c.get("/api/rooms?all=1").json()["rooms"] == []


def test_the_lobby_lists_full_rooms_to_watch_and_not_the_finished_ones() -> None:
    with client() as c:
        free = create(c, "escoba", players=2)
        full = c.post("/api/rooms", json={"rules": "escoba", "players": 2, "name": "Ana",
                                          "bots": {"1": "greedy"}, "target": 10**6}).json()["room"]
        done = create(c, "escoba", players=2, target=1, bots={"0": "greedy", "1": "greedy"})
        with joined(c, f"/ws/{done}") as ws:
            until(ws, lambda m: is_state(m) and m["view"]["turn"] is None)
        listed: List[str] = [r["room"] for r in c.get("/api/rooms").json()["rooms"]]
        # Waiting rooms first, then the rooms under way.
        assert listed == [free, full]
        assert sorted(r["room"] for r in c.get("/api/rooms?all=1").json()["rooms"]) == sorted([free, full, done])


def test_a_bot_seat_keeps_its_level_by_name_and_rule_sets_name_the_levels() -> None:
    with client() as c:
        assert c.get("/api/rule-sets").json()["levels"] == ["easy", "medium", "hard", "expert", "master"]
        room = create(c, "escoba", players=2, bots={"1": "expert"})
        assert c.get(f"/api/rooms/{room}").json()["seats"][1]["bot"] == "expert"


def test_the_frames_of_a_waiting_room_hold_no_card_their_receiver_cannot_see() -> None:
    """The seat and a spectator connected while the room waits, then the whole match (the
    second seat taken by one who stays away: the stand-in moves for it), every frame scanned."""
    with client() as c:
        room = create(c, "escoba", players=2, target=1, timer=0.2)
        ana = join(c, room, "ana", 0)
        frames: Dict[Any, List[Message]] = {0: [], None: []}
        with joined(c, f"/ws/{room}") as spectator, joined(c, f"/ws/{room}", ana) as ws:
            assert until(ws, is_state, frames[0])["waiting"] == [1]
            assert until(spectator, is_state, frames[None])["waiting"] == [1]
            join(c, room, "bea", 1)
            play_seat(ws, random.Random(3), frames[0])
            until(spectator, lambda m: is_state(m) and m["view"]["turn"] is None, frames[None])
        record = c.get(f"/api/rooms/{room}/record").text
    for seat, got in frames.items():
        states = [m for m in got if is_state(m)]
        assert states[0]["waiting"] == [1] and states[-1]["waiting"] == []
        assert leaks(got, allowed_by_ply(record, seat), "baraja") == [], seat


def test_with_a_sign_in_the_creator_sits_under_the_name_it_gives() -> None:
    with client(authenticate=lambda request: "Zoe") as c:
        made = c.post("/api/rooms", json={"rules": "escoba", "players": 2, "name": "Mallory"}).json()
        assert made["seat"] == 0 and made["seats"][0]["name"] == "Zoe"
