"""Traps a new user fell into, closed in both twins: rule-set names in any case (as card
text), `is_legal` answering False for what is no move, and `__version__`."""

from __future__ import annotations

from importlib.metadata import version
import json
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


def test_a_quinte_card_in_a_game_document_is_refused_without_advice_to_pass_a_deck(q: Any) -> None:
    # "pass deck='quinte'" is advice to Card's caller; a document has no deck to pass.
    data = json.loads(q.Game(q.Rules("escoba"), seed=1).to_json())
    data["hands"][0][0] = "Ah"
    with pytest.raises(ValueError) as error:
        q.Game.from_json(json.dumps(data))
    assert str(error.value) == (
        "invalid game JSON: hands: invalid card 'Ah': write a number 1-7, 10, 11 or 12 and a suit o, c, e or b, e.g. '7o'"
    )


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

# -- long inputs are quoted cut short --------------------------------------------------------

LONG = "x" * 2000
CUT = "'" + "x" * 60 + "'... (2000 characters)"  # docs/reference/errors.md "Errors and their messages"


def _game_json(q: Any, **changes: Any) -> str:
    import json

    data = json.loads(q.Game("escoba", seed=1).to_json())
    data.update(changes)
    return json.dumps(data)


LONG_INPUTS = {
    "card": (lambda q: q.Card(LONG), "invalid card " + CUT + ": write a number"),
    "quinte card": (lambda q: q.Card(LONG, deck="quinte"), "invalid card " + CUT + ": write 2-10"),
    "deck": (lambda q: q.Card("7o", deck=LONG), "unknown deck " + CUT + ": choose baraja or quinte"),
    "move": (lambda q: q.Move(LONG), "invalid move " + CUT + ": write the card played"),
    "captures": (lambda q: q.Move("7o", captures=LONG), "captures must be a list of cards, not " + CUT),
    "play": (lambda q: q.Game("escoba", seed=1).play(LONG), "invalid move " + CUT + ": write the card played"),
    "quinte play": (lambda q: q.Game("quinte", seed=1).play(LONG), "invalid move " + CUT + ": write a card such as"),
    "rules name": (lambda q: q.Rules(LONG), "unknown rule set " + CUT + ": choose quinza"),
    "rules option": (lambda q: q.Rules("escoba", **{LONG: 1}), "unknown option " + CUT + " for escoba"),
    "setenta": (lambda q: q.Rules("escoba", setenta=LONG), "setenta must be 'prime' or 'sum', not " + CUT),
    "players": (lambda q: q.Rules("quinza", players=LONG), "quinza is played by 2, 3 or 4 players, not " + CUT),
    "json format": (lambda q: q.Game.from_json(_game_json(q, format=LONG)), "format must be 'quinza-game', not " + CUT),
    "json rng": (lambda q: q.Game.from_json(_game_json(q, rng=LONG)), "rng must be 16 lower-case hex digits, not " + CUT),
    "json rules": (lambda q: q.Game.from_json(_game_json(q, rules={"name": LONG})), "unknown rule set " + CUT),
    "json key": (lambda q: q.Game.from_json(_game_json(q, **{LONG: 1})), "unknown keys ['" + "x" * 58 + "... (2004 characters)"),
    "json card": (lambda q: q.Game.from_json(_game_json(q, table=[LONG])), "invalid card " + CUT),
    "bot": (lambda q: q.bot(LONG), "unknown bot " + CUT + ": choose random"),
    "bot parameter": (lambda q: q.bot("pimc", **{LONG: 1}), "unknown parameter " + CUT + " for the pimc bot"),
    "simulate bots": (lambda q: q.simulate("quinza", 3, bots=LONG), "unknown bot " + CUT + ": choose random"),
    "seed": (lambda q: q.Game("quinza", seed=LONG), "seed must be a whole number from 0 to 2**64-1, not " + CUT),
    "bot seed": (lambda q: q.RandomBot(LONG), "seed must be a whole number from 0 to 2**64-1, not " + CUT),
    "games": (lambda q: q.simulate("quinza", LONG), "games must be a whole number from 1 to 2**64-1, not " + CUT),
    "backend": (lambda q: q.simulate("quinza", 3, backend=LONG), "unknown backend " + CUT + ": choose local or ray"),
    "big number": (lambda q: q.Rules("quinza", target=10**1999), "target must be a whole number from 1 to 2**64-1, not "
                   + "1" + "0" * 59 + "... (2000 characters)"),
    "cards": (lambda q: q.Game.from_position("quinza", hands=[[], []], table=LONG, stock=[]),
              "table must be a list of cards, not " + CUT),
}


def _message(q: Any, case: str) -> str:
    with pytest.raises(ValueError) as info:
        LONG_INPUTS[case][0](q)
    return str(info.value)


@pytest.mark.parametrize("case", list(LONG_INPUTS))
def test_a_long_input_is_quoted_cut_short(q: Any, case: str) -> None:
    message, expected = _message(q, case), LONG_INPUTS[case][1]
    assert len(message) < 200, message
    assert "x" * 61 not in message and "0" * 61 not in message
    assert expected in message


@pytest.mark.parametrize("case", list(LONG_INPUTS))
def test_a_long_input_gives_the_same_message_in_both_twins(case: str) -> None:
    import quinza
    import quinza.reference

    assert _message(quinza, case) == _message(quinza.reference, case)


@pytest.mark.parametrize("text", ["é" * 100, "\x00" * 100, "it's" * 20, "\ud800" * 70, "a" * 60, "a" * 61])
def test_the_cut_is_the_same_in_both_twins_for_any_characters(text: str) -> None:
    import quinza
    import quinza.reference

    messages = []
    for q in (quinza, quinza.reference):
        for make in (q.Card, q.Move, q.Rules, q.bot):
            with pytest.raises(ValueError) as info:
                make(text)
            messages.append(str(info.value))
    assert messages[:4] == messages[4:]
    shown = repr(text) if len(text) <= 60 else repr(text[:60]) + f"... ({len(text)} characters)"
    assert all(shown in m for m in messages)
