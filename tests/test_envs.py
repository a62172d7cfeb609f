"""The learning environments (docs/reference/envs.md "Learning environments: `quinza.envs`") on both backends:
the PettingZoo AEC env passes PettingZoo's api_test and seed_test, the Gymnasium env
passes Gymnasium's env checker, for every rule set and player count; rewards, truncation,
rendering and bad input behave as documented."""

from __future__ import annotations

import warnings
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from quinza.envs import ENV_IDS, gym_env, pettingzoo_env  # noqa: E402

EVERY_RULE_SET = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)] + [("quinte", 4)]


def rules_of(q: ModuleType, name: str, players: int) -> Any:
    return q.Rules(name) if name == "quinte" else q.Rules(name, players=players)


def cycles(q: ModuleType) -> int:
    # The reference is slow: a few dozen moves prove the same API.
    return 40 if q.BACKEND == "reference" else 300


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_aec_env_passes_pettingzoo_api_and_seed_tests(q: ModuleType, name: str, players: int) -> None:
    rules = rules_of(q, name, players)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the classic envs' warnings: a dict observation
        api_test(pettingzoo_env(rules, backend=q, render_mode="ansi"), num_cycles=cycles(q))
        seed_test(lambda: pettingzoo_env(rules, backend=q, reward="deal"), num_cycles=cycles(q) // 4)


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_gym_env_passes_gymnasiums_env_checker(q: ModuleType, name: str, players: int) -> None:
    env = gym_env(rules_of(q, name, players), seat=players - 1, opponents="random", backend=q, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "not able to test alternative render modes": no spec
        check_env(env)


def test_the_registered_ids_make_envs_that_pass_the_checker() -> None:
    for name, env_id in ENV_IDS.items():
        env = gymnasium.make(env_id, opponents="random")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(env.unwrapped)
        obs, info = env.reset(seed=5)
        assert obs.dtype == np.float32 and info["action_mask"].dtype == np.int8
        assert env.unwrapped.rules.name == name


def play_out(env: Any, seed: int) -> Any:
    """A whole episode of the gym env with random legal actions: (rewards, last step)."""
    obs, info = env.reset(seed=seed)
    rewards = []
    r = np.random.default_rng(seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(r.choice(legal)))
        rewards.append(reward)
        if terminated or truncated:
            return rewards, (terminated, truncated)


def test_the_match_reward_is_the_result_and_a_seed_replays_the_episode(q: ModuleType) -> None:
    env = gym_env("escoba", opponents="greedy", backend=q)
    rewards, (terminated, truncated) = play_out(env, 3)
    game = env.game
    assert terminated and not truncated and game.is_over
    expected = 0.0 if game.winner is None else (1.0 if game.winner == game.side_of(0) else -1.0)
    assert rewards[-1] == expected and all(x == 0.0 for x in rewards[:-1])
    again, _ = play_out(gym_env("escoba", opponents="greedy", backend=q), 3)
    assert again == rewards


def test_deal_rewards_add_up_to_the_points_and_max_deals_truncates(q: ModuleType) -> None:
    env = gym_env(q.Rules("quinza", target=10**6), opponents="random", reward="deal", max_deals=2, backend=q)
    rewards, (terminated, truncated) = play_out(env, 8)
    assert truncated and not terminated
    deals = env.game.deals
    assert len(deals) == 2
    # Two sides: each deal gives the agent's side's points minus the other's.
    assert sum(rewards) == sum(d.points[0] - d.points[1] for d in deals)
    with pytest.raises(ValueError, match="the episode is over"):
        env.step(0)


def test_the_aec_env_rewards_and_ends_every_agent(q: ModuleType) -> None:
    env = pettingzoo_env(q.Rules("escoba", target=3), backend=q)
    env.reset(seed=11)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(5000):
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any() and obs["observation"].dtype == np.float32
        seat = env.agent_name_mapping[agent]
        assert env.game.turn == seat
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    winner = env.game.winner
    assert sorted(total.values()) == ([0.0, 0.0] if winner is None else [-1.0, 1.0])


def test_bad_input_is_a_value_error_and_plays_nothing(q: ModuleType) -> None:
    env = pettingzoo_env("quinza", backend=q)
    env.reset(seed=2)
    before = env.game.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    for bad in (-1, len(mask), int(np.flatnonzero(mask == 0)[0])):
        with pytest.raises(ValueError):
            env.step(bad)
    assert env.game.to_json() == before
    g = gym_env("quinza", backend=q, illegal="raise")
    obs, info = g.reset(seed=2)
    before = g.game.to_json()
    off = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="masked off"):
        g.step(off)
    for bad in (-1, g.action_space.n, 1.5):
        with pytest.raises(ValueError, match="not in the action space"):
            g.step(bad)
    assert g.game.to_json() == before
    lose = gym_env("quinza", backend=q)
    lose.reset(seed=2)
    obs, reward, terminated, truncated, info = lose.step(off)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert lose.game.to_json() == before  # nothing was played
    for make, kwargs in ((gym_env, {"reward": "score"}), (gym_env, {"opponents": "nobody"}),
                         (gym_env, {"seat": 2}), (gym_env, {"illegal": "ignore"}), (gym_env, {"max_deals": 0}),
                         (gym_env, {"opponents": ["random", "random"]}), (pettingzoo_env, {"render_mode": "rgb_array"})):
        with pytest.raises(ValueError):
            make("quinza", backend=q, **kwargs)


def test_any_bot_text_plays_and_is_seeded_by_reset(q: ModuleType) -> None:
    env = gym_env("escoba", players=3, opponents="pimc:worlds=2,ismcts:iterations=20", backend=q, max_deals=1)
    first, _ = play_out(env, 6)
    again, _ = play_out(env, 6)
    assert first == again and env.game.deal_number == 2
    with pytest.raises(ValueError, match="unknown bot"):
        gym_env("escoba", opponents="nobody", backend=q)


def test_render_shows_the_seats_view_only(q: ModuleType) -> None:
    env = gym_env("escoba", backend=q, render_mode="ansi", opponents="random")
    env.reset(seed=4)
    text = env.render()
    assert text.startswith("escoba, seat 0's view")
    assert " ".join(str(c) for c in env.game.hand(0)) in text
    assert " ".join(str(c) for c in env.game.hand(1)) not in text
