"""quinza.envs.VectorEnv (docs/reference/envs.md "Vector env"): N single-seat envs stepped inside
the Rust core. It has no twin in the reference (it is the core's batch stepping, like
`simulate`'s threads); its every observation and mask is checked against the env's match
read back through the public API, which the twin tests cover."""

from __future__ import annotations

from typing import Any, List, Tuple

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import quinza  # noqa: E402
from quinza.envs import VectorEnv  # noqa: E402


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


def run(rules: Any, threads: int, steps: int, **kw: Any) -> List[Tuple[bytes, ...]]:
    env = VectorEnv(rules, num_envs=6, threads=threads, **kw)
    obs, info = env.reset(seed=12)
    rng = np.random.default_rng(0)
    seen = []
    for _ in range(steps):
        obs, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        for i in range(env.num_envs):
            g = env.game(i)
            assert obs[i].tobytes() == g.encode(env.seat).tobytes()
            assert info["action_mask"][i].tobytes() == g.action_mask().tobytes()
            assert g.turn == env.seat
        ids, offsets = env.legal_actions()
        assert offsets[0] == 0 and offsets[-1] == len(ids)
        for i in range(env.num_envs):
            g = env.game(i)
            assert ids[offsets[i]:offsets[i + 1]].tolist() == [g.action_of(m) for m in g.legal_moves()]
        seen.append(tuple(a.tobytes() for a in (obs, rewards, terminated, truncated, info["action_mask"])))
    return seen


@pytest.mark.parametrize("name,players", [("escoba", 2), ("quinza", 3), ("rb3ine", 4), ("quinte", 4)])
def test_every_env_is_its_match_and_the_thread_count_changes_nothing(name: str, players: int) -> None:
    rules = quinza.Rules(name) if name == "quinte" else quinza.Rules(name, players=players, target=60)
    one = run(rules, 1, 60, seat=1, opponents="greedy", reward="deal", max_deals=3)
    assert one == run(rules, 2, 60, seat=1, opponents="greedy", reward="deal", max_deals=3)


def test_episodes_end_reset_themselves_and_reward_the_result() -> None:
    env = VectorEnv(quinza.Rules("escoba", target=3), num_envs=8, opponents="random", threads=2)
    obs, info = env.reset(seed=5)
    assert obs.shape == (8, len(quinza.encode_names("escoba"))) and obs.dtype == np.float32
    assert env.observation_space.contains(obs) and env.single_action_space.n == quinza.action_count("escoba")
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        obs, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert set(rewards[~terminated].tolist()) <= {0.0}
        assert set(rewards[terminated].tolist()) <= {-1.0, 0.0, 1.0}
        ended += int(terminated.sum())
        assert not truncated.any() and info["action_mask"].any(axis=1).all()
    assert ended >= 8  # every env finished a match and went on with the next


def test_a_bad_action_anywhere_is_a_value_error_and_no_env_moves() -> None:
    env = VectorEnv("quinte", num_envs=3, threads=2)
    obs, info = env.reset(seed=2)
    before = [env.game(i).to_json() for i in range(3)]
    masks = info["action_mask"].copy()
    actions = np.array([np.flatnonzero(m)[0] for m in masks])
    actions[1] = np.flatnonzero(masks[1] == 0)[0]
    with pytest.raises(ValueError, match=r"^env 1: action \d+ is not legal in this position \(masked off\)$"):
        env.step(actions)
    for bad in (actions[:2], actions.astype(np.float64), np.full(3, 56)):
        with pytest.raises(ValueError):
            env.step(bad)
    assert [env.game(i).to_json() for i in range(3)] == before
    assert (info["action_mask"] == masks).all()
    for kwargs in ({"num_envs": 0}, {"seat": 4}, {"threads": 0}, {"opponents": "nobody"}, {"reward": "score"},
                   {"opponents": ["greedy", "greedy"]}, {"opponents": lambda g: g.legal_moves()[0]}):
        with pytest.raises(ValueError):
            VectorEnv("quinte", **{"num_envs": 2, **kwargs})


def test_the_same_seed_gives_the_same_episodes() -> None:
    a = run("escoba", 2, 20, opponents="pimc:worlds=2")
    assert a == run("escoba", 2, 20, opponents="pimc:worlds=2")


