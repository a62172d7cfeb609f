"""`Rules` (docs/rules.md "Choosing a rule set and its options"): names, player counts, targets and options, with clear errors."""

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


# -- Game(name, seed, players=..., target=..., **options): the keywords of Rules ----------------


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (("escoba",), {"players": 4}),
        (("escoba", 5), {"players": 3, "target": 31, "setenta": "sum"}),
        ((), {"players": 4}),  # quinza, the default rule set
        (("RB3INE",), {"players": 3, "target": 101}),
        (("quinte", 2), {"target": 300}),
    ],
)
def test_game_takes_the_keywords_of_rules_with_a_rule_set_name(q, args, kwargs):
    name = args[0] if args else "quinza"
    seed = args[1] if len(args) > 1 else 9
    g = q.Game(name, seed, **kwargs)
    assert g.rules == q.Rules(name, **kwargs)
    assert g.seed == seed  # the seed stays the second positional argument
    assert g.to_json() == q.Game(q.Rules(name, **kwargs), seed=seed).to_json()
    family = q.QuinteGame if g.rules.name == "quinte" else q.FifteenGame
    assert type(g) is family and family(name, seed, **kwargs).to_json() == g.to_json()


def test_game_of_a_name_alone_and_a_bare_seed_are_unchanged(q):
    assert q.Game("escoba", 5).seed == 5 and q.Game("escoba", 5).rules == q.Rules("escoba")
    assert q.Game("escoba", 5, players=None, target=None).rules == q.Rules("escoba")
    assert q.QuinteGame(target=120).rules == q.Rules("quinte", target=120)
    assert q.FifteenGame(players=3).rules == q.Rules("quinza", players=3)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 4}, "players=4 goes with a rule-set name, not beside a Rules object: "
                         "Game('escoba', players=4) or Game(Rules('escoba', players=4))"),
        ({"target": 31, "setenta": "sum"}, "target=31, setenta='sum' go with a rule-set name, not beside a Rules "
                                           "object: Game('escoba', target=31, setenta='sum') or "
                                           "Game(Rules('escoba', target=31, setenta='sum'))"),
    ],
)
def test_keywords_beside_a_rules_object_are_a_clear_error(q, kwargs, message):
    for cls in (q.Game, q.FifteenGame):
        with pytest.raises(ValueError) as info:
            cls(q.Rules("escoba"), 1, **kwargs)
        assert str(info.value) == message


@pytest.mark.parametrize(
    "cls, args, kwargs, message",
    [
        ("Game", ("escoba",), {"players": 5}, "escoba is played by 2, 3 or 4 players, not 5"),
        ("Game", ("escoba",), {"bogus": 1}, "unknown option 'bogus' for escoba; its options: "
                                            "escoba_on_last_card, opening_capture, setenta"),
        ("Game", ("quinte",), {"players": 3}, "quinte is played by 4 players, not 3"),
        ("FifteenGame", ("quinte",), {"target": 300}, "FifteenGame plays quinza, rb3ine or escoba, not quinte"),
    ],
)
def test_bad_keywords_are_refused_as_rules_refuses_them(q, cls, args, kwargs, message):
    with pytest.raises(ValueError) as info:
        getattr(q, cls)(*args, **kwargs)
    assert str(info.value) == message
