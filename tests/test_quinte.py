"""Every rule of docs/rules.md "Quinte, the trick game", named in its words, on every backend
that has quinte (the `qq` fixture); then invariants over many seeded random matches."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any, Iterable

import pytest

from .conftest import BACKENDS, QUIET_CACHETTE, late, qdeck, texts

DETAILS = ("quints", "tricks")


def _has_quinte(backend: ModuleType) -> bool:
    try:
        backend.Rules("quinte")
    except ValueError:
        return False
    return True


@pytest.fixture(
    params=[
        pytest.param(
            name,
            marks=() if _has_quinte(backend) else pytest.mark.skip(reason=f"the {name} backend has no quinte yet"),
        )
        for name, backend in BACKENDS.items()
    ]
)
def qq(request: Any) -> ModuleType:
    """A backend under test that has quinte: the same tests run on both once both have it."""
    return BACKENDS[request.param]


def fresh(qq: ModuleType, seed: int = 1, bids: Iterable[str] = ("pass",) * 4) -> Any:
    """A seeded match after the given bids."""
    g = qq.Game("quinte", seed=seed)
    for bid in bids:
        g.play(bid)
    return g


def play_all(g: Any, moves: Iterable[str]) -> None:
    for move in moves:
        g.play(move)


def card(qq: ModuleType, text: str) -> Any:
    return qq.Card(text, deck="quinte")


# -- Deck and deal ------------------------------------------------------------------------------


def test_52_cards_plus_one_joker_53_in_all(qq):
    cards = [card(qq, t) for t in qdeck()]
    assert len(set(cards)) == 53 and [c.id for c in cards] == list(range(53))
    assert texts(cards) == qdeck()
    assert {c.suit for c in cards} == {"s", "c", "d", "h", None}
    assert sorted({c.rank for c in cards}) == [0] + list(range(2, 15))
    joker = card(qq, "jk")
    assert (str(joker), joker.suit, joker.rank, joker.id, repr(joker)) == ("JK", None, 0, 52, "Card('JK')")
    assert card(qq, "10H").rank == 10 and str(card(qq, "qd")) == "Qd" and card(qq, "As").rank == 14
    assert card(qq, "Ah").deck == "quinte" and qq.Card("7c").deck == "baraja"


def test_a_card_of_the_baraja_is_never_a_quinte_card(qq):
    # "7c" is the 7 of Copas in the baraja and the 7 of clubs in quinte.
    assert qq.Card("7c") != card(qq, "7c") and len({qq.Card("7c"), card(qq, "7c")}) == 2
    assert qq.Card.from_id(52, deck="quinte") == card(qq, "JK")


@pytest.mark.parametrize("bad", ["1h", "11h", "14s", "0h", "Jx", "J", "", "JKs", " Ah", "Ah ", "10", "7o", "A h"])
def test_quinte_notation_is_strict_and_names_the_bad_text(qq, bad):
    with pytest.raises(ValueError) as error:
        card(qq, bad)
    assert str(error.value) == (
        f"invalid card {bad!r}: write 2-10, J, Q, K or A and a suit s, c, d or h, or JK for the joker, e.g. 'Ah'"
    )


def test_rules_quinte_four_players_target_250_no_options(qq):
    r = qq.Rules("quinte")
    assert (r.name, r.players, r.target, r.sides) == ("quinte", 4, 250, 2)
    assert repr(r) == "Rules('quinte', players=4, target=250)"
    assert qq.Rules("quinte", players=4, target=100).target == 100
    for players in (2, 3, 5):
        with pytest.raises(ValueError) as error:
            qq.Rules("quinte", players=players)
        assert str(error.value) == f"quinte is played by 4 players, not {players}"
    with pytest.raises(ValueError) as error:
        qq.Rules("quinte", setenta="sum")
    assert str(error.value) == "unknown option 'setenta' for quinte; its options: none"
    with pytest.raises(ValueError) as error:
        qq.Rules("whist")
    assert str(error.value) == "unknown rule set 'whist': choose quinza, rb3ine, escoba or quinte"


def test_four_players_in_two_partnerships_sitting_opposite(qq):
    g = qq.Game("quinte", seed=2)
    assert [g.side_of(s) for s in range(4)] == [0, 1, 0, 1] and g.scores == [0, 0]


def test_the_cachette_is_the_first_5_cards_then_one_card_at_a_time_from_the_seat_after_the_dealer(qq):
    for seed in (0, 1, 77):
        g = qq.Game("quinte", seed=seed)
        r = qq.Random(seed)
        dealer = r.below(4)
        cards = [qq.Card.from_id(i, deck="quinte") for i in range(53)]
        r.shuffle(cards)
        assert g.dealer == dealer and g.stock == 5
        assert json.loads(g.to_json())["stock"] == texts(cards[:5])
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            assert g.hand(seat) == sorted(cards[5 + i :: 4])
            assert len(g.hand(seat)) == 12


def test_the_first_dealer_is_drawn_and_the_deal_passes_to_the_next_seat(qq):
    assert {qq.Game("quinte", seed=s).dealer for s in range(40)} == {0, 1, 2, 3}
    g = qq.Game("quinte", seed=5)
    first = g.dealer
    while g.deal_number == 1 and not g.is_over:
        g.play(g.legal_moves()[0])
    assert g.deal_number == 2 and g.dealer == (first + 1) % 4
    assert g.phase == "doubling" and g.turn == (g.dealer + 1) % 4 and g.stock == 5


# -- Doubling -------------------------------------------------------------------------------------


def test_each_player_in_turn_from_the_seat_after_the_dealer_has_one_chance_to_bid(qq):
    g = qq.Game("quinte", seed=3)
    d = g.dealer
    assert g.phase == "doubling" and g.turn == (d + 1) % 4 and texts(g.legal_moves()) == ["pass", "double"]
    for i in range(4):
        assert g.turn == (d + 1 + i) % 4
        g.play("pass")
    assert g.bids == [((d + 1 + i) % 4, "pass") for i in range(4)]
    assert g.phase == "play" and g.turn == g.leader == (d + 1) % 4 and g.trick_number == 1
    assert g.multiplier == 1 and g.doubled_by is None and g.redoubled is False


def test_double_if_no_one_has_doubled_yet_and_never_twice(qq):
    g = qq.Game("quinte", seed=3)
    d = g.dealer
    g.play("double")
    assert g.multiplier == 2 and g.doubled_by == (d + 1) % 2
    assert texts(g.legal_moves()) == ["pass", "redouble"]
    before = g.to_json()
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("double")
    assert str(error.value) == f"double: side {(d + 1) % 2} has already doubled"
    assert g.to_json() == before


def test_redouble_a_double_made_by_the_other_side(qq):
    g = qq.Game("quinte", seed=3)
    d = g.dealer
    g.play("pass")
    g.play("pass")
    g.play("double")  # seat d+3, side (d+1) % 2
    assert texts(g.legal_moves()) == ["pass", "redouble"]  # the dealer, of the other side
    g.play("redouble")
    assert (g.multiplier, g.doubled_by, g.redoubled) == (4, (d + 1) % 2, True)
    assert g.phase == "play" and g.turn == (d + 1) % 4


def test_no_one_may_redouble_their_partners_double(qq):
    g = qq.Game("quinte", seed=3)
    d = g.dealer
    g.play("double")  # seat d+1
    g.play("pass")  # seat d+2, the other side, lets it stand
    partner = (d + 3) % 4
    assert g.turn == partner and texts(g.legal_moves()) == ["pass"]
    before = g.to_json()
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("redouble")
    assert str(error.value) == f"redouble: seat {partner} may not redouble its partner's double"
    assert g.to_json() == before
    g.play("pass")
    assert texts(g.legal_moves()) == ["pass", "redouble"]  # the dealer may still redouble


def test_redouble_needs_a_double(qq):
    g = qq.Game("quinte", seed=3)
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("redouble")
    assert str(error.value) == "redouble: no one has doubled"


def test_after_a_redouble_nothing_more_can_change(qq):
    # Decision (docs/reference/game.md): the redouble ends the doubling at once.
    g = qq.Game("quinte", seed=8)
    d = g.dealer
    g.play("double")
    g.play("redouble")
    assert g.phase == "play" and len(g.bids) == 2 and g.turn == (d + 1) % 4
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("pass")
    assert str(error.value) == f"pass: the doubling is over; seat {(d + 1) % 4} plays a card"
    assert all(m.card is not None for m in g.legal_moves())


def test_bidding_during_play_and_playing_during_doubling_are_refused(qq):
    g = qq.Game("quinte", seed=4)
    before = g.to_json()
    c = g.hand(g.turn)[0]
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play(qq.Move(c))
    assert str(error.value) == f"{c}: seat {g.turn} must bid first: pass, double or redouble"
    assert g.to_json() == before and not g.is_legal(str(c))
    play_all(g, ["pass"] * 4)
    before = g.to_json()
    for bid in ("pass", "double", "redouble"):
        assert not g.is_legal(bid)
        with pytest.raises(qq.IllegalMoveError) as error:
            g.play(bid)
        assert str(error.value) == f"{bid}: the doubling is over; seat {g.turn} plays a card"
    assert g.to_json() == before


@pytest.mark.parametrize("bids, multiplier", [(["pass"] * 4, 1), (["double"] + ["pass"] * 3, 2), (["pass", "double", "redouble"], 4)])
def test_doubling_sets_every_trick_from_5_to_10_redoubling_to_20(qq, bids, multiplier):
    # Trick 12 of a deal where side 0 won 6 tricks and side 1 won 5; side 0 takes the last
    # trick and the cachette: 8 tricks to 5.
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, tricks0=6, bids=bids)
    assert g.multiplier == multiplier
    play_all(g, ["Ah", "2s", "3c", "4s"])
    d = g.deals[-1]
    assert [x["tricks"] for x in d.details] == [8 * 5 * multiplier, 5 * 5 * multiplier]
    assert sum(x["tricks"] for x in d.details) == 65 * multiplier


def test_quints_are_never_multiplied(qq):
    for bids in (["pass"] * 4, ["double"] + ["pass"] * 3, ["double", "redouble"]):
        g = late(qq, [["Ah", "2s"], ["4h", "3s"], ["Kh", "7s"], ["2h", "8s"]], leader=0, bids=bids)
        play_all(g, ["Ah", "4h", "Kh", "2h"])
        assert g.quints == [20, 0] and g.scores == [20, 0]


# -- Play ---------------------------------------------------------------------------------------------


def test_the_player_after_the_dealer_leads_the_first_trick_the_winner_leads_the_next(qq):
    g = fresh(qq, seed=6)
    assert g.turn == g.leader == (g.dealer + 1) % 4
    for _ in range(4):
        g.play(g.legal_moves()[0])
    winner = g.last_capturer
    assert winner is not None and g.turn == g.leader == winner and g.trick_number == 2
    assert sum(g.tricks_won) == 1 and g.tricks_won[winner % 2] == 1


# Tricks 11 and 12, no quint in them: seat 2 leads Js, seat 3's As wins; seat 3 leads 9c and wins.
LAST_TWO = [["Ks", "6c"], ["Qs", "7c"], ["Js", "8c"], ["As", "9c"]]


def test_play_passes_from_seat_i_to_seat_i_plus_1_mod_4_within_a_trick(qq):
    g = late(qq, LAST_TWO, leader=2)
    turns = []
    for move in ("Js", "As", "Ks", "Qs", "9c", "6c", "7c", "8c"):
        turns.append(g.turn)
        g.play(move)
    assert turns == [2, 3, 0, 1, 3, 0, 1, 2]


def test_suits_rank_hearts_diamonds_clubs_spades_within_a_suit_a_k_q_j_10_to_2(qq):
    order = [c for c in qdeck() if c != "JK"]  # low to high: 2s .. As, 2c .. Ac, 2d .. Ad, 2h .. Ah
    for low, high in zip(order, order[1:]):
        f1, f2 = [c for c in order if c not in (low, high)][:2]
        cachette = [c for c in order if c not in (low, high, f1, f2)][-5:]
        trick = [low, f1, high, f2]
        g = late(qq, [[c] for c in trick], leader=0, cachette=cachette)
        play_all(g, trick)
        assert g.deals[-1].last_capturer == trick.index(max(trick, key=order.index))


def test_a_low_heart_beats_a_high_spade_even_when_spades_were_led(qq):
    g = late(qq, [["As"], ["Ks"], ["2h"], ["Qs"]], leader=0)
    play_all(g, ["As", "Ks", "2h", "Qs"])
    assert g.deals[-1].last_capturer == 2
    # The source: the two of clubs beats any spade.
    g = late(qq, [["As"], ["2c"], ["Ks"], ["Qs"]], leader=0)
    play_all(g, ["As", "2c", "Ks", "Qs"])
    assert g.deals[-1].last_capturer == 1


def test_a_player_holding_the_suit_led_must_follow_it(qq):
    g = late(qq, [["Ks", "Jc"], ["7s", "9h"], ["Qs", "Qc"], ["8s", "8h"]], leader=0)
    g.play("Ks")
    assert texts(g.legal_moves()) == ["7s"]
    before = g.to_json()
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("9h")
    assert str(error.value) == "9h does not follow suit: seat 1 has spades"
    assert g.to_json() == before and not g.is_legal("9h") and g.is_legal("7s")


def test_a_player_who_cannot_follow_may_play_any_card(qq):
    g = late(qq, [["Ks", "Jc"], ["3c", "9h"], ["Qs", "Qc"], ["8s", "8h"]], leader=0)
    g.play("Ks")
    assert texts(g.legal_moves()) == ["3c", "9h"]
    g.play("9h")
    assert g.trick == [(0, card(qq, "Ks")), (1, card(qq, "9h"))]


def test_the_joker_may_be_played_at_any_time_even_by_a_player_who_could_follow(qq):
    hands = [["Ks", "Jc", "4c"], ["7s", "9h", "JK"], ["Qs", "Qc", "2c"], ["8s", "8h", "3s"]]
    g = late(qq, hands, leader=0)  # the tenth trick
    assert g.trick_number == 10
    g.play("Ks")
    assert texts(g.legal_moves()) == ["7s", "JK"]
    g.play("JK")
    assert texts(g.table) == ["Ks", "JK"]


def test_legal_cards_are_listed_in_id_order_the_joker_last(qq):
    g = late(qq, [["Ah", "2s", "Kc"], ["3s", "JK", "Qh"], ["4s", "5c", "6h"], ["8s", "9c", "10h"]], leader=1)
    assert texts(g.legal_moves()) == ["3s", "Qh"]  # leading: never the joker
    g.play("Qh")
    g = late(qq, [["Ah", "2s", "Kc"], ["3s", "JK", "Qh"], ["4s", "5c", "6h"], ["8s", "9c", "10h"]], leader=0)
    g.play("2s")
    assert texts(g.legal_moves()) == ["3s", "JK"] and g.count_legal_moves() == 2


def test_the_trick_is_won_by_the_highest_card_of_the_highest_suit(qq):
    g = late(qq, [["4c", "2s"], ["Ad", "3s"], ["2h", "4s"], ["Kc", "7s"]], leader=0)
    play_all(g, ["4c", "Ad", "2h", "Kc"])
    assert g.last_capturer == 2 and g.turn == 2  # the 2 of hearts beats the Ace of diamonds


def test_the_joker_can_never_win_a_trick(qq):
    g = late(qq, [["6s"], ["JK"], ["7s"], ["8s"]], leader=0)
    play_all(g, ["6s", "JK", "7s", "8s"])
    d = g.deals[-1]
    assert d.last_capturer == 3 and "JK" in texts(d.piles[1])
    assert d.details[1]["quints"] == 25  # the side that takes the joker scores the Quint Royal


def test_the_joker_may_never_lead_a_trick(qq):
    g = late(qq, [["JK", "2s", "Kc"], ["3s", "7d", "Qh"], ["4s", "5c", "6h"], ["8s", "9c", "10h"]], leader=0,
             cachette=["8d", "9d", "10d", "Jd", "Qd"])
    assert "JK" not in texts(g.legal_moves())
    before = g.to_json()
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("JK")
    assert str(error.value) == "JK may not lead a trick"
    assert g.to_json() == before


def test_the_joker_must_be_played_in_the_eleventh_trick_at_the_latest(qq):
    g = late(qq, [["Ah", "2s"], ["JK", "7h"], ["Kh", "3s"], ["Qh", "8s"]], leader=0)
    assert g.trick_number == 11
    g.play("Ah")
    assert texts(g.legal_moves()) == ["JK"]  # even though seat 1 could follow hearts
    before = g.to_json()
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("7h")
    assert str(error.value) == "7h: seat 1 holds JK and must play it in the eleventh trick"
    assert g.to_json() == before
    g.play("JK")
    play_all(g, ["Kh", "Qh"])
    assert g.trick_number == 12 and all("JK" not in texts(g.hand(s)) for s in range(4))


def test_joker_holder_leading_the_eleventh_trick_leads_the_other_card_and_keeps_the_joker(qq):
    # Decision: it keeps the joker; having lost trick 11, it plays the joker in trick 12.
    g = late(qq, [["JK", "2s"], ["7h", "3s"], ["Kh", "4s"], ["Qh", "8s"]], leader=0)
    assert texts(g.legal_moves()) == ["2s"]
    play_all(g, ["2s", "3s", "4s", "8s"])  # seat 3 wins with the 8 of spades
    assert g.turn == 3 and texts(g.hand(0)) == ["JK"]
    g.play("Qh")
    assert texts(g.legal_moves()) == ["JK"]
    play_all(g, ["JK", "7h", "Kh"])
    d = g.deals[-1]
    assert d.last_capturer == 2 and "JK" in texts(d.piles[0]) and d.details[0]["quints"] == 25


def test_joker_alone_in_the_twelfth_trick_is_led_and_the_next_card_sets_the_suit(qq):
    # Decision: the joker holder won trick 11, so it leads the joker in trick 12.
    g = late(qq, [["JK", "As"], ["7h", "6s"], ["Kh", "7s"], ["2c", "8s"]], leader=0)
    play_all(g, ["As", "6s", "7s", "8s"])
    assert g.turn == 0 and g.trick_number == 12
    assert texts(g.legal_moves()) == ["JK"]
    g.play("JK")
    assert g.trick == [(0, card(qq, "JK"))]
    play_all(g, ["7h", "Kh", "2c"])  # hearts set by the second card; the King of hearts wins
    d = g.deals[-1]
    assert d.last_capturer == 2 and d.details[0]["quints"] == 25


# -- Quints ------------------------------------------------------------------------------------------


def quints_of(qq, trick, leader=0):
    """Play one trick (trick 11) and return the quints each side scored at once."""
    others = [["6s"], ["7s"], ["8s"], ["9s"]]  # kept for the twelfth trick, which is not played
    hands = [[trick[(s - leader) % 4]] + others[s] for s in range(4)]
    g = late(qq, hands, leader=leader, cachette=["9d", "10d", "Jd", "Qd", "Kd"])
    play_all(g, trick)
    return g


@pytest.mark.parametrize("five, value", [("5h", 20), ("5d", 15), ("5c", 10), ("5s", 5)])
def test_each_5_in_the_trick_is_a_quint_of_its_suit_hearts_20_diamonds_15_clubs_10_spades_5(qq, five, value):
    g = quints_of(qq, ["Ah", five, "Kh", "Qh"])  # the Ace of hearts wins for side 0
    assert g.quints == [value, 0] and g.scores == [value, 0]


def test_an_ace_and_a_4_of_the_same_suit_in_the_same_trick_one_quint_the_ace_counts_as_one(qq):
    g = quints_of(qq, ["Ac", "4c", "Kh", "Qh"])
    assert g.quints == [10, 0]  # seat 2's King of hearts wins: side 0
    g = quints_of(qq, ["Ac", "4d", "Kh", "Qh"])
    assert g.quints == [0, 0]  # not of one suit


def test_a_2_and_a_3_of_the_same_suit_in_the_same_trick_one_quint(qq):
    g = late(qq, [["2h", "7s"], ["3h", "8s"], ["Kc", "9s"], ["Qc", "Js"]], leader=0)
    play_all(g, ["2h", "3h", "Kc", "Qc"])
    assert g.last_capturer == 1 and g.quints == [0, 20]


def test_the_joker_quint_royal_25(qq):
    g = quints_of(qq, ["Kh", "JK", "Qh", "Jh"])
    assert g.quints == [25, 0]


def test_several_quints_in_one_trick_all_score(qq):
    # 5h (20) + 5d (15) + the Ace and 4 of clubs (10): 45, all to seat 0, whose 5 of hearts wins.
    g = quints_of(qq, ["5h", "5d", "Ac", "4c"])
    assert g.last_capturer == 0 and g.quints == [45, 0] and g.scores == [45, 0]


def test_quints_are_scored_at_once_when_the_trick_is_won(qq):
    g = late(qq, [["5h", "7s"], ["6h", "8s"], ["9h", "9s"], ["Qh", "Js"]], leader=0)
    play_all(g, ["5h", "6h", "9h"])
    assert g.scores == [0, 0]
    g.play("Qh")
    assert g.scores == [0, 20] and g.quints == [0, 20] and not g.deals  # the deal goes on
    assert g.phase == "play" and g.trick_number == 12


def test_source_example_ace_of_hearts_led_then_4_king_2_of_hearts(qq):
    # "the Ace wins, A+4 is a heart quint: 20, plus the trick."
    g = late(qq, [["Ah", "6s"], ["4h", "7s"], ["Kh", "8s"], ["2h", "9s"]], leader=0, tricks0=5)
    play_all(g, ["Ah", "4h", "Kh", "2h"])
    assert g.last_capturer == 0 and g.scores == [20, 0] and g.tricks_won == [6, 5]
    play_all(g, ["6s", "7s", "8s", "9s"])  # seat 3 takes trick 12 and the cachette
    d = g.deals[-1]
    assert d.details == [{"quints": 20, "tricks": 6 * 5}, {"quints": 0, "tricks": 7 * 5}]
    assert d.points == [50, 35] and g.scores == [50, 35]


# -- Tricks and the cachette -------------------------------------------------------------------------


def test_the_winner_of_the_twelfth_trick_takes_the_cachette_as_a_thirteenth_trick(qq):
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, tricks0=6, cachette=["5h", "Ad", "4d", "9c", "Qs"])
    assert g.stock == 5
    play_all(g, ["Ah", "2s", "3c", "4s"])
    d = g.deals[-1]
    assert {"5h", "Ad", "4d", "9c", "Qs"} <= set(texts(d.piles[0])) and len(d.piles[0]) == 7 * 4 + 5
    assert d.details[0] == {"quints": 20 + 15, "tricks": 8 * 5}
    assert sum(len(p) for p in d.piles) == 53


def test_trick_points_are_counted_at_the_end_of_the_deal(qq):
    # 5 tricks each so far; side 1 wins tricks 11 and 12 and the cachette.
    g = late(qq, LAST_TWO, leader=2, tricks0=5)
    play_all(g, ["Js", "As", "Ks", "Qs"])
    assert g.tricks_won == [5, 6] and g.scores == [0, 0] and g.deals == []  # won, not yet counted
    play_all(g, ["9c", "6c", "7c", "8c"])
    d = g.deals[-1]
    assert d.details == [{"quints": 0, "tricks": 25}, {"quints": 0, "tricks": 40}]
    assert d.points == [25, 40] and g.scores == [25, 40]


def test_13_tricks_hand_out_65_points_11_tricks_to_2_give_55_to_10(qq):
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, tricks0=9)
    play_all(g, ["Ah", "2s", "3c", "4s"])
    d = g.deals[-1]
    assert [x["tricks"] for x in d.details] == [55, 10]
    assert d.points == [55, 10] and g.scores == [55, 10]
    assert g.deal_number == 2 and g.phase == "doubling"  # totals carried on into a new deal


# -- Winning ------------------------------------------------------------------------------------------


def test_a_quint_that_brings_a_side_to_250_ends_the_deal_at_once(qq):
    g = late(qq, [["5h", "7s"], ["6h", "8s"], ["9h", "9s"], ["Qh", "Js"]], leader=0, scores=[200, 235])
    play_all(g, ["5h", "6h", "9h", "Qh"])
    assert g.is_over and g.winner == 1 and g.turn is None and g.phase == "over"
    assert g.scores == [200, 255] and g.legal_moves() == [] and g.count_legal_moves() == 0
    d = g.deals[-1]
    assert d.details == [{"quints": 0, "tricks": 0}, {"quints": 20, "tricks": 0}] and d.points == [0, 20]
    assert texts(g.hand(0)) == ["7s"]  # the rest of the deal is not played
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play("7s")
    assert str(error.value) == "the match is over"


def test_cachette_quints_count_first_and_if_they_reach_250_the_tricks_are_not_counted(qq):
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, cachette=["5h", "6d", "7d", "8d", "9d"], scores=[235, 100])
    play_all(g, ["Ah", "2s", "3c", "4s"])
    assert g.is_over and g.winner == 0 and g.scores == [255, 100]
    assert g.deals[-1].details == [{"quints": 20, "tricks": 0}, {"quints": 0, "tricks": 0}]
    assert g.stock == 0 and "5h" in texts(g.pile(0))


@pytest.mark.parametrize(
    "scores, over, winner",
    [
        ([240, 240], True, 0),  # 280 to 265: both reach 250, the higher total wins
        ([230, 245], False, None),  # 270 to 270: equal totals mean another deal
        ([100, 100], False, None),  # no side at 250: another deal
        ([210, 100], True, 0),  # 250 exactly
    ],
)
def test_at_the_count_the_higher_total_wins_equal_or_none_at_250_another_deal(qq, scores, over, winner):
    # Side 0 ends with 8 tricks (40), side 1 with 5 (25).
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, tricks0=6, scores=scores)
    play_all(g, ["Ah", "2s", "3c", "4s"])
    assert g.scores == [scores[0] + 40, scores[1] + 25]
    assert g.is_over is over and g.winner == winner
    if not over:
        assert g.deal_number == 2 and len(g.deals) == 1 and g.phase == "doubling"


def test_after_equal_totals_over_250_the_next_quint_wins(qq):
    g = late(qq, [["5s", "7h"], ["6h", "8c"], ["9h", "9c"], ["Qh", "Jc"]], leader=0, scores=[270, 270])
    assert not g.is_over
    play_all(g, ["5s", "6h", "9h", "Qh"])
    assert g.is_over and g.winner == 1 and g.scores == [270, 275]


def test_the_target_can_be_set(qq):
    g = late(qq, [["5h", "7s"], ["6h", "8s"], ["9h", "9s"], ["Qh", "Js"]], leader=0)
    g2 = qq.Game.from_position(qq.Rules("quinte", target=20), **position_args(g))
    play_all(g2, ["5h", "6h", "9h", "Qh"])
    assert g2.is_over and g2.winner == 1


def position_args(g):
    """The from_position arguments of a position (without its rules), read from its JSON."""
    state = json.loads(g.to_json())
    played = state["played"]
    return dict(
        hands=state["hands"], table=played[len(played) - len(played) % 4 :], stock=state["stock"],
        dealer=state["dealer"], piles=state["piles"], last_capturer=state["last_capturer"],
        scores=state["scores"], bids=state["bids"], quints=state["quints"], played=played,
    )


# -- State, moves, errors -------------------------------------------------------------------------


def test_the_state_shows_the_trick_in_progress_tricks_won_and_the_cards_played(qq):
    g = fresh(qq, seed=12, bids=["double", "pass", "pass", "pass"])
    first = g.legal_moves()[0]
    g.play(first)
    second = g.legal_moves()[-1]
    g.play(second)
    leader = (g.dealer + 1) % 4
    assert g.trick == [(leader, first.card), ((leader + 1) % 4, second.card)]
    assert g.table == sorted([first.card, second.card]) and g.played == [first.card, second.card]
    assert (g.leader, g.trick_number, g.tricks_won, g.multiplier, g.doubled_by) == (leader, 1, [0, 0], 2, leader % 2)
    assert g.stock == 5 and g.escobas == [0, 0] and g.last_capturer is None


def test_moves_are_cards_or_bids_in_the_games_deck(qq):
    m = qq.Move.parse("pass", deck="quinte")
    assert m.card is None and str(m) == "pass" and repr(m) == "Move('pass')" and m.captures == ()
    assert qq.Move.parse(" DOUBLE ", deck="quinte") == qq.Move("double", deck="quinte")
    assert qq.Move.parse("ah", deck="quinte") == qq.Move(card(qq, "Ah")) == qq.Move("Ah", deck="quinte")
    assert str(qq.Move(card(qq, "10h"))) == "10h" and qq.Move(card(qq, "JK")).card == card(qq, "JK")
    for bad in ("Ah x Kh", "Ah Kh", "", "bid", "1o"):
        with pytest.raises(ValueError) as error:
            qq.Move.parse(bad, deck="quinte")
        assert str(error.value) == f"invalid move {bad!r}: write a card such as 'Ah', or pass, double or redouble"
    with pytest.raises(ValueError):
        qq.Move.parse("pass")  # the baraja has no bids


def test_illegal_moves_say_why_and_change_nothing(qq):
    g = late(qq, [["Ks", "Jc"], ["7s", "9h"], ["Qs", "Qc"], ["8s", "8h"]], leader=0)
    before = g.to_json()
    cases = {
        "7s": "7s is not in the hand of seat 0",
        "Ah": "Ah is not in the hand of seat 0",
        "double": "double: the doubling is over; seat 0 plays a card",
        "banana": "invalid move 'banana': write a card such as 'Ah', or pass, double or redouble",
        "7o": "invalid move '7o': write a card such as 'Ah', or pass, double or redouble",
    }
    for move, message in cases.items():
        with pytest.raises(qq.IllegalMoveError) as error:
            g.play(move)
        assert str(error.value) == message and isinstance(error.value, ValueError)
        assert g.to_json() == before
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play(qq.Move("7o"))
    assert str(error.value) == "7o is a baraja card, not a quinte card"
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play(7)
    assert str(error.value) == "expected a Move or its text, not int"
    assert g.to_json() == before


def test_a_bid_is_no_move_of_the_capture_games(qq):
    g = qq.Game("quinza", seed=1)
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play(qq.Move.parse("pass", deck="quinte"))
    assert str(error.value) == "pass is a bid of quinte, not a move of quinza"
    with pytest.raises(qq.IllegalMoveError) as error:
        g.play(qq.Move(card(qq, "Ah")))
    assert str(error.value) == "Ah is a quinte card, not a baraja card"


def test_observation_hides_other_hands_and_the_cachette_until_it_is_taken(qq):
    g = fresh(qq, seed=9, bids=["pass", "double", "pass", "pass"])
    g.play(g.legal_moves()[0])
    state = json.loads(g.to_json())
    for seat in range(4):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == texts(g.hand(seat))
        assert obs["hand_sizes"] == [11 if s == g.leader else 12 for s in range(4)]
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in texts(g.hand(other)))
        assert not any(f'"{c}"' in text for c in state["stock"]) and obs["stock"] == 5
        assert "rng" not in obs
        assert obs["phase"] == "play" and obs["multiplier"] == 2 and obs["trick"] == [[g.leader, state["played"][0]]]
        assert obs["bids"] == [[s, w] for s, w in g.bids] and obs["played"] == state["played"]
    # Once taken, the cachette is in the winner's pile, which every seat sees.
    g = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, scores=[240, 240], tricks0=6)
    play_all(g, ["Ah", "2s", "3c", "4s"])
    assert g.is_over and all(c in g.observation(1)["piles"][0] for c in QUIET_CACHETTE)


def test_deal_result_details_say_quints_and_tricks_per_side(qq):
    g = late(qq, [["Ah", "6s"], ["4h", "7s"], ["Kh", "8s"], ["2h", "9s"]], leader=0, tricks0=5)
    play_all(g, ["Ah", "4h", "Kh", "2h", "6s", "7s", "8s", "9s"])
    d = g.deals[-1]
    assert [sorted(x) for x in d.details] == [sorted(DETAILS)] * 2
    assert d.points == [sum(x.values()) for x in d.details] and d.escobas == [0, 0]
    assert d.last_capturer == 3 and sum(len(p) for p in d.piles) == 53


# -- JSON, positions, copies -----------------------------------------------------------------------


def test_json_layout_is_compact_with_keys_in_order(qq):
    g = fresh(qq, seed=21, bids=["pass", "double"])
    text = g.to_json()
    state = json.loads(text)
    assert list(state) == [
        "format", "version", "rules", "rng", "deal_number", "dealer", "turn", "bids", "hands",
        "stock", "played", "piles", "quints", "last_capturer", "scores", "winner", "deals",
    ]
    assert text == json.dumps(state, separators=(",", ":"))
    assert state["rules"] == {"name": "quinte", "players": 4, "target": 250}
    assert state["bids"] == ["pass", "double"] and state["played"] == [] and len(state["stock"]) == 5


def test_json_and_copy_round_trip_at_every_step(qq):
    g = qq.Game("quinte", seed=31)
    r = qq.Random(5)
    steps = 0
    while not g.is_over:
        text = g.to_json()
        assert qq.Game.from_json(text).to_json() == text
        twin = g.copy()
        moves = g.legal_moves()
        twin.play(moves[-1])
        assert g.to_json() == text  # the copy is independent
        g.play(moves[r.below(len(moves))])
        steps += 1
    text = g.to_json()
    back = qq.Game.from_json(text)
    assert back.to_json() == text and back.is_over and back.winner == g.winner
    assert [d.points for d in back.deals] == [d.points for d in g.deals]


def test_finished_matches_round_trip_by_a_quint_and_at_the_count(qq):
    g = late(qq, [["5h", "7s"], ["6h", "8s"], ["9h", "9s"], ["Qh", "Js"]], leader=0, scores=[200, 235])
    play_all(g, ["5h", "6h", "9h", "Qh"])
    g2 = late(qq, [["Ah"], ["2s"], ["3c"], ["4s"]], leader=0, tricks0=6, scores=[240, 240])
    play_all(g2, ["Ah", "2s", "3c", "4s"])
    for game in (g, g2):
        text = game.to_json()
        back = qq.Game.from_json(text)
        assert back.to_json() == text and back.is_over and back.winner == game.winner and back.stock == game.stock


def test_inconsistent_json_is_refused_with_a_reason(qq):
    g = fresh(qq, seed=4)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    state = json.loads(g.to_json())
    broken = {
        "missing key": {k: v for k, v in state.items() if k != "bids"},
        "unknown key": {**state, "table": []},
        "card twice": {**state, "stock": state["stock"][:4] + [state["hands"][0][0]]},
        "card lost": {**state, "hands": [h[1:] if i == 0 else h for i, h in enumerate(state["hands"])]},
        "baraja card": {**state, "stock": ["7o"] + state["stock"][1:]},
        "bad bid": {**state, "bids": ["pass", "pass", "pass", "fold"]},
        "bids unfinished": {**state, "bids": ["pass"]},
        "wrong turn": {**state, "turn": (state["turn"] + 1) % 4},
        "wrong last_capturer": {**state, "last_capturer": None},
        "played out of order": {**state, "played": state["played"][::-1]},
        "quints above scores": {**state, "quints": [5, 0]},
        "winner while playing": {**state, "winner": 0},
        "three sides": {**state, "scores": [0, 0, 0]},
    }
    for what, data in broken.items():
        with pytest.raises(ValueError) as error:
            qq.Game.from_json(json.dumps(data))
        assert str(error.value).startswith("invalid game JSON: "), what


def test_from_position_takes_bids_and_the_trick_in_progress(qq):
    hands = [["Ks", "Jc"], ["7s", "9h"], ["Qs", "Qc"], ["8s", "8h"]]
    g = late(qq, [h[:] for h in hands], leader=1, bids=["pass", "pass", "double", "redouble"], dealer=3)
    assert (g.multiplier, g.turn, g.leader, g.trick_number, g.phase) == (4, 1, 1, 11, "play")
    g = late(qq, [["Ks", "Jc"], ["9h"], ["Qs"], ["8s", "8h"]], table=["7s", "Qc"], leader=1)
    assert g.turn == 3 and g.trick == [(1, card(qq, "7s")), (2, card(qq, "Qc"))]
    assert texts(g.legal_moves()) == ["8s"]
    g = qq.Game.from_position("quinte", hands=[qdeck()[i * 12 : i * 12 + 12] for i in range(4)],
                              stock=qdeck()[48:], dealer=2)
    assert g.phase == "doubling" and g.turn == 3 and g.bids == []


def test_from_position_errors_name_the_problem(qq):
    hands = [["Ks", "Jc"], ["7s", "9h"], ["Qs", "Qc"], ["8s", "8h"]]
    cases = [
        (dict(hands=[["Ks", "Ks"], ["7s", "9h"], ["Qs", "Qc"], ["8s", "8h"]]), "Ks appears more than once"),
        (dict(hands=hands, cachette=QUIET_CACHETTE[:4] + ["Jd", "Qd", "Kd", "Ad"], tricks0=5), "the cachette (stock) holds 5 cards, not 8"),
        (dict(hands=[["Ks", "Jc", "As"], ["7s"], ["Qs", "Qc"], ["8s", "8h"]]),
         "the hand sizes [3, 1, 2, 2] do not fit the position: after 10 tricks, with 0 cards in the trick "
         "led by seat 0, they should be [2, 2, 2, 2]"),
        (dict(hands=hands, table=["As"], tricks0=5), "side 1 has won 19 cards in tricks: the piles hold whole tricks of 4"),
        (dict(hands=hands, tricks0=0, leader=0), "last_capturer 0 won the last trick, but side 0 has won none"),
        (dict(hands=hands, bids=["pass"]), "cards have been played, so the doubling must be over"),
        (dict(hands=hands, bids=["double", "double"]), "bids: double: side 0 has already doubled"),
        (dict(hands=hands, dealer=3, bids=["double", "pass", "redouble"]), "bids: redouble: seat 2 may not redouble its partner's double"),
        (dict(hands=hands, bids=["double", "redouble", "pass"]), "bids: the doubling is over after 2 bids"),
        (dict(hands=hands, bids=["fold"]), "bids: 'fold' is not pass, double or redouble"),
        (dict(hands=hands, turn=2), "turn 2 does not fit the position: seat 0 is to play"),
        (dict(hands=hands, scores=[250, 0]), "the scores [250, 0] already end the match"),
        (dict(hands=hands, quints=[20, 0]), "the quints [20, 0] of this deal are more than the scores [0, 0]"),
        (dict(hands=hands, played=["Ah"]), "played must list the cards of the won tricks in play order"),
        (dict(hands=hands, escobas=[0, 0]), "quinte has no escobas"),
        (dict(hands=hands + [[]]), "hands needs 4 entries, one per seat, not 5"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError) as error:
            late(qq, **kwargs)
        assert message in str(error.value), (kwargs, str(error.value))
    with pytest.raises(ValueError) as error:
        qq.Game.from_position("quinte", hands=[["Ks"], [], [], []], stock=QUIET_CACHETTE)
    assert str(error.value) == "cards missing from the position: " + " ".join(
        c for c in qdeck() if c not in ["Ks"] + QUIET_CACHETTE)
    with pytest.raises(ValueError) as error:
        qq.Game.from_position("quinte", hands=[[], [], [], []], stock=QUIET_CACHETTE,
                              piles=[[c for c in qdeck() if c not in QUIET_CACHETTE], []], last_capturer=0)
    assert str(error.value) == "every hand is empty: there is no card to play"
    with pytest.raises(ValueError) as error:
        qq.Game.from_position("quinza", hands=[["1o"], ["2o"]], bids=["pass"])
    assert str(error.value) == "bids belong to quinte, not to quinza"
    with pytest.raises(ValueError) as error:
        qq.Game.from_position("quinte", hands=[["7o"]] * 4)
    assert str(error.value).startswith("invalid card '7o'")


# -- Invariants over many seeded random matches --------------------------------------------------


def test_random_matches_keep_every_invariant(qq):
    for seed in range(40):
        g = qq.Game("quinte", seed=seed)
        pick = qq.Random(seed + 1000)
        multiplier, deals = 1, 0
        while not g.is_over:
            state = json.loads(g.to_json())
            played = state["played"]
            trick = played[len(played) - len(played) % 4 :]
            cards = sum(state["hands"], []) + state["stock"] + sum(state["piles"], []) + trick
            assert sorted(cards, key=qdeck().index) == qdeck()  # the 53 cards, each once
            assert g.scores == [sum(d.points[s] for d in g.deals) + g.quints[s] for s in range(2)]
            assert sum(g.tricks_won) == len(played) // 4 and texts(g.played) == played
            moves = g.legal_moves()
            assert g.count_legal_moves() == len(moves) > 0
            if g.phase == "doubling":
                assert texts(moves) in (["pass", "double"], ["pass", "redouble"], ["pass"])
            else:
                assert [m.card for m in moves] == sorted(m.card for m in moves)
                if not g.trick:
                    assert "JK" not in texts(moves) or texts(g.hand(g.turn)) == ["JK"]
                if g.trick_number == 12 and any("JK" in texts(g.hand(s)) for s in range(4)):
                    holder = next(s for s in range(4) if "JK" in texts(g.hand(s)))
                    assert holder == led_eleven  # only the leader of trick 11 may keep it
                if g.trick_number == 11 and not g.trick:
                    led_eleven = g.turn
            multiplier = g.multiplier
            g.play(moves[pick.below(len(moves))])
            for d in g.deals[deals:]:
                tricks = [x["tricks"] for x in d.details]
                if sum(tricks):  # the deal was played out: 13 tricks, 65 points a multiple
                    assert sum(tricks) == 65 * multiplier
                    assert sum(len(p) for p in d.piles) == 53
                assert d.points == [x["quints"] + x["tricks"] for x in d.details]
            deals = len(g.deals)
        assert g.winner in (0, 1) and g.scores[g.winner] >= 250
        assert g.scores == [sum(d.points[s] for d in g.deals) for s in range(2)]
