"""A move that the store could not keep (the database out of reach for a moment) is no
one's fault: a bot's is not logged as an illegal move nor replaced by a stand-in's, and
the bot chooses again until the store keeps its move; a stand-in that moves for a seat
out of time moves once the store keeps it, so the seat does not keep the turn."""

from __future__ import annotations

import logging
import time
from typing import Any, Callable, List

from .server_util import client, create, join

import quinza.server.room as room_module  # noqa: E402 (the server's packages, checked by server_util)
from quinza.server.databases import StoreError  # noqa: E402


def out_of_reach(monkeypatch: Any, server: Any, refuse: Callable[[int, bool], bool], times: int) -> List[int]:
    """The server's store refuses its first `times` moves for which `refuse(ply, stand_in)`
    holds, as a database out of reach does; the plies it refused."""
    kept = server.store.add_move
    refused: List[int] = []

    def flaky(room_id: str, match: int, ply: int, seat: int, move: str, stand_in: bool) -> None:
        if refuse(ply, stand_in) and len(refused) < times:
            refused.append(ply)
            raise StoreError("the database is out of reach")
        kept(room_id, match, ply, seat, move, stand_in)

    monkeypatch.setattr(server.store, "add_move", flaky)
    return refused


def played_to(server: Any, room: str, ply: int) -> int:
    """The room's ply once it reaches `ply`, or after 10 s."""
    end = time.monotonic() + 10
    while server.rooms[room].ply < ply and time.monotonic() < end:
        time.sleep(0.02)
    return int(server.rooms[room].ply)


def test_a_bots_move_the_store_could_not_keep_is_chosen_again(caplog: Any, monkeypatch: Any) -> None:
    caplog.set_level(logging.INFO, logger="quinza.server")
    monkeypatch.setattr(room_module, "STORE_RETRY", 0.05)
    with client() as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        refused = out_of_reach(monkeypatch, server, lambda ply, stand_in: ply == 2, 3)  # a bot's move, thrice
        room = create(c, "escoba", players=2, bots={"0": "greedy", "1": "greedy"})
        assert played_to(server, room, 4) >= 4, "the bots stopped playing"
    assert refused == [2, 2, 2], refused  # the same ply asked again, not skipped
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged.count("a move could not be stored") == 3, logged
    assert "illegal move" not in logged and "stand-in" not in logged


def test_a_stand_in_the_store_could_not_keep_moves_once_it_does(monkeypatch: Any) -> None:
    """A seat out of time does not keep the turn because the store failed for a moment."""
    monkeypatch.setattr(room_module, "STORE_RETRY", 0.05)
    with client() as c:
        server = c.app.state.server  # type: ignore[attr-defined]
        refused = out_of_reach(monkeypatch, server, lambda ply, stand_in: stand_in, 2)
        room = create(c, "escoba", players=2, bots={"1": "greedy"}, timer=0.3)
        join(c, room, "ana", seat=0)  # who never moves: her time runs out, the stand-in moves
        assert played_to(server, room, 2) >= 2 and len(refused) == 2, refused
