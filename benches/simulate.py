"""Simulation speed, side by side in one run, written as JSON.

    python benches/simulate.py [--out bench-simulate.json] [--quick]

Measured in the same process, best of a few repeats each (the machine may be shared:
compare ratios within one run):
1. batch simulation (`quinza.simulate`, the matches played inside Rust): matches, deals and
   moves per second for every rule set with random and greedy bots, on 1 and 2 threads;
2. random playouts driven move by move from Python (`legal_moves()`, pick, `play()`) over
   the Rust core and over the pure-Python reference;
3. the outside yardstick, OpenSpiel (`pip install open-spiel`, bench only): random playouts
   of hearts and euchre driven from Python the same way, and played by its C++
   `evaluate_bots` with uniform random bots.

A move is a player's decision: a card played (and, in quinte, a bid). OpenSpiel's
chance actions (dealing) are not counted as moves, just as dealing is not a move here;
its figure for `evaluate_bots` uses the average number of decisions per game measured in
the Python-driven playouts of the same game with the same uniform random play.

The core target and the thread scaling are measured apart first: 1 and 2 threads in turns,
best of many short runs (a load that comes and goes on a shared machine hits both alike).

Targets checked at the end (docs/reference/simulation.md "Simulation"): the core plays at least 10 M
random 2-player quinza moves per second on one thread; 2 threads give at least 1.8 x one;
a Python-driven playout over the Rust core makes at least 1.5 x the moves per second of
the same loop over OpenSpiel; batch simulation makes at least 2.5 x the moves per second
of OpenSpiel's C++ random playouts.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from typing import Any, Callable, Dict, List, Tuple

import quinza
import quinza.reference as ref

RULE_SETS = [("quinza", 2), ("quinza", 4), ("rb3ine", 2), ("rb3ine", 4), ("escoba", 2), ("escoba", 4), ("quinte", 4)]


def best_of(repeats: int, work: Callable[[], Dict[str, float]]) -> Dict[str, float]:
    """The run with the least wall time among `repeats`: its counts and rates."""
    best: Dict[str, float] = {}
    for _ in range(repeats):
        start = time.perf_counter()
        counts = work()
        took = time.perf_counter() - start
        if not best or took < best["seconds"]:
            best = {"seconds": took, **counts}
    for key in list(best):
        if key != "seconds":
            best[f"{key}_per_second"] = best[key] / best["seconds"]
    return best


def batch(games: int, repeats: int) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for name, players in RULE_SETS:
        rules = quinza.Rules(name, players=players)
        for bots in ("random", "greedy"):
            for threads in (1, 2):

                def work() -> Dict[str, float]:
                    r = quinza.simulate(rules, games, bots=bots, seed=1, threads=threads, arrays=False)
                    s = r.summary
                    return {"matches": s["games"], "deals": s["deals"], "moves": s["moves"]}

                out[f"{name}_{players}p_{bots}_{threads}t"] = best_of(repeats, work)
    return out


def scaling(games: int, repeats: int) -> Dict[str, Any]:
    """The core target and the thread scaling: random 2-player quinza on 1 thread (on each
    core in turn, where the system lets a thread be pinned) and on 2 threads, measured in
    turns so that a passing load on the machine hits all alike; the best of each.

    The cores of a shared virtual machine are not always equal: one may run a third
    slower than the other for minutes. So beside 2 threads over the best single thread
    (the target), the efficiency compares 2 threads with the two cores' single-thread
    rates added: 1.0 is perfect scaling whatever the cores are worth.

    The target compares the bests. The efficiency is the median over the rounds of the
    ratio within a round, as is the median of 2 threads over the faster core's single
    thread: within a round the two cores often differ, which caps that ratio below 2
    whatever the engine does."""
    rules = quinza.Rules("quinza")
    quinza.simulate(rules, 2_000, seed=2, arrays=False)  # warm up: code, pages, threads
    everywhere = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    cores: List[Any] = sorted(everywhere)[:2] if len(everywhere) >= 2 else [None]
    best: Dict[Any, Dict[str, float]] = {}

    def work(threads: int) -> Dict[str, float]:
        s = quinza.simulate(rules, games, bots="random", seed=1, threads=threads, arrays=False).summary
        return {"matches": s["games"], "deals": s["deals"], "moves": s["moves"]}

    ratios: List[float] = []
    efficiencies: List[float] = []
    for _ in range(repeats):
        rate: Dict[Any, float] = {}
        for where in [*cores, "2t"]:
            if where not in (None, "2t"):
                os.sched_setaffinity(0, {where})
            try:
                run = best_of(1, lambda: work(2 if where == "2t" else 1))
            finally:
                if everywhere:
                    os.sched_setaffinity(0, everywhere)
            rate[where] = run["moves_per_second"]
            if where not in best or run["seconds"] < best[where]["seconds"]:
                best[where] = run
        ratios.append(rate["2t"] / max(rate[c] for c in cores))
        if cores != [None]:
            efficiencies.append(rate["2t"] / sum(rate[c] for c in cores))
    one = max((best[c] for c in cores), key=lambda r: r["moves_per_second"])
    out: Dict[str, Any] = {
        "quinza_2p_random_1t": one,
        "quinza_2p_random_2t": best["2t"],
        "repeats": repeats,
        "median_2t_over_1t": statistics.median(ratios),
    }
    if efficiencies:
        out["quinza_2p_random_1t_per_core"] = {str(c): best[c] for c in cores}
        out["efficiency_2t_over_both_cores_alone"] = statistics.median(efficiencies)
    return out


def python_playouts(backend: Any, matches: int) -> Dict[str, float]:
    moves = 0
    for seed in range(matches):
        g = backend.Game(backend.Rules("quinza"), seed=seed)
        pick = backend.Random(seed)
        while not g.is_over:
            legal = g.legal_moves()
            g.play(legal[pick.below(len(legal))])
            moves += 1
    return {"matches": matches, "moves": moves}


def openspiel_python(game_name: str, matches: int) -> Dict[str, float]:
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(1)
    moves = actions = 0
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
            actions += 1
    return {"matches": matches, "moves": moves, "actions": actions}


def openspiel_cpp(game_name: str, matches: int, moves_per_match: float) -> Dict[str, float]:
    import pyspiel

    game = pyspiel.load_game(game_name)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    for i in range(matches):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
    return {"matches": matches, "moves": matches * moves_per_match}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench-simulate.json")
    parser.add_argument("--quick", action="store_true", help="a smaller run, for a smoke test")
    args = parser.parse_args()
    games, py_matches, os_matches, repeats = (2_000, 3, 20, 1) if args.quick else (40_000, 30, 300, 3)

    results: Dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(),
            "load_average_before": os.getloadavg(),
        },
        "work": {"batch_games": games, "python_playout_matches": py_matches, "openspiel_matches": os_matches},
    }
    # Many shorter runs: a quiet moment on a shared machine is more often short than long
    # (not too short: the fixed cost of a call, threads and chunks, would show in 2 threads).
    results["scaling"] = scaling(max(games // 4, 1_000), 5 * repeats)
    results["batch"] = batch(games, repeats)
    results["python_driven"] = {
        "rust": best_of(repeats, lambda: python_playouts(quinza, py_matches)),
        "reference": best_of(max(1, repeats - 1), lambda: python_playouts(ref, max(1, py_matches // 10))),
    }
    try:
        import pyspiel  # noqa: F401

        spiel: Dict[str, Any] = {}
        for game_name in ("hearts", "euchre"):
            py = best_of(repeats, lambda: openspiel_python(game_name, os_matches))
            per_match = py["moves"] / py["matches"]
            cpp = best_of(repeats, lambda: openspiel_cpp(game_name, os_matches * 10, per_match))
            spiel[game_name] = {"python_driven": py, "cpp_evaluate_bots": cpp, "moves_per_match": per_match}
        results["openspiel"] = spiel
    except ImportError as error:
        results["openspiel"] = {"unavailable": str(error)}
    results["machine"]["load_average_after"] = os.getloadavg()
    results["targets"] = targets(results)
    with open(args.out, "w") as out:
        json.dump(results, out, indent=2)
    report(results)
    print(f"written to {args.out}")


def targets(r: Dict[str, Any]) -> Dict[str, Any]:
    b = r["batch"]
    one = r["scaling"]["quinza_2p_random_1t"]["moves_per_second"]
    two_over_one = r["scaling"]["quinza_2p_random_2t"]["moves_per_second"] / one  # of the bests
    t: Dict[str, Any] = {
        "core_random_quinza_2p_moves_per_second_1_thread": {"value": one, "target": 10e6, "met": one >= 10e6},
        "two_threads_over_one": {"value": two_over_one, "target": 1.8, "met": two_over_one >= 1.8},
    }
    eff = r["scaling"].get("efficiency_2t_over_both_cores_alone")
    if eff is not None:  # the same target where the two cores are equal: 1.8 / 2
        t["two_threads_over_both_cores_alone"] = {"value": eff, "target": 0.9, "met": eff >= 0.9}
    spiel = r.get("openspiel", {})
    if "hearts" in spiel:
        rust_py = r["python_driven"]["rust"]["moves_per_second"]
        for g in ("hearts", "euchre"):
            py = spiel[g]["python_driven"]["moves_per_second"]
            cpp = spiel[g]["cpp_evaluate_bots"]["moves_per_second"]
            t[f"python_driven_rust_over_openspiel_{g}"] = {"value": rust_py / py, "target": 1.5, "met": rust_py / py >= 1.5}
            for threads in (1, 2):
                batch_rate = r["scaling"][f"quinza_2p_random_{threads}t"]["moves_per_second"]
                t[f"batch_{threads}t_over_openspiel_cpp_{g}"] = {
                    "value": batch_rate / cpp, "target": 2.5, "met": batch_rate / cpp >= 2.5,
                }
    return t


def report(r: Dict[str, Any]) -> None:
    sc = r["scaling"]
    print(f"random 2-player quinza, best of {sc['repeats']} in turns (moves/s): "
          f"1 thread {sc['quinza_2p_random_1t']['moves_per_second']:,.0f}, "
          f"2 threads {sc['quinza_2p_random_2t']['moves_per_second']:,.0f}")
    for core, v in sc.get("quinza_2p_random_1t_per_core", {}).items():
        print(f"  1 thread pinned to core {core}: {v['moves_per_second']:,.0f}")
    print(f"  2 threads over 1, median of the rounds: {sc['median_2t_over_1t']:.2f}")
    if "efficiency_2t_over_both_cores_alone" in sc:
        print(f"  2 threads over both cores alone added, median of the rounds: "
              f"{sc['efficiency_2t_over_both_cores_alone']:.2f}")
    print(f"{'batch simulation':36}{'matches/s':>14}{'deals/s':>14}{'moves/s':>16}")
    for key, v in r["batch"].items():
        print(f"  {key:34}{v['matches_per_second']:14,.0f}{v['deals_per_second']:14,.0f}{v['moves_per_second']:16,.0f}")
    print("random playouts driven from Python (moves/s)")
    for key, v in r["python_driven"].items():
        print(f"  quinza 2p over {key:20}{v['moves_per_second']:16,.0f}")
    for g, v in r.get("openspiel", {}).items():
        if isinstance(v, dict) and "python_driven" in v:
            print(f"  openspiel {g:25}{v['python_driven']['moves_per_second']:16,.0f}")
            print(f"  openspiel {g} C++ evaluate_bots {v['cpp_evaluate_bots']['moves_per_second']:15,.0f}")
    print("targets")
    for key, v in r["targets"].items():
        print(f"  {key:52} {v['value']:14,.2f}  (target {v['target']:,})  {'met' if v['met'] else 'NOT met'}")


if __name__ == "__main__":
    main()
