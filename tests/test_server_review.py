"""The review after the match (docs/reference/wire.md "The review"): made once per match from its
public record, never before the match is over, told to the people's seats and served by
GET /api/rooms/{ID}/review."""

from __future__ import annotations

import random
from typing import Any, List

import quinza
from quinza.server import reviews

from .server_util import Message, client, create, join, joined, over, to_move, until


def is_review(m: Message) -> bool:
    return m["type"] == "review"


def played_match(c: Any, room: str, token: str, seen: List[Message]) -> None:
    """Seat 0 plays random moves until the match is over; no review is asked or sent before."""
    rng = random.Random(3)
    with joined(c, f"/ws/{room}", token) as ws:
        while True:
            m = until(ws, lambda m: to_move(m) or over(m), seen)
            if over(m):
                break
            r = c.get(f"/api/rooms/{room}/review?seat=0")
            assert r.status_code == 409 and "not over" in r.json()["message"]
            ws.send_json({"type": "move", "index": rng.randrange(len(m["legal_moves"]))})
        until(ws, is_review, seen)


def test_after_the_match_each_person_gets_the_review_of_their_own_moves_once(monkeypatch: Any) -> None:
    calls: List[str] = []
    seen: List[Message] = []
    with client() as c:
        apart = c.app.state.server.settings.reviews  # type: ignore[attr-defined]
        think = apart.think
        monkeypatch.setattr(apart, "think", lambda fn, engine, record, *rest, **kw: calls.append(record)
                            or think(fn, engine, record, *rest, **kw))
        room = create(c, "escoba", players=2, target=1, bots={"1": "greedy"})
        token = join(c, room, "ana", 0)
        with joined(c, f"/ws/{room}") as spectator:
            played_match(c, room, token, seen)
            until(spectator, over)
            record = c.get(f"/api/rooms/{room}/record").text
            assert [m["type"] for m in seen].index("review") > max(i for i, m in enumerate(seen) if over(m))
            told = next(m for m in seen if is_review(m))
            with joined(c, f"/ws/{room}", token) as again:  # a reload gets it at once
                assert until(again, is_review) == told
            served = c.get(f"/api/rooms/{room}/review?seat=0")
            assert served.status_code == 200 and served.json() == told
            bot = c.get(f"/api/rooms/{room}/review?seat=1").json()  # public: the record is
            spectator.send_json({"type": "ping"})
            got: List[Message] = []
            until(spectator, lambda m: m["type"] == "pong", got)
            assert not any(is_review(m) for m in got)  # a spectator is no person of the match
    assert calls == [record]  # made once, for every seat and every asking
    game = quinza.Game.from_record(record)
    movers = [e.seat for e in game.history if e.kind == "move"]
    assert told["status"] == "ready" and told["seat"] == 0 and told["match"] == 0
    assert [m["number"] for m in told["moves"]] == [n for n, s in enumerate(movers, 1) if s == 0]
    assert [m["number"] for m in bot["moves"]] == [n for n, s in enumerate(movers, 1) if s == 1]
    valued = [m for m in told["moves"] if m["lost"] is not None]
    assert valued and all(m["best"] and m["lost"] >= 0 for m in valued)
    costliest = sorted((m for m in valued if m["lost"]), key=lambda m: -m["lost"])
    assert told["worst"] == [m["number"] for m in costliest][:3]


def test_a_review_past_its_budget_is_told_as_not_made(monkeypatch: Any) -> None:
    monkeypatch.setattr(reviews, "REVIEW_MOVES", 3)
    seen: List[Message] = []
    with client() as c:
        room = create(c, "escoba", players=2, target=1, bots={"1": "greedy"})
        token = join(c, room, "ana", 0)
        played_match(c, room, token, seen)
        told = next(m for m in seen if is_review(m))
        assert told["status"] == "failed" and "at most 3" in told["message"] and "moves" not in told


def test_a_review_past_its_time_is_stopped_and_told(monkeypatch: Any) -> None:
    monkeypatch.setattr(reviews, "REVIEW_SECONDS", 0.0)  # the pool's grace alone: a few hundredths
    monkeypatch.setattr(reviews, "REVIEW_BOT", "ismcts:iterations=100000")
    seen: List[Message] = []
    with client() as c:
        room = create(c, "escoba", players=2, target=1, bots={"1": "greedy"})
        played_match(c, room, join(c, room, "ana", 0), seen)
        told = next(m for m in seen if is_review(m))
        assert told["status"] == "failed" and "stopped" in told["message"], told


def test_the_review_route_answers_a_bad_request_in_words() -> None:
    with client() as c:
        room = create(c, "escoba", players=2)
        assert c.get("/api/rooms/nosuchroom/review?seat=0").status_code == 404
        for query in ("", "?seat=2", "?seat=x", "?seat=0&match=1", "?seat=0&match=-1"):
            r = c.get(f"/api/rooms/{room}/review{query}")
            assert r.status_code == 400 and r.json()["message"].split()[0] in ("seat", "match"), query
        assert c.get(f"/api/rooms/{room}/review?seat=0").status_code == 409


def test_a_busy_server_says_it_does_not_review_the_match() -> None:
    """Past the reviews waiting in the process apart, a match is not reviewed, in words."""
    seen: List[Message] = []
    with client() as c:
        c.app.state.server.settings.reviews.most = 0  # type: ignore[attr-defined]  # every review finds it full
        room = create(c, "escoba", players=2, target=1, bots={"1": "greedy"})
        played_match(c, room, join(c, room, "ana", 0), seen)
        told = next(m for m in seen if is_review(m))
        assert told["status"] == "failed" and told["message"].startswith("the server is busy"), told
