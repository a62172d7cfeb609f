"""The record arrays of a simulation: their names and types, their size estimated up
front (a run that would outgrow the limit is refused), and the arrays of finished
matches, made, reshaped and joined."""

from __future__ import annotations

from typing import Any, Dict, Sequence, Tuple

import numpy as np

from ..engines import Engine

# The record arrays of a simulation: name -> dtype. Per match: winner (side, -1 a draw),
# scores (one column per side), deals, moves, first_dealer. Per deal, every match's deals
# one after the other: deal_points (one column per side), deal_dealer.
MATCH_ARRAYS = {"winner": np.int8, "scores": np.int64, "deals": np.uint32, "moves": np.uint32, "first_dealer": np.uint8}
DEAL_ARRAYS = {"deal_points": np.int32, "deal_dealer": np.uint8}
ARRAYS = {**MATCH_ARRAYS, **DEAL_ARRAYS}


ARRAYS_LIMIT = 2**31  # bytes: the most `arrays=True` may be expected to hold (2 GiB)


def deals_estimate(api: Engine, rules: Any) -> int:
    """The deals of a match as the arrays' estimate counts them: ceil(target * sides /
    deal_points) + 1, `deal_points` being the rule set's row's typical points a deal (the
    leader needs at most its share of the points dealt out, and the last deal overshoots);
    above the measured means (docs/reference/errors.md "simulate")."""
    row = next(r for r in api.rule_sets() if r["name"] == rules.name)
    return int(-(-rules.target * rules.sides // row["deal_points"])) + 1


def arrays_estimate(api: Engine, rules: Any, games: int) -> int:
    """Bytes the record arrays of `games` matches would hold: per match winner (1),
    scores (8 a side), deals (4), moves (4), first_dealer (1); per deal deal_points
    (4 a side) and deal_dealer (1)."""
    per_match = 10 + 8 * rules.sides + deals_estimate(api, rules) * (4 * rules.sides + 1)
    return games * int(per_match)


def check_arrays(api: Engine, rules: Any, games: int, arrays: bool) -> None:
    """Refuse, before any match is played, a run whose arrays would outgrow ARRAYS_LIMIT."""
    if not arrays:
        return
    need = arrays_estimate(api, rules, games)
    if need > ARRAYS_LIMIT:
        most = ARRAYS_LIMIT // arrays_estimate(api, rules, 1)
        raise ValueError(
            f"games={games} with arrays=True would keep about {need / 2**30:,.1f} GiB of per-match and "
            f"per-deal arrays (at about {deals_estimate(api, rules)} deals a match), more than the 2 GiB limit: "
            f"pass arrays=False to keep only the summary, or play at most {most} matches"
        )


def records_of(games: Sequence[Tuple[Any, int]], sides: int) -> Dict[str, np.ndarray]:
    """The record arrays of finished matches, in order."""
    winner, scores, deals, moves, first_dealer, points, dealer = [], [], [], [], [], [], []
    for game, n_moves in games:
        results = game.deals
        winner.append(-1 if game.winner is None else game.winner)
        scores.append(game.scores)
        deals.append(len(results))
        moves.append(n_moves)
        first_dealer.append(results[0].dealer if results else game.dealer)
        for d in results:
            points.append(d.points)
            dealer.append(d.dealer)
    return shape_records(
        {
            "winner": winner, "scores": scores, "deals": deals, "moves": moves,
            "first_dealer": first_dealer, "deal_points": points, "deal_dealer": dealer,
        },
        sides,
    )


def shape_records(raw: Dict[str, Any], sides: int) -> Dict[str, np.ndarray]:
    out = {}
    for key, dtype in ARRAYS.items():
        value = raw[key]
        a = np.frombuffer(value, dtype=np.dtype(dtype).newbyteorder("<")) if isinstance(value, bytes) else np.array(value, dtype=dtype)
        a = a.astype(dtype, copy=False)
        if key in ("scores", "deal_points"):
            a = a.reshape(-1, sides)
        out[key] = a
    return out


def empty_records(sides: int) -> Dict[str, np.ndarray]:
    return shape_records({k: [] for k in ARRAYS}, sides)


def concat_records(parts: Sequence[Dict[str, np.ndarray]], sides: int) -> Dict[str, np.ndarray]:
    if not parts:
        return empty_records(sides)
    return {k: np.concatenate([p[k] for p in parts]) for k in ARRAYS}
