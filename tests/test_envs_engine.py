"""The envs take the engine as `engine=` (a name, an engine object or a twin's package),
as everything above the twins does; `backend=`, its older name, is still taken, and the two
naming different engines is an error that says so."""

from __future__ import annotations

from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from quinza.envs import gym_env, pettingzoo_env  # noqa: E402


def test_engine_picks_the_twin_the_env_plays_on(q: ModuleType) -> None:
    name = q.ENGINE.name
    for given in (name, q.ENGINE, q):
        assert gym_env("escoba", engine=given).api is q.ENGINE
        assert pettingzoo_env("escoba", engine=given).api is q.ENGINE
    assert gym_env("escoba", backend=q).api is q.ENGINE  # the older name
    assert gym_env("escoba", engine=name, backend=q).api is q.ENGINE  # both, agreeing


def test_engine_and_backend_naming_two_engines_is_refused() -> None:
    with pytest.raises(ValueError, match="name two engines"):
        gym_env("escoba", engine="reference", backend="rust")
    with pytest.raises(ValueError, match="name two engines"):
        pettingzoo_env("escoba", engine="rust", backend="reference")
    with pytest.raises(ValueError, match="unknown engine"):
        gym_env("escoba", engine="fast")


def test_the_same_seed_plays_the_same_episode_on_either_engine() -> None:
    def episode(engine: str) -> list:  # type: ignore[type-arg]
        env = gym_env("escoba", opponents="greedy", engine=engine)
        observation, info = env.reset(seed=11)
        rewards = []
        while True:
            action = int(info["action_mask"].nonzero()[0][0])
            observation, reward, done, truncated, info = env.step(action)
            rewards.append(reward)
            if done or truncated:
                return rewards + [observation.tolist()]

    assert episode("rust") == episode("reference")
