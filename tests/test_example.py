"""The worked example, examples/reinforce_escoba.py: its table of what every action id
means agrees with the engine, its hand-written gradient with finite differences, and its
quick mode trains and writes its figures. The example runs on the vector env, which is the
Rust core's alone (like tests/test_vector_env.py), so these use the core."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")

import quinza  # noqa: E402

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "reinforce_escoba.py"


@pytest.fixture(scope="module")
def ex() -> Any:
    spec = importlib.util.spec_from_file_location("reinforce_escoba", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def feats(ex: Any) -> Any:
    return ex.Features("escoba")


def test_the_action_table_is_the_engines(ex: Any, feats: Any) -> None:
    # every legal move of random matches: its id's row is its card and its captured set
    assert ex.check_table(feats.played, feats.captured, matches=10, seed=5) > 1000
    # and the other way: from a mask's ids, the table names the legal moves themselves
    g = quinza.Game("escoba", seed=3)
    for _ in range(30):
        ids = ex.legal_actions(g.action_mask()[None, :])
        named = {(int(feats.played[a]), tuple(np.flatnonzero(feats.captured[a]))) for a in ids}
        legal = {(m.card.id, tuple(c.id for c in m.captures)) for m in g.legal_moves()}
        assert named == legal
        g.play(g.legal_moves()[-1])


def test_a_wrong_table_is_caught(ex: Any, feats: Any) -> None:
    captured = feats.captured.copy()
    captured[feats.played == quinza.Card("7o").id, 39] ^= True  # every 7o move said to take 12b too (or not)
    with pytest.raises(RuntimeError, match="the table says another move"):
        ex.check_table(feats.played, captured, matches=40, seed=5)


def test_legal_actions_reads_the_mask(ex: Any) -> None:
    rng = np.random.default_rng(2)
    mask = np.zeros((5, quinza.action_count("escoba")), dtype=np.int8)
    for row in mask:
        row[rng.choice(mask.shape[1], int(rng.integers(1, 12)), replace=False)] = 1
    mask[3, [0, mask.shape[1] - 1]] = 1  # both ends
    assert np.array_equal(ex.legal_actions(mask), np.flatnonzero(mask))


def a_batch(ex: Any, feats: Any, envs: int = 6) -> Any:
    from quinza.envs import VectorEnv

    rng = np.random.default_rng(0)
    policy = ex.Policy(len(feats.names), feats.size, 8, rng)
    for k in policy.p:  # away from the near-uniform start, in float64 for the differences
        policy.p[k] = (policy.p[k] + 0.3 * rng.standard_normal(policy.p[k].shape)).astype(np.float64)
    env = VectorEnv("escoba", num_envs=envs, opponents="random", reward="deal", max_deals=1, threads=1)
    obs, info = env.reset(seed=4)
    steps, G, valid, final = ex.rollout(env, policy, feats, obs, info["action_mask"], rng)
    return policy, ex.batch(steps, G, valid), G, valid, final


def test_rollouts_are_whole_deals(ex: Any, feats: Any) -> None:
    _, b, G, valid, final = a_batch(ex, feats)
    # every env finished its deal, every step counted once, and each step's return is its deal's reward
    assert valid.all() and np.isfinite(final).all()
    assert valid.shape == (len(b["X"]) // 6, 6)
    assert np.array_equal(G, np.broadcast_to(final, G.shape))
    assert math.isclose(b["w"].sum(), 1.0, rel_tol=1e-5)


def test_the_gradient_is_the_objectives(ex: Any, feats: Any) -> None:
    policy, b, *_ = a_batch(ex, feats)
    A = ex.advantages(policy, b)
    objective, grads, stats = ex.policy_gradient(policy, b, A, 0.05)
    assert math.isfinite(objective) and stats["entropy"] > 0
    rng = np.random.default_rng(1)
    eps = 1e-5
    for k in ("W1", "b1", "W2", "b2"):
        for _ in range(4):
            i = tuple(int(rng.integers(n)) for n in policy.p[k].shape)
            keep = policy.p[k][i]
            policy.p[k][i] = keep + eps
            up = ex.policy_gradient(policy, b, A, 0.05)[0]
            policy.p[k][i] = keep - eps
            down = ex.policy_gradient(policy, b, A, 0.05)[0]
            policy.p[k][i] = keep
            assert grads[k][i] == pytest.approx((up - down) / (2 * eps), rel=1e-4, abs=1e-7), (k, i)


def test_quick_mode_trains_and_writes_its_figures_where_the_repository_keeps_nothing(tmp_path: Path) -> None:
    kept = {p: p.read_bytes() for p in SCRIPT.parent.iterdir() if p.is_file()}
    # --quick with no paths writes to the temporary folder (here tmp_path), not examples/.
    png, out = tmp_path / "reinforce_escoba.png", tmp_path / "reinforce_escoba.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--quick"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert {p: p.read_bytes() for p in SCRIPT.parent.iterdir() if p.is_file()} == kept
    assert f"wrote {png} and {out}" in done.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = json.loads(out.read_text())
    curve, config = result["curve"], result["config"]
    assert len(curve) == config["updates"] and config["quick"]
    assert result["numpy"] == np.__version__ and result["blas"]  # what the figures depend on
    for row in curve:
        assert all(math.isfinite(row[k]) for k in ("policy_loss", "value_loss", "entropy", "deal_points"))
    # 18 agent moves a deal in 2-player escoba, one deal an episode
    assert result["agent_steps"] == config["updates"] * config["envs"] * 18
    # it learns: on the same deals, the trained policy wins more against random than the untrained one
    first, last = result["checkpoints"][0], result["checkpoints"][-1]
    assert first["update"] == 0 and last["update"] == config["updates"]
    assert last["random"]["wins"] > first["random"]["wins"]
    for opponent in ("random", "greedy"):
        rate = result["final"][opponent]["win_rate"]
        assert rate["low"] <= rate["rate"] <= rate["high"] and result["final"][opponent]["matches"] >= config["eval_matches"]
    assert "win rate" in done.stdout
