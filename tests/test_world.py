"""`Game.world(seat, seed)`: the game with every card the seat cannot see dealt again, what
a server hands its bots so that none holds a hidden card. It shows the seat everything
the game shows it, it does not depend on where the hidden cards really are, it cannot be
undone back to the real deal, and both twins deal the same world from the same seed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import quinza
import quinza.reference

from .conftest import advanced, redeal

GAMES = [("escoba", 2), ("escoba", 4), ("quinza", 2), ("rb3ine", 3), ("quinte", 4)]


def _hidden(g: Any, seat: int) -> Any:
    """What `seat` cannot see: the other hands and the stock or the cachette."""
    state = json.loads(g.to_json())
    return [sorted(h) for s, h in enumerate(state["hands"]) if s != seat], state["stock"]


@pytest.mark.parametrize("name, players", GAMES)
def test_a_world_shows_the_seat_what_the_game_shows_it(q: Any, name: str, players: int) -> None:
    for moves in (0, 7, 23):
        g = advanced(q, name, players, seed=moves + 1, moves=moves)
        for seat in range(players):
            w = g.world(seat, seed=seat + 10)
            assert w.observation(seat) == g.observation(seat)
            assert w.turn == g.turn and [str(m) for m in w.legal_moves()] == [str(m) for m in g.legal_moves()] \
                or g.turn != seat
            hidden = _hidden(g, seat)
            # The same hidden cards in all, dealt again: some world from some seed differs.
            assert sorted(sum(_hidden(w, seat)[0], []) + _hidden(w, seat)[1]) == sorted(sum(hidden[0], []) + hidden[1])
        if moves == 7:
            seat = g.turn
            assert any(_hidden(g.world(seat, seed=s), seat) != _hidden(g, seat) for s in range(5))


@pytest.mark.parametrize("name, players", GAMES)
def test_a_world_is_the_same_whatever_the_hidden_cards_were(q: Any, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=4, moves=11)
    seat = g.turn
    other = redeal(q, g, seat, seed=9)
    assert _hidden(other, seat) != _hidden(g, seat)  # really dealt again
    for s in range(3):
        assert g.world(seat, seed=s).to_json() == other.world(seat, seed=s).to_json()
        for bot in ("greedy", "ismcts"):
            kw = {"iterations": 40} if bot == "ismcts" else {}
            chosen = [str(q.bot(bot, seed=s, **kw)(game.world(seat, seed=s))) for game in (g, other)]
            assert chosen[0] == chosen[1]


@pytest.mark.parametrize("name, players", GAMES)
def test_a_world_begins_where_it_is_made(q: Any, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=2, moves=9)
    w = g.world(g.turn, seed=1)
    assert w.history == () and w.start_events == () and w.seed is None and w.deals == []
    with pytest.raises(ValueError):
        w.undo()
    before = g.to_json()
    w.play(w.legal_moves()[0])
    assert g.to_json() == before and w.undo() is not None
    assert type(w) is type(g)


def test_a_world_of_a_seat_or_seed_that_is_not_one_is_refused(q: Any) -> None:
    g = q.Game("escoba", seed=1)
    before = g.to_json()
    for seat, seed, words in ((2, 0, "seat must be 0..1, not 2"), ("0", 0, "seat must be"),
                              (0, -1, "seed must be a whole number from 0 to 2**64-1, not -1"),
                              (0, 1.5, "seed must be a whole number")):
        with pytest.raises(ValueError, match=words.replace("*", r"\*").replace(".", r"\.")):
            g.world(seat, seed=seed)
    assert g.to_json() == before


@given(st.sampled_from(GAMES), st.integers(0, 2**64 - 1), st.integers(0, 60), st.integers(0, 2**64 - 1))
def test_the_twins_deal_the_same_world(game: Any, seed: int, moves: int, world_seed: int) -> None:
    name, players = game
    worlds = []
    for api in (quinza, quinza.reference):
        g = advanced(api, name, players, seed=seed % 1000, moves=moves)
        worlds.append((g.turn, g.world(g.turn if g.turn is not None else 0, seed=world_seed)))
    (_, a), (_, b) = worlds
    assert a.to_json() == b.to_json()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
