"""A PettingZoo AEC env of any rule set (docs/reference/envs.md "Learning environments: `quinza.envs`")."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]

from ._common import REWARDS, RENDER_MODES, backend_module, check_choice, check_max_deals, move_rewards, view_text

_SCORING = frozenset(("deal_scored", "match_over"))  # the events move_rewards reads
OBSERVATION_HIGH = 2**24  # every entry of an encoding is at most this (docs/reference/encodings.md "Encodings")


class QuinzaAECEnv(AECEnv):  # type: ignore[misc,unused-ignore]  # pettingzoo is untyped
    """One match per episode, agents `player_0` .. `player_{n-1}` (the seats). An
    observation is PettingZoo's classic dict: "observation", the seat's `encode(seat)`
    (float32), and "action_mask" (int8; all 0 but for the agent to move). Actions are the
    rule set's action ids (`Discrete(action_count)`); a masked-off action is a ValueError.

    `reward`: "match" (+1 / -1 at the end, 0 for a draw) or "deal" (every deal scored:
    the side's points minus the mean of the other sides'). `max_deals`: the episode is
    truncated once that many deals are finished (None: play the match out).
    `render_mode`: "ansi" (render() returns the view of the agent to move as text) or
    "human" (prints it after every step). `engine`: "rust" (None), "reference" or an
    engine object (`quinza.engines`; a twin's package works too); `backend` is its older
    name, still taken.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "quinza_v0", "is_parallelizable": False}

    def __init__(self, rules: Any = "quinza", reward: str = "match", max_deals: Optional[int] = None,
                 render_mode: Optional[str] = None, backend: Any = None, engine: Any = None) -> None:
        super().__init__()
        self.api = backend_module(engine, backend)
        self.rules = rules if isinstance(rules, self.api.Rules) else self.api.Rules(rules)
        self.reward_kind = check_choice(reward, "reward", REWARDS)
        self.max_deals = check_max_deals(max_deals)
        self.render_mode = None if render_mode is None else check_choice(render_mode, "render_mode", RENDER_MODES)
        self.metadata = dict(self.metadata, name=f"quinza_{self.rules.name}_v0")
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = len(self.api.encode_names(self.rules))
        count = self.api.action_count(self.rules)
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, float(OBSERVATION_HIGH), (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8),
        })
        action = spaces.Discrete(count)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._no_mask = np.zeros(count, dtype=np.int8)
        self._seeds: Optional[np.random.Generator] = None
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # A seed starts a new stream of matches; without one the stream goes on (or starts
        # from fresh entropy).
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        self.game = self.api.Game(self.rules, seed=int(self._seeds.integers(0, 2**63)))
        self._deals_done = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.turn]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        game = self.game
        # A new array each time (a learner may keep it): the mask only for the agent to move.
        mask = game.action_mask() if game.turn == seat else self._no_mask.copy()
        return {"observation": game.encode(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is no action")
        game = self.game
        events = game.play(game.move_of(action))  # out of range or masked off: ValueError, nothing played
        self._cumulative_rewards[agent] = 0.0
        # Most moves score nothing: only a deal scored or the match over earns a reward.
        if any(e.kind in _SCORING for e in events):
            earned = move_rewards(game, events, self.reward_kind)
            self.rewards = {a: earned[self.agent_name_mapping[a]] for a in self.agents}
            self._deals_done += sum(1 for e in events if e.kind == "deal_scored")
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_over:
            self.terminations = {a: True for a in self.agents}
        elif self.max_deals is not None and self._deals_done >= self.max_deals:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.turn]
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = view_text(self.game, self.agent_name_mapping[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def pettingzoo_env(rules: Any = "quinza", reward: str = "match", max_deals: Optional[int] = None,
                   render_mode: Optional[str] = None, backend: Any = None, engine: Any = None) -> QuinzaAECEnv:
    """A PettingZoo AEC env of `rules` (a Rules or a rule set's name): see QuinzaAECEnv."""
    return QuinzaAECEnv(rules, reward=reward, max_deals=max_deals, render_mode=render_mode, backend=backend,
                        engine=engine)
