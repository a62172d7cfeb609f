"""`simulate` of the reference: every match played move by move in Python with the
reference's `Game` and bots. Slow; it exists to prove, on small runs, that the Rust core's
batch simulation gives exactly the same results (docs/engine.md "Simulation")."""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

from .. import _run, _sim
from .._sim import SimulationResult


def simulate(
    rules: Any,
    games: int,
    bots: Any = ("random",),
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    backend: str = "local",
    progress: Optional[Callable[[int, int], Any]] = None,
    arrays: bool = True,
    ray_address: Optional[str] = None,
) -> SimulationResult:
    """Play `games` whole matches and return their results; the same arguments and the
    same result as `quinza.simulate`. Here every match runs on the calling thread
    (`threads` is checked and otherwise unused); with `backend="ray"` the matches are
    shared out to Ray tasks that each run this function on their range."""
    return _run.simulate(_reference(), rules, games, bots, seed, threads, backend, progress, arrays, ray_address)


def play_match(rules: Any, bots: Any, match_seed: int) -> Any:
    """Play the match seeded `match_seed` as `simulate` plays it and return the finished
    `Game`: match `i` of `simulate(rules, n, bots, seed=S)` is
    `play_match(rules, bots, match_seed(S, i))`."""
    reference = _reference()
    rules = _sim.check_rules(reference, rules)
    return _sim.play_match(reference, rules, _sim.check_bots(reference, bots, rules), _sim.check_seed(match_seed))[0]


def _reference() -> Any:
    """The reference's package, the `api` the shared simulation plays with (taken from the
    loaded modules: importing it from here would make an import circle)."""
    return sys.modules[__name__.rpartition(".")[0]]
