"""What `quinza.ladder` adds over the matches it plays: the ladder beside `simulate` of the
same lineups (every pair, each bot in each seat, the same seed and games), in turns,
the best of `--rounds` of each kept, written as JSON. Each is timed in wall time and in
CPU time (the process's, all threads: on a shared machine the wall time of the same
matches moves by half from round to round, the CPU time much less); and, within each
ladder run, the time outside its `simulate` calls (the ladder's wall time less the
seconds `simulate` timed of its matches), which the load touches least.

    python benches/ladder.py [--quick] [--json OUT]

Two workloads: search bots (`--bots`, matches that take time, as a ladder is meant for)
and cheap bots (random and greedy over many matches: the ladder's own work, its records
and the state file, weighs most there). The ladder runs with a state file, so its
writing is counted. The bar: the ladder at most 5% over the matches.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import tempfile
import time
from typing import Any, Dict, List

import quinza
from quinza.study.ladder import check_ladder_bots, lineups

SEARCH_BOTS = "random,greedy,pimc:worlds=16,ismcts:iterations=200"


def lineup_bots(bots: str, rules: Any) -> List[List[Any]]:
    """Every lineup the ladder plays, seat by seat."""
    players, _ = check_ladder_bots(quinza, bots, rules)
    return [[players[(a, b)[k]] for k in lineup]
            for a, b in itertools.combinations(range(len(players)), 2) for lineup in lineups(rules.players)]


def workload(name: str, rules: Any, bots: str, games: int, rounds: int, threads: Any) -> Dict[str, Any]:
    runs = lineup_bots(bots, rules)
    times: Dict[str, List[float]] = {"simulate": [], "ladder": [], "simulate_cpu": [], "ladder_cpu": [], "outside": []}
    with tempfile.TemporaryDirectory() as folder:
        for k in range(rounds):
            began, cpu = time.perf_counter(), time.process_time()
            for seats in runs:
                quinza.simulate(rules, games, bots=seats, seed=1, threads=threads)
            times["simulate"].append(time.perf_counter() - began)
            times["simulate_cpu"].append(time.process_time() - cpu)
            state = os.path.join(folder, f"state-{k}.jsonl")
            began, cpu = time.perf_counter(), time.process_time()
            result = quinza.ladder(bots, rules, games, seed=1, threads=threads, state=state)
            times["ladder"].append(time.perf_counter() - began)
            times["ladder_cpu"].append(time.process_time() - cpu)
            times["outside"].append((times["ladder"][-1] - result.match_seconds) / result.match_seconds)
    best = {key: min(v) for key, v in times.items()}
    matches = len(runs) * games
    out = {
        "workload": name, "rules": rules.name, "players": rules.players, "bots": bots, "games": games,
        "lineups": len(runs), "matches": matches, "rounds": rounds, "seconds": times,
        "simulate_s": best["simulate"], "ladder_s": best["ladder"],
        "overhead": best["ladder"] / best["simulate"] - 1,
        "overhead_cpu": best["ladder_cpu"] / best["simulate_cpu"] - 1,
        "overhead_outside": statistics.median(times["outside"]),
        "matches_rated": result.matches,
    }
    print(f"{name:<8} {rules.name} {rules.players}p, {bots}: {len(runs)} lineups x {games} matches; "
          f"simulate {best['simulate']:.3f} s ({best['simulate_cpu']:.3f} s CPU), ladder {best['ladder']:.3f} s "
          f"({best['ladder_cpu']:.3f} s CPU): the ladder adds {100 * out['overhead']:+.1f}% wall, "
          f"{100 * out['overhead_cpu']:+.1f}% CPU, {100 * out['overhead_outside']:+.1f}% outside its matches "
          f"(median of the rounds; target at most +5%)")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default=SEARCH_BOTS, help=f"the search workload's bots (default {SEARCH_BOTS})")
    p.add_argument("--games", type=int, default=10, help="matches a lineup, search workload (default 10)")
    p.add_argument("--cheap-games", type=int, default=5000, help="matches a lineup, random and greedy (default 5000)")
    p.add_argument("--rounds", type=int, default=5, help="rounds in turns, the best kept (default 5)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--quick", action="store_true", help="a smoke run")
    p.add_argument("--json", metavar="OUT", default=None)
    args = p.parse_args()
    if args.quick:
        args.bots, args.games, args.cheap_games, args.rounds = "random,greedy,pimc:worlds=4", 4, 200, 1
    rules = quinza.Rules("escoba")
    rows = [workload("search", rules, args.bots, args.games, args.rounds, args.threads),
            workload("cheap", rules, "random,greedy", args.cheap_games, args.rounds, args.threads)]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"machine": platform.platform(), "cpus": os.cpu_count(), "version": quinza.__version__,
                       "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()
