"""Strength of the bots: a seat-swapped tournament on the same deals, JSON out.

For a pair "A vs B" and a rule set, `quinza.simulate` plays N matches with A on side 0
and B on side 1 (4 players: A at seats 0 and 2, B at 1 and 3), then the same N match
seeds with the sides swapped. Match i's deals depend only on match_seed(seed, i), so
both halves see the same deals and the luck of the cards cancels out pair by pair.

Per pair it reports:
- A's match win rate over the 2N matches, a draw counted as half a win, with a 95%
  Wilson score interval (k = wins + draws / 2 of n = 2N); and, beside it, the paired
  interval: the mean over the N seeds of A's result on that seed's two matches.
- A's points per deal minus B's: per match the mean over its deals of (A's points - B's),
  the two matches of a seed averaged into one sample, then the mean of the N samples
  with a 95% normal interval (paired). The mean over all deals as one sample (deals
  taken as independent: narrower and less honest) is in the JSON too.
- ms per move of each bot: the bot against itself, `simulate(..., threads=1)` over
  --time-games matches, wall time divided by the moves played (the Rust path the
  tournament uses, one thread; a shared machine makes it move by a quarter).

    python benches/strength.py [--rules escoba,quinte,escoba:4] [--games 100]
        [--pairs "ismcts:iterations=1000 vs greedy; best vs pimc:worlds=32,depth=0,exact=0"]
        [--seed 1] [--threads 2] [--json strength.json] [--quick]

A bot is `name` or `name:key=value,...` (the parameters of `quinza.bot(name, ...)`);
`best` is the search bot (pimc or ismcts, other than the plain PIMC baseline) that did
best against greedy in that rule set, by points per deal. A bot not in this build of
quinza (`quinza.BOT_NAMES`) skips its pairs with a line saying so.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

import quinza
from quinza.stats import Z95, wilson  # the summary's own interval

SEARCH_BOTS = tuple(quinza.SEARCH_BOTS)
PLAIN_PIMC = "pimc:worlds=32,depth=0,exact=0"
DEFAULT_RULES = "quinza,rb3ine,escoba,quinte,escoba:4,quinza:4"
DEFAULT_PAIRS = [
    "greedy vs random",
    "pimc vs greedy",
    "pimc:worlds=1024 vs greedy",
    "ismcts vs greedy",
    "ismcts:iterations=2000 vs greedy",
    f"{PLAIN_PIMC} vs greedy",
    f"best vs {PLAIN_PIMC}",
]


class Skip(Exception):
    """A pair that cannot be played in this build (a bot missing or refused)."""


# -- specs ------------------------------------------------------------------------------------


def parse_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def parse_bot(spec: str) -> Tuple[str, Dict[str, Any]]:
    """'ismcts:iterations=1000,c=0.7' -> ('ismcts', {'iterations': 1000, 'c': 0.7})."""
    name, _, rest = spec.strip().partition(":")
    params: Dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise SystemExit(f"bad bot parameter {item!r} in {spec!r}: write key=value")
        params[key.strip()] = parse_value(value.strip())
    return name.strip(), params


def bot_label(spec: str) -> str:
    name, params = parse_bot(spec)
    return name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")


def parse_pairs(texts: List[str]) -> List[Tuple[str, str]]:
    pairs = []
    for text in texts:
        for part in filter(None, (p.strip() for p in text.split(";"))):
            a, sep, b = part.partition(" vs ")
            if not sep:
                raise SystemExit(f"bad pair {part!r}: write 'A vs B'")
            pairs.append((bot_label(a), bot_label(b)))
    return pairs


def parse_rules(text: str, target: Optional[int]) -> List[Any]:
    out = []
    for item in filter(None, (r.strip() for r in text.split(","))):
        name, _, players = item.partition(":")
        kw: Dict[str, Any] = {"players": int(players)} if players else {}
        if target is not None:
            kw["target"] = target
        rules = quinza.Rules(name, **kw)
        if rules.sides != 2:
            raise SystemExit(f"{item}: a tournament of two bots needs two sides, not {rules.sides}")
        out.append(rules)
    return out


def rules_label(rules: Any) -> str:
    return f"{rules.name} {rules.players}p"


def make_bot(label: str) -> Any:
    name, params = parse_bot(label)
    if name not in quinza.BOT_NAMES:
        raise Skip(f"{name} is not in this build of quinza (BOT_NAMES: {', '.join(quinza.BOT_NAMES)})")
    try:
        return quinza.bot(name, seed=0, **params)
    except (TypeError, ValueError) as error:
        raise Skip(f"quinza.bot({name!r}, {', '.join(f'{k}={v!r}' for k, v in params.items())}) refused: {error}")


def bot_params(bot: Any) -> Dict[str, Any]:
    return dict(getattr(bot, "params", None) or {})


# -- figures ------------------------------------------------------------------------------------


def mean_interval(x: np.ndarray) -> Dict[str, float]:
    """A mean with its 95% normal interval (sample variance)."""
    n = len(x)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    mean = float(np.mean(x))
    half = Z95 * float(np.std(x, ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def a_results(result: Any, a_side: int) -> np.ndarray:
    """A's result in each match: 1 a win, 0.5 a draw, 0 a loss."""
    w = result.winner.astype(np.int64)
    return np.where(w == a_side, 1.0, np.where(w < 0, 0.5, 0.0))


