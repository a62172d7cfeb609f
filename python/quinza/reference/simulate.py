"""`simulate` of the reference: every match played move by move in Python with the
reference's `Game` and bots (and `analyze`, the rules lab, over that `simulate`). Slow; it
exists to prove, on small runs, that the Rust core's batch simulation gives exactly the
same results (docs/reference/simulation.md "Simulation")."""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

from .. import sim as _sim
from ..sim import SimulationResult as SimulationResult  # re-exported by the reference
from ..study import lab as _lab
from ..study import ladder as _ladder
from ..study.ladder import LadderResult as LadderResult


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
    records: Any = None,
) -> SimulationResult:
    return _sim.simulate(_reference(), rules, games, bots, seed, threads, backend, progress, arrays, ray_address, records)


simulate.__doc__ = _sim.SIMULATE_DOC


def ladder(
    bots: Any,
    rules: Any = "escoba",
    games: int = 100,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    backend: str = "local",
    state: Any = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    ray_address: Optional[str] = None,
) -> LadderResult:
    return _ladder.ladder(_reference(), bots, rules, games, seed, threads, backend, state, progress, ray_address)


ladder.__doc__ = _ladder.LADDER_DOC


def play_match(rules: Any, bots: Any, match_seed: int) -> Any:
    return _sim.play_match(_reference(), rules, bots, match_seed)


play_match.__doc__ = _sim.PLAY_MATCH_DOC


def analyze(
    rules: Any = "escoba",
    sets: Any = (),
    level: Any = "greedy",
    games: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    duplicates: Optional[int] = None,
    targets: Any = None,
    contrast: Any = None,
    headroom: Optional[int] = None,
    fair: Any = None,
    progress: Optional[Callable[[str], Any]] = None,
) -> Any:
    return _lab.analyze(_reference(), rules, sets, level, games, seed, threads, duplicates, targets, contrast, headroom,
                        fair, progress)


analyze.__doc__ = _lab.ANALYZE_DOC


def _reference() -> Any:
    """The reference's package, the `api` the shared simulation plays with (taken from the
    loaded modules: importing it from here would make an import circle)."""
    return sys.modules[__name__.rpartition(".")[0]]
