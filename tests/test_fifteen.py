"""Every rule of docs/rules.md "The fifteen family", on both backends, named in its words."""

import json

import pytest

from .conftest import deck, position, texts

VALUES_QUINZA = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 10, 11: 11, 12: 12}
VALUES_ESCOBA = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 8, 11: 9, 12: 10}


def play_out_deal(game):
    """Play first legal moves until the deal in progress is scored."""
    deals = len(game.deals)
    while len(game.deals) == deals:
        game.play(game.legal_moves()[0])


def play_out(game, choose=lambda moves: moves[0]):
    """Play first legal moves until the match is over; returns the number of moves."""
    count = 0
    while not game.is_over:
        game.play(choose(game.legal_moves()))
        count += 1
    return count


# -- Deck -------------------------------------------------------------------------------


@pytest.mark.parametrize("name, values", [("quinza", VALUES_QUINZA), ("escoba", VALUES_ESCOBA)])
def test_card_values_sota_caballo_rey(q, name, values):
    # A court captures with exactly one lone card: capture total minus its value.
    for rank, value in values.items():
        if 15 - value in values.values() and 15 - value != value:
            partner = [r for r, v in values.items() if v == 15 - value][0]
            g = position(q, name, hands=[[f"{rank}o"], ["1b"]], table=[f"{partner}c"], dealer=1)
            assert texts(g.legal_moves()) == [f"{rank}o x {partner}c"]


# -- Seats, sides, dealing --------------------------------------------------------------


def test_four_players_sit_in_partnerships_two_and_three_alone(q):
    g4 = q.Game(q.Rules("quinza", players=4), seed=1)
    assert [g4.side_of(s) for s in range(4)] == [0, 1, 0, 1] and len(g4.scores) == 2
    g3 = q.Game(q.Rules("quinza", players=3), seed=1)
    assert [g3.side_of(s) for s in range(3)] == [0, 1, 2] and len(g3.scores) == 3


def test_partners_pool_their_captured_cards(q):
    # Seat 2 captures into side 0's pile, shared with seat 0.
    g = position(q, q.Rules("quinza", players=4), hands=[["1b"], ["2b"], ["5o"], ["3b"]],
                 table=["10c"], dealer=1, rest_to=1)
    assert g.turn == 2
    g.play("5o x 10c")
    assert texts(g.pile(0)) == ["5o", "10c"]


def test_first_dealer_is_drawn_and_passes_to_the_next_seat(q):
    dealers = {q.Game(q.Rules("quinza", players=3), seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2}
    g = q.Game("quinza", seed=5)
    first = g.dealer
    while g.deal_number == 1:
        g.play(g.legal_moves()[0])
    assert g.dealer == (first + 1) % 2 and g.deal_number == 2


@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 4), (4, 3)])
def test_opening_deal_then_rounds_of_three_with_none_to_the_table(q, players, rounds):
    g = q.Game(q.Rules("quinza", players=players), seed=11)
    assert [len(g.hand(s)) for s in range(players)] == [3] * players
    assert len(g.table) == 4 and g.stock == 36 - 3 * players
    dealt = 1
    while g.deal_number == 1:
        before = g.stock
        table = len(g.table)
        g.play(g.legal_moves()[0])
        if g.deal_number == 1 and g.stock != before:
            dealt += 1
            assert before - g.stock == 3 * players
            assert all(len(g.hand(s)) == 3 for s in range(players))
            assert len(g.table) <= table + 1  # nothing new on the table
    assert dealt == rounds


@pytest.mark.parametrize(
    "name, players, dealer, turns",
    [
        ("quinza", 2, 0, [1, 0, 1, 0, 1, 0]),
        ("rb3ine", 3, 1, [2, 0, 1, 2, 0, 1, 2, 0, 1]),
        ("escoba", 4, 2, [3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]),
    ],
)
def test_play_passes_from_seat_i_to_seat_i_plus_1_mod_n_within_a_round(q, name, players, dealer, turns):
    # A round of three cards each, the stock empty: the deal ends with the round.
    hands = [[f"{r}{s}" for r in (1, 2, 3)] for s in "cebo"[:players]]
    g = position(q, q.Rules(name, players=players), hands=hands, dealer=dealer)
    seen = []
    while not g.deals:
        seen.append(g.turn)
        g.play(g.legal_moves()[0])
    assert seen == turns


