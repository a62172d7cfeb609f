"""The Rust core and the reference, driven in lockstep by hypothesis through whole quinte
matches, agree on everything observable after every move, arbitrary and illegal moves
included (test_crosscheck.py drives the fifteen family)."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import outcome
from .test_crosscheck import deal_dict

QUINTE_MATCHES = int(os.environ.get("QUINZA_CROSSCHECK_QUINTE_MATCHES", "2000"))
QUINTE_DECK = [rank + suit for suit in "scdh" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + ["JK"]


def quinte_observable(g: Any, seat: int, accessors: bool) -> dict:
    """What a quinte game shows: its JSON, text, state, legal moves and one seat's
    observation; with `accessors`, the same again through every other accessor of the API
    (the reference is slow at those, so the lockstep test asks for them now and then)."""
    seen = {
        "json": g.to_json(),
        "str": str(g),
        "turn": g.turn,
        "phase": g.phase,
        "leader": g.leader,
        "trick_number": g.trick_number,
        "tricks_won": g.tricks_won,
        "quints": g.quints,
        "bids": g.bids,
        "multiplier": g.multiplier,
        "doubled_by": g.doubled_by,
        "redoubled": g.redoubled,
        "stock": g.stock,
        "scores": g.scores,
        "last_capturer": g.last_capturer,
        "is_over": g.is_over,
        "winner": g.winner,
        "moves": [(str(m), m.bid, None if m.card is None else m.card.id, m.captures) for m in g.legal_moves()],
        "count": g.count_legal_moves(),
        "observation": g.observation(seat),
    }
    if accessors:
        seen.update({
            "repr": repr(g),
            "dealer": g.dealer,
            "deal_number": g.deal_number,
            "trick": [(s, str(c), c.id, c.deck) for s, c in g.trick],
            "played": [str(c) for c in g.played],
            "table": [str(c) for c in g.table],
            "hands": [[str(c) for c in g.hand(s)] for s in range(4)],
            "piles": [[str(c) for c in g.pile(s)] for s in range(2)],
            "sides": [g.side_of(s) for s in range(4)],
            "escobas": g.escobas,
        })
    return seen


def arbitrary_quinte_move(backend: Any, pick: Any, g: Any) -> Any:
    """A move that is often illegal: any card of either deck, a bid, a Move object, or
    text that does not parse; sometimes a card of the hand that breaks a rule."""
    kind = pick.below(10)
    if kind < 4 and g.turn is not None:
        hand = [str(c) for c in g.hand(g.turn)]
        text = hand[pick.below(len(hand))] if hand else "JK"
    elif kind < 6:
        text = QUINTE_DECK[pick.below(53)]
    elif kind == 6:
        text = ("pass", "double", "redouble", "PASS", " Double ")[pick.below(5)]
    elif kind == 7:
        text = ("7o", "Ah x Kh", "", "bid", "1h", "ah", "jk", "10H")[pick.below(8)]
    elif kind == 8:
        return backend.Move(backend.Card(QUINTE_DECK[pick.below(53)], deck="quinte"))
    else:
        return (backend.Move("7o"), backend.Move.parse("redouble", deck="quinte"), 7)[pick.below(3)]
    if pick.below(3) == 0:
        try:
            return backend.Move.parse(text, deck="quinte")
        except ValueError:
            pass
    return text


@settings(max_examples=QUINTE_MATCHES)
@given(
    seed=st.integers(0, 2**64 - 1),
    chooser=st.integers(0, 2**64 - 1),
    target=st.sampled_from([1, 10, 25, 60, 120, 250]),
    boldness=st.integers(1, 4),
)
def test_quinte_backends_agree_move_by_move(seed: int, chooser: int, target: int, boldness: int) -> None:
    """Random doubling (bolder or shyer per match) and random play of whole quinte matches;
    after every move both backends show the same state, moves, text and observation, and
    accept or refuse the same arbitrary moves with the same error."""
    rust = quinza.Game(quinza.Rules("quinte", target=target), seed=seed)
    py = ref.Game(ref.Rules("quinte", target=target), seed=seed)
    pick = ref.Random(chooser)
    deals_seen = -1
    while True:
        seat, accessors = pick.below(4), pick.below(3) == 0
        a, b = quinte_observable(rust, seat, accessors), quinte_observable(py, seat, accessors)
        assert a == b
        if len(py.deals) != deals_seen:
            deals_seen = len(py.deals)
            assert [deal_dict(d) for d in rust.deals] == [deal_dict(d) for d in py.deals]
            assert [repr(d) for d in rust.deals] == [repr(d) for d in py.deals]
            assert quinza.Game.from_json(a["json"]).to_json() == a["json"]
        if rust.is_over:
            break
        # Now and then an arbitrary move: both must accept or refuse it alike.
        if pick.below(4) == 0:
            state = pick.state
            mr = arbitrary_quinte_move(quinza, pick, py)
            pick = ref.Random(state)
            mp = arbitrary_quinte_move(ref, pick, py)
            assert outcome(lambda: rust.is_legal(mr)) == outcome(lambda: py.is_legal(mp))
            ra, rb = outcome(lambda: repr(rust.play(mr))), outcome(lambda: repr(py.play(mp)))  # the twins' events print alike
            assert ra == rb
            if ra[0] == "ok":
                continue
        legal = a["moves"]
        if py.phase == "doubling" and len(legal) > 1 and pick.below(4) < boldness:
            choice = legal[1 + pick.below(len(legal) - 1)][0]  # double or redouble
        elif py.phase == "doubling":
            choice = "pass"
        else:
            choice = legal[pick.below(len(legal))][0]
        rust.play(choice if pick.below(2) else quinza.Move.parse(choice, deck="quinte"))
        py.play(choice)
    assert py.is_over and rust.winner == py.winner is not None
    assert rust.to_json() == py.to_json()
    assert ref.Game.from_json(rust.to_json()).to_json() == py.to_json()
