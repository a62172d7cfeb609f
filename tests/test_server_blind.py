"""The server's bots are blind to the cards their seat cannot see: each is given a world of
its seat (`Room.world`, over `Game.world`), never the game. Proven by dealing the hidden
cards again: the world a bot gets, and so its move, stays the same, as does what a worker
sends a peer to think a bot's move (peer_bots.py); and a Python bot
registered on the server, watched over a whole match, only ever gets such worlds."""

from __future__ import annotations

import json
from typing import Any, Iterator, List

import pytest

import quinza
from quinza._registry import REGISTRY
from quinza.server.peer_bots import think_request
from quinza.server.players import player, stand_in

from .conftest import redeal
from .server_util import client, create, join, joined, to_move, until

BOTS = ["random", "greedy", "pimc:worlds=4", "ismcts:iterations=60"]


@pytest.fixture
def registry() -> Iterator[None]:
    before = dict(REGISTRY.registered)
    yield
    REGISTRY.registered.clear()
    REGISTRY.registered.update(before)


def _hidden(game: Any, seat: int) -> Any:
    return [sorted(map(str, game.hand(s))) for s in range(game.rules.players) if s != seat]


def _peeker(game: Any) -> Any:
    """A bot that cheats if it can: its move depends on every hand it is given."""
    legal = game.legal_moves()
    return legal[hash(str(_hidden(game, game.turn))) % len(legal)]


@pytest.mark.parametrize("rules, players", [("escoba", 2), ("escoba", 4), ("quinza", 3), ("quinte", 4)])
def test_every_bot_and_the_stand_in_choose_the_same_when_the_hidden_cards_are_dealt_again(rules: str,
                                                                                         players: int) -> None:
    with client() as c:  # no bot seat: nothing moves by itself while the test looks
        room = create(c, rules, players=players, target=10**6 if rules != "quinte" else 10_000)
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        checked = 0
        for ply in range(40):
            seat, real = r.game.turn, r.game
            other = redeal(quinza, real, seat, seed=ply)
            if _hidden(other, seat) != _hidden(real, seat):
                chosen: List[List[str]] = []
                for game in (real, other):
                    r.game = game
                    bots = [player(quinza, spec, r.seeds[-1], seat) for spec in BOTS] + [stand_in(quinza)]
                    bots.append(_peeker)  # would see a difference if there were one to see
                    # and what a worker sends a peer to think a move (peer_bots.py)
                    lent = json.dumps(think_request(r, seat, "hard"), sort_keys=True)
                    chosen.append([str(bot(r.world(seat))) for bot in bots] + [r.world(seat).to_json(), lent])
                r.game = real
                assert chosen[0] == chosen[1], (ply, seat)
                checked += 1
            r.game.play(r.game.legal_moves()[ply % len(r.game.legal_moves())], seat=seat)
            r.ply += 1  # as Room.play counts (its telling and storing are not what is tested)
        assert checked >= 20


def test_a_registered_bot_on_the_server_only_ever_gets_worlds(registry: None) -> None:
    seen: List[Any] = []

    class Spy:
        def __init__(self, seed: Any = None) -> None:
            pass

        def __call__(self, game: Any) -> Any:
            seen.append(game)
            return game.legal_moves()[0]

    quinza.register_bot("spy", Spy)
    with client() as c:
        room = create(c, "escoba", players=2, target=10, bots={"1": "spy"})
        token = join(c, room, "ana", 0)
        r = c.app.state.server.rooms[room]  # type: ignore[attr-defined]
        with joined(c, f"/ws/{room}", token) as ana:
            while True:
                m = until(ana, lambda x: to_move(x) or (x["type"] == "state" and x["view"]["winner"] is not None))
                if m["view"]["winner"] is not None:
                    break
                ana.send_json({"type": "move", "index": 0})
        assert len(seen) >= 5
        for world in seen:
            assert world is not r.game and world.history == () and world.seed is None
            with pytest.raises(ValueError):
                world.undo()  # nothing of the real deal to go back to
