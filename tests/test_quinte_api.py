"""The quinte side of the API on both backends: cards and moves of two decks side by side,
pickling and copying, and what a capture game says about quinte-only attributes."""

from __future__ import annotations

import copy
import pickle

import pytest

import quinza
import quinza.reference as ref

from .conftest import outcome


def test_cards_of_both_decks_sort_baraja_first_then_by_id(q):
    cards = [q.Card("JK", "quinte"), q.Card("12b"), q.Card("2s", "quinte"), q.Card("1o"), q.Card("Ah", "quinte")]
    assert [str(c) for c in sorted(cards)] == ["1o", "12b", "2s", "Ah", "JK"]
    assert q.Card("2s", "quinte") > q.Card("12b") and q.Card("1o") < q.Card("2s", "quinte")
    assert q.Card("JK", "quinte").is_joker and not q.Card("1o").is_joker
    assert q.Card.parse("ah", "quinte") == q.Card("Ah", deck="quinte")
    with pytest.raises(ValueError) as error:
        q.Card("Ah", deck="joker")
    assert str(error.value) == "unknown deck 'joker': choose baraja or quinte"
    with pytest.raises(ValueError) as error:
        q.Card.from_id(53, deck="quinte")
    assert str(error.value) == "card id must be 0..52, not 53"


def test_cards_moves_and_games_pickle_and_copy(q):
    g = q.Game("quinte", seed=11)
    for move in ("pass", "double", "redouble"):
        g.play(move)
    g.play(g.legal_moves()[-1])
    things = [q.Card("Ah", "quinte"), q.Card("JK", "quinte"), q.Move.parse("redouble", "quinte"), q.Move(q.Card("10h", "quinte"))]
    for thing in things:
        assert pickle.loads(pickle.dumps(thing)) == thing
        assert copy.deepcopy(thing) == thing and copy.copy(thing) == thing
        assert hash(pickle.loads(pickle.dumps(thing))) == hash(thing)
    for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), copy.copy(g), g.copy()):
        assert twin.to_json() == g.to_json() and twin.bids == g.bids and twin.trick == g.trick
    assert q.Rules("quinte", target=99) == pickle.loads(pickle.dumps(q.Rules("quinte", target=99)))


def test_moves_of_the_two_decks_are_never_equal(q):
    assert q.Move("7c") != q.Move("7c", deck="quinte")
    assert q.Move.parse("pass", "quinte") == q.Move("PASS", deck="quinte")
    assert len({q.Move("pass", deck="quinte"), q.Move.parse("pass", "quinte"), q.Move("Ah", deck="quinte")}) == 2
    assert q.Move("pass", deck="quinte").bid == "pass" and q.Move("7o").bid is None


def test_rules_of_quinte_have_no_capture_total_and_no_options(q):
    r = q.Rules("quinte")
    assert (r.deck, r.capture_total, r.values, r.options) == ("quinte", None, None, {})
    assert r.to_dict() == {"name": "quinte", "players": 4, "target": 250}
    assert q.Rules.from_dict(r.to_dict()) == r and q.Rules("quinza").deck == "baraja"
    with pytest.raises(AttributeError):
        r.setenta


@pytest.mark.parametrize(
    "attribute",
    ["phase", "trick", "leader", "trick_number", "tricks_won", "quints", "bids", "multiplier", "doubled_by",
     "redoubled", "played"],
)
def test_a_capture_game_has_no_quinte_attributes(attribute):
    # Python words the error with the type's name: the core's is "quinza._core.FifteenGame"
    # (the core keeps the interpreter's own attribute lookup, which is what makes it fast).
    a = outcome(lambda: getattr(quinza.Game("quinza", seed=1), attribute))
    b = outcome(lambda: getattr(ref.Game("quinza", seed=1), attribute))
    assert a[0] == b[0] == "AttributeError"
    assert a[1] == b[1].replace("'FifteenGame'", "'quinza._core.FifteenGame'")
    assert b[1] == f"'FifteenGame' object has no attribute '{attribute}'"
    for q in (quinza, ref):
        assert not hasattr(q.Game("escoba", seed=1), attribute) and attribute not in dir(q.Game("escoba", seed=1))
        assert hasattr(q.Game("quinte", seed=1), attribute) and attribute in dir(q.Game("quinte", seed=1))


def test_deal_results_of_quinte_read_alike(q):
    g = q.Game(q.Rules("quinte", target=60), seed=5)
    pick = q.Random(5)
    while not g.is_over:
        moves = g.legal_moves()
        g.play(moves[pick.below(len(moves))])
    for d in g.deals:
        assert d == copy.copy(d) and d.to_dict()["details"] == d.details and d.escobas == [0, 0]
        assert repr(d).startswith(f"DealResult(deal_number={d.deal_number}, dealer={d.dealer}, points={d.points}")


def test_quinte_repr_and_text_agree_between_backends():
    a, b = quinza.Game("quinte", seed=3), ref.Game("quinte", seed=3)
    for move in ("pass", "double", "redouble"):
        a.play(move)
        b.play(move)
        assert (repr(a), str(a)) == (repr(b), str(b))
    assert str(a).splitlines()[1] == "bids: pass double redouble  multiplier: 4"
