"""The `quinza` command.

    quinza simulate --rules rb3ine --players 4 --games 1000000 --bots greedy,random --seed 7
    quinza --rules escoba --seed 1          # one seeded match, printed deal by deal
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from ._words import choice_text
from .reference.rules import NAMES

_RULE_SET_CHOICES = choice_text(NAMES)  # the names of the rules table, as every message lists them


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["simulate"]:
        from ._cli_simulate import simulate_main

        return simulate_main(argv[1:])
    if argv[:1] == ["play"]:
        argv = argv[1:]
    parser = argparse.ArgumentParser(
        prog="quinza",
        description="Play one seeded match between random bots and print it deal by deal. "
        "`quinza simulate --help` plays many matches and sums them up.",
    )
    parser.add_argument("--rules", default="quinza", help=f"{_RULE_SET_CHOICES} (default quinza)")
    parser.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default 2)")
    parser.add_argument("--target", type=int, default=None, help="match target (default per rule set)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal and of the bots (default 1)")
    parser.add_argument("--backend", choices=("rust", "reference"), default="rust")
    parser.add_argument("--moves", action="store_true", help="print every move too")
    args = parser.parse_args(argv)

    if args.backend == "reference":
        from . import reference as q
    else:
        import quinza as q  # type: ignore[no-redef]

    try:
        rules = q.Rules(args.rules, players=args.players, target=args.target)
        game = q.Game(rules, seed=args.seed)
        bot = q.Random(args.seed)
    except ValueError as error:
        parser.error(str(error))
    print(f"{rules!r}, seed {args.seed}, first dealer seat {game.dealer}")
    shown = 0
    while not game.is_over:
        moves = game.legal_moves()
        move = moves[bot.below(len(moves))]
        if args.moves:
            print(f"  seat {game.turn}: {move}")
        game.play(move)
        for deal in game.deals[shown:]:
            _print_deal(deal)
        shown = len(game.deals)
    if game.winner is None:
        print(f"Draw at {game.scores} after {len(game.deals)} deals.")
    else:
        print(f"Side {game.winner} wins {game.scores} after {len(game.deals)} deals.")
    return 0


def _print_deal(deal: object) -> None:
    d = deal  # a DealResult of either backend
    details = "; ".join(
        f"side {side}: " + ", ".join(f"{k} {v}" for k, v in detail.items())
        for side, detail in enumerate(d.details)  # type: ignore[attr-defined]
    )
    print(
        f"deal {d.deal_number} (dealer seat {d.dealer}): points {d.points}, "  # type: ignore[attr-defined]
        f"last capturer {d.last_capturer} | {details}"  # type: ignore[attr-defined]
    )


if __name__ == "__main__":
    sys.exit(main())
