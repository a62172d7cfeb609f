"""Edge inputs with one answer in both twins: counters at the top of their range saturate
(at 2**64-1, never wrap, never pass it), `-0` in game JSON reads as 0, and texts that are
not JSON as the core reads it (integers of more than 4300 digits, nesting deeper than 128
levels, a UTF-8 BOM before a second U+FEFF) are refused in the same words."""

from __future__ import annotations

import json
import re
from types import ModuleType
from typing import Any

import pytest

import quinza
import quinza.reference as ref

from .conftest import QUIET_CACHETTE, late, position, qdeck

TOP = 2**64 - 1


def play_to_deal_end(g: Any) -> None:
    """Play the first legal move until the deal in progress is scored."""
    deals = len(g.deals)
    while len(g.deals) == deals:
        g.play(g.legal_moves()[0])


def reads_back(q: ModuleType, g: Any) -> None:
    assert q.Game.from_json(g.to_json()).to_json() == g.to_json()


# -- a. the top of the range: saturate ----------------------------------------------------------


@pytest.mark.parametrize("name", ["quinza", "rb3ine", "escoba"])
def test_the_last_deal_number_stays_at_the_top_after_its_deal(q, name):
    g = position(q, name, hands=[["1o"], ["2o"]], dealer=1, deal_number=TOP)
    play_to_deal_end(g)
    assert g.deals[-1].deal_number == TOP and g.deal_number == TOP and not g.is_over
    reads_back(q, g)


def test_the_last_deal_number_stays_at_the_top_in_quinte(q):
    g = late(q, [["Kh"], ["Qh"], ["Jh"], ["10h"]], leader=0, tricks0=11, deal_number=TOP)
    play_to_deal_end(g)
    assert g.deals[-1].deal_number == TOP and g.deal_number == TOP and not g.is_over
    assert g.scores == [65, 0]  # 12 tricks and the cachette, nothing doubled
    reads_back(q, g)


def test_escobas_at_the_top_saturate_the_deal_points_and_the_scores(q):
    g = position(q, "escoba", hands=[["1o"], ["2o"]], dealer=1, escobas=[TOP, 0])
    play_to_deal_end(g)
    deal = g.deals[-1]
    assert deal.details[0]["escobas"] == TOP and deal.escobas == [TOP, 0]
    assert deal.points == [TOP, 0]  # 4 categories + TOP escobas, saturated
    assert g.scores == [TOP, 0] and g.is_over and g.winner == 0
    reads_back(q, g)


def test_a_score_that_would_pass_the_top_stops_there_and_wins_at_a_top_target(q):
    rules = q.Rules("quinza", target=TOP)
    g = position(q, rules, hands=[["1o"], ["2o"]], dealer=1, scores=[TOP - 1, 0])
    play_to_deal_end(g)
    assert g.deals[-1].points[0] > 1 and g.scores[0] == TOP
    assert g.is_over and g.winner == 0
    reads_back(q, g)


def test_the_lead_of_2_in_escoba_saturates_at_the_top(q):
    # TOP against TOP - 2 + 0: the lead saturates with the core's saturating_add(2).
    rules = q.Rules("escoba", target=TOP)
    g = position(q, rules, hands=[["1o"], ["2o"]], dealer=1, scores=[TOP - 1, TOP - 1])
    play_to_deal_end(g)
    assert g.deals[-1].points[1] == 0 and g.scores == [TOP, TOP - 1]
    assert g.is_over and g.winner == 0
    reads_back(q, g)


def test_quints_at_the_top_saturate_and_win_at_once(q):
    # The last trick holds the 5 of hearts: a quint of 20 for side 0, whose Kh wins it.
    hands = [["Kh"], ["5h"], ["Jh"], ["10h"]]
    cachette = QUIET_CACHETTE
    rest = [c for c in qdeck() if c not in {h[0] for h in hands} | set(cachette)]
    g = q.Game.from_position(
        q.Rules("quinte", target=TOP), hands=hands, stock=cachette, piles=[rest, []], dealer=3, last_capturer=0,
        scores=[TOP - 10, 0], quints=[TOP - 10, 0],
    )
    play_to_deal_end(g)
    deal = g.deals[-1]
    assert g.quints == [TOP, 0] and g.scores == [TOP, 0] and g.is_over and g.winner == 0
    assert deal.details[0] == {"quints": TOP, "tricks": 0} and deal.points == [TOP, 0]
    reads_back(q, g)


def test_trick_points_that_would_pass_the_top_stop_there_at_the_count(q):
    # Both sides one point below a top target; side 0 takes the 12th trick and the cachette.
    hands = [["Kh"], ["Qh"], ["Jh"], ["10h"]]
    rest = [c for c in qdeck() if c not in {h[0] for h in hands} | set(QUIET_CACHETTE)]
    g = q.Game.from_position(
        q.Rules("quinte", target=TOP), hands=hands, stock=QUIET_CACHETTE, piles=[rest, []], dealer=3,
        last_capturer=0, scores=[TOP - 1, TOP - 1], quints=[0, 0],
    )
    play_to_deal_end(g)
    deal = g.deals[-1]
    assert deal.details == [{"quints": 0, "tricks": 65}, {"quints": 0, "tricks": 0}] and deal.points == [65, 0]
    assert g.scores == [TOP, TOP - 1] and g.is_over and g.winner == 0
    reads_back(q, g)


