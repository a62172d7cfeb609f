"""The store's promises to a cluster of workers (server/leases.py, store.py), on SQLite and
PostgreSQL alike: a room has one owner at a time, a worker whose lease ran out can write
to its rooms no more, the worker that takes a room over reads every move written before,
and the same SQL runs on both databases."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Iterator, List

import pytest

from .pg_util import pg_url, postgres  # noqa: F401

pytest.importorskip("starlette")

from quinza.server.databases import Fenced, StoreError  # noqa: E402
from quinza.server.leases import Leases  # noqa: E402
from quinza.server.store import Store  # noqa: E402

RULES = {"name": "escoba", "players": 2, "target": 15}


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database shared by the test's workers: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite")
    else:
        yield request.getfixturevalue("pg_url")


def worker(db: str, name: str, url: str = "") -> Store:
    store = Store(db, name)
    Leases(store).register(name, url)
    return store


def lapse(store: Store, name: str) -> None:
    """End `name`'s lease now, as if it had stopped renewing it."""
    store.db.run("UPDATE workers SET expires = now_s() - 1 WHERE id = ?", (name,))


def test_a_room_is_written_by_its_owner_alone_and_taken_over_once_its_lease_runs_out(db: str) -> None:
    a, b = worker(db, "wa"), worker(db, "wb")
    a.add_room("r1", RULES, 7, None, {})
    a.add_move("r1", 0, 1, 0, "1o")
    with pytest.raises(Fenced):  # b does not hold the room
        b.add_move("r1", 0, 2, 1, "2o")
    assert not Leases(b).claim("r1", "wb")  # a's lease runs: the room stays a's
    assert Leases(b).owner("r1") is not None and Leases(b).owner("r1").id == "wa"  # type: ignore[union-attr]
    lapse(a, "wa")
    assert not Leases(a).renew("wa", 1, 0)  # a learns that its lease ran out
    assert Leases(b).orphans() == ["r1"]
    assert Leases(b).claim("r1", "wb")
    assert Leases(b).owner("r1").id == "wb"  # type: ignore[union-attr]
    with pytest.raises(Fenced):  # a can write to it no more: not a move, nor a seat, an undo or a rematch
        a.add_move("r1", 0, 2, 1, "2o")
    for write in (lambda: a.add_seat("r1", 0, "ana", "t"), lambda: a.set_undo("r1", 0, 0, 0, [1]),
                  lambda: a.add_match("r1", 1, 9), lambda: a.remove_moves("r1", 0, 0), lambda: a.abandon("r1")):
        with pytest.raises(Fenced):
            write()
    stored = b.room("r1")
    assert stored is not None and stored.moves == ["1o"]  # every move written before the takeover
    b.add_move("r1", 0, 2, 1, "2o")
    assert b.moves("r1", 0) == ["1o", "2o"]


def test_a_ply_takes_one_move_whoever_writes_it(db: str) -> None:
    a = worker(db, "wa")
    a.add_room("r1", RULES, 7, None, {})
    a.add_move("r1", 0, 1, 0, "1o")
    with pytest.raises(StoreError) as refused:
        a.add_move("r1", 0, 1, 0, "2o")
    assert not isinstance(refused.value, Fenced)
    assert a.moves("r1", 0) == ["1o"]


def test_of_workers_claiming_a_room_at_once_exactly_one_holds_it(db: str) -> None:
    first = worker(db, "w0")
    for r in range(20):
        first.add_room(f"r{r}", RULES, r, None, {})
    lapse(first, "w0")
    stores = [worker(db, f"w{i}") for i in range(1, 4)]
    won: List[List[str]] = [[] for _ in stores]
    start = threading.Barrier(len(stores))

    def claim(i: int) -> None:
        start.wait()
        for r in range(20):
            if Leases(stores[i]).claim(f"r{r}", f"w{i + 1}"):
                won[i].append(f"r{r}")

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    held = [room for rooms in won for room in rooms]
    assert sorted(held) == sorted(f"r{r}" for r in range(20))  # each room once, none left
    owners = {room: Leases(first).owner(room) for room in held}
    assert all(owners[room] is not None and owners[room].id == f"w{i + 1}"  # type: ignore[union-attr]
               for i, rooms in enumerate(won) for room in rooms)


