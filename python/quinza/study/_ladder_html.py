"""The ladder as a picture (`LadderResult.plot`) and as HTML for Jupyter
(`LadderResult._repr_html_`): the ratings and the pairs with their 95% intervals, the
method of the intervals named, the picture inline."""

from __future__ import annotations

import base64
import html
import io
import math
from typing import Any, Dict, List

import numpy as np

from ..words import _
from ._ladder_text import elo_text, format_ladder, half, ms_text, rank_key, signed


def ladder_figure(r: Any) -> Any:
    """The ratings with their intervals (left) and the points-a-deal matrix (right), the
    intervals' method said under them: a matplotlib figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(r.bots)
    fig, (a, b) = plt.subplots(1, 2, figsize=(12, 0.6 * n + 3.0), gridspec_kw={"width_ratios": [1, 1.2]})
    order = sorted(range(n), key=lambda i: rank_key(r, i))
    if r.ratings:  # NaN (a bot not rated yet) draws nothing
        x = np.array([r.ratings[i]["rating"] for i in order])
        err = np.array([[r.ratings[i]["rating"] - r.ratings[i]["low"] for i in order],
                        [r.ratings[i]["high"] - r.ratings[i]["rating"] for i in order]])
        a.errorbar(x, range(n), xerr=err, fmt="o", capsize=4)
    a.set_yticks(range(n))
    a.set_yticklabels([r.bots[i] for i in order])
    a.set_ylim(-0.5, n - 0.5)
    a.set_xlabel(_("rating, Elo points from {bot} (95% CI)", bot=r.bots[0]))
    title = _("{game}, {players} players: {matches} matches", game=r.rules["name"], players=r.rules["players"],
              matches=format(r.matches, ","))
    a.set_title(_("interrupted: {title}", title=title) if r.interrupted else title)
    a.grid(axis="x", alpha=0.3)
    top = order[::-1]
    m = r.points[np.ix_(top, top)]
    limit = float(np.nanmax(np.abs(m))) if np.isfinite(m).any() else 1.0
    b.imshow(m, cmap="RdBu", vmin=-limit, vmax=limit)
    for i in range(n):
        for j in range(n):
            if i != j and not math.isnan(m[i, j]):
                b.text(j, i, f"{m[i, j]:+.2f}\n±{half(r, top[i], top[j]):.2f}", ha="center", va="center",
                       fontsize=8, color="white" if abs(m[i, j]) > limit / 2 else "black")
    b.set_xticks(range(n))
    b.set_xticklabels([r.bots[i] for i in top], rotation=30, ha="right")
    b.set_yticks(range(n))
    b.set_yticklabels([r.bots[i] for i in top])
    b.set_title(_("points a deal, row minus column"))
    fig.text(0.01, 0.01, _("95% intervals: {method}", method=r.interval_text), fontsize=9, color="#444444")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig


def plot_ladder(r: Any, path: str) -> None:
    """`ladder_figure` written to the image file `path`."""
    import matplotlib.pyplot as plt

    fig = ladder_figure(r)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _cells(row: List[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in row) + "</tr>"


def _interval(x: Dict[str, float], scale: float = 1.0, digits: int = 2) -> str:
    return "-" if math.isnan(x["low"]) else f"[{signed(scale * x['low'], digits)}, {signed(scale * x['high'], digits)}]"


def ladder_html(r: Any) -> str:
    """The ratings and the pairs as HTML tables, the intervals' method said, and the
    picture inline (a PNG in a data URI) when matplotlib is there."""
    head = "<br>".join(html.escape(line) for line in format_ladder(r).split("\n")[:2])
    said = html.escape(_("95% intervals: {method}", method=r.interval_text))
    if not r.pairs:
        nothing = html.escape(_("no pairing finished: nothing to rate"))
        return f"<div><p><b>{head}</b></p><p>{nothing}</p></div>"
    order = sorted(range(len(r.bots)), key=lambda i: -rank_key(r, i))
    ratings = [_cells([_("bot"), _("rating"), _("95% interval"), _("ms a move")], "th")]
    for i in order:
        x = r.ratings[i]
        rating = _("0 (the anchor)") if i == 0 else "-" if math.isnan(x["rating"]) else f"{x['rating']:+.0f}"
        interval = "" if i == 0 else _interval(x, digits=0)
        ratings.append(_cells([r.bots[i], rating, interval, ms_text(r.ms_a_move[i])]))
    pairs = [_cells([_("A vs B"), _("matches"), _("A wins  [95% CI]"), _("A - B rating  [95% CI]"),
                     _("A - B points a deal  [95% CI]")], "th")]
    for p in r.pairs:
        rate, pts = p["win_rate"], p["points_a_deal"]
        pairs.append(_cells([" vs ".join(p["bots"]), f"{p['matches']:,}",
                             f"{100 * rate['rate']:.1f}%  {_interval(rate, 100, 1).replace('+', '')}",
                             elo_text(p["rating_difference"]), f"{signed(pts['mean'])}  {_interval(pts)}"]))
    style = 'style="border-collapse: collapse; text-align: right; margin: 0.5em 0"'
    return (f"<div><p><b>{head}</b></p><table {style}>{''.join(ratings)}</table>"
            f"<table {style}>{''.join(pairs)}</table><p><i>{said}</i></p>{_picture(r)}</div>")


def _picture(r: Any) -> str:
    """The ladder's picture as an inline PNG, or nothing without matplotlib."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return ""
    fig = ladder_figure(r)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    plt.close(fig)
    alt = html.escape(_("the ladder"))
    return f'<img alt="{alt}" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'
