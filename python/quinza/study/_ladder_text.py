"""The ladder's report as a person reads it (`str(result)`, `quinza ladder`): the ratings
table, the pairs, the points matrix, in the words of the language in force; and the
small formatters the HTML (_ladder_html.py) shares with it. `r` is a LadderResult
(_ladder_result.py, which imports this module)."""

from __future__ import annotations

import math
from typing import Any, Dict, Optional

from .. import _phrases
from ..words import _, ngettext


def rank_key(r: Any, i: int) -> float:
    """A bot's rating to sort by; a bot not rated (yet) comes last."""
    x = r.ratings[i]["rating"] if r.ratings else 0.0
    return -math.inf if math.isnan(float(x)) else float(x)


def ms_text(ms: Optional[float]) -> str:
    return "-" if ms is None else "< 0.01" if ms < 0.01 else f"{ms:.2f}"


def signed(x: float, digits: int = 2) -> str:
    return "-" if math.isnan(x) else f"{x:+.{digits}f}"


def elo_text(x: Dict[str, float]) -> str:
    """A rating (or a difference of two) and its interval, in whole Elo points."""
    return "-" if math.isnan(x["mean"]) else f"{x['mean']:+.0f}  [{signed(x['low'], 0)}, {signed(x['high'], 0)}]"


def half(r: Any, i: int, j: int) -> float:
    """Half the width of the 95% interval of row bot i's points a deal minus column bot j's
    (a bootstrap interval need not be symmetric about the mean)."""
    return float(r.high[i, j] - r.low[i, j]) / 2


def format_ladder(r: Any) -> str:
    """The report a person reads: the ratings table, the pairs, the points matrix."""
    rules = r.rules
    options = {k: v for k, v in rules.items() if k not in ("name", "players", "target")}
    opts = ", " + _phrases.options_text(options) if options else ""
    done = ngettext("{done} of {count} pairing", "{done} of {count} pairings", r.pairings, done=len(r.pairs))
    lines = [
        _("{game}, {players} players, target {target}{options}; seed {seed}; {games} matches a lineup on the same "
          "deals", game=rules["name"], players=rules["players"], target=rules["target"], options=opts, seed=r.seed,
          games=format(r.games, ",")),
        _("{pairings}{interrupted}, {matches} matches; {match_seconds} s of matches, {seconds} s this run",
          pairings=done, interrupted=_(" (interrupted)") if r.interrupted else "", matches=format(r.matches, ","),
          match_seconds=format(r.match_seconds, ".1f"), seconds=format(r.seconds, ".1f")),
        _("95% intervals: {method}", method=r.interval_text),
    ]
    if not r.pairs:
        return "\n".join(lines + ["", _("no pairing finished: nothing to rate")])
    heads = {"bot": _("bot"), "rating": _("rating  [95% CI]"), "ms": _("ms a move"), "pair": _("A vs B"),
             "matches": _("matches"), "wins": _("A wins  [95% CI]"), "elo": _("A - B rating  [95% CI]"),
             "points": _("A - B points a deal  [95% CI]")}
    w = max(12, *(len(b) + 2 for b in r.bots))
    order = sorted(range(len(r.bots)), key=lambda i: -rank_key(r, i))
    lines += ["", f"{heads['bot']:<{w}}{heads['rating']:<28}{heads['ms']:>10}"]
    for i in order:
        x = r.ratings[i]
        rating = _("0 (the anchor)") if i == 0 else "-" if math.isnan(x["rating"]) else \
            f"{x['rating']:+.0f}  [{x['low']:+.0f}, {x['high']:+.0f}]"
        ms = r.ms_a_move[i]
        lines.append(f"{r.bots[i]:<{w}}{rating:<28}{ms_text(ms):>10}")
    pw = max(20, *(len(' vs '.join(p['bots'])) + 2 for p in r.pairs))
    lines += ["", f"{heads['pair']:<{pw}}{heads['matches']:>8}   {heads['wins']:<28}{heads['elo']:<26}{heads['points']}"]
    for p in r.pairs:
        rate, elo, pts = p["win_rate"], p["rating_difference"], p["points_a_deal"]
        lines.append(f"{' vs '.join(p['bots']):<{pw}}{p['matches']:>8,}   "
                     f"{100 * rate['rate']:6.1f}%  [{100 * rate['low']:5.1f}, {100 * rate['high']:5.1f}]{'':<6}"
                     f"{elo_text(elo):<26}{signed(pts['mean'])}  [{signed(pts['low'])}, {signed(pts['high'])}]")
    lines += ["", _("points a deal, row minus column (± half the 95% interval)")]
    cw = max(14, *(len(b) + 2 for b in r.bots))
    lines.append(f"{'':<{w}}" + "".join(f"{r.bots[j]:>{cw}}" for j in order))
    for i in order:
        cells = ["" if i == j or math.isnan(r.points[i, j]) else f"{signed(r.points[i, j])} ±{half(r, i, j):.2f}"
                 for j in order]
        lines.append(f"{r.bots[i]:<{w}}" + "".join(f"{c:>{cw}}" for c in cells))
    return "\n".join(lines)
