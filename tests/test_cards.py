"""docs/rules.md "The baraja" and docs/reference/game.md "Cards (baraja)": the baraja, its notation and strict parsing."""

import pickle

import pytest

import quinza
import quinza.reference

from .conftest import deck


def test_rust_backend_is_the_compiled_core() -> None:
    # `quinza` must be the Rust core, never the reference standing in for it.
    assert quinza.Game.__module__ == "quinza._core"
    assert quinza.Game is not quinza.reference.Game


def test_deck_has_40_cards_four_suits_no_8_or_9(q):
    cards = [q.Card(t) for t in deck()]
    assert len(set(cards)) == 40
    assert sorted(c.id for c in cards) == list(range(40))
    assert {c.suit for c in cards} == set("oceb")
    assert sorted({c.rank for c in cards}) == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]


def test_notation_round_trips_and_ids_follow_suit_then_rank(q):
    for i, text in enumerate(deck()):
        card = q.Card(text)
        assert str(card) == text
        assert repr(card) == f"Card('{text}')"
        assert card.id == i
        assert q.Card.parse(text) == card


def test_parsing_is_case_insensitive(q):
    assert q.Card("7O") == q.Card("7o")
    assert str(q.Card("11C")) == "11c"


@pytest.mark.parametrize("bad", ["8o", "9c", "0o", "07o", "13b", "7x", "", "o", "7", " 7o", "7o ", "7oo", "1 0o", "Js", "JK"])
def test_parsing_is_strict_and_names_the_bad_text(q, bad):
    with pytest.raises(ValueError) as error:
        q.Card(bad)
    # Text of a quinte card (9 of clubs, jack of spades, the joker) says which deck it is of.
    hint = "; it is a quinte card: pass deck='quinte'" if bad in ("9c", "Js", "JK") else ""
    assert str(error.value) == (
        f"invalid card {bad!r}: write a number 1-7, 10, 11 or 12 and a suit o, c, e or b, e.g. '7o'{hint}"
    )


def test_cards_are_immutable_hashable_and_ordered_by_id(q):
    a, b = q.Card("12o"), q.Card("1c")
    assert a < b and b > a and a <= a and sorted([b, a]) == [a, b]
    assert len({q.Card("7o"), q.Card("7O")}) == 1
    with pytest.raises(AttributeError):
        a.id = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a