def test_a_worker_started_at_a_lost_workers_url_takes_its_rooms_at_once(db: str) -> None:
    a = worker(db, "wa", "http://127.0.0.1:9001")
    a.add_room("r1", RULES, 7, None, {})
    b = worker(db, "wb", "http://127.0.0.1:9001")  # a was killed, and started again at its address
    assert Leases(b).owner("r1") is None and Leases(b).claim("r1", "wb")
    with pytest.raises(Fenced):
        a.add_move("r1", 0, 1, 0, "1o")


def test_a_worker_that_leaves_gives_its_rooms_back_at_once(db: str) -> None:
    a, b = worker(db, "wa"), worker(db, "wb")
    a.add_room("r1", RULES, 7, None, {})
    Leases(a).leave("wa")
    assert Leases(b).orphans() == ["r1"] and Leases(b).claim("r1", "wb")
    assert [w.id for w in Leases(b).workers()] == ["wb"]


def test_the_lease_runs_on_the_databases_clock(db: str) -> None:
    a = worker(db, "wa")
    (expires,), = a.db.run("SELECT expires - now_s() FROM workers WHERE id = 'wa'")
    assert 4.0 < expires <= 5.0
    time.sleep(0.2)
    assert Leases(a).renew("wa", 0, 0)
    (again,), = a.db.run("SELECT expires - now_s() FROM workers WHERE id = 'wa'")
    assert again > expires - 0.1


def test_the_workers_share_one_secret_and_a_lobby(db: str) -> None:
    a, b = worker(db, "wa"), worker(db, "wb")
    assert Leases(a).secret() == Leases(b).secret() and len(Leases(a).secret()) >= 40
    a.add_room("r1", RULES, 7, None, {})
    Leases(a).publish("wa", {"r1": {"room": "r1", "ply": 3}})
    Leases(b).publish("wb", {"r1": {"room": "r1", "ply": 99}})  # not b's room: not written
    assert Leases(b).lobby() == [{"room": "r1", "ply": 3}]


def test_a_worker_whose_room_was_taken_saves_nothing_more_of_it_and_says_so(db: str) -> None:
    from starlette.testclient import TestClient

    from quinza.server import create_app

    app = create_app(db, cluster="", bot_delay=0)
    with TestClient(app) as c:
        made = c.post("/api/rooms", json={"rules": "escoba", "players": 2, "name": "ana"})
        assert made.status_code == 201
        room = made.json()["room"]
        me = app.state.server.store.worker
        lapse(app.state.server.store, me)  # this worker stalled past its lease; another took its room
        other = worker(db, "wb")
        assert Leases(other).claim(room, "wb")
        sat = c.post(f"/api/rooms/{room}/seats", json={"name": "bo"})
        assert sat.status_code in (409, 503), sat.text  # refused, whether the worker saw it yet or not
        assert "try again" in sat.json()["message"]
        assert other.room(room).seats.keys() == {0}  # type: ignore[union-attr]
        end = time.monotonic() + 5  # at its next beat the worker gives the room up, and joins again
        while room in app.state.server.rooms and time.monotonic() < end:
            time.sleep(0.05)
        assert room not in app.state.server.rooms and app.state.server.store.worker != me


def test_a_worker_whose_loop_is_held_past_its_lease_keeps_its_rooms(db: str) -> None:
    from starlette.testclient import TestClient

    from quinza.server import create_app
    from quinza.server.leases import TTL

    app = create_app(db, cluster="", bot_delay=0)
    with TestClient(app) as c:
        room = c.post("/api/rooms", json={"rules": "escoba", "players": 2}).json()["room"]
        me = app.state.server.store.worker
        c.portal.call(time.sleep, TTL + 2)  # the loop at full load, no beat of it for longer than a lease
        assert Leases(Store(db)).owner(room).id == me  # type: ignore[union-attr]  # renewed all along
        assert not Leases(worker(db, "wb")).claim(room, "wb")
        assert c.post(f"/api/rooms/{room}/seats", json={"name": "ana"}).status_code == 200
        assert app.state.server.store.worker == me and room in app.state.server.rooms
