"""The twins' nets agree to the last bit (docs/reference/nets.md): on the same seeds, the same
value and scores from `quinza.Net` and `quinza.reference.Net`, the same files refused in the
same words, and the net bot's same moves over whole matches of every rule set a net ships
for, in play_match and in simulate; for the shipped nets and random nets of several shapes.
Skipped where the compiled core has no nets."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref
from quinza.engines import Engine
from quinza.reference.net import Net

from .conftest import advanced
from .net_util import header_for, random_arrays
from .test_net_eval import SHAPES, SHIPPED
from .test_net_format import BAD_FILES, good

CORE_NET = getattr(quinza, "Net", None)
needs_core_net = pytest.mark.skipif(CORE_NET is None, reason="the compiled core has no quinza.Net")
needs_core_bot = pytest.mark.skipif("net" not in quinza.BOT_NAMES, reason="the compiled core has no net bot")


def test_each_engine_has_its_nets_and_its_net_bot(q: Any) -> None:
    assert q.ENGINE.Net is q.Net and isinstance(q.ENGINE, Engine)
    assert "net" in q.BOT_NAMES and "net" not in q.SEARCH_BOTS and type(q.bot("net")) is q.NetBot
    assert q.bot("net").params == {"weights": None} and q.NetBot.name == "net"


def shaped(name: str, shape: int, seed: int) -> Net:
    """A random reference net of `name` in shape `shape` of test_net_eval.SHAPES."""
    hidden, move_hidden, IS, WS, spread = SHAPES[shape]
    header = header_for(name, hidden=hidden, move_hidden=move_hidden, input_shift=IS, weight_shift=WS)
    return Net.from_arrays(header, random_arrays(header, seed, spread))


def both(net: Net) -> Tuple[Any, Net]:
    """The core's net of the same file, and the reference's."""
    assert CORE_NET is not None
    return CORE_NET.load(net.to_bytes()), net


def said(twin: Any, name: str, players: int, seed: int, moves: int, net: Any) -> Tuple[float, List[Tuple[str, float]]]:
    g = advanced(twin, name, players, seed, moves)
    if g.is_over:
        return 0.0, []
    value, scores = net.evaluate(g)
    return value, [(str(m), s) for m, s in scores]


@needs_core_net
@pytest.mark.parametrize("name,players", SHIPPED)
@pytest.mark.parametrize("net", ["shipped"] + [f"shape {k}" for k in range(len(SHAPES))])
def test_the_twins_evaluate_alike(name: str, players: int, net: str) -> None:
    assert CORE_NET is not None
    mine = Net.for_rules(name) if net == "shipped" else shaped(name, int(net.split()[1]), 7)
    core, _ = both(mine)
    if net == "shipped":
        assert core.to_bytes() == CORE_NET.for_rules(name).to_bytes() == mine.to_bytes()
    for seed in range(8):
        moves = (11 * seed) % 45
        assert said(quinza, name, players, seed, moves, core) == said(ref, name, players, seed, moves, mine), seed


@needs_core_net
@settings(max_examples=40)
@given(rules=st.sampled_from(SHIPPED), shape=st.integers(0, len(SHAPES) - 1), net_seed=st.integers(0, 2**32 - 1),
       seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 60))
def test_the_twins_evaluate_alike_anywhere(rules: Tuple[str, int], shape: int, net_seed: int, seed: int, moves: int) -> None:
    name, players = rules
    core, mine = both(shaped(name, shape, net_seed))
    assert said(quinza, name, players, seed, moves, core) == said(ref, name, players, seed, moves, mine)
    if "net" in quinza.BOT_NAMES:  # the shipped net's bot, each twin on each twin's game
        g, h = advanced(quinza, name, players, seed, moves), advanced(ref, name, players, seed, moves)
        if not g.is_over:
            chosen = {str(bot(game)) for bot in (quinza.bot("net"), ref.bot("net")) for game in (g, h)}
            assert len(chosen) == 1, chosen


def words(error: BaseException) -> str:
    """A refusal's words, without what a parser of either language adds in parentheses."""
    return re.sub(r" \(.*\)$", "", str(error)) if "not UTF-8" in str(error) or "not JSON" in str(error) else str(error)


@needs_core_net
def test_the_twins_refuse_the_same_files_in_the_same_words() -> None:
    assert CORE_NET is not None
    for kind, spoil, _ in BAD_FILES:
        data = spoil(good())
        with pytest.raises(ValueError) as mine:
            Net.load(data)
        with pytest.raises(ValueError) as core:
            CORE_NET.load(data)
        assert words(core.value) == words(mine.value), kind


@needs_core_net
@pytest.mark.parametrize("name,players", [("quinza", 2), ("escoba", 3), ("quinte", 4), ("rb3ine", 4)])
def test_the_twins_say_alike_what_does_not_fit(name: str, players: int) -> None:
    core, mine = both(shaped("escoba", 0, 1))
    errors = []
    for twin, net in ((quinza, core), (ref, mine)):
        with pytest.raises(ValueError) as error:
            net.evaluate(twin.Game(twin.Rules(name, players=players), seed=1))
        errors.append(str(error.value))
    assert errors[0] == errors[1]


def write(tmp_path: Path, net: Net, name: str) -> str:
    """The net's file under a name of its own (the core keeps a net by its path)."""
    path = tmp_path / f"{name}.qzn"
    path.write_bytes(net.to_bytes())
    return str(path)


def match_moves(twin: Any, rules: Any, bots: str, seed: int) -> List[str]:
    game = twin.play_match(twin.Rules(**rules.to_dict()), bots, seed)
    return [str(e.move) for e in game.history if e.kind == "move"]


@needs_core_bot
@pytest.mark.parametrize("name,players", SHIPPED)
def test_the_net_bots_play_whole_matches_alike(tmp_path: Path, name: str, players: int) -> None:
    rules = ref.Rules(name, players=players)
    nets = {f"{name}-{k}": shaped(name, k, 11 + k) for k in range(len(SHAPES))}
    specs = ["net"] + [f"net:weights={write(tmp_path, net, key)}" for key, net in nets.items()]
    for seed, spec in enumerate(specs):
        bots = f"{spec},{specs[(seed + 1) % len(specs)]}" if players == 2 else spec
        mine = match_moves(ref, rules, bots, seed)
        assert match_moves(quinza, rules, bots, seed) == mine, spec
        assert len(mine) > 30  # a deal and more


def arrays(result: Any) -> Dict[str, Any]:
    return {k: np.asarray(getattr(result, k)) for k in ("winner", "scores", "moves", "deal_points")}


@needs_core_bot
@pytest.mark.parametrize("name,players", SHIPPED)
def test_the_net_bot_in_simulate_plays_alike_in_both_twins(tmp_path: Path, name: str, players: int) -> None:
    path = write(tmp_path, shaped(name, 0, 3), f"sim-{name}")
    for bots in (["net", "greedy"], [f"net:weights={path}", "net"]):
        results = [twin.simulate(twin.Rules(name, players=players, target=30), 3, bots=bots, seed=5) for twin in (quinza, ref)]
        assert results[0].bots == results[1].bots
        got = [arrays(result) for result in results]
        for k in got[0]:
            assert np.array_equal(got[0][k], got[1][k]), (bots, k)
