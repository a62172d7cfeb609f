"""Learning environments over the encodings (docs/reference/envs.md "Learning environments: `quinza.envs`"):
`pettingzoo_env(rules, ...)`, a PettingZoo AEC env of every seat, and `gym_env(rules,
seat=0, opponents="greedy", ...)`, a Gymnasium env of one seat against bots, registered as
`quinza/Quinza-v0`, `quinza/Rb3ine-v0`, `quinza/Escoba-v0` and `quinza/Quinte-v0`; and
`VectorEnv(rules, num_envs=N, ...)`, N such envs stepped inside the Rust core.

They need the `envs` extra (`pip install "quinza[envs]"`: pettingzoo and gymnasium),
imported only when an env is made.
"""

from __future__ import annotations

from typing import Any

ENV_IDS = {"quinza": "quinza/Quinza-v0", "rb3ine": "quinza/Rb3ine-v0", "escoba": "quinza/Escoba-v0", "quinte": "quinza/Quinte-v0"}


def pettingzoo_env(rules: Any = "quinza", **kwargs: Any) -> Any:
    """A PettingZoo AEC env of `rules`: every seat an agent (`_aec.QuinzaAECEnv`)."""
    from ._aec import pettingzoo_env as make

    return make(rules, **kwargs)


def gym_env(rules: Any = "quinza", seat: int = 0, opponents: Any = "greedy", **kwargs: Any) -> Any:
    """A Gymnasium env of `rules`: `seat` against `opponents` (`_gym.QuinzaGymEnv`)."""
    from ._gym import gym_env as make

    return make(rules, seat=seat, opponents=opponents, **kwargs)


def VectorEnv(rules: Any = "quinza", num_envs: int = 1, **kwargs: Any) -> Any:
    """N envs of one seat against core bots, stepped in Rust (`_vector.VectorEnv`)."""
    from ._vector import VectorEnv as make

    return make(rules, num_envs=num_envs, **kwargs)


def register_envs() -> None:
    """Register the Gymnasium ids (done on import when gymnasium is installed):
    `gymnasium.make("quinza.envs:quinza/Escoba-v0")` imports this module and makes one."""
    import gymnasium

    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="quinza.envs._gym:QuinzaGymEnv", kwargs={"rules": name})


try:
    register_envs()
except ImportError:  # without the envs extra the ids are not registered; the functions say why when called
    pass

__all__ = ["ENV_IDS", "VectorEnv", "gym_env", "pettingzoo_env", "register_envs"]
