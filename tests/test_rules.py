"""API.md "Rules": names, player counts, targets and options, with clear errors."""

import pytest


def test_defaults(q):
    assert (q.Rules("quinza").players, q.Rules("quinza").target, q.Rules("quinza").sides) == (2, 151, 2)
    assert q.Rules().name == "quinza"
    assert q.Rules("rb3ine", players=4, target=301).sides == 2
    assert q.Rules("rb3ine", players=3).sides == 3
    e = q.Rules("escoba")
    assert (e.target, e.escoba_on_last_card, e.opening_capture, e.setenta) == (21, False, True, "prime")


def test_repr_equality_hash(q):
    r = q.Rules("escoba", players=4, setenta="sum")
    assert repr(r) == (
        "Rules('escoba', players=4, target=21, escoba_on_last_card=False, opening_capture=True, setenta='sum')"
    )
    assert repr(q.Rules("rb3ine", target=101)) == "Rules('rb3ine', players=2, target=101)"
    assert r == q.Rules("escoba", players=4, setenta="sum") and hash(r) == hash(q.Rules("escoba", players=4, setenta="sum"))
    assert r != q.Rules("escoba", players=4)
    with pytest.raises(AttributeError):
        r.players = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        (("poker",), {}, "unknown rule set 'poker': choose quinza, rb3ine, escoba or quinte"),
        (("quinza",), {"players": 5}, "quinza is played by 2, 3 or 4 players, not 5"),
        (("quinza",), {"players": 1}, "quinza is played by 2, 3 or 4 players, not 1"),
        (("escoba",), {"players": "2"}, "escoba is played by 2, 3 or 4 players, not '2'"),
        (("quinza",), {"target": 0}, "target must be a whole number from 1 to 2**64-1, not 0"),
        (("quinza",), {"target": -5}, "target must be a whole number from 1 to 2**64-1, not -5"),
        (("quinza",), {"target": 1.5}, "target must be a whole number from 1 to 2**64-1, not 1.5"),
        (("quinza",), {"setenta": "sum"}, "unknown option 'setenta' for quinza; its options: none"),
        (
            ("escoba",),
            {"sweeps": True},
            "unknown option 'sweeps' for escoba; its options: escoba_on_last_card, opening_capture, setenta",
        ),
        (("escoba",), {"opening_capture": 1}, "opening_capture must be True or False, not 1"),
        (("escoba",), {"setenta": "max"}, "setenta must be 'prime' or 'sum', not 'max'"),
    ],
)
def test_bad_rules_say_what_is_wrong(q, args, kwargs, message):
    with pytest.raises(ValueError) as error:
        q.Rules(*args, **kwargs)
    assert str(error.value) == message


def test_game_takes_rules_or_a_name(q):
    assert q.Game("escoba", seed=3).rules == q.Rules("escoba")
    assert q.Game(q.Rules("rb3ine", players=3), seed=3).rules.players == 3
    with pytest.raises(ValueError):
        q.Game("nope", seed=1)
