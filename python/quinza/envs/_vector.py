"""`VectorEnv`: N Gymnasium envs of one seat against core bots, stepped all at once inside
the Rust core on several threads with the GIL released (docs/reference/envs.md "Vector env")."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as _GymVectorEnv

from ..bots import bot_kind
from ._aec import OBSERVATION_HIGH
from ._common import REWARDS, check_choice, check_max_deals, opponent_bots


class VectorEnv(_GymVectorEnv):
    """`num_envs` matches of `rules`; in each the agent plays `seat` and core bots the other
    seats, inside Rust (`opponents`: one bot for all, or one per other seat: a name, bot
    text such as "pimc:worlds=8", or a core bot). `step(actions)` plays one action id per
    env (an episode that ends starts again in the same step, Gymnasium's same-step
    autoreset: the observation returned is the new episode's first) and returns
    (observations, rewards, terminated, truncated, info), `info["action_mask"]` the masks
    (int8, one row per env). The arrays are preallocated and written in place by every
    call: copy what you keep. `reset(seed=s)` starts env i's stream of matches from
    `match_seed(s, i)`, so results do not depend on `threads`: at most that many threads
    step the envs (None: every core the process may use), the env's own workers parked
    between steps, and a step is shared with them only when it holds enough work and
    shared steps prove faster than steps run alone (docs/reference/envs.md "Vector env"). An
    action out of range or masked off in any env is a ValueError naming the env, and no
    env moves. `reward`, `max_deals`: as the Gymnasium env's. Rust core only.
    """

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, rules: Any = "quinza", num_envs: int = 1, seat: int = 0, opponents: Any = "greedy",
                 reward: str = "match", max_deals: Optional[int] = None, threads: Optional[int] = None,
                 players: Optional[int] = None) -> None:
        import quinza
        from quinza import _core

        if isinstance(rules, quinza.Rules):
            self.rules = rules
        else:
            self.rules = quinza.Rules(rules) if players is None else quinza.Rules(rules, players=players)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1, not {num_envs!r}")
        n = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
            raise ValueError(f"threads must be None or a whole number from 1, not {threads!r}")
        bots = opponent_bots(quinza.ENGINE, opponents, n - 1)
        for b in bots:
            if bot_kind(quinza.ENGINE, b) is None:
                raise ValueError(f"the vector env plays core bots only (a name, bot text or bot object), not {b!r}")
        per_seat = list(bots)
        per_seat.insert(seat, "random")  # the agent's seat: never asked
        check_choice(reward, "reward", REWARDS)
        self._core = _core._VectorCore(self.rules, num_envs, seat, per_seat, reward, check_max_deals(max_deals), threads or 0)
        self.num_envs = num_envs
        self.seat = seat
        size = len(quinza.encode_names(self.rules))
        count = quinza.action_count(self.rules)
        self.single_observation_space = spaces.Box(0.0, float(OBSERVATION_HIGH), (size,), np.float32)
        self.single_action_space = spaces.Discrete(count)
        self.observation_space = spaces.Box(0.0, float(OBSERVATION_HIGH), (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, count))
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, count), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._offsets = np.zeros(num_envs + 1, dtype=np.int64)
        self._ids = np.zeros(16 * num_envs, dtype=np.int64)
        self._started = False

    def _buffers(self) -> Tuple[Any, ...]:
        # bool arrays are written as their bytes (0 or 1).
        return (self._obs, self._masks, self._rewards, self._terminated.view(np.uint8), self._truncated.view(np.uint8))

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1, not {seed!r}")
        self._core.reset(int(seed), *self._buffers())
        self._started = True
        return self._obs, {"action_mask": self._masks}

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        if not self._started:
            raise ValueError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers (shape ({self.num_envs},)), not shape {a.shape} of {a.dtype}")
        self._core.step(np.ascontiguousarray(a, dtype=np.int64), *self._buffers())
        return self._obs, self._rewards, self._terminated, self._truncated, {"action_mask": self._masks}

    def legal_actions(self) -> Tuple[np.ndarray, np.ndarray]:
        """The legal action ids of every env, sparse: (ids, offsets), int64, env i's ids
        `ids[offsets[i]:offsets[i + 1]]` in `legal_moves` order, the same as the 1s of its
        mask row. A sampler reads these instead of scanning the masks (an escoba mask row
        is 84,488 entries). Views of arrays kept by the env and overwritten by the next
        call: copy what you keep."""
        if not self._started:
            raise ValueError("call reset() before legal_actions()")
        total = self._core.legal_actions(self._offsets, self._ids)
        if total > len(self._ids):
            self._ids = np.zeros(max(total, 2 * len(self._ids)), dtype=np.int64)
            self._core.legal_actions(self._offsets, self._ids)
        return self._ids[:total], self._offsets

    def game(self, i: int) -> Any:
        """A copy of env `i`'s match (a Game), to look at."""
        return self._core.game(i)

    def close_extras(self, **kwargs: Any) -> None:
        pass
