"""Rule sets as rows: each twin holds one table of the rule sets (`rule_sets()`), the two
tables are equal row by row, and `Rules` answers from its row."""

from __future__ import annotations

from typing import Any

import pytest

import quinza
import quinza.reference

ROW_KEYS = [
    "name", "family", "deck", "players", "default_target", "deal_points", "capture_total", "values", "scoring", "win",
    "sweeps", "has_opening_capture", "options",
]


def test_the_twins_tables_are_equal_row_by_row() -> None:
    rust, reference = quinza.rule_sets(), quinza.reference.rule_sets()
    assert [r["name"] for r in rust] == [r["name"] for r in reference] == ["quinza", "rb3ine", "escoba", "quinte"]
    for a, b in zip(rust, reference):
        assert list(a) == list(b) == ROW_KEYS, a["name"]
        assert a == b, a["name"]


def test_rules_answer_from_their_row(q: Any) -> None:
    for row in q.rule_sets():
        rules = q.Rules(row["name"])
        assert rules.players == row["players"][0]
        assert rules.target == row["default_target"]
        assert rules.deck == row["deck"]
        assert rules.capture_total == row["capture_total"]
        assert rules.values == (None if row["values"] is None else tuple(row["values"]))
        assert rules.options == row["options"]
        for players in range(1, 6):
            if players in row["players"]:
                assert q.Rules(row["name"], players=players).players == players
            else:
                with pytest.raises(ValueError, match="is played by"):
                    q.Rules(row["name"], players=players)


def test_one_list_of_names_builds_the_message(q: Any) -> None:
    names = [row["name"] for row in q.rule_sets()]
    with pytest.raises(ValueError) as error:
        q.Rules("whist")
    assert str(error.value) == f"unknown rule set 'whist': choose {', '.join(names[:-1])} or {names[-1]}"


def test_the_table_is_a_copy(q: Any) -> None:
    q.rule_sets()[0]["options"]["x"] = 1
    q.rule_sets()[0]["name"] = "poker"
    assert q.rule_sets()[0]["name"] == "quinza" and q.rule_sets()[0]["options"] == {}
