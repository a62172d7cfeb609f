"""Search speed: our ISMCTS iterations a second beside OpenSpiel's ISMCTS, in one run; JSON out.

- ours: `quinza.bot("ismcts", iterations=N)` called on the positions of 2-player escoba
  and of 4-player quinte card play (the doubling bids are played by greedy, untimed);
- OpenSpiel: `pyspiel.ISMCTSBot(seed, RandomRolloutEvaluator(1, seed), uct_c, N)` (one
  random rollout an iteration, to the end of the deal) on hearts card play
  (`hearts(pass_cards=false)`) and bridge card play
  (`bridge(use_double_dummy_result=false)`, the auction forced to 1NT and three passes).

Every seat plays with the search bot; a position with a single legal move is played
without timing it (our bot does not search there). Iterations a second = N * timed moves
/ seconds spent in those moves (one thread each). The games go in rounds, ours and
OpenSpiel's in turns, and each figure is the best round (a shared machine is noisy:
compare within one run). OpenSpiel runs in a child process, so that a crash in its C++
is counted and the run goes on with a new seed: `hearts` ISMCTS in open_spiel 2.0.2 can
crash in a rollout, as HeartsState::ResampleFromInfostate ignores the suits a player has
shown void in (a sampled world may leave a player no legal move).

The solver's figures (benches/solver.py) come too: µs a solve once the stock is spent,
and whole open 2-player escoba deals, nodes a second.

    python benches/search_speed.py [--iterations 1000] [--moves 100] [--rounds 2]
        [--json search_speed.json] [--quick] [--no-solver]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import subprocess
import sys
import time
from typing import Any, Dict, List, Optional

import quinza

OPENSPIEL_GAMES = {
    "hearts": "hearts(pass_cards=false)",
    "bridge": "bridge(use_double_dummy_result=false)",
}
ROLLOUTS = ("random", "greedy")
OURS = {"escoba 2p": ("escoba", 2), "quinte 4p": ("quinte", 4)}
BRIDGE_PASS, BRIDGE_1NT = 52, 59  # pyspiel bridge action ids of the auction


# -- ours ------------------------------------------------------------------------------------


def ours(name: str, players: int, iterations: int, c: float, moves: int, seed: int, rollout: str) -> Dict[str, Any]:
    """Time our ISMCTS on `moves` positions with more than one legal move, self-play."""
    if "ismcts" not in quinza.BOT_NAMES:
        return {"skipped": f"ismcts is not in this build of quinza (BOT_NAMES: {', '.join(quinza.BOT_NAMES)})"}
    params: Dict[str, Any] = {"iterations": iterations, "c": c, "rollout": rollout}
    try:
        bot = quinza.bot("ismcts", seed=seed, **params)
    except (TypeError, ValueError) as error:
        return {"skipped": f"quinza.bot('ismcts', iterations={iterations}, c={c}) refused: {error}"}
    greedy = quinza.bot("greedy")
    rules = quinza.Rules(name, players=players)
    timed = 0
    seconds = 0.0
    game_seed = seed
    while timed < moves:
        game = quinza.Game(rules, seed=game_seed)
        game_seed += 1
        while not game.is_over and timed < moves:
            if getattr(game, "phase", "play") != "play":
                game.play(greedy(game))  # quinte's bids: card play is what is compared
                continue
            if len(game.legal_moves()) == 1:
                game.play(bot(game))
                continue
            t = time.perf_counter()
            move = bot(game)
            seconds += time.perf_counter() - t
            game.play(move)
            timed += 1
    return rates(iterations, timed, seconds)


def rates(iterations: int, timed: int, seconds: float) -> Dict[str, Any]:
    return {"iterations_per_move": iterations, "moves": timed, "seconds": seconds,
            "ms_per_move": 1000 * seconds / timed if timed else math.nan,
            "iterations_per_second": iterations * timed / seconds if seconds > 0 else math.nan}


# -- OpenSpiel, in a child process -------------------------------------------------------------------


def openspiel_child(game_key: str, iterations: int, c: float, moves: int, seed: int) -> None:
    """Play and print one JSON line a timed move: {"seconds": ...}."""
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAMES[game_key])
    rng = random.Random(seed)
    bots = [pyspiel.ISMCTSBot(seed + p, pyspiel.RandomRolloutEvaluator(1, seed + p), c, iterations, -1,
                              pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
            for p in range(game.num_players())]
    timed = 0
    while timed < moves:
        state = game.new_initial_state()
        bids = 0
        while not state.is_terminal() and timed < moves:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if game_key == "bridge" and BRIDGE_PASS in legal and bids < 4:
                # the auction: 1NT and three passes, so that card play begins at once
                state.apply_action(BRIDGE_1NT if bids == 0 else BRIDGE_PASS)
                bids += 1
                continue
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            t = time.perf_counter()
            action = bots[state.current_player()].step(state)
            took = time.perf_counter() - t
            state.apply_action(action)
            timed += 1
            print(json.dumps({"seconds": took, "legal": len(legal)}), flush=True)


def openspiel(game_key: str, iterations: int, c: float, moves: int, seed: int) -> Dict[str, Any]:
    try:
        import pyspiel  # noqa: F401
    except ImportError as error:
        return {"skipped": f"OpenSpiel is not installed ({error}): pip install open_spiel"}
    times: List[float] = []
    crashes: List[Dict[str, Any]] = []
    for attempt in range(8 + moves // 2):  # hearts crashes every few moves: enough restarts
        if len(times) >= moves:
            break
        child_seed = seed + 1000 * attempt
        proc = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--openspiel-child", game_key, "--iterations", str(iterations),
             "--c", str(c), "--moves", str(moves - len(times)), "--seed", str(child_seed)],
            capture_output=True, text=True,
        )
        got = [json.loads(line)["seconds"] for line in proc.stdout.splitlines() if line.startswith("{")]
        times += got
        if proc.returncode != 0:
            crashes.append({"seed": child_seed, "returncode": proc.returncode, "moves_before": len(got),
                            "stderr": proc.stderr.strip().splitlines()[-1:] if proc.stderr.strip() else []})
    out = rates(iterations, len(times), sum(times))
    out["game"] = OPENSPIEL_GAMES[game_key]
    out["crashes"] = crashes
    if not times:
        out["skipped"] = f"OpenSpiel's ISMCTS on {OPENSPIEL_GAMES[game_key]} crashed before any move {len(crashes)} times"
    return out


# -- the solver ----------------------------------------------------------------------------------------


def solver_figures(deals: int) -> Dict[str, Any]:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import solver  # benches/solver.py

    games = [quinza.Game(quinza.Rules("escoba"), seed=s) for s in range(deals)]
    return {"escoba_2p_stock_spent": solver.stock_spent("escoba", deals),
            # One way: the best move, on one thread (benches/solver.py times the others).
            "escoba_2p_whole_deals": solver.whole_deals(games, [("best", 1)])["best/1"]}


# -- the run ----------------------------------------------------------------------------------------------


def best(runs: List[Dict[str, Any]]) -> Dict[str, Any]:
    ok = [r for r in runs if "skipped" not in r and r["moves"]]
    if not ok:
        return runs[-1]
    top = dict(max(ok, key=lambda r: r["iterations_per_second"]))
    top["rounds"] = [r["iterations_per_second"] for r in ok]
    top["crashes"] = [c for r in runs for c in r.get("crashes", [])]
    return top


def show(label: str, r: Dict[str, Any]) -> str:
    if "skipped" in r:
        return f"  {label:<64}skipped: {r['skipped']}"
    crashed = f"   ({len(r['crashes'])} crashes, restarted)" if r.get("crashes") else ""
    return (f"  {label:<64}{r['iterations_per_move']:>8}{r['moves']:>7}{r['ms_per_move']:>11.2f}"
            f"{r['iterations_per_second']:>14,.0f}{crashed}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=None, help="iterations (simulations) a move (default 1000; --quick 200)")
    ap.add_argument("--c", type=float, default=0.7, help="exploration constant of both (ours: c, OpenSpiel: uct_c)")
    ap.add_argument("--moves", type=int, default=None, help="timed moves a game a round (default 100; --quick 6)")
    ap.add_argument("--rounds", type=int, default=None, help="rounds in turns, the best kept (default 2; --quick 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solver-deals", type=int, default=None, help="deals for the solver's figures (default 10; --quick 2)")
    ap.add_argument("--no-solver", action="store_true")
    ap.add_argument("--json", metavar="OUT", default=None)
    ap.add_argument("--quick", action="store_true", help="a smoke run")
    ap.add_argument("--openspiel-child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    q = args.quick
    iterations = args.iterations or (200 if q else 1000)
    moves = args.moves or (6 if q else 100)
    rounds = args.rounds or (1 if q else 2)
    if args.openspiel_child:
        openspiel_child(args.openspiel_child, iterations, args.c, moves, args.seed)
        return

    results: Dict[str, Any] = {
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine(),
                    "cpus": os.cpu_count(), "load_average_before": os.getloadavg()},
        "args": {"iterations": iterations, "c": args.c, "moves": moves, "rounds": rounds, "seed": args.seed},
        "bot_names": list(quinza.BOT_NAMES),
    }
    try:
        import pyspiel  # noqa: F401
        import importlib.metadata as md

        results["open_spiel_version"] = md.version("open_spiel")
    except Exception as error:  # not installed: that part is skipped, said below
        results["open_spiel_version"] = None
        print(f"OpenSpiel unavailable: {error}")
    runs: Dict[str, List[Dict[str, Any]]] = {}
    for r in range(rounds):
        for label, (name, players) in OURS.items():
            # Random playouts are OpenSpiel's (like for like); greedy ones are our default.
            for rollout in ROLLOUTS:
                key = f"ours {label}, {rollout} playouts"
                print(f"round {r + 1}: {key} ...", file=sys.stderr, flush=True)
                runs.setdefault(key, []).append(ours(name, players, iterations, args.c, moves, args.seed + r, rollout))
        for key in OPENSPIEL_GAMES:
            print(f"round {r + 1}: OpenSpiel, {key} ...", file=sys.stderr, flush=True)
            runs.setdefault(f"openspiel {key}", []).append(openspiel(key, iterations, args.c, moves, args.seed + r))
    results["ismcts"] = {k: best(v) for k, v in runs.items()}
    ratios: Dict[str, Optional[float]] = {}
    for a in (f"{label}, {rollout} playouts" for label in OURS for rollout in ROLLOUTS):
        for b in OPENSPIEL_GAMES:
            x, y = results["ismcts"][f"ours {a}"], results["ismcts"][f"openspiel {b}"]
            ok = "skipped" not in x and "skipped" not in y
            ratios[f"ours {a} / openspiel {b}"] = x["iterations_per_second"] / y["iterations_per_second"] if ok else None
    results["ratios"] = ratios
    if not args.no_solver:
        print("the solver ...", file=sys.stderr, flush=True)
        results["solver"] = solver_figures(args.solver_deals or (2 if q else 10))
    results["machine"]["load_average_after"] = os.getloadavg()

    print(f"ISMCTS, one thread, every seat searching; best of {rounds} round(s) in turns; c = {args.c}")
    print(f"  {'':<64}{'iter/mv':>8}{'moves':>7}{'ms/move':>11}{'iter/second':>14}")
    for key, r in results["ismcts"].items():
        label = key if key.startswith("ours") else f"{key} ({OPENSPIEL_GAMES[key.split()[1]]})"
        print(show(label, r))
    print("ratios of iterations a second")
    for key, v in ratios.items():
        print(f"  {key:<64}{'-' if v is None else f'{v:.2f}'}")
    if "solver" in results:
        s = results["solver"]
        sp, wd = s["escoba_2p_stock_spent"], s["escoba_2p_whole_deals"]
        print("solver (quinza.solve), escoba 2 players")
        print(f"  once the stock is spent: {sp['positions']} positions, mean {sp['us']['mean']:.1f} µs, "
              f"median {sp['us']['median']:.1f} µs")
        if wd["solved"]:
            print(f"  whole open deals from the first move: {wd['solved']} of {wd['deals']}, median "
                  f"{wd['seconds']['median']:.3f} s, max {wd['seconds']['max']:.3f} s, {wd['nodes_per_second']:,.0f} nodes/s")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(jsonable(results), out, indent=2)
        print(f"written to {args.json}")


def jsonable(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    return x


if __name__ == "__main__":
    main()