def test_legal_actions_are_the_masks_sparse_whatever_room_the_ids_had() -> None:
    env = VectorEnv("quinza", num_envs=5, opponents="random", threads=2)
    with pytest.raises(ValueError, match=r"^call reset\(\) before legal_actions\(\)$"):
        env.legal_actions()
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(4)
    for step in range(30):
        env._ids = np.zeros(1, dtype=np.int64)  # too small: the env grows it and asks again
        ids, offsets = env.legal_actions()
        assert np.diff(offsets).min() >= 1
        for i in range(5):
            assert sorted(ids[offsets[i]:offsets[i + 1]].tolist()) == np.flatnonzero(info["action_mask"][i]).tolist()
        pick = offsets[:-1] + (rng.random(5) * np.diff(offsets)).astype(np.int64)
        obs, rewards, terminated, truncated, info = env.step(ids[pick])


def pooled_run(rules: Any, threads: Any, block: Any, steps: int, n: int) -> Tuple[List[str], int]:
    """The digest of every array after every step (random legal actions from the sparse ids),
    and the episodes that ended; `block`: the envs of a block shared with the pool's workers
    at every step (None: as the env's times say)."""
    import hashlib

    env = VectorEnv(rules, num_envs=n, opponents="random", reward="deal", max_deals=4, threads=threads)
    env._core._pin_blocks(block)
    obs, info = env.reset(seed=77)
    rng = np.random.default_rng(8)
    digests, ended = [], 0
    for _ in range(steps):
        ids, offsets = env.legal_actions()
        obs, rewards, terminated, truncated, info = env.step(ids[offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)])
        if block is not None:
            assert env._core._blocks() == (-(-n // block) if threads > 1 else 1)
        ended += int(terminated.sum() + truncated.sum())
        h = hashlib.sha256()
        for a in (obs, rewards, terminated, truncated, info["action_mask"], *env.legal_actions()):
            h.update(a.tobytes())
        digests.append(h.hexdigest())
    return digests, ended


@pytest.mark.parametrize("name,players", [("escoba", 2), ("quinte", 4)])
def test_the_pool_of_threads_gives_one_threads_bytes_over_many_steps_and_resets(name: str, players: int) -> None:
    rules = quinza.Rules(name) if name == "quinte" else quinza.Rules(name, players=players, target=4)
    one, ended = pooled_run(rules, 1, None, 150, 24)
    assert ended >= 24  # every env went through episodes ending and starting again
    for threads, block in ((2, 1), (3, 5), (2, 24), (2, None), (1, 3)):
        assert pooled_run(rules, threads, block, 150, 24) == (one, ended), (threads, block)


def test_threads_none_steps_as_one_thread() -> None:
    assert pooled_run("quinza", None, None, 60, 9) == pooled_run("quinza", 1, None, 60, 9)


# Run in a fresh interpreter: a pytest worker holds threads of its own (servers, pools of other
# tests) that start and stop while this one counts.
THREADS_PROBE = """
import gc, sys, threading
import numpy as np
from quinza.envs import VectorEnv

def threads_now():
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("Threads:")).split()[1])

gc.collect()
before, python_threads = threads_now(), threading.active_count()
for _ in range(20):
    env = VectorEnv("quinte", num_envs=6, opponents="random", threads=3)
    env._core._pin_blocks(1)
    obs, info = env.reset(seed=1)
    env.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
    during = threads_now()
    assert env._core._blocks() == 6 and during >= before + 2, ("its two workers", before, during)
    del env, obs, info
    gc.collect()
after = threads_now()
assert after < before + 2 and threading.active_count() == python_threads, ("none left of 40", before, after)
"""


def test_an_envs_worker_threads_stop_when_it_is_collected() -> None:
    import subprocess
    import sys
    from pathlib import Path

    if not Path("/proc/self/status").exists():
        pytest.skip("counts the process's threads from /proc")
    done = subprocess.run([sys.executable, "-c", THREADS_PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_forked_child_steps_and_drops_an_env_whose_workers_it_did_not_inherit() -> None:
    # multiprocessing (and vector wrappers over it) fork a process whose env had workers.
    import os

    if not hasattr(os, "fork"):
        pytest.skip("needs fork")
    env = VectorEnv("escoba", num_envs=4, opponents="random", threads=2)
    env._core._pin_blocks(1)
    obs, info = env.reset(seed=2)
    first = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    env.step(first)
    assert env._core._blocks() == 4  # the workers are running
    pid = os.fork()
    if pid == 0:  # the child: a step on the calling thread alone, then the env dropped
        code = 1
        try:
            ids, offsets = env.legal_actions()
            env.step(ids[offsets[:-1]])
            del env
            code = 0
        finally:
            os._exit(code)
    for _ in range(200):  # at most 20 s: a child that waits on workers it has not is killed
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        import time

        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung dropping the env")
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
