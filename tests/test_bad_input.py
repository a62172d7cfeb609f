"""Bad input gets a clear ValueError on both backends, the same one, and nothing crashes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import deck, position
from .test_crosscheck import outcome

CARD_TEXT = st.text(alphabet="0123456789ocebOCEBxX ,\t-", max_size=12) | st.text(max_size=8)


@given(text=CARD_TEXT)
def test_card_and_move_parsing_agree_on_any_text(text):
    for call in (lambda q: q.Card(text), lambda q: q.Move.parse(text)):
        a, b = outcome(lambda: str(call(quinza))), outcome(lambda: str(call(ref)))
        assert a == b
        assert a[0] in ("ok", "ValueError")


@given(
    # "quinte" is left out until the Rust core has it (the reference already does).
    name=st.sampled_from(["quinza", "rb3ine", "escoba", "", "Quinza"]),
    players=st.one_of(st.none(), st.integers(-2, 6), st.text(max_size=2), st.booleans()),
    target=st.one_of(st.none(), st.integers(-5, 400), st.floats(allow_nan=False)),
    options=st.dictionaries(
        st.sampled_from(["setenta", "opening_capture", "escoba_on_last_card", "bogus"]),
        st.one_of(st.booleans(), st.sampled_from(["prime", "sum", "max"]), st.integers(0, 1)),
        max_size=3,
    ),
)
def test_rules_agree_on_any_settings(name, players, target, options):
    a = outcome(lambda: repr(quinza.Rules(name, players=players, target=target, **options)))
    b = outcome(lambda: repr(ref.Rules(name, players=players, target=target, **options)))
    assert a == b
    assert a[0] in ("ok", "ValueError")


@settings(max_examples=300)
@given(
    name=st.sampled_from(["quinza", "rb3ine", "escoba"]),
    players=st.sampled_from([2, 3, 4]),
    places=st.lists(st.integers(0, 12), min_size=40, max_size=40),
    dealer=st.integers(-1, 4),
    turn=st.one_of(st.none(), st.integers(-1, 4)),
    drop=st.integers(0, 45),
    dup=st.integers(0, 45),
)
def test_random_positions_are_accepted_or_refused_alike(name, players, places, dealer, turn, drop, dup):
    # Deal the 40 cards at random to hands, table, stock and piles; sometimes lose one or
    # name one twice. Both backends must accept the same positions and refuse the rest
    # with the same message.
    cards = deck()
    hands = [[] for _ in range(players)]
    sides = 2 if players == 4 else players
    piles = [[] for _ in range(sides)]
    table, stock = [], []
    for card, place in zip(cards, places):
        if place < players:
            hands[place].append(card)
        elif place < 6:
            table.append(card)
        elif place < 9:
            stock.append(card)
        else:
            piles[place % sides].append(card)
    if drop < 40:
        for group in hands + piles + [table, stock]:
            if cards[drop] in group:
                group.remove(cards[drop])
    if dup < 40:
        table.append(cards[dup])

    def build(q):
        g = q.Game.from_position(q.Rules(name, players=players), hands=hands, table=table, stock=stock,
                                 dealer=dealer, turn=turn, piles=piles)
        return g.to_json(), [str(m) for m in g.legal_moves()], g.count_legal_moves()

    a, b = outcome(lambda: build(quinza)), outcome(lambda: build(ref))
    assert a == b
    assert a[0] in ("ok", "ValueError")


@settings(max_examples=300)
@given(text=st.text(max_size=60) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_garbage_json_is_a_value_error(text):
    for q in (quinza, ref):
        with pytest.raises(ValueError) as error:
            q.Game.from_json(text)
        assert str(error.value).startswith("invalid game JSON: ")


def _mutations(state):
    """Ways to break a valid game's JSON: each must be refused with a clear error."""
    yield "missing key", {k: v for k, v in state.items() if k != "table"}
    yield "unknown key", {**state, "extra": 1}
    yield "bad version", {**state, "version": 99}
    yield "bad format", {**state, "format": "chess"}
    yield "bad rng", {**state, "rng": "xyz"}
    yield "bad rules", {**state, "rules": {**state["rules"], "players": 9}}
    yield "card twice", {**state, "table": state["table"] + [state["hands"][0][0]]}
    yield "card lost", {**state, "hands": [h[1:] if i == 0 else h for i, h in enumerate(state["hands"])]}
    yield "bad card", {**state, "table": ["8o"] + state["table"]}
    yield "wrong turn", {**state, "turn": (state["turn"] + 1) % len(state["hands"])}
    yield "turn out of range", {**state, "turn": 7}
    yield "scores wrong length", {**state, "scores": [0]}
    yield "negative score", {**state, "scores": [-1] + state["scores"][1:]}
    yield "winner while playing", {**state, "winner": 0}
    yield "not an object", [state]


@pytest.mark.parametrize("name", ["quinza", "escoba"])
def test_inconsistent_json_is_refused_with_a_reason(q, name):
    g = q.Game(name, seed=4)
    state = json.loads(g.to_json())
    for what, broken in _mutations(state):
        with pytest.raises(ValueError) as error:
            q.Game.from_json(json.dumps(broken))
        assert str(error.value).startswith("invalid game JSON: "), what


def test_observation_hides_other_hands_and_the_stock(q):
    g = q.Game(q.Rules("rb3ine", players=4), seed=9)
    for seat in range(4):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == [str(c) for c in g.hand(seat)]
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in map(str, g.hand(other)))
        state = json.loads(g.to_json())
        assert not any(f'"{c}"' in text for c in state["stock"])
        assert obs["stock"] == g.stock and obs["hand_sizes"] == [3, 3, 3, 3]
        assert "rng" not in obs


def test_from_position_errors_name_the_problem(q):
    ok = dict(hands=[["1o"], ["2o"]], table=["3o"], dealer=1)
    with pytest.raises(ValueError, match="1o appears more than once"):
        position(q, "quinza", hands=[["1o"], ["2o"]], table=["1o"], dealer=1)
    with pytest.raises(ValueError, match="cards missing from the position: 12b"):
        q.Game.from_position("quinza", hands=ok["hands"], table=ok["table"],
                             piles=[[c for c in deck() if c not in ("1o", "2o", "3o", "12b")], []])
    with pytest.raises(ValueError, match="a hand holds at most 3 cards, not 4"):
        position(q, "quinza", hands=[["1o", "2o", "3o", "4o"], ["5o"]])
    with pytest.raises(ValueError, match="do not fit a round of play"):
        position(q, "quinza", hands=[["1o", "2o"], ["5o"]], dealer=1)
    with pytest.raises(ValueError, match="turn 1 does not fit the hand sizes: seat 0 is to play"):
        position(q, "quinza", hands=[["1o", "2o"], ["5o"]], dealer=0, turn=1)
    with pytest.raises(ValueError, match="it is dealt in rounds of 6"):
        position(q, "quinza", hands=[["1o"], ["2o"]], stock=["3o"], dealer=1)
    with pytest.raises(ValueError, match="every hand is empty"):
        position(q, "quinza", hands=[[], []])
    with pytest.raises(ValueError, match="hands needs 2 entries, one per seat, not 3"):
        position(q, "quinza", hands=[["1o"], ["2o"], []])
    with pytest.raises(ValueError, match="already end the match"):
        position(q, "quinza", hands=[["1o"], ["2o"]], dealer=1, scores=[151, 0])
    with pytest.raises(ValueError, match="invalid card"):
        position(q, "quinza", hands=[["1o"], ["9o"]], dealer=1)
