"""The rules lab's headroom: what a bot gives up, over the end of a deal, against the
open-hand solver's best play (`quinza.solve`, every card seen).

For each sampled deal (the first deal of matches 0, 1, ...), the studied level plays every
seat until at most `CARDS` cards are left (in the hands and the stock): from there the
solver values every position within its budget. From that point each bot measured plays
every seat to the deal's end; before each move the solver values every legal move, and
the move's loss is the best value less the value of the move played (for the side to
move, in this deal's points). A bot's headroom is the sum of its losses in a deal.

What it is not: the solver sees every card, so its best play is a ceiling no fair player
reaches (a loss also counts guessing wrong about hidden cards), and only the deal's last
`CARDS` cards are measured (the solver is too slow on whole deals within the report's
time). Measured with two sides only (the solver's value with three is paranoid, not the
mover's own points)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from ..engines import Engine
from .. import bots as _bots
from ..sim.matches import seat_players
from . import lab_stats

CARDS = 18  # the solver takes about a millisecond a position from here (docs/explanation/statistics.md "The rules lab")
TIME_LIMIT = 2.0  # seconds a position at the most; a position over it is left out, and counted
FAIR_BOT = "ismcts:iterations=2000"


def cards_left(game: Any) -> int:
    return int(game.stock) + sum(len(game.hand(seat)) for seat in range(game.rules.players))


def deal_losses(api: Engine, game: Any, players: Sequence[Any]) -> Optional[float]:
    """The points the bots give up from `game` to the end of its deal, summed over every
    move: None when the solver cannot value a position within TIME_LIMIT."""
    lost = 0.0
    while not game.deals:
        try:
            values = {str(m): v for m, v in api.solve(game, moves="all", time_limit=TIME_LIMIT).moves}
        except ValueError:
            return None
        move = players[game.turn](game)
        lost += max(values.values()) - values[str(move)]
        game.play(move)
    return lost


def headroom(api: Engine, rules: Any, level: Any, bots: Sequence[Any], seed: int, deals: int) -> Dict[str, Any]:
    """Each bot's loss a deal against the open-hand solver over the last CARDS cards of
    the first deal of matches 0..deals-1, played to there by `level`."""
    if rules.sides != 2 or deals == 0:
        reason = "the solver's values are paranoid with three sides" if rules.sides != 2 else "not asked"
        return {"measured": False, "reason": reason}
    lead = _bots.check_bots(api, level, rules)
    lineups = [_bots.check_bots(api, b, rules) for b in bots]
    losses: List[List[float]] = [[] for _ in bots]
    skipped = 0
    for i in range(deals):
        ms = api.match_seed(seed, i)
        start = api.Game(rules, seed=ms)
        players = seat_players(api, lead, ms)
        while cards_left(start) > CARDS and not start.deals:
            start.play(players[start.turn](start))
        if start.deals:
            continue
        found = [deal_losses(api, start.copy(), seat_players(api, lineup, ms)) for lineup in lineups]
        if any(f is None for f in found):
            skipped += 1
            continue
        for row, f in zip(losses, found):
            row.append(float(f or 0.0))
    return {"measured": True, "cards": CARDS, "deals": len(losses[0]), "skipped": skipped,
            "bots": [{"bot": str(b), "loss": lab_stats.mean_interval(np.array(row))} for b, row in zip(bots, losses)]}
