"""quinza: a fast, exact engine for the fifteen family of card games and for Quinte.

The classes here are backed by the Rust core (``quinza._core``); ``quinza.reference``
holds the same API in pure Python.
"""

import sys
from typing import Any as _Any, Callable as _Callable, Optional as _Optional

from ._core import BOT_NAMES, Card, DealResult, FifteenGame, Game, GreedyBot, Move, QuinteGame, Random, RandomBot, Rules
from ._core import Solution, _simulate_chunk, bot, match_seed, rule_sets, seat_seed, solve
from ._errors import BotError, IllegalMoveError, SimulationInterrupted
from ._version import __version__

BACKEND = "rust"

from . import _run, _sim
from ._sim import SimulationResult


def simulate(
    rules: _Any,
    games: int,
    bots: _Any = ("random",),
    seed: _Optional[int] = None,
    threads: _Optional[int] = None,
    backend: str = "local",
    progress: _Optional[_Callable[[int, int], _Any]] = None,
    arrays: bool = True,
    ray_address: _Optional[str] = None,
) -> SimulationResult:
    """Play `games` whole matches between bots and return a `SimulationResult`; both
    backends (`quinza`, `quinza.reference`) take the same arguments and give the same
    results.

    - `rules`: a `Rules` or a rule-set name.
    - `bots`: one bot for every seat, or a list of one per side or one per seat (seat k
      plays `bots[k % len(bots)]`); a bot is "random", "greedy", a `RandomBot` or
      `GreedyBot` (used by kind: each match reseeds it), or any Python callable
      `(game) -> move`. A comma-separated string of names works too: "greedy,random".
    - `seed`: match `i` is `Game(rules, seed=match_seed(seed, i))` and the random bot of
      seat k starts from `seat_seed(match_seed, k)`; None draws a seed (kept in
      `result.seed`). The results do not depend on `threads` or `backend`.
    - `threads`: None uses every core. In `quinza` core bots play inside Rust, on those
      threads, with the GIL released; a Python callable bot is slower: its matches run one
      by one on the calling thread (the core bots of those matches still choose in Rust).
      In `quinza.reference` every match runs move by move in Python on the calling thread
      (`threads` is checked and otherwise unused). A Python callable bot gets a copy of
      the game each move.
    - `backend`: "local", or "ray" to share the matches out over a Ray cluster, each task
      running the local simulation of the same backend on its range of matches
      (`pip install 'quinza[ray]'`; `ray_address` is passed to `ray.init` when Ray is not
      started yet). Same results as local.
    - `progress`: called as `progress(done, games)` after each chunk.
    - `arrays`: keep the per-match and per-deal arrays (False keeps only the running
      totals of the summary: memory stays flat however many matches).

    Ctrl-C stops after the chunk in progress and raises `SimulationInterrupted`, whose
    `result` holds the finished matches (a second Ctrl-C interrupts at once). A Python bot
    that raises or returns an illegal move stops the run with `BotError` (a ValueError)
    naming the bot, the seat, the match, its seed and the move; its `result` holds the
    matches finished before that one.
    """
    api = sys.modules[__name__]  # this backend's module, without importing it back
    return _run.simulate(api, rules, games, bots, seed, threads, backend, progress, arrays, ray_address)


def play_match(rules: _Any, bots: _Any, match_seed: int) -> _Any:
    """Play the match seeded `match_seed` as `simulate` plays it and return the finished
    `Game`: match `i` of `simulate(rules, n, bots, seed=S)` is
    `play_match(rules, bots, match_seed(S, i))`."""
    api = sys.modules[__name__]
    rules = _sim.check_rules(api, rules)
    return _sim.play_match(api, rules, _sim.check_bots(api, bots, rules), _sim.check_seed(match_seed))[0]


__all__ = [
    "BACKEND", "BOT_NAMES", "__version__", "BotError", "Card", "DealResult", "FifteenGame", "Game", "GreedyBot",
    "IllegalMoveError", "Move", "QuinteGame", "Random", "RandomBot", "Rules", "SimulationInterrupted",
    "SimulationResult", "Solution", "bot", "match_seed", "play_match", "rule_sets", "seat_seed", "simulate", "solve",
]
