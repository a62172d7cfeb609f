"""ismcts guided by the net (`prior="net"`, docs/reference/search.md "ismcts"): the priors a
softmax of the net's scores, the first iteration tries the net's best move, a rule set
without a net refused, the move unchanged when the hidden cards are dealt again; and the
twins agree move for move and analysis for analysis."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, List, Tuple

import pytest

import quinza
import quinza.reference as ref
from quinza.reference.net import Net
from quinza.reference.prior import Guide

from .conftest import advanced, redealt
from .net_util import random_net, seeded_positions
from .test_net_eval import SHIPPED

needs_core_prior = pytest.mark.skipif("prior" not in quinza.bot("ismcts").params, reason="the core's ismcts has no prior")


def test_the_priors_are_the_softmax_of_the_scores_in_points() -> None:
    for name, players in SHIPPED:
        for g in seeded_positions(name, players, 3):
            priors = Guide(g.rules).priors(g)
            _, scores = Net.for_rules(name).evaluate(g)
            weights = [math.exp(s - max(x for _, x in scores)) for _, s in scores]
            assert priors == pytest.approx([w / sum(weights) for w in weights], rel=1e-12)
            assert sum(priors) == pytest.approx(1.0) and len(priors) == len(g.legal_moves())


def test_one_iteration_tries_the_nets_best_move() -> None:
    # At the first iteration every Q is 0: the greatest prior, the first of the net's best moves.
    for name, players in SHIPPED:
        for seed, g in enumerate(seeded_positions(name, players, 4)):
            if len(g.legal_moves()) > 1:
                assert ref.bot("ismcts", prior="net", iterations=1, seed=seed)(g) == ref.bot("net")(g)


def test_the_prior_and_its_refusals() -> None:
    bot = ref.bot("ismcts", prior="net", iterations=5)
    assert bot.prior == "net" and ref.bot("ismcts").prior == "off" and bot.params["prior"] == "net"
    assert "prior='net'" in repr(bot)
    with pytest.raises(ValueError, match="^prior must be 'off', 'net' or 'net_rollout', not 'smart'$"):
        ref.bot("ismcts", prior="smart")
    with pytest.raises(ValueError, match="^no net ships for escoba with 3 players"):
        bot(ref.Game(ref.Rules("escoba", players=3)))
    over = ref.play_match(ref.Rules("escoba", players=3), "greedy", 1)
    with pytest.raises(ValueError, match="^no net ships for escoba with 3 players"):  # the net first, as the core
        bot(over)
    with pytest.raises(ValueError, match="the match is over"):
        bot(ref.play_match("escoba", "greedy", 1))


@pytest.mark.parametrize("name,players", SHIPPED)
def test_ismcts_with_the_net_sees_only_what_the_seat_may_know(name: str, players: int) -> None:
    changed = []
    for i, g in enumerate(seeded_positions(name, players, 5)):
        for other in (2 * i, 2 * i + 1):
            h = redealt(ref, g, g.turn, other)
            a, b = (ref.bot("ismcts", prior="net", iterations=12, seed=i) for _ in range(2))
            if a(g) != b(h):
                changed.append((i, other))
    assert changed == []


def analysis(bot: Any, g: Any) -> List[Tuple[str, Any]]:
    """A bot's analysis, each mean as text (NaN equals NaN)."""
    return [(str(m), repr(v)) for m, v in bot.analyse(g)]


@needs_core_prior
@pytest.mark.parametrize("name,players", SHIPPED)
@pytest.mark.parametrize("params", [{}, {"opponents": "search", "c": 1.4}, {"opponents": "greedy", "infer": "off"},
                                    {"rollout": "random", "c": 0.0},
                                    # the net's priors, the leaf valued by the rollout
                                    {"prior": "net_rollout"}, {"prior": "net_rollout", "rollout": "random"}])
def test_the_twins_search_alike_with_the_net(name: str, players: int, params: Any) -> None:
    params = {"prior": "net", **params}
    for seed in range(6):
        moves = (17 * seed) % 45
        g, h = advanced(quinza, name, players, seed, moves), advanced(ref, name, players, seed, moves)
        if g.is_over:
            continue
        core = quinza.bot("ismcts", iterations=40, seed=seed, **params)
        mine = ref.bot("ismcts", iterations=40, seed=seed, **params)
        assert analysis(core, g) == analysis(mine, h), seed
        assert str(core(g)) == str(mine(h)) and core.state == mine.state, seed


