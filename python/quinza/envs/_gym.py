"""A single-agent Gymnasium env: one seat against core bots (docs/reference/envs.md "Learning
environments")."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import weakref

import gymnasium
import numpy as np
from gymnasium import spaces

from .._registry import Spec
from ..bots import bot_kind
from ._aec import OBSERVATION_HIGH
from ._common import (
    ILLEGAL, REWARDS, RENDER_MODES, backend_module, check_choice, check_max_deals, move_rewards, opponent_bots, view_text,
)


class MaskedDiscrete(spaces.Discrete):
    """`Discrete(action_count)` whose `sample()` without a mask draws among the legal
    actions of the env's position (the mask it is given otherwise), so a random agent,
    and Gymnasium's env checker, play legal moves."""

    def __init__(self, n: int, env: "QuinzaGymEnv") -> None:
        super().__init__(n)
        self._env = weakref.ref(env)

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        env = self._env()
        if mask is None and probability is None and env is not None and env.game is not None and env.game.turn is not None:
            mask = env.game.action_mask()
        return super().sample(mask=mask, probability=probability)


class QuinzaGymEnv(gymnasium.Env):
    """The agent plays `seat`; the other seats are bots that move inside `step` (and
    `reset`, when they play first). The observation is the seat's `encode(seat)` (float32);
    actions are the rule set's action ids, `Discrete(action_count)`, masked: the mask of
    the position is `info["action_mask"]` and `action_masks()` (int8), `action_space.sample()`
    draws a legal action, and an action the mask refuses is a ValueError that plays nothing.

    `opponents`: a bot for every other seat, or a list (or comma-separated text) of one
    per other seat in seat order; a bot is a core bot's name or text ("greedy",
    "pimc:worlds=8"), a core bot object, or any callable (game) -> move. Core bots are
    seeded from `reset(seed=)`. `illegal`: what an action of the space that the mask refuses does:
    "lose" (PettingZoo's TerminateIllegalWrapper convention: nothing is played, the episode
    ends with reward -1 and `info["illegal_action"]`) or "raise" (a ValueError, nothing
    played). An action outside the space is always a ValueError. `reward`, `max_deals`,
    `render_mode`, `engine` (or `backend`): as the AEC env's.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, rules: Any = "quinza", seat: int = 0, opponents: Any = "greedy", reward: str = "match",
                 max_deals: Optional[int] = None, render_mode: Optional[str] = None, backend: Any = None,
                 players: Optional[int] = None, illegal: str = "lose", engine: Any = None) -> None:
        super().__init__()
        self.api = backend_module(engine, backend)
        if isinstance(rules, self.api.Rules):
            self.rules = rules
        else:
            self.rules = self.api.Rules(rules) if players is None else self.api.Rules(rules, players=players)
        n = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat = seat
        self.others = [s for s in range(n) if s != seat]
        self.specs = self._opponent_specs(opponents)
        self.reward_kind = check_choice(reward, "reward", REWARDS)
        self.illegal = check_choice(illegal, "illegal", ILLEGAL)
        self.max_deals = check_max_deals(max_deals)
        self.render_mode = None if render_mode is None else check_choice(render_mode, "render_mode", RENDER_MODES)
        size = len(self.api.encode_names(self.rules))
        self.observation_space = spaces.Box(0.0, float(OBSERVATION_HIGH), (size,), np.float32)
        self._count = self.api.action_count(self.rules)
        self.action_space = MaskedDiscrete(self._count, self)
        self.game: Any = None
        self.bots: Dict[int, Any] = {}
        self._obs = np.zeros(size, dtype=np.float32)

    def _opponent_specs(self, opponents: Any) -> List[Any]:
        """Per other seat: (core bot kind or None, its params, the bot); a core bot is
        made again with a new seed at every reset, another callable is used as it is."""
        out = []
        for bot in opponent_bots(self.api, opponents, len(self.others)):
            kind = bot_kind(self.api, bot)
            params = {} if isinstance(bot, str) or kind is None else dict(bot.params)
            out.append((kind, params, bot))
        return out

    def _make_bot(self, spec: Any, seed: int) -> Any:
        kind, params, bot = spec
        if isinstance(bot, Spec):
            return bot.make(seed)  # a named Python bot, made again as a core bot is
        return bot if kind is None else self.api.bot(kind, seed=seed, **params)

    def _play_bots(self) -> Tuple[float, int]:
        """The bots move until it is the agent's turn or the match is over: the agent's
        reward and the deals finished meanwhile."""
        reward, deals = 0.0, 0
        while self.game.turn is not None and self.game.turn != self.seat:
            events = self.game.play(self.bots[self.game.turn](self.game))
            reward += move_rewards(self.game, events, self.reward_kind)[self.seat]
            deals += sum(1 for e in events if e.kind == "deal_scored")
        return reward, deals

    def _observe(self) -> Tuple[np.ndarray, Dict[str, Any]]:
        return self.game.encode(self.seat), {"action_mask": self.game.action_mask()}

    def action_masks(self) -> np.ndarray:
        """The mask of the position (int8): what sb3-contrib's MaskablePPO asks for."""
        mask: np.ndarray = self.game.action_mask()
        return mask

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        draws = self.np_random.integers(0, 2**63, size=1 + len(self.others))
        self.game = self.api.Game(self.rules, seed=int(draws[0]))
        self.bots = {s: self._make_bot(spec, int(d)) for s, spec, d in zip(self.others, self.specs, draws[1:])}
        self._deals_done = 0
        self._lost = False
        self._play_bots()  # the rewards before the agent's first move are nobody's doing
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Play the action id for the seat, then the opponents until the seat is to move
        again or the episode ends: (observation, reward, terminated, truncated, info), the
        action mask in `info["action_mask"]`. An id outside the space raises ValueError;
        one the mask refuses is handled as `illegal` says."""
        if self.game is None:
            raise ValueError("call reset() before step()")
        if self._lost or self.game.turn is None or (self.max_deals is not None and self._deals_done >= self.max_deals):
            raise ValueError("the episode is over: call reset()")
        if not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is not in the action space Discrete({self._count})")
        if self.illegal == "lose" and not self.game.action_mask()[int(action)]:
            self._lost = True  # nothing is played
            obs, info = self._observe()
            return obs, -1.0, True, False, dict(info, illegal_action=True)
        move = self.game.move_of(action)  # masked off: ValueError, nothing played
        events = self.game.play(move)
        reward = move_rewards(self.game, events, self.reward_kind)[self.seat]
        deals = sum(1 for e in events if e.kind == "deal_scored")
        more, more_deals = self._play_bots()
        self._deals_done += deals + more_deals
        terminated = self.game.is_over
        truncated = not terminated and self.max_deals is not None and self._deals_done >= self.max_deals
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, float(reward + more), terminated, truncated, info

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = view_text(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def gym_env(rules: Any = "quinza", seat: int = 0, opponents: Any = "greedy", reward: str = "match",
            max_deals: Optional[int] = None, render_mode: Optional[str] = None, backend: Any = None,
            players: Optional[int] = None, illegal: str = "lose", engine: Any = None) -> QuinzaGymEnv:
    """A Gymnasium env of `rules`: `seat` against `opponents` (see QuinzaGymEnv)."""
    return QuinzaGymEnv(rules, seat=seat, opponents=opponents, reward=reward, max_deals=max_deals,
                        render_mode=render_mode, backend=backend, players=players, illegal=illegal, engine=engine)
