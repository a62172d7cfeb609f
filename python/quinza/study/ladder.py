"""`ladder`: every pair of bots plays on duplicate deals through `simulate`, the finished
lineups kept in a state file as they end, then rated (`LadderResult`, in _ladder_result.py).

A pairing of bots A and B is played in every lineup of the two: 2 players, A then B
in seat 0; 4 players, A's partners against B's and the other way round; 3 players, each
of the six ways to seat two bots at three seats with both at the table (each bot in
each seat three times). Every lineup of every pairing plays matches 0..games-1 of the
same seed: the same deals, so the luck of the deal cancels between lineups."""

from __future__ import annotations

import base64
import itertools
import json
import os
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from ..engines import Engine
from .._errors import SimulationInterrupted
from .._words import check_threads, choice_text, quoted, whole
from .. import bots as _bots
from ..sim import arguments
from ..sim.records import check_arrays
from ._ladder_result import LadderResult as LadderResult  # re-exported: the result of `ladder`
from ._ladder_result import INTERVALS as INTERVALS  # re-exported: the command's choices
from ._ladder_result import lineups, run_key
from .bootstrap import RESAMPLES as RESAMPLES  # re-exported: the default

LADDER_DOC = """Rate bots by playing every pair of them on duplicate deals; return a `LadderResult`.

- `bots`: two or more bots, as a list or a comma-separated string of the texts
  `simulate` reads ("random,greedy,pimc:worlds=16,ismcts:iterations=200"), registered
  names (`register_bot`) or bot objects; each named once.
- Every pair plays `games` matches in each of its lineups: 2 players, each bot in
  seat 0 once; 4 players, each bot's pair of partners on each side; 3 players, each of
  the six ways to seat the two (each bot in each seat three times). Every lineup plays
  matches 0..games-1 of `seed` (`simulate(rules, games, bots=lineup, seed=seed)`), so
  the same deals; `threads`, `backend` ("local" or "ray") and `ray_address` go to
  `simulate`, and the results do not depend on them.
- `state`: a file (JSON Lines: the ladder's settings, then a line per lineup) where
  each finished lineup is written at once. A ladder started
  again with the same file (and rules, seed and games) skips the lineups it holds;
  bots may be added. With `seed=None` the file's seed is used (or one is drawn).
- `progress`: called as `progress(done, total)` in matches, after each chunk.
- `intervals`: how the 95% intervals are made. "bootstrap" (the default when `games`
  is 2 or more): the paired bootstrap over the duplicate matches, match k of every
  lineup of every pair resampled together (`resamples` resamples, 1000 by default,
  seeded by `seed`: the same on every run), the ratings refitted to each. "fisher" (the
  default for a single match a lineup): the ratings' from the Fisher information, which
  takes the matches as independent and so ignores the pairing of the deals. The result
  says which (`LadderResult.intervals`, `interval_text`).

Ctrl-C stops the lineup in progress and raises `SimulationInterrupted`, whose `result`
is the `LadderResult` of the pairings finished (every finished lineup is in the state
file; the one interrupted is played again on resuming). Bad arguments (an unknown bot,
fewer than two bots, games below 1, a state file that cannot be written or is of
another ladder, unknown `intervals`, the bootstrap with a single match a lineup,
`resamples` below 1) raise ValueError before any match is played.
"""

STATE_FORMAT = "quinza ladder 1"
UNTIMED = ("random", "greedy")  # core bots whose moves take microseconds: their time a move is 0


