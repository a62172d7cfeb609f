"""The entry of `simulate` and `play_match` for both backends: the arguments checked, then
the matches run here (`_local.run_local`) or shared out over a Ray cluster
(`simulate_ray`); `records=` written once the run is over."""

from __future__ import annotations

import os
from typing import Any, Callable, Optional, Sequence

from ..engines import Engine
from .._words import check_threads, choice_text, quoted
from .. import bots as _bots
from . import arguments, matches
from ._local import run_local
from ._ray import simulate_ray
from .records import check_arrays
from ._result import SimulationResult

# The docstrings of the twins' `simulate` and `play_match`, written once (the twins
# must carry the same text).
SIMULATE_DOC = """Play `games` whole matches between bots and return a `SimulationResult`; both
backends (`quinza`, `quinza.reference`) take the same arguments and give the same
results.

- `rules`: a `Rules` or a rule-set name.
- `bots`: one bot for every seat, or a list of one per side or one per seat (seat k
  plays `bots[k % len(bots)]`); a bot is "random", "greedy", a `RandomBot` or
  `GreedyBot` (used by kind: each match reseeds it), a name given to `register_bot`
  (made for each match and seat, seeded as the built-in bots), or any Python callable
  `(game) -> move`. A comma-separated string of names works too: "greedy,random"; names
  are read in any case.
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
  totals of the summary: memory stays flat however many matches). A run whose arrays
  would hold more than 2 GiB (estimated from `games` and the rules) is refused with a
  ValueError before any match is played; `games` is at most 2**64-1.
- `records`: a folder (made if missing) where, once the run is over, the match record
  (`Game.record`, docs/reference/json.md "Match records") of every match is written, match `i`
  as `match-{i:06d}.txt`, the bots' text as its players. Each match is played again
  with `play_match`, one by one in Python: meant for small runs. To keep only chosen
  matches, write `play_match(rules, bots, match_seed(seed, i)).record()` for those `i`.

Ctrl-C stops after the chunk in progress and raises `SimulationInterrupted`, whose
`result` holds the finished matches (a second Ctrl-C interrupts at once). A Python bot
that raises or returns an illegal move stops the run with `BotError` (a ValueError)
naming the bot, the seat, the match, its seed and the move; its `result` holds the
matches finished before that one.
"""

PLAY_MATCH_DOC = """Play the match seeded `match_seed` as `simulate` plays it and return the finished
`Game`: match `i` of `simulate(rules, n, bots, seed=S)` is
`play_match(rules, bots, match_seed(S, i))`."""


def simulate(api: Engine, rules: Any, games: Any, bots: Any, seed: Any, threads: Any, backend: Any,
             progress: Optional[Callable[[int, int], Any]], arrays: bool, ray_address: Optional[str] = None,
             records: Any = None) -> SimulationResult:
    """`simulate` of either backend; `api` is the backend's module (quinza or quinza.reference)."""
    rules = arguments.check_rules(api, rules)
    games = arguments.check_games(games)
    seat_bots = _bots.check_bots(api, bots, rules)
    seed = arguments.check_seed(seed)
    threads = check_threads(threads)
    check_arrays(api, rules, games, bool(arrays))
    if backend not in arguments.BACKENDS:
        raise ValueError(f"unknown backend {quoted(backend)}: choose {choice_text(arguments.BACKENDS)}")
    folder = None if records is None else records_folder(records)
    if backend == "ray":
        result = simulate_ray(api, rules, games, seat_bots, seed, progress, bool(arrays), ray_address)
    else:
        result = run_local(api, rules, seat_bots, seed, 0, games, threads, progress, bool(arrays))
    if folder is not None:
        write_records(api, rules, seat_bots, seed, len(result), folder)
    return result


def records_folder(records: Any) -> str:
    """The folder of `simulate(records=...)`, made if missing; checked before any match is played."""
    if not isinstance(records, (str, os.PathLike)):
        raise ValueError(f"records must be the path of a folder, not {quoted(records)}")
    folder = os.fspath(records)
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"records: {quoted(folder)} is a file, not a folder")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise ValueError(f"records: cannot make the folder {quoted(folder)}: {error.strerror}") from None
    return folder


def write_records(api: Engine, rules: Any, seat_bots: Sequence[Any], seed: int, games: int, folder: str) -> None:
    """The record of each of matches 0..games-1, played again with `play_match`, as
    folder/match-{i:06d}.txt; the players are the bots' text."""
    names = [_bots.bot_name(api, b) for b in seat_bots]
    for i in range(games):
        game, _ = matches.play_match(api, rules, seat_bots, api.match_seed(seed, i), i)
        path = os.path.join(folder, f"match-{i:06d}.txt")
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(game.record(players=names))


def play_match(api: Engine, rules: Any, bots: Any, match_seed: Any) -> Any:
    """`play_match` of either backend; `api` is the backend's module."""
    rules = arguments.check_rules(api, rules)
    return matches.play_match(api, rules, _bots.check_bots(api, bots, rules), arguments.check_seed(match_seed))[0]
