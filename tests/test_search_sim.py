"""The search bots in `simulate`: built again for every seat of every match from their
parameters, seeded as the other bots are, the same for any thread count and in both
backends."""

from types import ModuleType

import numpy as np
import pytest

import quinza
import quinza.reference as reference

SPECS = ["ismcts:iterations=12,c=0.5", "pimc:worlds=2,depth=0,exact=8"]


def arrays(result):
    return {k: np.asarray(getattr(result, k)) for k in ("winner", "scores", "moves", "deal_points")}


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("rules", [quinza.Rules("escoba", target=6), quinza.Rules("quinte", target=60)])
def test_search_bots_in_simulate_do_not_depend_on_the_thread_count(spec: str, rules) -> None:
    one = quinza.simulate(rules, 6, bots=[spec, "greedy"], seed=4, threads=1)
    two = quinza.simulate(rules, 6, bots=[spec, "greedy"], seed=4, threads=2)
    for k, v in arrays(one).items():
        assert np.array_equal(v, arrays(two)[k]), k


@pytest.mark.parametrize("spec", SPECS)
def test_a_search_bot_in_simulate_plays_as_the_same_bot_seeded_with_its_seat_seed(q: ModuleType, spec: str) -> None:
    rules = q.Rules("escoba", target=4)
    result = q.simulate(rules, 1, bots=["greedy", spec], seed=9)
    name, _, rest = spec.partition(":")
    params = {k: (float(v) if "." in v else int(v)) for k, v in (p.split("=") for p in rest.split(","))}
    m = q.match_seed(9, 0)
    bots = [q.bot("greedy"), q.bot(name, seed=q.seat_seed(m, 1), **params)]
    game = q.Game(rules, seed=m)
    moves = 0
    while not game.is_over:
        game.play(bots[game.turn](game))
        moves += 1
    assert list(result.scores[0]) == list(game.scores)
    assert result.moves[0] == moves


def test_the_parameters_reach_the_core() -> None:
    # Two budgets give different matches: the parameters are not lost on the way.
    rules = quinza.Rules("escoba", target=6)
    a = quinza.simulate(rules, 4, bots=["ismcts:iterations=2", "greedy"], seed=1)
    b = quinza.simulate(rules, 4, bots=["ismcts:iterations=300", "greedy"], seed=1)
    assert not np.array_equal(a.moves, b.moves) or not np.array_equal(a.scores, b.scores)
    assert a.bots[0] == "ismcts:iterations=2"


def test_infer_in_text_reaches_the_core() -> None:
    # ismcts:infer=off is the plain search, infer=greedy (the default) the fitted one: the
    # same seeds play other matches, and each text is the bot it names.
    rules = quinza.Rules("quinza", target=40)
    plain = quinza.simulate(rules, 3, bots=["ismcts:iterations=200,infer=off", "greedy"], seed=3)
    fitted = quinza.simulate(rules, 3, bots=["ismcts:iterations=200,infer=greedy", "greedy"], seed=3)
    default = quinza.simulate(rules, 3, bots=["ismcts:iterations=200", "greedy"], seed=3)
    assert np.array_equal(fitted.moves, default.moves) and np.array_equal(fitted.scores, default.scores)
    assert not np.array_equal(plain.moves, fitted.moves) or not np.array_equal(plain.scores, fitted.scores)
    got = [arrays(api.simulate(api.Rules("quinza", target=12), 1, bots=["ismcts:iterations=12,infer=off", "greedy"], seed=2))
           for api in (quinza, reference)]
    for k in got[0]:
        assert np.array_equal(got[0][k], got[1][k]), k


def test_opponents_in_text_reaches_the_core_and_the_twins_agree() -> None:
    # ismcts:opponents=greedy models the other seat as greedy, opponents=search searches
    # its moves: other matches from the same seeds; the twins play the same ones.
    rules = quinza.Rules("quinza", target=40)
    searched = quinza.simulate(rules, 3, bots=["ismcts:iterations=200,opponents=search", "greedy"], seed=3)
    modelled = quinza.simulate(rules, 3, bots=["ismcts:iterations=200,opponents=greedy", "greedy"], seed=3)
    assert modelled.bots[0] == "ismcts:iterations=200,opponents=greedy"
    assert not np.array_equal(searched.moves, modelled.moves) or not np.array_equal(searched.scores, modelled.scores)
    got = [arrays(api.simulate(api.Rules("quinza", target=12), 1, bots=["ismcts:iterations=12,opponents=greedy", "greedy"], seed=2))
           for api in (quinza, reference)]
    for k in got[0]:
        assert np.array_equal(got[0][k], got[1][k]), k


def test_both_backends_play_the_same_search_matches() -> None:
    for spec in SPECS:
        got = [arrays(api.simulate(api.Rules("quinza", target=12), 1, bots=[spec, "greedy"], seed=2)) for api in (quinza, reference)]
        for k in got[0]:
            assert np.array_equal(got[0][k], got[1][k]), (spec, k)


@pytest.mark.parametrize("text, message", [
    ("pimc:worlds", "bot parameters are written name=value, not 'worlds'"),
    ("pimc:worlds=0", "worlds must be a whole number from 1 to 2**64-1, not 0"),
    ("ismcts:depth=2", "unknown parameter 'depth' for the ismcts bot: choose iterations, c, rollout, infer, opponents, prior, weights, time_limit or seed"),
    ("ismcts:infer=maybe", "infer must be 'greedy', 'greedy_first' or 'off', not 'maybe'"),
    ("ismcts:opponents=all", "opponents must be 'search', 'greedy' or 'fitted', not 'all'"),
])
def test_bad_bot_text_is_refused(q: ModuleType, text: str, message: str) -> None:
    with pytest.raises(ValueError, match="^" + __import__("re").escape(message)):
        q.simulate("escoba", 1, bots=[text, "greedy"])
