"""`Game.play(move, seat=...)`: a move played for a seat, as a server plays what a player
sent. The seat is checked before the move is read: a seat not to act is refused with
IllegalMoveError and nothing changes; a seat that does not exist is a ValueError."""

from __future__ import annotations

import random
from typing import Any

import pytest


@pytest.mark.parametrize("name", ["escoba", "quinza", "quinte"])
def test_the_seat_to_act_plays_as_without_a_seat(q: Any, name: str) -> None:
    g, h = q.Game(name, seed=3), q.Game(name, seed=3)
    rng = random.Random(1)
    for _ in range(30):
        mv = rng.choice(g.legal_moves())
        assert g.play(mv, seat=g.turn) == h.play(mv)
    assert g.to_json() == h.to_json()


@pytest.mark.parametrize("name", ["escoba", "quinte"])
def test_a_move_for_a_seat_not_to_act_is_refused_and_changes_nothing(q: Any, name: str) -> None:
    g = q.Game(name, seed=5)
    before, turn = g.to_json(), g.turn
    other = (turn + 1) % g.rules.players
    for move in (g.legal_moves()[0], "no move at all"):
        with pytest.raises(q.IllegalMoveError) as error:
            g.play(move, seat=other)
        assert str(error.value) == f"it is seat {turn}'s turn, not seat {other}'s"
    assert g.to_json() == before and g.turn == turn


@pytest.mark.parametrize("bad", [2, -1, "0", True, 1.0])
def test_a_seat_that_does_not_exist_is_a_value_error(q: Any, bad: Any) -> None:
    g = q.Game("escoba", seed=5)
    before = g.to_json()
    with pytest.raises(ValueError) as error:
        g.play(g.legal_moves()[0], seat=bad)
    assert not isinstance(error.value, q.IllegalMoveError)
    assert str(error.value) == f"seat must be 0..1, not {bad!r}"
    assert g.to_json() == before


def test_a_finished_match_refuses_every_seat(q: Any) -> None:
    g = q.Game(q.Rules("quinza", target=1), seed=2)
    rng = random.Random(2)
    while g.turn is not None:
        g.play(rng.choice(g.legal_moves()), seat=g.turn)
    for seat in range(2):
        with pytest.raises(q.IllegalMoveError, match=r"^the match is over$"):
            g.play("1o", seat=seat)


@pytest.mark.parametrize("name", ["escoba", "quinte"])
def test_a_move_of_the_other_twin_is_played_by_its_notation(name: str) -> None:
    import quinza
    import quinza.reference

    for here, there in ((quinza, quinza.reference), (quinza.reference, quinza)):
        g, h = here.Game(name, seed=4), there.Game(name, seed=4)
        for _ in range(12):
            theirs = h.legal_moves()[-1]
            assert g.is_legal(theirs)
            assert [str(e.move) for e in g.play(theirs) if e.kind == "move"] == [str(theirs)]
            h.play(theirs)
        assert g.to_json() == h.to_json()