def test_the_player_after_the_dealer_plays_first(q):
    for seed in range(10):
        g = q.Game(q.Rules("escoba", players=3), seed=seed)
        assert g.turn == (g.dealer + 1) % 3


def test_dealing_order_decision(q):
    # Each player's 3 cards in seat order from the seat after the dealer, then 4 to the
    # table, then the stock, from the deck shuffled by the match's generator.
    for seed in (0, 1, 99):
        g = q.Game(q.Rules("rb3ine", players=3), seed=seed)
        r = q.Random(seed)
        dealer = r.below(3)
        cards = [q.Card(t) for t in deck()]
        r.shuffle(cards)
        assert g.dealer == dealer
        for i in range(3):
            seat = (dealer + 1 + i) % 3
            assert g.hand(seat) == sorted(cards[3 * i : 3 * i + 3])
        assert g.table == sorted(cards[9:13])
        assert q.Game.from_json(g.to_json()).to_json() == g.to_json()
        assert json.loads(g.to_json())["stock"] == texts(cards[13:])


# -- A turn -----------------------------------------------------------------------------


def test_capture_sums_to_15_and_takes_the_cards_with_the_played_card(q):
    # Seed example: a 6 on 4, 5 and Rey takes the 4 and the 5; the Rey stays.
    g = position(q, "quinza", hands=[["6o", "1b"], ["2b", "3b"]], table=["4c", "5e", "12b"], dealer=1)
    assert texts(g.legal_moves()) == ["6o x 4c 5e", "1b"]
    g.play("6o x 4c 5e")
    assert texts(g.table) == ["12b"] and {"6o", "4c", "5e"} <= set(texts(g.pile(0)))
    assert g.last_capturer == 0 and g.turn == 1


def test_rb3ine_captures_on_40(q):
    g = position(q, "rb3ine", hands=[["12o"], ["2b"]], table=["11c", "10e", "7b", "6b"], dealer=1)
    # 12 + 11 + 10 + 7 = 40; 12 + 11 + 10 + 6 = 39 is no capture.
    assert texts(g.legal_moves()) == ["12o x 11c 10e 7b"]
    g2 = position(q, "quinza", hands=[["12o"], ["2b"]], table=["11c", "10e", "7b", "6b"], dealer=1)
    assert texts(g2.legal_moves()) == ["12o"]


def test_several_groups_the_player_chooses_exactly_one(q):
    # Seed example: a 6 on 2, 3, 4 and 5 can take 4+5 or 2+3+4.
    g = position(q, "quinza", hands=[["6o"], ["1b"]], table=["2c", "3c", "4c", "5c"], dealer=1)
    # Groups in move order: by sum(1 << id) of the captured cards (2c 3c 4c are ids 11-13).
    assert texts(g.legal_moves()) == ["6o x 2c 3c 4c", "6o x 4c 5c"]
    with pytest.raises(q.IllegalMoveError):
        g.play("6o x 2c 3c 4c 5c")


def test_forced_capture_is_per_card(q):
    # The 6 must capture, but the player may play the 1, which captures nothing.
    g = position(q, "quinza", hands=[["6o", "1b"], ["2b", "3b"]], table=["4c", "5e"], dealer=1)
    before = g.to_json()
    with pytest.raises(q.IllegalMoveError) as error:
        g.play("6o")
    assert str(error.value) == "6o can capture, so it must capture"
    assert g.to_json() == before
    g.play("1b")
    assert texts(g.table) == ["4c", "5e", "1b"]


def test_a_card_that_captures_nothing_is_laid_face_up_on_the_table(q):
    g = position(q, "quinza", hands=[["1b", "2b"], ["3b", "4b"]], table=["10c"], dealer=1)
    assert texts(g.legal_moves()) == ["1b", "2b"]  # 1 + 10 and 2 + 10 are no 15
    piles = [texts(g.pile(s)) for s in range(2)]
    g.play("1b")
    assert texts(g.table) == ["10c", "1b"] and [texts(g.pile(s)) for s in range(2)] == piles
    # face up: the other seat sees it
    assert g.observation(1)["table"] == ["10c", "1b"] and g.observation(0)["hand"] == ["2b"]


