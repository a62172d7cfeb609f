"""The time a move of bots side by side, on the same positions, in turns: the levels and the
nets' bots (by default `net`, `hard`, `expert`, `master` and `ismcts:prior=net` at 200
iterations) in 2-player escoba.

    python benches/move_time.py [--rules escoba] [--bots net,hard,...] [--positions 200]
                                [--rounds 3] [--json OUT]

The positions are those of seeded greedy matches where the seat to act has two legal
moves or more (a single legal move is played without searching). Each round times every
bot on every position (one thread, the core's bots called from Python, the call
included), the bots in turns; a bot's figure is its best round's mean, and its ratio to
the first bot's in that round is printed beside it (a shared machine is noisy: read the
ratios).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Dict, List

import quinza

DEFAULT_BOTS = "net,hard,expert,master,ismcts:prior=net,iterations=200"


def positions(rules: Any, count: int) -> List[Any]:
    """`count` positions of greedy self-play with two legal moves or more, in order."""
    found: List[Any] = []
    seed = 0
    while len(found) < count:
        game, greedy = quinza.Game(rules, seed=seed), quinza.bot("greedy")
        while not game.is_over and len(found) < count:
            if len(game.legal_moves()) >= 2:
                found.append(quinza.Game.from_json(game.to_json()))
            game.play(greedy(game))
        seed += 1
    return found


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rules", default="escoba", help="the rule set, with its default players (default escoba)")
    p.add_argument("--bots", default=DEFAULT_BOTS, help=f"bots to time, the first the ratios' base (default {DEFAULT_BOTS})")
    p.add_argument("--positions", type=int, default=200, help="positions timed (default 200)")
    p.add_argument("--rounds", type=int, default=3, help="rounds; a bot's figure is its best (default 3)")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    args = p.parse_args()
    rules = quinza.Rules(args.rules)
    texts = quinza.bots.split_bots(args.bots)
    made = {t: quinza.bots.bot_from_text(quinza.ENGINE, t) for t in texts}
    bots = {t: quinza.bot(b) if isinstance(b, str) else b for t, b in made.items()}  # a plain name stays a name
    for t, b in bots.items():
        quinza.bots.check_net(quinza.ENGINE, b, rules, t)
    games = positions(rules, args.positions)
    best: Dict[str, float] = {}
    ratios: Dict[str, List[float]] = {t: [] for t in texts}
    for _ in range(args.rounds):
        means: Dict[str, float] = {}
        for t, b in bots.items():
            began = time.perf_counter()
            for g in games:
                b(g)
            means[t] = (time.perf_counter() - began) / len(games)
            best[t] = min(best.get(t, means[t]), means[t])
        for t in texts:
            ratios[t].append(means[t] / means[texts[0]])
    print(f"{args.rules}, {len(games)} positions, best of {args.rounds} rounds (one thread)")
    print(f"{'bot':<40} {'ms a move':>10} {'ratio to ' + texts[0]:>22}")
    for t in texts:
        spread = sorted(ratios[t])
        print(f"{t:<40} {1000 * best[t]:>10.3f} {spread[len(spread) // 2]:>14.2f} "
              f"[{spread[0]:.2f}, {spread[-1]:.2f}]")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"rules": args.rules, "positions": len(games), "rounds": args.rounds,
                       "ms_a_move": {t: 1000 * best[t] for t in texts}, "ratios": ratios}, out, indent=2)


if __name__ == "__main__":
    main()