def deal_diffs(result: Any, a_side: int) -> np.ndarray:
    """A's points minus B's in each deal, every match's deals one after the other."""
    pts = result.deal_points.astype(np.int64)
    return (pts[:, a_side] - pts[:, 1 - a_side]).astype(np.float64)


def per_match_mean(result: Any, values: np.ndarray) -> np.ndarray:
    deals = result.deals.astype(np.int64)
    sums = np.bincount(result.deal_match, weights=values, minlength=len(result))
    return sums / np.maximum(deals, 1)


def play_pair(rules: Any, a: Any, b: Any, games: int, seed: int, threads: Optional[int]) -> Dict[str, Any]:
    """N matches with A on side 0, the same N seeds with A on side 1, and the figures."""
    t = time.perf_counter()
    first = quinza.simulate(rules, games, bots=[a, b], seed=seed, threads=threads)
    second = quinza.simulate(rules, games, bots=[b, a], seed=seed, threads=threads)
    seconds = time.perf_counter() - t
    if not np.array_equal(first.first_dealer, second.first_dealer):
        print("  warning: the swapped half did not start from the same dealers", file=sys.stderr)
    r1, r2 = a_results(first, 0), a_results(second, 1)
    d1, d2 = deal_diffs(first, 0), deal_diffs(second, 1)
    m1, m2 = per_match_mean(first, d1), per_match_mean(second, d2)
    pts1, pts2 = first.deal_points.astype(np.int64), second.deal_points.astype(np.int64)
    a_points = np.concatenate([pts1[:, 0], pts2[:, 1]])
    b_points = np.concatenate([pts1[:, 1], pts2[:, 0]])
    wins = int((r1 == 1).sum() + (r2 == 1).sum())
    draws = int((r1 == 0.5).sum() + (r2 == 0.5).sum())
    moves = int(first.summary["moves"] + second.summary["moves"])
    return {
        "matches": 2 * games,
        "a_wins": wins,
        "draws": draws,
        "b_wins": 2 * games - wins - draws,
        "a_win_rate": {**wilson(wins + draws / 2, 2 * games), "method": "Wilson score, a draw half a win"},
        "a_win_rate_paired": {**mean_interval((r1 + r2) / 2), "method": "normal, mean over seeds of A's two matches"},
        "points_diff_per_deal": {**mean_interval((m1 + m2) / 2),
                                 "method": "normal, paired: per seed the mean of its two matches' per-deal A-B"},
        "points_diff_per_deal_all_deals": {**mean_interval(np.concatenate([d1, d2])),
                                           "method": "normal, every deal one sample"},
        "a_points_per_deal": float(a_points.mean()) if len(a_points) else math.nan,
        "b_points_per_deal": float(b_points.mean()) if len(b_points) else math.nan,
        "deals": int(len(d1) + len(d2)),
        "moves": moves,
        "seconds": seconds,
        "moves_per_second": moves / seconds if seconds > 0 else math.nan,
    }