def test_sums_only_a_5_does_not_take_a_5(q):
    g = position(q, "quinza", hands=[["5o"], ["1b"]], table=["5c"], dealer=1)
    assert texts(g.legal_moves()) == ["5o"]
    with pytest.raises(q.IllegalMoveError) as error:
        g.play("5o x 5c")
    assert str(error.value) == "5o x 5c: the cards make 10, not 15"


def test_equal_values_of_different_suits_are_different_moves(q):
    g = position(q, "quinza", hands=[["11o"], ["1b"]], table=["4c", "4e"], dealer=1)
    assert texts(g.legal_moves()) == ["11o x 4c", "11o x 4e"]
    assert g.count_legal_moves() == 2


def test_a_move_is_the_card_and_the_captured_set(q):
    assert q.Move.parse("6o x 5e 4c") == q.Move("6o", ["4c", "5e"]) == q.Move(q.Card("6o"), (q.Card("5e"), q.Card("4c")))
    assert len({q.Move.parse("6o x 5e 4c"), q.Move.parse("6O   X 4C 5E")}) == 1
    m = q.Move.parse("6o x 5e 4c")
    assert str(m) == "6o x 4c 5e" and repr(m) == "Move('6o x 4c 5e')"
    assert m.card == q.Card("6o") and m.captures == (q.Card("4c"), q.Card("5e"))
    assert q.Move.parse("7b").captures == () and str(q.Move("7b")) == "7b"


@pytest.mark.parametrize("bad", ["", "x", "6o x", "6o 4c", "6o y 4c", "8o", "6o x 4c x 5e", "6o,4c"])
def test_bad_move_text_is_refused(q, bad):
    with pytest.raises(ValueError) as error:
        q.Move.parse(bad)
    assert str(error.value).startswith(f"invalid move {bad!r}")


def test_a_card_twice_in_a_move_is_refused(q):
    with pytest.raises(ValueError) as error:
        q.Move.parse("6o x 4c 4c")
    assert str(error.value) == "invalid move '6o x 4c 4c': 4c appears twice"
    with pytest.raises(ValueError):
        q.Move.parse("6o x 6o 9c")


def test_illegal_moves_say_why_and_change_nothing(q):
    g = position(q, "quinza", hands=[["6o", "1b"], ["2b", "3b"]], table=["4c", "5e"], dealer=1)
    before = g.to_json()
    cases = {
        "2b": "2b is not in the hand of seat 0",
        "7c": "7c is not in the hand of seat 0",
        "6o x 4c 5c": "5c is not on the table",
        "6o x 4c": "6o x 4c: the cards make 10, not 15",
        "1b x 4c": "1b x 4c: the cards make 5, not 15",
        "banana": "invalid move 'banana': write the card played, then 'x' and the captured cards, e.g. '6o x 4c 5e'",
    }
    for move, message in cases.items():
        assert not g.is_legal(move) if move != "banana" else True
        with pytest.raises(q.IllegalMoveError) as error:
            g.play(move)
        assert str(error.value) == message
        assert isinstance(error.value, ValueError)
        assert g.to_json() == before
    with pytest.raises(q.IllegalMoveError) as error:
        g.play(42)
    assert str(error.value) == "expected a Move or its text, not int"
    assert g.to_json() == before


# -- Clearing the table -----------------------------------------------------------------


def test_quinza_clear_has_no_bonus(q):
    g = position(q, "quinza", hands=[["6o", "1b"], ["2b", "3b"]], table=["4c", "5e"], dealer=1)
    g.play("6o x 4c 5e")
    assert g.table == [] and g.escobas == [0, 0]


def test_rb3ine_clear_has_no_bonus(q):
    # 12 + 11 + 10 + 7 = 40 clears the table; side 0 ends with every card: 100 points, no more.
    g = position(q, "rb3ine", hands=[["12o", "1b"], ["2b", "3b"]], table=["11c", "10e", "7b"], dealer=1)
    g.play("12o x 11c 10e 7b")
    assert g.table == [] and g.escobas == [0, 0]
    play_out_deal(g)
    d = g.deals[0]
    assert d.escobas == [0, 0] and d.points == [100, 0]
    assert d.details == [{"gold": 70, "other": 30}, {"gold": 0, "other": 0}]


