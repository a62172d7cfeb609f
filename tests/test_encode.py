"""The encodings for learning agents (docs/reference/encodings.md "Encodings"), on both backends: a seat's
vector has the fixed shape its names give and the same bytes from both twins; it holds no
card its seat cannot see (re-dealing the hidden cards changes no byte); every legal move
has one action id, no two share one, the mask is the legal moves, and ids and moves
round-trip; bad input is a ValueError that changes nothing."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from quinza.reference.worlds import sample_world

from .conftest import advanced, as_position, build_position, outcome, position, qdeck, redeal, texts
from .test_events import RULE_SETS  # the rule sets every lockstep test walks

EVERY_RULE_SET = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)] + [("quinte", 4)]

# The rule sets of tests/test_events.py.


def check_actions(g: Any) -> None:
    """Every legal move has an id, no two share one, the mask is exactly their ids, and
    each id gives its move back."""
    legal = g.legal_moves()
    mask = g.action_mask()
    assert mask.dtype == np.int8 and mask.shape == (g.action_count,)
    ids = [g.action_of(m) for m in legal]
    assert len(set(ids)) == len(ids)
    assert sorted(ids) == np.flatnonzero(mask).tolist()
    assert all(0 <= a < g.action_count for a in ids)
    for m, a in zip(legal, ids):
        assert g.move_of(a) == m
        assert g.action_of(str(m)) == a


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_names_give_the_fixed_shape_of_every_vector(q: ModuleType, name: str, players: int) -> None:
    rules = q.Rules(name, players=players) if name != "quinte" else q.Rules(name)
    names = q.encode_names(rules)
    assert len(set(names)) == len(names)
    if players == 2:  # the default player count
        assert names == q.encode_names(name)
    assert q.action_count(rules) == q.action_count(name)
    g = advanced(q, name, players, 5, 11)
    for seat in range(players):
        v = g.encode(seat)
        assert v.dtype == np.float32 and v.shape == (len(names),)
        hand = [names.index(f"hand:{c}") for c in g.hand(seat)]
        assert v[hand].tolist() == [1.0] * len(hand) and v[[i for i, n in enumerate(names) if n.startswith("hand:")]].sum() == len(hand)
    assert g.action_count == q.action_count(rules)
    assert q.ENCODING_VERSION == 1


@settings(max_examples=12)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1))
def test_the_twins_encode_the_same_bytes_move_for_move(rule_set: Tuple[str, Dict[str, Any]], seed: int) -> None:
    name, options = rule_set
    games = [m.Game(m.Rules(name, **options), seed=seed) for m in (quinza, ref)]
    r = ref.Random(seed)
    moves = 0
    while moves < 300:
        for seat in range(games[0].rules.players):
            a, b = (g.encode(seat) for g in games)
            assert a.dtype == b.dtype == np.float32 and a.tobytes() == b.tobytes(), (moves, seat)
        masks = [g.action_mask() for g in games]
        assert masks[0].tobytes() == masks[1].tobytes()
        if games[1].is_over:
            break
        legal = games[1].legal_moves()
        pick = legal[r.below(len(legal))]
        action = games[1].action_of(pick)
        assert games[0].action_of(str(pick)) == action
        assert str(games[0].move_of(action)) == str(pick)
        for g in games:
            g.play(str(pick))
        moves += 1
    assert not games[1].is_over or not masks[1].any()


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_twins_encode_the_same_bytes_ten_deals_into_a_match(name: str, players: int) -> None:
    """Late in a long match (its target too high to end it) as at its start: the Rust
    core's encode is the reference's, byte for byte, for every seat through deals 5 to 10."""
    games = [m.Game(m.Rules(name, players=players, target=10**6), seed=players) for m in (quinza, ref)]
    r = ref.Random(7 * players + len(name))
    moves, compared = 0, set()
    while len(games[1].deals) < 10:
        deals = len(games[1].deals)
        if deals >= 5 and moves % 3 == 0:
            for seat in range(players):
                a, b = (g.encode(seat) for g in games)
                assert a.tobytes() == b.tobytes(), (deals, moves, seat)
            compared.add(deals)
        legal = games[1].legal_moves()
        pick = str(legal[r.below(len(legal))])
        for g in games:
            g.play(pick)
        moves += 1
    assert compared == set(range(5, 10))


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_ids_are_exact_on_random_play_and_on_positions_built_from_it(q: ModuleType, name: str, players: int) -> None:
    r = ref.Random(players)
    for seed in range(2):
        g = q.Game(q.Rules(name, players=players) if name != "quinte" else q.Rules(name), seed=seed)
        moves = 0
        while not g.is_over and moves < 120:
            check_actions(g)
            if moves % 9 == 4:
                built = build_position(q, as_position(g))
                check_actions(built)
                assert built.encode(g.turn).tobytes() == g.encode(g.turn).tobytes()
            legal = g.legal_moves()
            g.play(legal[r.below(len(legal))])
            moves += 1
        check_actions(g)


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_hidden_cards_dealt_again_change_no_byte(q: ModuleType, name: str, players: int) -> None:
    moved = 0
    for i, moves in enumerate((3, 10, 21, 33)):
        g = advanced(q, name, players, 40 + i, moves)
        if g.is_over:
            continue
        for seat in range(players):
            h = redeal(q, g, seat, 17 * i + seat, swaps=12)
            moved += any(h.hand(s) != g.hand(s) for s in range(players) if s != seat)
            assert h.encode(seat).tobytes() == g.encode(seat).tobytes(), (moves, seat)
            if seat == g.turn:
                assert h.action_mask().tobytes() == g.action_mask().tobytes()
    assert moved >= 2  # the re-deals did move hidden cards


def test_a_flat_id_ranks_its_capture_set_among_all_sets_of_the_deck() -> None:
    # The reference's table against itself: ids 0..count-1 are each one (card, set) whose
    # set adds up to the capture total, and each gives its id back (sampled: the core's
    # unit test walks them all).
    from quinza.reference import encode

    for name in ("quinza", "escoba"):
        flat = encode._flat(name)
        assert flat is not None
        rules = ref.Rules(name)
        values = rules.values
        for a in range(0, encode.action_count(name), 37):
            m = encode._flat_move(flat, a)
            assert encode._flat_id(flat, m) == a
            if m.captures:
                assert values[m.card.id % 10] + sum(values[c.id % 10] for c in m.captures) == rules.capture_total
    assert encode._flat("rb3ine") is None


def test_the_first_and_last_ids_of_quinza_and_quinte(q: ModuleType) -> None:
    g = position(q, "quinza", [["1o", "12b"], ["2c"]], table=["7o", "7c", "7e", "2o"])
    # 1o takes two of the sevens (1 + 7 + 7); 12b would need 3 and lays.
    assert [str(m) for m in g.legal_moves()] == ["1o x 7o 7c", "1o x 7o 7e", "1o x 7c 7e", "12b"]
    ids = [g.action_of(m) for m in g.legal_moves()]
    # 12b, the last card, ends the space: its lay, then its 24 sets of the deck that make 3
    # (one of the four 3s, an ace with a 2: 16 pairs, or three of the four aces).
    assert ids[-1] == g.action_count - 1 - 24
    # Sets are ranked deciding card by card in id order, "left out" first: a set with 7o
    # comes after every set without it, so the three (listed by their masks) rank backwards.
    assert 0 < ids[2] < ids[1] < ids[0]
    t = q.Game("quinte", seed=3)
    assert [t.move_of(a) for a in np.flatnonzero(t.action_mask())] == t.legal_moves()
    assert {t.action_of(m) for m in t.legal_moves()} <= {53, 54}


def test_out_writes_in_place_and_refuses_the_wrong_array(q: ModuleType) -> None:
    g = q.Game("escoba", seed=2)
    n = len(q.encode_names(g.rules))
    out = np.full(n, 7, dtype=np.float32)
    assert g.encode(0, out=out) is out and out.tobytes() == g.encode(0).tobytes()
    mask = np.full(g.action_count, 3, dtype=np.int8)
    assert g.action_mask(out=mask) is mask and mask.tobytes() == g.action_mask().tobytes()
    # A big-endian float32 array (">f4") would hold garbage if written in this machine's order.
    swapped = np.zeros(n, dtype=np.dtype(np.float32).newbyteorder("S"))
    for bad in (np.zeros(n, dtype=np.float64), np.zeros(n + 1, dtype=np.float32), np.zeros((1, n), dtype=np.float32), [0.0] * n, swapped):
        kind, message = outcome(lambda: g.encode(0, out=bad))
        assert kind == "ValueError" and message.startswith(f"out must be a writable numpy float32 array of shape ({n},)"), message
    assert not swapped.any()
    frozen = np.zeros(n, dtype=np.float32)
    frozen.flags.writeable = False
    assert outcome(lambda: g.encode(0, out=frozen))[0] == "ValueError"
    assert outcome(lambda: g.action_mask(out=np.zeros(g.action_count, dtype=np.uint8)))[0] == "ValueError"


def bad_inputs(q: ModuleType, g: Any) -> List[Tuple[str, Any]]:
    illegal = "12b x 1o 2o" if g.rules.deck == "baraja" else "Ah"
    cases = [
        lambda: g.encode(g.rules.players), lambda: g.encode(-1), lambda: g.encode("0"),
        lambda: g.move_of(-1), lambda: g.move_of(g.action_count), lambda: g.move_of(2**80), lambda: g.move_of(1.5),
        lambda: g.move_of(True), lambda: g.move_of("3"), lambda: g.action_of(illegal), lambda: g.action_of("nonsense"),
        lambda: g.action_of(7), lambda: g.move_of(int(np.flatnonzero(g.action_mask() == 0)[0])),
        lambda: g.move_of(np.int64(g.action_count)),
    ]
    return [outcome(c) for c in cases]


@pytest.mark.parametrize("name", ["quinza", "rb3ine", "escoba", "quinte"])
def test_bad_input_is_a_value_error_that_changes_nothing_and_the_twins_agree(name: str) -> None:
    results = []
    for m in (quinza, ref):
        g = m.Game(name, seed=9)
        before = g.to_json()
        got = bad_inputs(m, g)
        assert all(kind == "ValueError" for kind, _ in got), got
        assert g.to_json() == before
        results.append(got)
    assert results[0] == results[1]


def test_a_finished_match_has_an_empty_mask_and_refuses_every_action(q: ModuleType) -> None:
    g = q.Game(q.Rules("escoba", target=1), seed=4)
    r = ref.Random(4)
    while not g.is_over:
        legal = g.legal_moves()
        g.play(legal[r.below(len(legal))])
    assert not g.action_mask().any()
    assert outcome(lambda: g.move_of(0)) == ("ValueError", "action 0 is not legal: the match is over")
    v = g.encode(0)
    assert v[q.encode_names(g.rules).index("over")] == 1.0


def rb3ine_crowded(q: ModuleType) -> Any:
    # Sixteen low cards on the table: 12b needs 28 of their 40, i.e. leaves out 12 in any way.
    low = [f"{r}{s}" for r in (1, 2, 3, 4) for s in "oceb"]
    return position(q, "rb3ine", [["12b"], ["12o"]], table=low, dealer=1)


def test_a_built_rb3ine_position_beyond_the_ranked_ids_is_refused(q: ModuleType) -> None:
    g = rb3ine_crowded(q)
    count = sum(1 for m in g.legal_moves() if str(m.card) == "12b")
    assert count > 1024
    before = g.to_json()
    kind, message = outcome(g.action_mask)
    assert (kind, message) == (
        "ValueError",
        f"this position has {count} moves with 12b, more than the 1024 ids per card of rb3ine's action encoding",
    )
    assert outcome(lambda: g.action_of(g.legal_moves()[0]))[1] == message
    assert outcome(lambda: g.move_of(39 * 1024))[1] == message
    assert g.to_json() == before
    assert g.encode(0).shape == (len(q.encode_names("rb3ine")),)  # the vector has no bound



def shown_void_position(q: ModuleType) -> Any:
    """Seat 0 (it won the last trick) led 7s, seat 1 followed, seat 2 played 4c: seat 2 has
    shown it has no spade. The won cards are given as piles, not in play order (the
    tricks before tell nothing sure, and the order of the piles would have another seat
    lead the trick in progress; what those tricks "show" is the order's, not the play's)."""
    named = ["Qh", "5s", "8s", "3s", "2h", "3d", "10h", "As", "Js", "7s", "9s", "4c", "6h", "9h", "5d", "8h", "2c"]
    return q.Game.from_position(
        q.Rules("quinte"),
        hands=[["Qh", "5s"], ["8s", "3s"], ["2h", "3d"], ["10h", "As", "Js"]],
        table=["7s", "9s", "4c"],
        stock=["6h", "9h", "5d", "8h", "2c"],
        piles=[[c for c in qdeck() if c not in named], []],
        dealer=2, last_capturer=0,
    )


def test_a_built_positions_trick_in_progress_shows_voids_as_its_leader_played_it(q: ModuleType) -> None:
    g = shown_void_position(q)
    names = q.encode_names(g.rules)
    for seat in range(4):
        v = dict(zip(names, np.asarray(g.encode(seat)).tolist()))
        shown = {k: v[f"void[+{(k - seat) % 4}]:spades"] for k in range(4)}
        assert shown[2] == 1.0, (seat, shown)


def test_a_built_positions_worlds_keep_the_void_its_trick_in_progress_shows() -> None:
    # The reference's worlds for seat 3 (to play) never deal seat 2 a spade, and the core's
    # search bots, whose worlds are the same, value and choose alike.
    g = shown_void_position(ref)
    for s in range(30):
        w = sample_world(g, 3, ref.Random(s))
        assert not any(c.suit == "s" for c in w.hand(2)), s
    rust = shown_void_position(quinza)
    for name, kw in (("pimc", {"worlds": 8}), ("ismcts", {"iterations": 60})):
        mine = [(str(m), v) for m, v in quinza.bot(name, seed=5, **kw).analyse(rust)]
        theirs = [(str(m), v) for m, v in ref.bot(name, seed=5, **kw).analyse(g)]
        assert mine == theirs, name


def test_the_twins_encode_a_built_quinte_position_alike_as_it_is_played_on() -> None:
    # Random deals built again from their cards alone (the won cards in id order, not in
    # play order) and played on at random to the deal's end: both twins read each trick's
    # leader back from the seat that leads, so every seat's vector agrees at every move.
    rng = __import__("random").Random(5)
    steps = 0
    for seed in range(40):
        game = quinza.Game("quinte", seed=seed)
        for _ in range(4 + rng.randrange(40)):
            if game.turn is None or game.deals:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.turn is None or game.deals or game.phase != "play":
            continue
        kw = as_position(game, played=None)
        a, b = build_position(quinza, kw), build_position(ref, kw)
        while a.turn is not None and not a.deals:
            for seat in range(4):
                assert np.asarray(a.encode(seat)).tolist() == np.asarray(b.encode(seat)).tolist(), (seed, seat)
            move = rng.choice(texts(a.legal_moves()))
            a.play(move)
            b.play(move)
            steps += 1
    assert steps > 100
