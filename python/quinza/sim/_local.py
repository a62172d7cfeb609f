"""The matches of a simulation played on this machine, chunk by chunk: whole chunks of
core-bot matches in the Rust core, any other match move by move in Python."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Optional

import numpy as np

from ..engines import Engine
from .._errors import BotError, SimulationInterrupted
from ._interrupt import StopOnCtrlC
from .matches import play_match
from .records import ARRAYS, concat_records, records_of, shape_records
from ._result import SimulationResult
from ..bots import bot_kind, bot_name
from ..stats import Tally


def run_local(api: Engine, rules: Any, seat_bots: List[Any], seed: int, start: int, games: int,
              threads: Optional[int], progress: Optional[Callable[[int, int], Any]], arrays: bool) -> SimulationResult:
    """Matches `start .. start + games`, chunk by chunk, on this machine."""
    sides = rules.sides
    names = [bot_name(api, b) for b in seat_bots]
    fast = api.simulate_chunk
    all_core = all(bot_kind(api, b) is not None for b in seat_bots)
    tally = Tally(rules.players, sides)
    parts: List[Dict[str, np.ndarray]] = []
    began = time.perf_counter()
    done = 0

    def result(interrupted: bool) -> SimulationResult:
        return SimulationResult(
            rules=rules, seed=seed, bots=names, requested=games, tally=tally,
            records=concat_records(parts, sides) if arrays else None, backend="local",
            engine=api.name, interrupted=interrupted, seconds=time.perf_counter() - began,
        )

    def keep(rec: Dict[str, np.ndarray]) -> None:
        tally.add(rec)
        if arrays:
            parts.append(rec)

    # A search bot's match takes milliseconds: start small, then aim at a quarter second.
    searching = any(bot_kind(api, b) in api.SEARCH_BOTS for b in seat_bots)
    chunk = 4 if searching else 256
    with StopOnCtrlC() as stop:
        while done < games and not stop.requested:
            count = min(chunk, games - done)
            t0 = time.perf_counter()
            if fast is not None and all_core:
                raw = fast(rules, seat_bots, seed, start + done, count, threads or 0)
                rec = shape_records(dict(zip(ARRAYS, raw)), sides)
            else:
                played = []
                try:
                    for i in range(start + done, start + done + count):
                        played.append(play_match(api, rules, seat_bots, api.match_seed(seed, i), i))
                        if stop.requested:
                            break
                except BotError as error:
                    keep(records_of(played, sides))
                    error.result = result(interrupted=False)
                    raise
                rec = records_of(played, sides)
            keep(rec)
            done += len(rec["winner"])
            if progress is not None:
                progress(done, games)
            # aim at about a quarter of a second a chunk: progress stays live, Ctrl-C quick
            took = max(time.perf_counter() - t0, 1e-6)
            chunk = int(min(max(count * 0.25 / took, 4 if searching else 16), 1 << 20))
    out = result(interrupted=done < games)
    if out.interrupted:
        raise SimulationInterrupted(f"simulation interrupted after {done} of {games} matches", result=out)
    return out