def test_escoba_clear_scores_an_escoba(q):
    # In escoba values, Rey (10) + 5 = 15.
    g = position(q, "escoba", hands=[["12o", "1b"], ["2b", "3b"]], table=["5e"], dealer=1)
    g.play("12o x 5e")
    assert g.table == [] and g.escobas == [1, 0]


def test_escoba_with_the_players_final_card_does_not_score_by_default(q):
    # Seat 0 clears with its final card (hand and stock empty): no escoba by default.
    g = position(q, "escoba", hands=[["12o"], ["2b"]], table=["5e"], dealer=1)
    g.play("12o x 5e")
    assert g.escobas == [0, 0]
    g.play("2b")
    # Side 0 ends with every card (2b comes to it as the last capturer): 4 points, no escoba.
    assert g.deals[-1].escobas == [0, 0] and g.deals[-1].points == [4, 0]


def test_escoba_on_last_card_true_makes_the_final_clear_score(q):
    rules = q.Rules("escoba", escoba_on_last_card=True)
    g = position(q, rules, hands=[["12o"], ["2b"]], table=["5e"], dealer=1)
    g.play("12o x 5e")
    assert g.escobas == [1, 0]
    g.play("2b")
    d = g.deals[-1]
    assert d.escobas == [1, 0] and d.points == [5, 0]
    assert d.details[0] == {"cards": 1, "oros": 1, "seven_of_oros": 1, "setenta": 1, "escobas": 1}


def test_a_clear_with_cards_still_to_come_scores(q):
    # The same clear with cards left in the hand or the stock is an escoba.
    g = position(q, "escoba", hands=[["12o", "1c"], ["2b", "3c"]], table=["5e"], dealer=1)
    g.play("12o x 5e")
    assert g.escobas == [1, 0]
    stock = ["1o", "2o", "3o", "4o", "5o", "6o"]
    g3 = position(q, "escoba", hands=[["12o"], ["2c"]], table=["5e"], stock=stock, dealer=1)
    g3.play("12o x 5e")
    assert g3.escobas == [1, 0]


def test_leftover_cards_at_the_end_of_the_deal_are_never_an_escoba(q):
    g = position(q, "escoba", hands=[["1o"], ["12b"]], table=["2c"], dealer=1, last_capturer=1,
                 piles=[[], ["3c"]], rest_to=0)
    g.play("1o")
    g.play("12b")  # 10 + 1 + 2 = 13: a lay; the leftovers go to seat 1 without an escoba
    d = g.deals[-1]
    assert d.escobas == [0, 0] and d.last_capturer == 1
    assert {"1o", "2c", "12b"} <= set(texts(d.piles[1]))


# -- Opening table (escoba) ------------------------------------------------------------


def find_seed(q, rules, want):
    for seed in range(5000):
        g = q.Game(rules, seed=seed)
        r = q.Random(seed)
        n = rules.players
        r.below(n)
        cards = [q.Card(t) for t in deck()]
        r.shuffle(cards)
        table = cards[3 * n : 3 * n + 4]
        total = sum(VALUES_ESCOBA[c.rank] for c in table)
        if want(total, table):
            return seed, g, table
    raise AssertionError("no seed found")


@pytest.mark.parametrize("total, escobas", [(15, 1), (30, 2)])
def test_opening_table_of_15_or_30_goes_to_the_dealer_with_escobas(q, total, escobas):
    rules = q.Rules("escoba")
    seed, g, table = find_seed(q, rules, lambda t, _: t == total)
    side = g.side_of(g.dealer)
    assert g.table == [] and g.escobas[side] == escobas and g.pile(side) == sorted(table)
    assert g.last_capturer is None  # not the last capturer for the leftover rule


@pytest.mark.parametrize("total", [15, 30])
def test_opening_capture_false_turns_the_opening_rule_off(q, total):
    seed, on, table = find_seed(q, q.Rules("escoba"), lambda t, _: t == total)
    g = q.Game(q.Rules("escoba", opening_capture=False), seed=seed)
    assert texts(g.table) == texts(sorted(table)) and g.escobas == [0, 0]
    assert [g.pile(s) for s in range(2)] == [[], []] and g.last_capturer is None
    assert [texts(g.hand(s)) for s in range(2)] == [texts(on.hand(s)) for s in range(2)]  # the same deal


