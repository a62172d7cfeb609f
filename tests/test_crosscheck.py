"""The Rust core and the reference, driven in lockstep by hypothesis, agree on everything
observable after every move: legal moves, counts, JSON, observations, deal results and
errors. Invariants of the rules (docs/rules.md) are checked on every deal. This file drives the fifteen
family; test_crosscheck_quinte.py drives quinte (two files, so that two workers share them)."""

from __future__ import annotations

import json
import os
from typing import Any, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import deck, outcome

MATCHES = int(os.environ.get("QUINZA_CROSSCHECK_MATCHES", "1500"))


@st.composite
def rule_sets(draw: Any, with_quinte: bool = False) -> Tuple[str, dict]:
    name = draw(st.sampled_from(["quinza", "rb3ine", "escoba"] + ["quinte"] * with_quinte))
    if name == "quinte":
        return name, {"target": draw(st.sampled_from([1, 30, 100, 250]))}
    kwargs: dict = {"players": draw(st.sampled_from([2, 3, 4]))}
    if name == "escoba":
        kwargs["target"] = draw(st.sampled_from([1, 5, 11, 21]))
        kwargs["escoba_on_last_card"] = draw(st.booleans())
        kwargs["opening_capture"] = draw(st.booleans())
        kwargs["setenta"] = draw(st.sampled_from(["prime", "sum"]))
    else:
        kwargs["target"] = draw(st.sampled_from([1, 60, 101, 151, 301]))
    return name, kwargs


def observable(g: Any) -> dict:
    return {
        "json": g.to_json(),
        "turn": g.turn,
        "dealer": g.dealer,
        "deal_number": g.deal_number,
        "table": [str(c) for c in g.table],
        "hands": [[str(c) for c in g.hand(s)] for s in range(g.rules.players)],
        "piles": [[str(c) for c in g.pile(s)] for s in range(g.rules.sides)],
        "stock": g.stock,
        "scores": g.scores,
        "escobas": g.escobas,
        "last_capturer": g.last_capturer,
        "is_over": g.is_over,
        "winner": g.winner,
        "moves": [str(m) for m in g.legal_moves()],
        "count": g.count_legal_moves(),
        "deals": [deal_dict(d) for d in g.deals],
        "str": str(g),
    }


def deal_dict(d: Any) -> dict:
    return {
        "deal_number": d.deal_number,
        "dealer": d.dealer,
        "piles": [[str(c) for c in p] for p in d.piles],
        "points": list(d.points),
        "details": [dict(x) for x in d.details],
        "escobas": list(d.escobas),
        "last_capturer": d.last_capturer,
    }


def check_deal_invariants(g: Any) -> None:
    """40 cards accounted for, no card twice; 100 card points a quinza/rb3ine deal."""
    state = json.loads(g.to_json())
    cards = sum(state["hands"], []) + state["table"] + state["stock"] + sum(state["piles"], [])
    assert len(cards) == len(set(cards))
    if not g.is_over:
        assert sorted(cards, key=deck().index) == deck()
    for d in g.deals:
        held = [str(c) for p in d.piles for c in p]
        assert len(held) == len(set(held)) <= 40
        if g.rules.name != "escoba" and d.last_capturer is not None:
            assert sum(d.points) == 100 and len(held) == 40


@settings(max_examples=MATCHES)
@given(rules=rule_sets(), seed=st.integers(0, 2**64 - 1), chooser=st.integers(0, 2**64 - 1))
def test_backends_agree_move_by_move(rules: Tuple[str, dict], seed: int, chooser: int) -> None:
    name, kwargs = rules
    rust, py = quinza.Game(quinza.Rules(name, **kwargs), seed=seed), ref.Game(ref.Rules(name, **kwargs), seed=seed)
    pick = ref.Random(chooser)
    deals_seen = 0
    moves = 0
    while True:
        a, b = observable(rust), observable(py)
        assert a == b
        if len(rust.deals) != deals_seen or moves == 0:
            deals_seen = len(rust.deals)
            check_deal_invariants(py)
            seat = pick.below(rust.rules.players)
            assert rust.observation(seat) == py.observation(seat)
        if rust.is_over:
            break
        # Now and then an arbitrary move: both must accept or refuse it alike.
        if pick.below(8) == 0:
            card = deck()[pick.below(40)]
            table = [str(c) for c in py.table]
            taken = [c for c in table if pick.below(2)]
            text = card + (" x " + " ".join(taken) if taken else "")
            assert outcome(lambda: rust.is_legal(text)) == outcome(lambda: py.is_legal(text))
            ra, rb = outcome(lambda: repr(rust.play(text))), outcome(lambda: repr(py.play(text)))  # the twins' events print alike
            assert ra == rb
            if ra[0] == "ok":
                moves += 1
                continue
        legal = a["moves"]
        choice = legal[pick.below(len(legal))]
        rust.play(choice if pick.below(2) else quinza.Move.parse(choice))
        py.play(choice)
        moves += 1
    assert py.is_over and rust.winner == py.winner
    assert rust.to_json() == py.to_json()
    assert quinza.Game.from_json(py.to_json()).to_json() == py.to_json()


@settings(max_examples=200)
@given(rules=rule_sets(with_quinte=True), seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 120))
def test_json_and_copy_round_trip_midway(rules: Tuple[str, dict], seed: int, steps: int) -> None:
    name, kwargs = rules
    g = quinza.Game(quinza.Rules(name, **kwargs), seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(g.legal_moves()[0])
    text = g.to_json()
    for backend in (quinza, ref):
        restored = backend.Game.from_json(text)
        assert restored.to_json() == text
        twin = restored.copy()
        if not twin.is_over:
            twin.play(twin.legal_moves()[-1])
            assert restored.to_json() == text  # the copy is independent
    assert json.loads(text)["version"] == 1
