"""What `quinza train` learns from is what the seat to act may know: its observation and
its legal moves' features are the same in every world that seat cannot tell apart (the
hidden cards dealt again). And the package never loads JAX but for `quinza train`."""

from __future__ import annotations

import subprocess
import sys
from typing import Any, List

import numpy as np
import pytest

import quinza
from quinza.train.features import inputs, sizes
from quinza.train.positions import Plan, make_shard


def positions_of(rules: Any, seed: int, every: int = 3) -> List[Any]:
    """Copies of every few positions of a match between greedy bots, with a few random moves."""
    game, rng, found = quinza.Game(rules, seed=seed), np.random.default_rng(seed), []
    bot = quinza.bot("greedy")
    while not game.is_over and len(found) < 25:
        moves = game.legal_moves()
        if len(moves) >= 2 and rng.random() < 1 / every:
            found.append(game.copy())
        game.play(moves[int(rng.integers(len(moves)))] if rng.random() < 0.3 else bot(game))
    return found


@pytest.mark.parametrize("name,players", [("escoba", 2), ("quinza", 3), ("rb3ine", 4), ("quinte", 4)])
def test_a_position_reads_the_same_in_every_world_of_its_seat(name: str, players: int) -> None:
    rules = quinza.Rules(name, players=players)
    found = positions_of(rules, seed=11)
    assert len(found) >= 10
    differs = 0
    for game in found:
        observation, features = inputs(game)
        for k in range(3):
            world = game.world(game.turn, seed=k)
            other_hands = [sorted(map(str, world.hand(s))) for s in range(players) if s != game.turn]
            differs += other_hands != [sorted(map(str, game.hand(s))) for s in range(players) if s != game.turn]
            seen, moved = inputs(world)
            np.testing.assert_array_equal(seen, observation)
            assert moved == features
    assert differs > 0  # the worlds did deal the hidden cards otherwise


def test_the_features_are_the_documented_ones() -> None:
    L, F = sizes(quinza.ENGINE, quinza.Rules("escoba"))
    assert (L, F) == (len(quinza.Game("escoba", seed=0).encode(0)), 80 + 16 + 7 + 10)
    assert sizes(quinza.ENGINE, quinza.Rules("quinte"))[1] == quinza.action_count(quinza.Rules("quinte")) + 4 + 2 + 10
    game = quinza.Game("escoba", seed=1)
    for move in game.legal_moves():
        _, features = inputs(game)
        row = features[game.legal_moves().index(move)]
        taken = len(move.captures)
        assert row[0] == move.card.id and sorted(row[1:1 + taken]) == sorted(40 + c.id for c in move.captures)
        left = [c for c in game.table if c not in move.captures] + ([] if taken else [move.card])
        total = sum(game.rules.values[c.id % 10] for c in left)
        assert row[1 + taken:3 + taken] == [80 + min(total, 15), 80 + 16 + min(len(left), 6)]
    quinte = quinza.Game("quinte", seed=1)
    assert inputs(quinte)[1] == [[quinte.action_of(m)] for m in quinte.legal_moves()]


def test_a_shard_is_its_seeds_alone_and_its_labels_the_searchs() -> None:
    plan = Plan(rules=quinza.Rules("escoba").to_dict(), iterations=60, seed=3)
    first, again, other = make_shard(plan, 0, 12), make_shard(plan, 0, 12), make_shard(plan, 1, 12)
    for name in first:
        np.testing.assert_array_equal(first[name], again[name])
    assert not np.array_equal(first["observations"], other["observations"])
    assert len(first["counts"]) == 12 and (first["counts"] >= 2).all()
    assert len(first["targets"]) == len(first["features"]) == first["counts"].sum()
    # The value is the estimate of the move the search plays, the best of the estimates it ranked first.
    starts = np.concatenate([[0], np.cumsum(first["counts"])[:-1]])
    np.testing.assert_array_equal(first["values"], first["targets"][starts + first["best"]])
    assert np.std(first["values"]) > 0


def test_only_quinza_train_loads_jax() -> None:
    code = ("import sys, quinza, quinza.__main__, quinza.cli.train, quinza.train.positions; "
            "print(sorted(m for m in ('jax', 'optax', 'quinza.train.fit') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