def after_the_opening(q, hands, piled):
    """A real escoba deal just after its opening capture of 15 (dealer 1 after the draw of
    seed `find_seed` finds), its cards then set by hand in its JSON: `hands` as given, the
    stock empty, every other card but the four opening ones in the pile of side `piled`.
    The opening capture's own effects (dealer's pile, escoba, last capturer) stay as the
    engine made them."""
    seed, g, table = find_seed(q, q.Rules("escoba"), lambda t, _: t == 15)
    state = json.loads(g.to_json())
    opening = texts(sorted(table))
    dealer = state["dealer"]
    assert state["piles"][dealer] == opening and state["escobas"][dealer] == 1 and state["last_capturer"] is None
    hands = hands(dealer)
    named = set(opening) | {c for h in hands for c in h}
    state["hands"], state["stock"] = hands, []
    state["piles"][1 - dealer] = []
    state["piles"][piled(dealer)] += [c for c in deck() if c not in named]
    state["piles"] = [sorted(p, key=lambda c: q.Card(c).id) for p in state["piles"]]
    return q.Game.from_json(json.dumps(state, separators=(",", ":"))), dealer, opening


def test_the_opening_capture_does_not_make_the_dealer_the_last_capturer(q):
    # No one captures in play: the leftovers go to no one, not to the dealer.
    g, dealer, opening = after_the_opening(q, lambda d: [["3b"], ["4b"]], lambda d: 1 - d)
    first = 1 - dealer
    g.play("3b" if first == 0 else "4b")
    g.play("4b" if first == 0 else "3b")
    d = g.deals[0]
    assert d.last_capturer is None
    assert texts(d.piles[dealer]) == opening and d.escobas[dealer] == 1
    assert not {"3b", "4b"} & set(texts(d.piles[0]) + texts(d.piles[1]))


def test_after_the_opening_capture_the_leftovers_go_to_the_real_last_capturer(q):
    # The seat after the dealer lays 7c, the dealer 5c (12: no 15), then 12b (10) takes 5c;
    # the dealer's 6c (13) is laid: 7c and 6c go to the seat after the dealer.
    def hands(dealer):
        out = [[], []]
        out[1 - dealer], out[dealer] = ["7c", "12b"], ["5c", "6c"]
        return out

    g, dealer, opening = after_the_opening(q, hands, lambda d: d)
    first = 1 - dealer
    for move in ("7c", "5c", "12b x 5c", "6c"):
        g.play(move)
    d = g.deals[0]
    assert d.last_capturer == first
    assert texts(d.piles[first]) == ["5c", "6c", "7c", "12b"]
    assert d.escobas[dealer] == 1 and d.escobas[first] == 0
    assert len(d.piles[dealer]) == 36 and set(opening) <= set(texts(d.piles[dealer]))


def test_opening_30_scores_two_escobas_even_when_it_cannot_split_into_15_and_15(q):
    def unsplittable(total, table):
        vals = [VALUES_ESCOBA[c.rank] for c in table]
        from itertools import combinations

        return total == 30 and not any(sum(c) == 15 for k in (1, 2, 3) for c in combinations(vals, k))

    _, g, _ = find_seed(q, q.Rules("escoba"), unsplittable)
    assert g.escobas[g.side_of(g.dealer)] == 2


def test_opening_capture_is_escoba_only(q):
    seed, _, table = find_seed(q, q.Rules("escoba"), lambda t, _: t == 15)
    assert q.Game("quinza", seed=seed).table == sorted(table)


# -- End of a deal ------------------------------------------------------------------------


def test_table_leftovers_go_to_the_last_capturer(q):
    g = position(q, "quinza", hands=[["1o"], ["2o"]], table=["3c"], dealer=1, last_capturer=1,
                 piles=[[], ["4c"]])
    g.play("1o")
    g.play("2o")
    assert set(texts(g.deals[0].piles[1])) >= {"1o", "2o", "3c", "4c"}


def test_if_no_one_captured_the_leftovers_score_for_no_one(q):
    g = position(q, "quinza", hands=[["1o"], ["2o"]], table=["3c"], dealer=1, piles=[["4c"], ["5c"]])
    g.play("1o")
    g.play("2o")
    d = g.deals[0]
    assert d.last_capturer is None
    left = {"1o", "2o", "3c"}
    assert not left & set(texts(d.piles[0])) and not left & set(texts(d.piles[1]))
    assert sum(d.points) == 100 - 10 - 2 - 1  # the 1o (10), 2o (2) and 3c (1) score for no one