def ladder(api: Engine, bots: Any, rules: Any, games: Any, seed: Any, threads: Any, backend: Any,
           state: Any, progress: Optional[Callable[[int, int], Any]], ray_address: Optional[str],
           intervals: Any = None, resamples: Any = RESAMPLES) -> LadderResult:
    """`ladder` of either backend; `api` is the backend's module."""
    rules = arguments.check_rules(api, rules)
    games = arguments.check_games(games)
    intervals, resamples = check_intervals(intervals, resamples, games)
    threads = check_threads(threads)
    if backend not in arguments.BACKENDS:
        raise ValueError(f"unknown backend {quoted(backend)}: choose {choice_text(arguments.BACKENDS)}")
    players, names = check_ladder_bots(api, bots, rules)
    try:  # each lineup keeps its arrays: too many refused now, not midway
        check_arrays(api, rules, games, True)
    except ValueError:
        raise ValueError(f"games={games} is too many matches a lineup: the ladder keeps each lineup's per-match "
                         "and per-deal arrays, which would pass the 2 GiB limit; play fewer") from None
    untimed = [n for n, b in zip(names, players) if isinstance(b, str) and b in UNTIMED]
    rules_key = {"name": rules.name, "players": rules.players, "target": rules.target, **rules.options}
    runs: Dict[str, Dict[str, Any]] = {}
    if state is not None:
        seed, runs = open_state(state, rules_key, seed, games)
    seed = arguments.check_seed(seed)
    if state is not None:
        save_state(state, rules_key, seed, games, runs)  # can it be written? before any match
    todo = [(a, b, lineup) for a, b in itertools.combinations(range(len(names)), 2) for lineup in lineups(rules.players)]
    total = len(todo) * games
    began = time.perf_counter()
    done = 0
    for a, b, lineup in todo:
        seat_bots = [players[(a, b)[k]] for k in lineup]
        key = run_key([names[(a, b)[k]] for k in lineup])
        if key not in runs:
            tick = None if progress is None else (lambda d, n, base=done: progress(base + d, total))
            try:
                result = api.simulate(rules, games, bots=seat_bots, seed=seed, threads=threads, backend=backend,
                                      progress=tick, arrays=True, ray_address=ray_address)
            except SimulationInterrupted:
                partial = LadderResult(rules_key, seed, games, names, runs, interrupted=True,
                                       seconds=time.perf_counter() - began, untimed=untimed, intervals=intervals,
                                       resamples=resamples)
                raise SimulationInterrupted("Ctrl-C stopped the ladder", result=partial) from None
            runs[key] = run_record(result)
            if state is not None:
                add_to_state(state, key, runs[key])
        done += games
        if progress is not None:
            progress(done, total)
    return LadderResult(rules_key, seed, games, names, runs, seconds=time.perf_counter() - began, untimed=untimed,
                        intervals=intervals, resamples=resamples)


def check_intervals(intervals: Any, resamples: Any, games: int) -> Tuple[str, int]:
    """The intervals' method and resamples: the paired bootstrap unless a lineup plays a
    single match (nothing to resample), where the Fisher information is the default."""
    if intervals is None:
        intervals = "bootstrap" if games > 1 else "fisher"
    if intervals not in INTERVALS:
        raise ValueError(f"unknown intervals {quoted(intervals)}: choose {choice_text(INTERVALS)}")
    if intervals == "bootstrap" and games < 2:
        raise ValueError("intervals='bootstrap' needs games of 2 or more: a single match a lineup has nothing to "
                         "resample (give intervals='fisher')")
    if not whole(resamples) or resamples < 1:
        raise ValueError(f"resamples must be a whole number of 1 or more, not {quoted(resamples)}")
    return intervals, resamples


def check_ladder_bots(api: Engine, bots: Any, rules: Any) -> Tuple[List[Any], List[str]]:
    """The bots, each read as `simulate` reads it, and their texts; at least two, each once."""
    if isinstance(bots, str):
        bots = _bots.split_bots(bots)
    elif not isinstance(bots, (list, tuple)):
        bots = [bots]
    players = [_bots.check_bots(api, [b], rules)[0] for b in bots]
    names = [_bots.bot_name(api, b) for b in players]
    if len(players) < 2:
        raise ValueError(f"a ladder needs two bots or more, not {len(players)}: give them as --bots random,greedy")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"each bot once in a ladder: {', '.join(twice)} is given twice")
    return players, names


# A lineup's arrays as the state file keeps them: little-endian bytes in base64 (a line
# of JSON lists would cost the ladder a tenth of the time of cheap bots' matches).
ARRAYS = {"winner": "<i1", "deals": "<u4", "points": "<i8"}


