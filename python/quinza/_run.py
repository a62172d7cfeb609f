"""The entry of `simulate` for both backends: the arguments checked, then the matches run
here (`_sim.run_local`) or shared out over a Ray cluster (`_ray.simulate_ray`). Apart
from _sim.py so that neither _sim.py nor _ray.py imports the other back."""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _ray, _sim
from ._sim import SimulationResult
from ._words import choice_text


def simulate(api: Any, rules: Any, games: Any, bots: Any, seed: Any, threads: Any, backend: Any,
             progress: Optional[Callable[[int, int], Any]], arrays: bool, ray_address: Optional[str] = None) -> SimulationResult:
    """`simulate` of either backend; `api` is the backend's module (quinza or quinza.reference)."""
    rules = _sim.check_rules(api, rules)
    games = _sim.check_games(games)
    seat_bots = _sim.check_bots(api, bots, rules)
    seed = _sim.check_seed(seed)
    threads = _sim.check_threads(threads)
    if backend not in _sim.BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: choose {choice_text(_sim.BACKENDS)}")
    if backend == "ray":
        return _ray.simulate_ray(api, rules, games, seat_bots, seed, progress, bool(arrays), ray_address)
    return _sim.run_local(api, rules, seat_bots, seed, 0, games, threads, progress, bool(arrays))