# -- Scoring a deal -------------------------------------------------------------------------


def test_quinza_scoring_gold_at_printed_number_ace_10_others_1(q):
    # Seed example: 22 cards with Ace, 2, 7, Sota and Rey of Oros score 41 + 17 = 58.
    gold = ["1o", "2o", "7o", "10o", "12o"]
    others = [c for c in deck() if not c.endswith("o")][:17]
    rest = [c for c in deck() if c not in gold + others and c != "3b" and c != "4b"]
    g = position(q, "quinza", hands=[["3b"], ["4b"]], table=[], dealer=1,
                 piles=[gold + others, rest], last_capturer=0)
    g.play("3b")
    g.play("4b")
    d = g.deals[0]
    assert d.details[0] == {"gold": 41, "other": 17 + 2}
    assert d.points == [41 + 19, 100 - 60]
    assert sum(d.points) == 100


def test_a_deal_hands_out_100_points_whole_matches(q):
    for seed in range(5):
        g = q.Game(q.Rules("rb3ine", players=3), seed=seed)
        play_out(g)
        for d in g.deals:
            if d.last_capturer is not None:
                assert sum(d.points) == 100
                assert sum(x["gold"] for x in d.details) == 70 and sum(x["other"] for x in d.details) == 30
        assert g.scores == [sum(d.points[s] for d in g.deals) for s in range(3)]


WEIGHTS = {
    "prime": {7: 8, 6: 7, 1: 6, 5: 5, 4: 4, 3: 3, 2: 2, 10: 1, 11: 1, 12: 1},
    "sum": {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 10: 10, 11: 10, 12: 10},
}


def deal_end(q, rules, piles, lays, scores=None, escobas=None):
    """End a deal whose piles are exactly `piles`: seat 0 and seat 1 lay the two cards
    `lays`, no one captured during the deal, so those two score for no one."""
    g = q.Game.from_position(rules, hands=[[lays[0]], [lays[1]]], table=[], piles=piles, dealer=1,
                             scores=scores, escobas=escobas)
    g.play(lays[0])
    g.play(lays[1])
    d = g.deals[0]
    assert d.last_capturer is None and [len(p) for p in d.piles] == [len(p) for p in piles]
    return g, d


def spread(q, method, best0, best1):
    """Piles that hold best0 / best1 and every other card but two, placed so that no
    side's best card per suit changes; the two that fit nowhere are laid at the end."""
    w = WEIGHTS[method]
    best = [{}, {}]
    for side, cards in enumerate((best0, best1)):
        for c in cards:
            card = q.Card(c)
            best[side][card.suit] = max(best[side].get(card.suit, 0), w[card.rank])
    piles, loose = [list(best0), list(best1)], []
    for c in deck():
        if c in best0 or c in best1:
            continue
        card = q.Card(c)
        side = next((s for s in (1, 0) if w[card.rank] <= best[s].get(card.suit, 0)), None)
        (loose if side is None else piles[side]).append(c)
    assert len(loose) <= 2, loose
    for c in ("11c", "11e"):  # filler lays: figures weigh least; 9 + 9 or 9 + 7 is no 15
        if len(loose) < 2:
            for p in piles:
                if c in p:
                    p.remove(c)
            loose.append(c)
    return piles, loose


@pytest.mark.parametrize("size0, size1, cards", [(20, 18, [1, 0]), (18, 20, [0, 1]), (19, 19, [0, 0])])
def test_escoba_most_cards_strictly_and_a_tie_scores_for_no_one(q, size0, size1, cards):
    pool = [c for c in deck() if c not in ("3b", "4b")]
    _, d = deal_end(q, q.Rules("escoba"), [pool[:size0], pool[size0:]], ("3b", "4b"))
    assert [x["cards"] for x in d.details] == cards


# Side 0 holds every Copas and 1e-5e, side 1 6e-12e and the Bastos but 3b and 4b (laid at
# the end, scoring for no one): setenta 8,6,6,0 against 8,8,8,0 goes to side 1.
OTHERS0 = [c for c in deck() if c.endswith("c")] + ["1e", "2e", "3e", "4e", "5e"]
OTHERS1 = ["6e", "7e", "10e", "11e", "12e"] + [c for c in deck() if c.endswith("b") and c not in ("3b", "4b")]