def replays_in_python(rules: Any, label: str, result: Any) -> bool:
    """Match 0 of `result` played again move by move, each seat's bot made here with the
    label's parameters and its seat's seed: the same scores, deals and moves tell that
    simulate played the bot with those parameters (not a default one of its kind)."""
    name, params = parse_bot(label)
    m = quinza.match_seed(result.seed, 0)
    seats = [quinza.bot(name, seed=quinza.seat_seed(m, k), **params) for k in range(rules.players)]
    game = quinza.Game(rules, seed=m)
    moves = 0
    while game.turn is not None:  # None once the match is over
        game.play(seats[game.turn](game))
        moves += 1
    return (list(game.scores) == [int(x) for x in result.scores[0]] and len(game.deals) == int(result.deals[0])
            and moves == int(result.moves[0]))


def self_play_speed(rules: Any, label: str, bot: Any, games: int, seed: int) -> Dict[str, Any]:
    """The bot against itself on one thread: ms per move = wall time / moves."""
    result = quinza.simulate(rules, games, bots=[bot], seed=seed, threads=1)
    moves = int(result.summary["moves"])
    same = replays_in_python(rules, label, result)
    if not same:
        print(f"  WARNING: {label} in {rules_label(rules)}: simulate's match 0 is not the same match played in Python "
              f"with quinza.bot(name, seed=seat_seed(m, k), **params) at each seat: does simulate keep the bot's "
              f"parameters (and seed it by seat_seed)?", flush=True)
    return {"matches": games, "moves": moves, "seconds": result.seconds,
            "ms_per_move": 1000 * result.seconds / moves if moves else math.nan,
            "method": "bot vs itself, simulate threads=1, wall time / moves",
            "simulate_matches_python_replay": same}


# -- the run --------------------------------------------------------------------------------------


def is_search(label: str) -> bool:
    return parse_bot(label)[0] in SEARCH_BOTS


def run_rules(rules: Any, pairs: List[Tuple[str, str]], args: argparse.Namespace) -> Dict[str, Any]:
    out: Dict[str, Any] = {"rules": {"name": rules.name, "players": rules.players, "target": rules.target, **rules.options},
                           "pairs": [], "speed": {}, "skipped": []}
    bots: Dict[str, Any] = {}

    def get(label: str) -> Any:
        if label not in bots:
            try:
                bots[label] = make_bot(label)
            except Skip as skip:
                bots[label] = skip
        if isinstance(bots[label], Skip):
            raise bots[label]
        return bots[label]

    def speed(label: str) -> Dict[str, Any]:
        if label not in out["speed"]:
            out["speed"][label] = self_play_speed(rules, label, get(label), args.time_games, args.seed)
        return out["speed"][label]

    def best() -> str:
        # the search bot that took the most points per deal from greedy (not the baseline)
        done = [p for p in out["pairs"] if p["b"] == "greedy" and is_search(p["a"]) and p["a"] != PLAIN_PIMC]
        if not done:
            raise Skip("no search bot was played against greedy in this rule set, so there is no best one")
        return max(done, key=lambda p: p["points_diff_per_deal"]["mean"])["a"]

    print(f"\n== {rules.name}, {rules.players} players, target {rules.target}", flush=True)
    print(HEADER, flush=True)
    for a_label, b_label in pairs:
        shown = f"{a_label} vs {b_label}"
        try:
            if a_label == "best":
                a_label = best()
                shown = f"best ({a_label}) vs {b_label}"
            if b_label == "best":
                b_label = best()
                shown = f"{a_label} vs best ({b_label})"
            a, b = get(a_label), get(b_label)
        except Skip as skip:
            print(f"skipped {shown} in {rules_label(rules)}: {skip}", flush=True)
            out["skipped"].append({"pair": shown, "reason": str(skip)})
            continue
        print(f"{rules_label(rules)}: {shown}, {args.games} + {args.games} matches ...", file=sys.stderr, flush=True)
        figures = play_pair(rules, a, b, args.games, args.seed, args.threads)
        row = {"pair": shown, "a": a_label, "b": b_label, "a_params": bot_params(a), "b_params": bot_params(b), **figures}
        row["a_speed"], row["b_speed"] = speed(a_label), speed(b_label)
        out["pairs"].append(row)
        print(format_row(row), flush=True)
    return out


