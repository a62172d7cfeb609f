"""Traps a new user fell into, closed in both twins: rule-set names in any case (as card
text), `is_legal` answering False for what is no move, and `__version__`."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import pytest

from .conftest import position


@pytest.mark.parametrize("text", ["QUINZA", "Escoba", "rB3InE", "QUINTE"])
def test_a_rule_set_name_is_read_in_any_case(q: Any, text: str) -> None:
    rules = q.Rules(text)
    assert rules.name == text.lower() and rules == q.Rules(text.lower())
    assert q.Game(text, seed=1).to_json() == q.Game(text.lower(), seed=1).to_json()


def test_an_unknown_name_is_quoted_as_given(q: Any) -> None:
    with pytest.raises(ValueError, match=r"^unknown rule set 'POKER': choose quinza, rb3ine, escoba or quinte$"):
        q.Rules("POKER")
    with pytest.raises(ValueError, match="unknown rule set 'QUİNZA'"):
        q.Rules("QUİNZA")  # only ASCII letters are folded


@pytest.mark.parametrize("thing", [5, None, 2.5, b"7o", ["7o"], "", "not a move", "7o x", "Ah", "pass"])
def test_is_legal_is_false_for_what_is_no_move(q: Any, thing: Any) -> None:
    g = q.Game("quinza", seed=3)
    before = g.to_json()
    assert g.is_legal(thing) is False
    assert g.to_json() == before
    assert g.is_legal(g.legal_moves()[0]) is True and g.is_legal(str(g.legal_moves()[0])) is True


def test_the_version_is_the_package_metadata(q: Any) -> None:
    assert q.__version__ == version("quinza")


def test_a_card_stands_for_itself(q: Any) -> None:
    seven = q.Card("7o")
    assert q.Card(seven) == seven and q.Card(q.Card("Ah", "quinte"), "quinte") == q.Card("Ah", "quinte")
    with pytest.raises(ValueError, match="^Ah is a quinte card, not a baraja card$"):
        q.Card(q.Card("Ah", "quinte"))


def test_move_text_alone_is_read_as_move_text(q: Any) -> None:
    assert q.Move("5e x 12e") == q.Move.parse("5e x 12e") == q.Move("5e", ["12e"])
    assert q.Move("7o") == q.Move.parse("7o") and q.Move("7o").captures == ()
    with pytest.raises(ValueError) as error:
        q.Move("5e x")
    with pytest.raises(ValueError) as parsed:
        q.Move.parse("5e x")
    assert str(error.value) == str(parsed.value)


@pytest.mark.parametrize("captures", ["12e", b"12e"])
def test_captures_as_one_string_are_refused(q: Any, captures: Any) -> None:
    with pytest.raises(ValueError, match=r"^captures must be a list of cards, not b?'12e'$"):
        q.Move("5e", captures)


@pytest.mark.parametrize("name", ["quinza", "rb3ine"])
def test_escobas_only_where_a_clear_scores_one(q: Any, name: str) -> None:
    with pytest.raises(ValueError, match=rf"^{name} scores no escobas, so escobas must be 0, not \[1, 0\]$"):
        position(q, name, hands=[["1o"], ["2o"]], table=["3o"], escobas=[1, 0])
    assert position(q, name, hands=[["1o"], ["2o"]], table=["3o"], escobas=[0, 0]).escobas == [0, 0]
    assert position(q, "escoba", hands=[["1o"], ["2o"]], table=["3o"], escobas=[1, 0]).escobas == [1, 0]


@pytest.mark.parametrize("text", ["Ah", "kd", "JK", "10s"])
def test_quinte_text_in_the_baraja_says_which_deck(q: Any, text: str) -> None:
    with pytest.raises(ValueError, match=rf"^invalid card '{text}': .*; it is a quinte card: pass deck='quinte'$"):
        q.Card(text)
    assert q.Card(text, "quinte").deck == "quinte"
    with pytest.raises(ValueError) as error:
        q.Card("9o")
    assert "quinte" not in str(error.value)


@pytest.mark.parametrize("rules", ["quinza", "escoba", "rb3ine", "quinte"])
def test_the_text_of_a_finished_match_says_who_won(q: ModuleType, rules: str) -> None:
    for seed in range(4):
        game = q.Game(rules, seed=seed)
        bot = q.bot("greedy")
        while not game.is_over:
            assert "match over" not in str(game).splitlines()[0]
            game.play(bot(game))
        first = str(game).splitlines()[0]
        want = "match over, a draw" if game.winner is None else f"match over, side {game.winner} wins"
        assert first.endswith(", " + want), first