@pytest.mark.parametrize(
    "oros0, oros1, details0, details1, points",
    [
        # 5 Oros each: the tie scores for no one. Cards 20 to 18.
        (["1o", "2o", "3o", "4o", "5o"], ["6o", "7o", "10o", "11o", "12o"],
         {"cards": 1, "oros": 0, "seven_of_oros": 0, "setenta": 0, "escobas": 2},
         {"cards": 0, "oros": 0, "seven_of_oros": 1, "setenta": 1, "escobas": 1}, [3, 3]),
        # 6 Oros to 4: side 0 has most Oros. Cards 21 to 17.
        (["1o", "2o", "3o", "4o", "5o", "6o"], ["7o", "10o", "11o", "12o"],
         {"cards": 1, "oros": 1, "seven_of_oros": 0, "setenta": 0, "escobas": 2},
         {"cards": 0, "oros": 0, "seven_of_oros": 1, "setenta": 1, "escobas": 1}, [4, 3]),
        # 4 Oros to 6: side 1 has most Oros. Cards 19 to 19: no one.
        (["1o", "2o", "3o", "4o"], ["5o", "6o", "7o", "10o", "11o", "12o"],
         {"cards": 0, "oros": 0, "seven_of_oros": 0, "setenta": 0, "escobas": 2},
         {"cards": 0, "oros": 1, "seven_of_oros": 1, "setenta": 1, "escobas": 1}, [2, 4]),
    ],
    ids=["oros-tie", "side-0-most-oros", "side-1-most-oros"],
)
def test_escoba_most_oros_a_tie_scores_for_no_one_seven_of_oros_and_each_escoba(q, oros0, oros1, details0, details1, points):
    piles = [oros0 + OTHERS0, oros1 + OTHERS1]
    _, d = deal_end(q, q.Rules("escoba"), piles, ("3b", "4b"), escobas=[2, 1])
    assert d.details == [details0, details1]
    assert d.escobas == [2, 1]
    assert d.points == points


@pytest.mark.parametrize(
    "method, side0, side1, winner",
    [
        ("prime", ["7c", "7e", "7b"], ["6c", "6e", "6b", "6o"], 0),  # 7,7,7,none beats 6,6,6,6
        ("prime", ["7c", "7e", "1o", "1b"], ["7b", "6c", "6e", "6o"], 0),  # 7,7,A,A beats 7,6,6,6
        ("prime", ["7c", "6e", "7o", "4b"], ["7e", "6c", "7b", "4o"], None),  # equal: no one scores
        ("sum", ["7c", "7e", "7b"], ["6c", "6e", "6b", "6o"], 1),  # 63 < 72: the sum decides
        ("sum", ["7c", "1e", "7o", "1b"], ["7e", "1c", "7b", "1o"], None),  # 74 = 74
    ],
)
def test_setenta_prime_and_sum(q, method, side0, side1, winner):
    piles, lays = spread(q, method, side0, side1)
    _, d = deal_end(q, q.Rules("escoba", setenta=method), piles, lays)
    assert [x["setenta"] for x in d.details] == [int(winner == 0), int(winner == 1)]


# -- Winning a match --------------------------------------------------------------------------


def test_quinza_first_side_to_reach_the_target_wins(q):
    pile1 = ["12o", "11o", "10o", "7o"]  # 40 points of gold
    rest = [c for c in deck() if c not in pile1 + ["3b", "4b"]]  # 58 points
    g, _ = deal_end(q, q.Rules("quinza", target=101), [rest, pile1], ("3b", "4b"), scores=[50, 30])
    assert g.is_over and g.winner == 0 and g.scores == [108, 70] and g.turn is None
    assert g.legal_moves() == [] and g.count_legal_moves() == 0
    with pytest.raises(q.IllegalMoveError) as error:
        g.play("3b")
    assert str(error.value) == "the match is over"


def test_quinza_below_target_a_new_deal_begins(q):
    pile1 = ["12o", "11o", "10o", "7o"]
    rest = [c for c in deck() if c not in pile1 + ["3b", "4b"]]
    g, _ = deal_end(q, q.Rules("quinza", target=151), [rest, pile1], ("3b", "4b"), scores=[50, 30])
    assert not g.is_over and g.deal_number == 2 and g.winner is None and g.dealer == 0
    assert len(g.deals) == 1 and g.scores == [108, 70] and g.turn == 1


