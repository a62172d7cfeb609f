"""The rules lab's whole report for one rule set, timed: `quinza.analyze` at the greedy level
(or `--level`, such as net) with its defaults (40,000 matches a figure), the HTML with its
plots and the JSON written.

    python benches/analyze.py [--rules escoba] [--level net] [--set opening_capture=false ...]
                              [--games N] [--json OUT] [--quick]

The bar (docs/reference/study.md "The rules lab"): the whole report in at most 10
minutes on a 2-core machine, with seat win-rate intervals within +-0.5 percentage points
(a 95% Wilson interval of a rate near a half needs about 1.96^2 / (4 * 0.005^2) = 38,415
matches). Prints the seconds of each part, the widest seat interval and whether both
targets are met; `--quick` is a smoke run of 500 matches.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any, Dict, List

import quinza

DEFAULT_SETS = {"escoba": ["opening_capture=false", "setenta=sum", "escoba_on_last_card=true"]}
MOST_SECONDS = 600.0
MOST_HALF_WIDTH = 0.005


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rules", default="escoba")
    p.add_argument("--level", default="greedy")
    p.add_argument("--set", dest="sets", action="append", default=None)
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--json", default=None)
    p.add_argument("--quick", action="store_true")
    args = p.parse_args()
    sets = DEFAULT_SETS.get(args.rules, []) if args.sets is None else args.sets
    games = args.games or (500 if args.quick else None)
    parts: List[Dict[str, Any]] = []
    last = [time.perf_counter()]

    def progress(text: str) -> None:
        now = time.perf_counter()
        parts.append({"part": text, "began": now - began})
        print(f"{now - began:7.1f} s  {text}", flush=True)
        last[0] = now

    began = time.perf_counter()
    report = quinza.analyze(args.rules, sets=sets, level=args.level, games=games, seed=args.seed,
                            threads=args.threads, duplicates=50 if args.quick else None, progress=progress)
    figures = time.perf_counter() - began
    with tempfile.TemporaryDirectory() as folder:
        report.write_html(os.path.join(folder, "lab.html"))
        report.write_json(os.path.join(folder, "lab.json"))
    total = time.perf_counter() - began
    seats = report.data["seats"]["win_rate_by_position"]
    half = max((w["high"] - w["low"]) / 2 for w in seats)
    print(report)
    print(f"\n{args.rules} at {args.level}: {report.data['games']:,} matches a figure, {len(sets)} option variants; "
          f"figures {figures:.1f} s, with the HTML and JSON {total:.1f} s (target {MOST_SECONDS:.0f} s: "
          f"{'met' if total <= MOST_SECONDS else 'NOT met'}); widest seat win-rate interval +-{100 * half:.2f} "
          f"points (target +-0.50: {'met' if half <= MOST_HALF_WIDTH else 'NOT met'}); {os.cpu_count()} cores")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"rules": args.rules, "level": args.level, "sets": sets, "games": report.data["games"], "seconds": total,
                       "figures_seconds": figures, "parts": parts, "seat_half_width": half,
                       "cores": os.cpu_count()}, out, indent=2)


if __name__ == "__main__":
    main()