def run_record(result: Any) -> Dict[str, Any]:
    """What the ladder keeps of a lineup's matches: per match the winning side, its deals
    and each side's points (the sum over its deals); the moves and seconds of the run."""
    sides = result.deal_points.shape[1]
    match = result.deal_match
    points = np.stack([np.bincount(match, weights=result.deal_points[:, s], minlength=len(result))
                       for s in range(sides)], axis=1)
    return {
        "winner": result.winner.astype(np.int8), "deals": result.deals.astype(np.uint32),
        "points": points.astype(np.int64), "moves": int(result.moves.sum()), "seconds": result.seconds,
    }


def encode_run(run: Dict[str, Any]) -> Dict[str, Any]:
    """A lineup's record as JSON values."""
    out = {k: base64.b64encode(np.ascontiguousarray(run[k], dtype=kind).tobytes()).decode("ascii")
           for k, kind in ARRAYS.items()}
    return dict(out, sides=int(run["points"].shape[1]), moves=run["moves"], seconds=run["seconds"])


def decode_run(kept: Dict[str, Any]) -> Dict[str, Any]:
    """A lineup's record read back from `encode_run`'s JSON values."""
    run = {k: np.frombuffer(base64.b64decode(kept[k]), dtype=kind) for k, kind in ARRAYS.items()}
    run["points"] = run["points"].reshape(-1, int(kept["sides"]))
    if not len(run["winner"]) == len(run["deals"]) == len(run["points"]):
        raise ValueError("arrays of different lengths")
    return dict(run, moves=int(kept["moves"]), seconds=float(kept["seconds"]))


def open_state(path: Any, rules_key: Dict[str, Any], seed: Any, games: int) -> Tuple[Any, Dict[str, Dict[str, Any]]]:
    """The seed and finished lineups of the state file `path` (none if it does not exist);
    a file of another ladder, or no ladder's, is refused. A last line cut short (a stop
    while it was written) is left out."""
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"state must be the path of a file, not {quoted(path)}")
    name = quoted(os.fspath(path))
    if not os.path.exists(path):
        return seed, {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        head = json.loads(lines[0])
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"state: cannot read {name} as a ladder's state: {error}") from None
    if not isinstance(head, dict) or head.get("format") != STATE_FORMAT:
        raise ValueError(f"state: {name} is not a ladder's state file")
    asked = {"rules": rules_key, "games": games, "seed": head["seed"] if seed is None else seed}
    other = [f"{k} {head.get(k)} (not {v})" for k, v in asked.items() if head.get(k) != v]
    if other:
        raise ValueError(f"state: {name} holds another ladder, of {'; '.join(other)}: give its settings or another file")
    runs = {}
    last = len(lines) - 1  # "" when the file ends with its newline, else a line cut short
    for number, line in enumerate(lines[1:last], 2):
        try:
            kept = json.loads(line)
            runs[str(kept["lineup"])] = decode_run(kept["run"])
        except (ValueError, KeyError, TypeError):  # binascii.Error is a ValueError
            raise ValueError(f"state: {name} line {number} is not a finished lineup") from None
    return head["seed"], runs
    return head["seed"], runs


def save_state(path: Any, rules_key: Dict[str, Any], seed: int, games: int, runs: Dict[str, Dict[str, Any]]) -> None:
    """Write the state file whole, by a new file renamed over the old (a stop midway leaves
    the old one)."""
    head = {"format": STATE_FORMAT, "rules": rules_key, "seed": seed, "games": games}
    text = "".join(json.dumps(x) + "\n" for x in [head, *({"lineup": k, "run": encode_run(r)} for k, r in runs.items())])
    path = os.fspath(path)
    partial = path + ".partial"
    try:
        with open(partial, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(partial, path)
    except OSError as error:
        raise ValueError(f"state: cannot write {quoted(path)}: {error.strerror or error}") from None


def add_to_state(path: Any, key: str, run: Dict[str, Any]) -> None:
    """A finished lineup added to the state file: one line appended (the file is not
    written again, so the cost stays that of the lineup)."""
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"lineup": key, "run": encode_run(run)}) + "\n")
    except OSError as error:
        raise ValueError(f"state: cannot write {quoted(os.fspath(path))}: {error.strerror or error}") from None
