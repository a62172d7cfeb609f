"""One client cannot sink the server (issue #44, docs/server.md "Limits"): bots think
within the server's budget on a bounded pool, only POST creates a room, and the limits
a client and a room have."""

from __future__ import annotations

import time
from typing import Any, Callable

import pytest

from .server_util import client, create

import quinza  # noqa: E402


def eventually(done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Wait for `done` with a generous bound (never a timing assert)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the condition never came"
        time.sleep(0.05)


# -- bots' budgets ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec, cap", [
    ("ismcts:iterations=1000000000", "at most 100000 iterations"),
    ("pimc:worlds=1000000000", "at most 10000 worlds"),
    ("pimc:depth=40", "a depth of at most 4"),
    ("pimc:exact=40", "exact at most 16"),
    ("ismcts:time_limit=30", "at most 1 second"),
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
        for spec, cap in (("expert", "at most 500 iterations"), ("hard", "at most 50 worlds"),
                          ("ismcts:time_limit=0.5", "at most 0.25 seconds")):
            r = c.post("/api/rooms", json={"rules": "escoba", "bots": {"1": spec}})
            assert r.status_code == 400 and cap in r.json()["message"], r.text
        create(c, bots={"1": "ismcts:iterations=500"})


def test_a_search_past_its_budget_is_stopped(q: Any) -> None:
    import anyio

    from quinza.server.pool import Pool

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
