"""The remote bot (quinza.server.client, `quinza join`): a bot at a seat of a server served
by uvicorn on loopback, playing from that seat's messages alone to the match's end; and
the world it is given holds only what the seat may see."""

from __future__ import annotations

import io
import json
import os
import random
import re
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
from quinza.server.client import Pace, Seat, play, world  # noqa: E402

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


def test_a_remote_bot_plays_a_whole_quinte_match(served: str) -> None:
    room = call(f"{served}/api/rooms", {"rules": "quinte", "target": 40,
                                        "bots": {"1": "random", "2": "greedy", "3": "random"}})["room"]
    said = io.StringIO()
    last = play(served, room, "greedy", name="far", seat=0, out=said)
    check_record(served, room, last)
    assert said.getvalue() == ""


def test_a_remote_search_bot_is_given_the_rounds_moves(served: str) -> None:
    room = escoba_room(served)
    said = io.StringIO()
    games: List[Any] = []
    bot = quinza.bot("ismcts", seed=1, iterations=30)

    def search(game: Any) -> Any:
        games.append(game)
        return bot(game)

    last = play(served, room, search, name="far", seat=0, out=said)
    check_record(served, room, last)
    assert said.getvalue() == ""  # no round failed to play again
    # After the first move of each round the world holds the round's moves.
    assert sum(any(e.kind == "move" for e in g.history) for g in games) >= len(games) // 3


def test_a_python_callable_plays_over_the_network(served: str) -> None:
    room = escoba_room(served)
    games: List[Any] = []

    def mine(game: Any) -> Any:
        games.append(game)
        return game.legal_moves()[-1]

    last = play(served, room, mine, name="mine")
    check_record(served, room, last)
    assert games and all(g.turn == 0 for g in games)


def join(served: str, room: str, *more: str) -> "subprocess.CompletedProcess[str]":
    done = subprocess.run([sys.executable, "-m", "quinza", "join", served, "--room", room, "--bot", "greedy",
                           "--name", "cli", *more], capture_output=True, text=True, timeout=120,
                          # The quinza this test imports, installed or in the tree.
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr
    return done


def test_quinza_join_says_a_line_a_deal_and_who_won(served: str) -> None:
    room = escoba_room(served)
    done = join(served, room, "--lang", "en")
    g = quinza.Game.from_record(call(f"{served}/api/rooms/{room}/record"))
    lines = done.stdout.splitlines()
    assert len(lines) == len(g.deals) + 1 and len(g.deals) >= 1
    scores = [0, 0]
    for line, deal in zip(lines, g.deals):
        scores = [a + b for a, b in zip(scores, deal.points)]
        gained = ", ".join(f"side {s} +{p}" for s, p in enumerate(deal.points))
        head = (f"deal {deal.deal_number} scored: {gained}; the match: "
                + ", ".join(f"side {s} = {v}" for s, v in enumerate(scores)) + "; the bot: ")
        assert line.startswith(head), (line, head)
        assert re.search(r"the bot: (no move|\d+ moves?, [\d.]+ ms a move \(at most [\d.]+ ms\))$", line), line
    assert scores == list(g.scores)
    ours = sum(1 for e in g.history if e.kind == "move" and e.seat == 0)
    final = ", ".join(f"side {s} = {v}" for s, v in enumerate(g.scores))
    assert lines[-1].startswith(f"the match is over: side {g.winner} wins ({final}); "
                                f"{len(g.deals)} deal{'s' if len(g.deals) > 1 else ''}, the bot: {ours} moves, ")
    assert "played" not in done.stderr and done.stderr == ""


def test_quinza_join_quiet_says_nothing_and_lang_speaks_the_language(served: str) -> None:
    assert join(served, escoba_room(served), "--quiet").stdout == ""
    said = join(served, escoba_room(served), "--lang", "es").stdout
    assert said.splitlines()[-1].startswith("la partida ha terminado") and "reparto 1" in said, said


def test_a_full_room_is_a_clear_refusal(served: str) -> None:
    room = escoba_room(served)
    with pytest.raises(ConnectionError, match=r"refused the seat \(409\)"):
        play(served, room, "greedy", seat=1)


QUINTE_DECK = [f"{r}{s}" for s in "scdh" for r in [*range(2, 11), "J", "Q", "K", "A"]] + ["JK"]


def seen_cards(view: Dict[str, Any]) -> List[str]:
    """The cards a seat's view shows (the trick in progress is in quinte's `played`)."""
    shown = view["table"] if "table" in view else view["played"]
    return sorted(set(view["hand"] + shown + [c for pile in view["piles"] for c in pile]))


@pytest.mark.parametrize("rules,players", [("escoba", 2), ("quinza", 3), ("rb3ine", 4), ("escoba", 4), ("quinte", 4)])
def test_the_world_holds_what_the_seat_sees_and_deals_the_rest_blind(q: Any, rules: str, players: int) -> None:
    target = {"target": 150} if rules == "quinte" else {}  # quinte: more than one deal
    g = q.Game(q.Rules(rules, players=players, **target), seed=5)
    rng = random.Random(0)
    cards = QUINTE_DECK if rules == "quinte" else deck()
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
            assert sorted(hidden + seen_cards(view)) == sorted(cards)
            hidden_deals.append(hidden)
        # another seed deals the hidden cards otherwise (with no stock, they may be forced)
        assert hidden_deals[0] != hidden_deals[1] or view["stock"] == 0
        g.play(rng.choice(g.legal_moves()))


def test_a_fast_bot_keeps_within_the_rate_its_seat_was_told() -> None:
    """A bot that answers at once against bots that move at once sends a move a few
    milliseconds apart: the client paces itself to the limits it was told at the seat,
    so the server never ignores one of its frames (nothing said)."""
    with served_on_loopback(create_app(bot_delay=0, rate=8.0, burst=4)) as url:
        room = escoba_room(url)
        said = io.StringIO()
        last = play(url, room, "greedy", name="fast", seat=0, out=said)
        check_record(url, room, last)
    assert said.getvalue() == ""


def test_the_pace_holds_a_burst_then_the_rate() -> None:
    now = [0.0]
    pace = Pace({"rate": 10, "burst": 8}, clock=lambda: now[0])
    assert [pace.wait() for _ in range(4)] == [0.0] * 4  # half the burst at once
    assert pace.wait() == pytest.approx(1 / 8)  # then 80% of the rate
    now[0] += 10.0
    assert pace.wait() == 0.0
