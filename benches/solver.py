"""Speed of the open-hand solver (`quinza.solve`, the Rust core), JSON out:

- every 2-player position once the stock is spent (the last 6 cards of a deal, along
  random play), per fifteen rule set: average and distribution of µs a solve;
- whole open 2-player quinza and escoba deals solved from their first move, and quinte
  deals from the first lead (after four passes) and from later tricks: median and
  distribution of seconds, nodes a second, for each of `--moves` (`all`: every move
  valued; `best`: the best move alone) on each of `--threads`, keyed "all/1",
  "best/2", ..., each deal solved in every way one after the other (so that the ways
  meet the same load). A quinte solve that reaches `--quinte-limit` seconds is counted
  as timed out; `median_seconds_every_deal` counts it slower than any solved (the other
  distributions are of the solved deals alone).

    python benches/solver.py [--deals 30] [--quinte-deals 3] [--quinte-limit 10] [--moves all,best] [--threads 1,2] [--out solver.json]

Timings are from Python (one call each, the binding's cost included).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, Dict, List, Tuple

import quinza


def distribution(xs: List[float]) -> Dict[str, float]:
    xs = sorted(xs)
    at = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]  # noqa: E731
    return {"n": len(xs), "mean": statistics.fmean(xs), "min": xs[0], "p10": at(0.1), "p25": at(0.25),
            "median": statistics.median(xs), "p75": at(0.75), "p90": at(0.9), "max": xs[-1]}


def timed(game: Any, **kw: Any) -> Dict[str, Any]:
    t = time.perf_counter()
    try:
        s = quinza.solve(game, **kw)
    except ValueError as e:
        return {"seconds": time.perf_counter() - t, "nodes": None, "error": str(e)}
    return {"seconds": time.perf_counter() - t, "nodes": s.nodes, "value": s.value}


def stock_spent(name: str, deals: int) -> Dict[str, Any]:
    rng = random.Random(1)
    times, nodes = [], []
    for seed in range(deals):
        g = quinza.Game(name, seed=seed)
        while g.deal_number == 1 and g.turn is not None:
            if g.stock == 0:
                r = timed(g)
                times.append(r["seconds"] * 1e6)
                nodes.append(r["nodes"])
            g.play(rng.choice(g.legal_moves()))
    return {"positions": len(times), "us": distribution(times), "nodes_mean": statistics.fmean(nodes)}


def whole_deals(games: List[Any], ways: List[Tuple[str, int]], **kw: Any) -> Dict[str, Any]:
    """Each game solved each way (moves, threads) in turn: one summary per way."""
    runs = [[timed(g, moves=m, threads=t, **kw) for m, t in ways] for g in games]
    return {f"{m}/{t}": summary([r[i] for r in runs]) for i, (m, t) in enumerate(ways)}


def summary(runs: List[Dict[str, Any]]) -> Dict[str, Any]:
    done = [r for r in runs if r["nodes"] is not None]
    out: Dict[str, Any] = {"deals": len(runs), "solved": len(done), "timed_out": len(runs) - len(done)}
    # The median over every deal, one timed out counted as slower than any solved (None
    # when the median is such a deal): the medians below are of the solved deals alone.
    every = sorted(r["seconds"] for r in done) + [float("inf")] * (len(runs) - len(done))
    middle = statistics.median(every) if every else float("inf")
    out["median_seconds_every_deal"] = None if middle == float("inf") else middle
    if done:
        out["seconds"] = distribution([r["seconds"] for r in done])
        out["nodes"] = distribution([float(r["nodes"]) for r in done])
        out["nodes_per_second"] = sum(r["nodes"] for r in done) / sum(r["seconds"] for r in done)
    return out


def quinte_from(seed: int, tricks_left: int) -> Any:
    """A quinte deal after four passes, played at random until `tricks_left` tricks are left."""
    rng = random.Random(seed)
    g = quinza.Game("quinte", seed=seed)
    for _ in range(4):
        g.play("pass")
    while sum(len(g.hand(s)) for s in range(4)) > 4 * tricks_left:
        g.play(rng.choice(g.legal_moves()))
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--spent-deals", type=int, default=300)
    ap.add_argument("--quinte-deals", type=int, default=3)
    ap.add_argument("--quinte-limit", type=float, default=10.0)
    ap.add_argument("--moves", default="all,best", help="what solve gives: all, best or both (all,best)")
    ap.add_argument("--threads", default="1,2", help="the threads of each solve, one run each (1,2)")
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    ways = [(m, int(t)) for m in a.moves.split(",") for t in a.threads.split(",")]
    result: Dict[str, Any] = {"backend": quinza.BACKEND, "stock_spent_2p": {}, "whole_deals_2p": {}, "quinte": {}}
    for name in ("quinza", "rb3ine", "escoba"):
        result["stock_spent_2p"][name] = stock_spent(name, a.spent_deals)
    for name in ("quinza", "escoba"):
        games = [quinza.Game(name, seed=s) for s in range(a.deals)]
        result["whole_deals_2p"][name] = whole_deals(games, ways)
    for left in (4, 6, 8, 10, 12):
        games = [quinte_from(s, left) for s in range(a.quinte_deals if left == 12 else 6)]
        result["quinte"][f"{left}_tricks_left"] = whole_deals(games, ways, time_limit=a.quinte_limit)
    text = json.dumps(result, indent=2)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
