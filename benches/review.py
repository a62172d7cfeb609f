"""How long a review of a whole match takes (`quinza.review`, docs/reference/study.md "Reviewing a
match"): the bar is a whole escoba match in at most 5 seconds on this machine
with the default budget.

Matches of `--rules` (default escoba, 2 players) between `--bots` (default
"ismcts:iterations=1000,greedy": a match as a fair player and a weaker one play it),
seeds 1..`--matches`, are each reviewed with the default budget (`_review.DEFAULT_BOT`,
`HINDSIGHT_NODES`), then again without the hindsight column (`hindsight=0`) to show the
fair search's share, and once through the command (`python -m quinza review FILE`,
wall time: the interpreter's start and imports included). Per match: its moves, the
moves searched (not forced), the seconds; then the median and the slowest. The load
average is written beside them (the machine is shared).

    python benches/review.py [--rules escoba] [--matches 5] [--bots ...] [--json OUT] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List

import quinza
from quinza import _review

TARGET_SECONDS = 5.0  # the bar: a whole escoba match


def played(rules: str, bots: str, seed: int) -> Any:
    return quinza.play_match(quinza.Rules(rules), bots, quinza.match_seed(seed, 0))


def timed(record: str, **kwargs: Any) -> Dict[str, Any]:
    started = time.perf_counter()
    review = quinza.review(record, **kwargs)
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "moves": len(review.moves),
            "searched": sum(m.kind != "forced" for m in review.moves),
            "solved": sum(m.hindsight_value is not None for m in review.moves)}


def command_seconds(record: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(record)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "quinza", "review", path], check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - started


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="escoba")
    p.add_argument("--matches", type=int, default=5)
    p.add_argument("--bots", default="ismcts:iterations=1000,greedy")
    p.add_argument("--json", metavar="OUT", default=None)
    p.add_argument("--quick", action="store_true", help="a smoke run: one match")
    args = p.parse_args()
    matches = 1 if args.quick else args.matches
    rows: List[Dict[str, Any]] = []
    for seed in range(1, matches + 1):
        record = played(args.rules, args.bots, seed).record()
        row = timed(record)
        row["fair_only_seconds"] = timed(record, hindsight=0)["seconds"]
        row["command_seconds"] = command_seconds(record)
        row["seed"] = seed
        rows.append(row)
        print(f"match {seed}: {row['moves']} moves ({row['searched']} searched, {row['solved']} solved in hindsight): "
              f"{row['seconds']:.2f} s (fair alone {row['fair_only_seconds']:.2f} s; the command "
              f"{row['command_seconds']:.2f} s)", flush=True)
    worst = max(r["seconds"] for r in rows)
    summary = {
        "rules": args.rules, "bots": args.bots, "review_bot": _review.DEFAULT_BOT,
        "hindsight_nodes": _review.HINDSIGHT_NODES, "matches": rows,
        "median_seconds": statistics.median(r["seconds"] for r in rows), "slowest_seconds": worst,
        "slowest_command_seconds": max(r["command_seconds"] for r in rows),
        "target_seconds": TARGET_SECONDS, "load_average": os.getloadavg(), "machine": platform.machine(),
        "cpus": os.cpu_count(), "quinza": quinza.__version__,
    }
    print(f"median {summary['median_seconds']:.2f} s, slowest {worst:.2f} s a match "
          f"(the command: slowest {summary['slowest_command_seconds']:.2f} s); target {TARGET_SECONDS:g} s: "
          f"{'met' if worst <= TARGET_SECONDS else 'NOT met'}; load {os.getloadavg()[0]:.1f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