@needs_core_prior
@pytest.mark.parametrize("name,players", SHIPPED)
def test_the_twins_play_whole_matches_alike_with_the_net(name: str, players: int) -> None:
    target = {"escoba": 6, "quinte": 60}.get(name, 40)
    bots = "ismcts:prior=net,iterations=10" + (",greedy" if players == 2 else "")
    games = [twin.play_match(twin.Rules(name, players=players, target=target), bots, 3) for twin in (quinza, ref)]
    moves = [[str(e.move) for e in game.history if e.kind == "move"] for game in games]
    assert moves[0] == moves[1] and len(moves[0]) > 20


@pytest.fixture(params=["rust", "reference"])
def twin(request: Any) -> Any:
    if request.param == "rust" and "weights" not in quinza.bot("ismcts").params:
        pytest.skip("the core's ismcts reads no weights")
    return quinza if request.param == "rust" else ref


def test_a_users_net_guides_the_search(twin: Any, tmp_path: Path) -> None:
    # A net of one's own (here random, of other sizes than the shipped one) guides the tree
    # in place of the shipped net: another first move where the two nets' best differ.
    path = tmp_path / "mine.qzn"
    path.write_bytes(random_net(ref.Rules("escoba"), 3, hidden=(16, 8), move_hidden=6).to_bytes())
    bot = twin.bot("ismcts", prior="net", weights=path, iterations=1, seed=0)
    assert bot.weights == str(path) and bot.params["weights"] == str(path) and f"weights={str(path)!r}" in repr(bot)
    differ = 0
    for seed, g in enumerate(seeded_positions("escoba", 2, 12)):
        g = twin.Game.from_json(g.to_json())
        if len(g.legal_moves()) > 1:
            assert bot(g) == twin.bot("net", weights=path)(g)  # one iteration: the net's best move
            differ += twin.bot("net")(g) != twin.bot("net", weights=path)(g)
    assert differ > 0
    with pytest.raises(ValueError, match="^the net does not fit the game: it is for escoba, not quinza$"):
        bot(twin.Game("quinza", seed=1))


def test_weights_without_the_prior_or_not_a_net_are_refused(twin: Any, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="^weights must be the path of a .qzn file, or None for the shipped net, not 3$"):
        twin.bot("ismcts", prior="net", weights=3)
    bad = tmp_path / "bad.qzn"
    bad.write_bytes(b"nope")
    with pytest.raises(ValueError, match="does not start with QZN1"):
        twin.bot("ismcts", prior="net", weights=bad)
    path = tmp_path / "mine.qzn"
    path.write_bytes(ref.Net.for_rules("escoba").to_bytes())
    g = twin.Game("escoba", seed=2)
    before = g.to_json()
    with pytest.raises(ValueError, match="^ismcts reads weights only with prior=net or net_rollout: add prior=net, or leave weights out$"):
        twin.bot("ismcts", weights=path, iterations=5)(g)
    assert g.to_json() == before


@needs_core_prior
def test_the_twins_search_alike_with_a_users_net(tmp_path: Path) -> None:
    path = tmp_path / "mine.qzn"
    path.write_bytes(random_net(ref.Rules("quinza"), 5).to_bytes())
    for seed in range(4):
        g, h = advanced(quinza, "quinza", 2, seed, 7 * seed), advanced(ref, "quinza", 2, seed, 7 * seed)
        core = quinza.bot("ismcts", prior="net", weights=path, iterations=30, seed=seed)
        mine = ref.bot("ismcts", prior="net", weights=path, iterations=30, seed=seed)
        assert analysis(core, g) == analysis(mine, h), seed


def test_the_rollouts_value_the_leaves_under_net_rollout() -> None:
    # The same priors, other values at the leaves: the analyses differ from prior="net"'s.
    g = advanced(ref, "escoba", 2, 3, 6)
    by_net = analysis(ref.bot("ismcts", prior="net", iterations=40, seed=1), g)
    by_rollout = analysis(ref.bot("ismcts", prior="net_rollout", iterations=40, seed=1), g)
    assert by_net != by_rollout
    # one iteration: the first move tried is the net's best either way
    assert ref.bot("ismcts", prior="net_rollout", iterations=1)(g) == ref.bot("net")(g)