def test_deal_points_must_be_the_saturating_sum_of_their_details(q):
    g = position(q, "escoba", hands=[["1o"], ["2o"]], dealer=1, escobas=[TOP, 0])
    play_to_deal_end(g)
    state = json.loads(g.to_json())
    state["deals"][-1]["points"][0] = TOP - 1  # what a wrapping or an unbounded sum is not
    with pytest.raises(ValueError) as error:
        q.Game.from_json(json.dumps(state))
    assert str(error.value) == f"invalid game JSON: deal points [{TOP - 1}, 0] are not the sum of their details"


# -- b. -0 in game JSON reads as 0 ----------------------------------------------------------------


def _with_minus_zero(text: str, key: str) -> str:
    """The JSON text with every 0 in the list or number under `key` written -0."""
    pattern = re.compile(r'("%s":)(\[[^\[\]]*\]|\d+)' % key)
    found = pattern.search(text)
    assert found is not None and "0" in found.group(2), key
    written = re.sub(r"(?<![\d.])0(?![\d.])", "-0", found.group(2))
    return text[: found.start(2)] + written + text[found.end(2):]


@pytest.mark.parametrize(
    "name, dealer, key",
    [("quinza", 1, "scores"), ("escoba", 1, "escobas"), ("rb3ine", 1, "turn"), ("quinza", 0, "dealer"),
     ("quinte", None, "quints"), ("quinte", None, "scores")],
)
def test_minus_zero_reads_as_zero(q, name, dealer, key):
    if dealer is None:
        g = q.Game(name, seed=8)
    else:  # seat 0 to play after dealer 1, seat 1 after dealer 0
        g = position(q, name, hands=[["1o"], ["2o"]], dealer=dealer)
    text = g.to_json()
    assert q.Game.from_json(_with_minus_zero(text, key)).to_json() == text


def test_minus_zero_in_a_deals_points_and_last_capturer_reads_as_zero(q):
    g = position(q, "quinza", hands=[["1o"], ["2o"]], dealer=1, last_capturer=0)
    play_to_deal_end(g)
    state = json.loads(g.to_json())
    deal = state["deals"][-1]
    assert deal["last_capturer"] == 0 and 0 in deal["points"]
    text = json.dumps(state, separators=(",", ":"))
    minus = text.replace('"last_capturer":0,', '"last_capturer":-0,').replace('"points":[100,0]', '"points":[100,-0]')
    assert minus != text
    assert q.Game.from_json(minus).to_json() == g.to_json()


# -- c. texts that are not JSON as the core reads it ------------------------------------------------


def refusal(q: ModuleType, text: Any) -> str:
    with pytest.raises(ValueError) as error:
        q.Game.from_json(text)
    return str(error.value)


def test_an_integer_of_more_than_4300_digits_is_refused_in_both_twins(q):
    text = q.Game("quinza", seed=1).to_json()
    for digits in ("1" * 4301, "-" + "1" * 4301, "9" * 10000):
        broken = re.sub(r'"deal_number":\d+', f'"deal_number":{digits}', text, count=1)
        assert refusal(q, broken) == "invalid game JSON: not JSON (an integer of more than 4300 digits)"
    # 4300 digits are read, and the number is refused for its size, not as a text.
    broken = re.sub(r'"deal_number":\d+', '"deal_number":' + "1" * 4300, text, count=1)
    assert "not JSON" not in refusal(q, broken)


def test_nesting_deeper_than_128_levels_is_refused_in_both_twins(q):
    for depth, opener, closer in ((129, "[", "]"), (200, "[", "]"), (100_000, "[", "]"), (129, '{"a":', "}")):
        assert refusal(q, opener * depth + closer * depth) == "invalid game JSON: not JSON (nesting deeper than 128 levels)"
    # 128 levels are read: the text is refused for its shape.
    assert refusal(q, "[" * 128 + "]" * 128) == "invalid game JSON: the game must be an object"
    # Deep inside a game too, and brackets inside strings do not count.
    text = q.Game("quinza", seed=1).to_json()
    deep = text.replace('"deals":[]', '"deals":' + "[" * 128 + "]" * 128)
    assert refusal(q, deep) == "invalid game JSON: not JSON (nesting deeper than 128 levels)"
    strings = text.replace('"deals":[]', '"deals":["' + "[" * 300 + '"]')
    assert "nesting" not in refusal(q, strings)


def test_a_syntax_error_before_the_deep_nesting_is_the_one_told(q):
    assert refusal(q, "[1,,]" + "[" * 200) == "invalid game JSON: not JSON (Expecting value: line 1 column 4 (char 3))"


def test_a_bom_then_another_feff_gets_one_message_in_both_twins():
    text = ref.Game("quinza", seed=1).to_json().encode()
    messages = {refusal(twin, b"\xef\xbb\xbf\xef\xbb\xbf" + text) for twin in (quinza, ref)}
    assert messages == {"invalid game JSON: not JSON (Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0))"}


def test_one_bom_before_the_text_is_read(q):
    g = q.Game("escoba", seed=2)
    assert q.Game.from_json(b"\xef\xbb\xbf" + g.to_json().encode()).to_json() == g.to_json()
    assert q.Game.from_json(g.to_json().encode("utf-16")).to_json() == g.to_json()