@pytest.mark.parametrize("scores, winner", [([92, 110], None), ([92, 111], 1), ([93, 110], 0)])
def test_several_reach_the_target_higher_total_wins_equal_is_a_draw(q, scores, winner):
    pile1 = ["12o", "11o", "10o", "7o"]
    rest = [c for c in deck() if c not in pile1 + ["3b", "4b"]]
    g, _ = deal_end(q, q.Rules("quinza", target=150), [rest, pile1], ("3b", "4b"), scores=scores)
    assert g.scores == [scores[0] + 58, scores[1] + 40]
    assert g.is_over and g.winner == winner


@pytest.mark.parametrize("scores, over, winner", [([20, 20], True, 1), ([20, 19], False, None), ([20, 16], True, 0)])
def test_escoba_needs_the_target_and_a_lead_of_2(q, scores, over, winner):
    # Side 0 takes only the 7 of Oros (1 point); side 1 cards, oros and setenta (3 points).
    rest = [c for c in deck() if c not in ("7o", "3b", "4b")]
    g, _ = deal_end(q, q.Rules("escoba"), [["7o"], rest], ("3b", "4b"), scores=scores)
    assert g.scores == [scores[0] + 1, scores[1] + 3]
    assert g.is_over is over and g.winner == winner


def test_totals_are_checked_only_at_the_end_of_a_deal(q):
    # Side 0, at 20 of 21, clears the table with cards still to come: an escoba, and its
    # total passes the target mid-deal, but the match goes on until the deal is scored.
    g = position(q, "escoba", hands=[["12o", "1c"], ["2b", "3c"]], table=["5e"], dealer=1, scores=[20, 0], rest_to=1)
    g.play("12o x 5e")
    assert g.escobas == [1, 0] and g.scores == [20, 0]
    assert not g.is_over and g.winner is None and g.turn == 1 and g.deals == []
    for move in ("2b", "1c", "3c"):  # 2, 3 and 6 on the table: no 15, all laid
        g.play(move)
    # The leftovers 2b, 1c, 3c go to seat 0; side 1 has most cards and Oros, the 7 of Oros
    # and the setenta (7s in every suit against 5, 3, 2 and a figure).
    d = g.deals[0]
    assert d.points == [1, 4] and d.escobas == [1, 0]
    assert g.scores == [21, 4] and g.is_over and g.winner == 0


@pytest.mark.parametrize(
    "scores, over, winner",
    [([17, 19, 20], False, None), ([18, 19, 20], True, 0), ([17, 19, 18], True, 0), ([17, 21, 20], False, None)],
)
def test_escoba_a_side_wins_with_the_target_and_2_more_than_every_other_side(q, scores, over, winner):
    # Three sides; no one captures, side 0 holds every card but the three laid: 4 points.
    g = position(q, q.Rules("escoba", players=3), hands=[["3b"], ["4b"], ["5b"]], dealer=2, scores=scores)
    for move in ("3b", "4b", "5b"):  # 3, 7, 12: no 15
        g.play(move)
    assert g.deals[0].points == [4, 0, 0] and g.scores == [scores[0] + 4, scores[1], scores[2]]
    assert g.is_over is over and g.winner == winner


# -- Moves: counting and checking on huge tables ----------------------------------------------


def test_count_and_is_legal_on_a_30_card_rb3ine_table(q):
    hands = [["12o", "12c", "12e"], ["11o", "11c", "11e"]]
    used = {c for h in hands for c in h}
    table = [c for c in deck() if c not in used][:30]
    g = position(q, "rb3ine", hands=hands, table=table, dealer=1)
    n = g.count_legal_moves()
    assert n > 1_000_000
    # Brute-force check of one hand card's groups by dynamic programming in the test.
    values = [VALUES_QUINZA[q.Card(c).rank] for c in table]
    ways = [1] + [0] * 28
    for v in values:
        for s in range(28, v - 1, -1):
            ways[s] += ways[s - v]
    assert n == 3 * ways[28]
    assert g.is_legal("12o x " + " ".join(table[:0] + ["10c", "11b", "7o"])) is (
        "10c" in table and "11b" in table and "7o" in table
    )
    assert not g.is_legal("12o")
