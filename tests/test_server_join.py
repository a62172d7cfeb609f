"""The remote bot (quinza.server.client, `quinza join`): a bot at a seat of a server served
by uvicorn on loopback, playing from that seat's messages alone to the match's end; and
the world it is given holds only what the seat may see."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import urllib.request
from typing import Any, Dict, Iterator, List

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import quinza  # noqa: E402
from quinza.server import create_app  # noqa: E402
from quinza.server.client import Seat, play, world  # noqa: E402

from .conftest import deck  # noqa: E402
from .server_util import served_on_loopback  # noqa: E402



@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread (bots move at once)."""
    with served_on_loopback(create_app(bot_delay=0)) as url:
        yield url


def call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read().decode()
    return text if body is None else json.loads(text)


def escoba_room(url: str) -> str:
    """An escoba room to 3 points, the server's greedy bot at seat 1."""
    room: str = call(f"{url}/api/rooms", {"rules": "escoba", "target": 3, "bots": {"1": "greedy"}})["room"]
    return room


def check_record(url: str, room: str, last: Dict[str, Any]) -> None:
    g = quinza.Game.from_record(call(f"{url}/api/rooms/{room}/record"))
    assert g.is_over and g.winner == last["view"]["winner"]
    assert list(g.scores) == last["view"]["scores"] and last["ply"] == sum(e.kind == "move" for e in g.history)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_remote_bot_plays_a_match_to_its_end(served: str, bot: str) -> None:
    room = escoba_room(served)
    last = play(served, room, bot, name="far", seat=0)
    assert last["seat"] == 0 and "legal_moves" not in last
    check_record(served, room, last)


def test_a_python_callable_plays_over_the_network(served: str) -> None:
    room = escoba_room(served)
    games: List[Any] = []

    def mine(game: Any) -> Any:
        games.append(game)
        return game.legal_moves()[-1]

    last = play(served, room, mine, name="mine")
    check_record(served, room, last)
    assert games and all(g.turn == 0 for g in games)


def test_quinza_join_plays_a_match_and_says_who_won(served: str) -> None:
    room = escoba_room(served)
    done = subprocess.run([sys.executable, "-m", "quinza", "join", served, "--room", room, "--bot", "greedy",
                           "--name", "cli"], capture_output=True, text=True, timeout=120,
                          # The quinza this test imports, installed or in the tree.
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr
    g = quinza.Game.from_record(call(f"{served}/api/rooms/{room}/record"))
    scores = ", ".join(f"side {side} {points}" for side, points in enumerate(g.scores))
    assert done.stdout == f"the match is over: side {g.winner} wins ({scores})\n"


def test_a_full_room_is_a_clear_refusal(served: str) -> None:
    room = escoba_room(served)
    with pytest.raises(ConnectionError, match=r"refused the seat \(409\)"):
        play(served, room, "greedy", seat=1)


def seen_cards(view: Dict[str, Any]) -> List[str]:
    return sorted(view["hand"] + view["table"] + [c for pile in view["piles"] for c in pile])


@pytest.mark.parametrize("rules,players", [("escoba", 2), ("quinza", 3), ("rb3ine", 4), ("escoba", 4)])
def test_the_world_holds_what_the_seat_sees_and_deals_the_rest_blind(q: Any, rules: str, players: int) -> None:
    g = q.Game(q.Rules(rules, players=players), seed=5)
    rng = random.Random(0)
    while not g.is_over:
        seat = g.turn
        view = g.observation(seat)
        worlds = [world(q, view, random.Random(seed)) for seed in (1, 2)]
        hidden_deals = []
        for w in worlds:
            # the seat's own view of the world is the view itself
            assert w.observation(seat) == view
            position = json.loads(w.to_json())
            hidden = [c for other, hand in enumerate(position["hands"]) if other != seat for c in hand]
            hidden += position["stock"]
            assert not set(hidden) & set(seen_cards(view))
            assert sorted(hidden + seen_cards(view)) == sorted(deck())
            hidden_deals.append(hidden)
        # another seed deals the hidden cards otherwise (with no stock, they may be forced)
        assert hidden_deals[0] != hidden_deals[1] or view["stock"] == 0
        g.play(rng.choice(g.legal_moves()))


def test_the_real_hidden_cards_do_not_reach_the_bot(q: Any) -> None:
    """Two games with the same view and other hidden cards give the bot the same world."""
    a = q.Game("escoba", seed=1)
    view = a.observation(0)
    unseen = [c for c in deck() if c not in seen_cards(view)]
    hands = [view["hand"], unseen[:3]]
    b = q.Game.from_position("escoba", hands=hands, table=view["table"], stock=unseen[3:], dealer=view["dealer"])
    assert b.observation(0) == view and [str(c) for c in b.hand(1)] != [str(c) for c in a.hand(1)]
    seen: List[str] = []
    for game in (a, b):
        Seat(q, lambda w: seen.append(w.to_json()) or w.legal_moves()[0], 9, print).choose(
            {"view": game.observation(0), "legal_moves": [str(m) for m in game.legal_moves()]})
    assert seen[0] == seen[1]


def test_quinte_plays_the_first_legal_move_and_says_so(q: Any) -> None:
    g = q.Game("quinte", seed=3)
    said: List[str] = []
    seat = Seat(q, lambda w: pytest.fail("no world for quinte"), 0, said.append)
    state = {"view": g.observation(g.turn), "legal_moves": [str(m) for m in g.legal_moves()]}
    assert seat.choose(state) == state["legal_moves"][0]
    assert seat.choose(state) == state["legal_moves"][0]
    assert said == ["quinte: the remote bot cannot be given a world of a quinte view yet; it plays the first legal move"]
