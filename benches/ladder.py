"""What `quinza.ladder` adds over the matches it plays: the ladder beside `simulate` of the
same lineups (every pair, each bot in each seat, the same seed and games), in turns,
the best of `--rounds` of each kept, written as JSON.

    python benches/ladder.py [--quick] [--json OUT]

Two workloads: search bots (`--bots`, matches that take time, as a ladder is meant for)
and cheap bots (random and greedy over many matches: the ladder's own work, its records
and the state file, weighs most there). The ladder runs with a state file, so its
writing is counted. The issue's target: the ladder at most 5% over the matches.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
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
    times: Dict[str, List[float]] = {"simulate": [], "ladder": []}
    with tempfile.TemporaryDirectory() as folder:
        for k in range(rounds):
            began = time.perf_counter()
            for seats in runs:
                quinza.simulate(rules, games, bots=seats, seed=1, threads=threads)
            times["simulate"].append(time.perf_counter() - began)
            state = os.path.join(folder, f"state-{k}.json")
            began = time.perf_counter()
            result = quinza.ladder(bots, rules, games, seed=1, threads=threads, state=state)
            times["ladder"].append(time.perf_counter() - began)
    best = {key: min(v) for key, v in times.items()}
    matches = len(runs) * games
    out = {
        "workload": name, "rules": rules.name, "players": rules.players, "bots": bots, "games": games,
        "lineups": len(runs), "matches": matches, "rounds": rounds, "seconds": times,
        "simulate_s": best["simulate"], "ladder_s": best["ladder"],
        "overhead": best["ladder"] / best["simulate"] - 1, "matches_rated": result.matches,
    }
    print(f"{name:<8} {rules.name} {rules.players}p, {bots}: {len(runs)} lineups x {games} matches; "
          f"simulate {best['simulate']:.3f} s, ladder {best['ladder']:.3f} s, "
          f"{matches / best['simulate']:,.0f} and {matches / best['ladder']:,.0f} matches/s: "
          f"the ladder adds {100 * out['overhead']:+.1f}% (target at most +5%)")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bots", default=SEARCH_BOTS, help=f"the search workload's bots (default {SEARCH_BOTS})")
    p.add_argument("--games", type=int, default=20, help="matches a lineup, search workload (default 20)")
    p.add_argument("--cheap-games", type=int, default=5000, help="matches a lineup, random and greedy (default 5000)")
    p.add_argument("--rounds", type=int, default=3, help="rounds in turns, the best kept (default 3)")
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