# -- text -----------------------------------------------------------------------------------------


def pct(d: Dict[str, float]) -> str:
    if d["rate"] != d["rate"]:
        return "-"
    return f"{100 * d['rate']:5.1f}% [{100 * d['low']:5.1f},{100 * d['high']:5.1f}]"


def interval(d: Dict[str, float]) -> str:
    if d["mean"] != d["mean"]:
        return "-"
    if d["low"] != d["low"]:
        return f"{d['mean']:+7.2f}"
    return f"{d['mean']:+7.2f} [{d['low']:+7.2f},{d['high']:+7.2f}]"


def ms(d: Dict[str, Any]) -> str:
    v = d["ms_per_move"]
    return f"{v:9.4f}" if v < 1 else f"{v:9.2f}"


HEADER = (f"{'pair (A vs B)':<66}{'A win rate [95% Wilson]':<26}{'A-B points/deal [95% paired]':<31}"
          f"{'ms/move A':>10}{'ms/move B':>10}{'matches':>8}{'s':>7}")


def format_row(row: Dict[str, Any]) -> str:
    return (f"{row['pair'][:65]:<66}{pct(row['a_win_rate']):<26}{interval(row['points_diff_per_deal']):<31}"
            f"{ms(row['a_speed']):>10}{ms(row['b_speed']):>10}{row['matches']:>8}{row['seconds']:7.1f}")


def jsonable(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.generic):
        return x.item()
    return x


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=DEFAULT_RULES, help=f"rule sets, name or name:players (default {DEFAULT_RULES})")
    ap.add_argument("--games", type=int, default=None, help="matches a side per pair (default 100; --quick 4)")
    ap.add_argument("--pairs", action="append", default=None,
                    help="'A vs B' pairs separated by ';' (may be repeated); default: the tournament list")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=None, help="threads of simulate (default: every core)")
    ap.add_argument("--time-games", type=int, default=None, help="matches of self-play for ms/move (default 2; --quick 1)")
    ap.add_argument("--target", type=int, default=None, help="the match target of every rule set (default: its own)")
    ap.add_argument("--json", metavar="OUT", default=None, help="write every figure to this JSON file")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 4 matches a side, target 1 (about a deal a match)")
    args = ap.parse_args()
    if args.games is None:
        args.games = 4 if args.quick else 100
    if args.time_games is None:
        args.time_games = 1 if args.quick else 2
    if args.quick and args.target is None:
        args.target = 1
    pairs = parse_pairs(args.pairs or DEFAULT_PAIRS)
    rule_sets = parse_rules(args.rules, args.target)
    print(f"quinza {quinza.__version__} ({quinza.__file__}); bots in this build: {', '.join(quinza.BOT_NAMES)}")
    results: Dict[str, Any] = {
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine(),
                    "cpus": os.cpu_count(), "load_average_before": os.getloadavg()},
        "args": vars(args),
        "bot_names": list(quinza.BOT_NAMES),
        "rule_sets": [],
    }
    print(f"seed {args.seed}, {args.games} matches a side per pair (the same seeds swapped); a draw counts half a win;")
    print("A-B points/deal: per seed the mean of its two matches' per-deal A-B; ms/move: the bot against itself, 1 thread")
    for rules in rule_sets:
        results["rule_sets"].append(run_rules(rules, pairs, args))
    results["machine"]["load_average_after"] = os.getloadavg()
    skipped = sum(len(rs["skipped"]) for rs in results["rule_sets"])
    played = sum(len(rs["pairs"]) for rs in results["rule_sets"])
    print(f"\n{played} pairs played, {skipped} skipped")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(jsonable(results), out, indent=2)
        print(f"written to {args.json}")


if __name__ == "__main__":
    main()
