"""`simulate(..., backend="ray")`: the matches cut into contiguous shards, each shard a Ray
task running the local simulation on its range, the shards merged in order. Every match
depends on (seed, index) alone, so the merged result is exactly the local one."""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from ..engines import Engine, engine
from .._errors import BotError, SimulationInterrupted
from ._interrupt import StopOnCtrlC
from ._local import run_local
from .records import concat_records
from ._result import SimulationResult
from ..bots import bot_kind, bot_name, bot_params
from ..stats import Tally

SHARDS_PER_CPU = 4
MIN_SHARD = 64


def _shard(name: str, rules_args: Tuple[str, int, int, Dict[str, Any]], bots: List[Any], seed: int,
           start: int, count: int, arrays: bool) -> Tuple[str, Any, Any, Any]:
    """One Ray task: matches `start .. start + count` on one core of a worker."""
    api = engine(name)  # the twin's engine, by its name
    name, players, target, options = rules_args
    rules = api.Rules(name, players=players, target=target, **options)
    bots = [api.bot(b[0], **b[1]) if isinstance(b, tuple) else b for b in bots]
    try:
        r = run_local(api, rules, bots, seed, start, count, 1, None, arrays)
        return ("ok", r.tally, r._records, None)
    except BotError as error:
        partial, error.result = error.result, None
        return ("bot_error", partial.tally, partial._records, error)


def simulate_ray(api: Engine, rules: Any, games: int, seat_bots: List[Any], seed: int,
                 progress: Optional[Callable[[int, int], Any]], arrays: bool,
                 ray_address: Optional[str]) -> SimulationResult:
    try:
        import ray
    except ImportError:
        raise ValueError("backend='ray' needs Ray: pip install 'quinza[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=ray_address, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    # Core bots travel as (name, parameters) and are built again in the worker.
    bots = [(kind, bot_params(b)) if (kind := bot_kind(api, b)) else b for b in seat_bots]
    names = [bot_name(api, b) for b in seat_bots]
    rules_args = (rules.name, rules.players, rules.target, dict(rules.options))
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call,unused-ignore]
    size = max(MIN_SHARD, math.ceil(games / (cpus * SHARDS_PER_CPU)))
    task = ray.remote(num_cpus=1)(_shard)
    ranges = [(start, min(size, games - start)) for start in range(0, games, size)]
    futures = [task.remote(api.name, rules_args, bots, seed, s, c, arrays) for s, c in ranges]
    tally = Tally(rules.players, rules.sides)
    parts: List[Dict[str, np.ndarray]] = []
    began = time.perf_counter()
    done = 0

    def result(interrupted: bool) -> SimulationResult:
        return SimulationResult(
            rules=rules, seed=seed, bots=names, requested=games, tally=tally,
            records=concat_records(parts, rules.sides) if arrays else None, backend="ray",
            engine=api.name, interrupted=interrupted, seconds=time.perf_counter() - began,
        )

    with StopOnCtrlC() as stop:
        for i, future in enumerate(futures):
            # the shards are merged in order: the result always holds matches 0 .. done-1
            while not stop.requested and not ray.wait([future], timeout=0.2)[0]:
                pass
            if stop.requested:
                for f in futures[i:]:
                    ray.cancel(f)
                out = result(interrupted=True)
                raise SimulationInterrupted(f"simulation interrupted after {done} of {games} matches", result=out)
            status, part_tally, records, error = ray.get(future)
            tally.merge(part_tally)
            if arrays and records is not None:
                parts.append(records)
            done = tally.matches
            if status == "bot_error":
                for f in futures[i + 1:]:
                    ray.cancel(f)
                error.result = result(interrupted=False)
                raise error
            if progress is not None:
                progress(done, games)
    return result(interrupted=False)
