"""The rules lab's figures from per-match and per-deal arrays: lead changes, the share of
matches whose length falls in a claimed range, paired differences with their intervals
and p-values, Holm's correction for comparing many, and the split of a deal's points
into the part the deal decides and the part play decides."""

from __future__ import annotations

import math
from typing import Any, Dict, List, Sequence

import numpy as np

from ..stats import Z95, wilson


def lead_changes(deal_points: np.ndarray, deals: np.ndarray) -> np.ndarray:
    """Per match, how often the leading side changed: after each deal the side with the
    strictly highest running score leads (a tie leads nobody and is passed over), and
    each deal whose leader differs from the last leader of the same match is a change."""
    deals = np.asarray(deals, dtype=np.int64)
    n = len(deals)
    if len(deal_points) == 0:
        return np.zeros(n, dtype=np.int64)
    match = np.repeat(np.arange(n, dtype=np.int64), deals)
    total = np.cumsum(np.asarray(deal_points, dtype=np.int64), axis=0)
    # the running score within each match: the total so far less the total before its first deal
    starts = np.concatenate(([0], np.cumsum(deals)[:-1]))
    base = np.where(starts[:, None] > 0, total[np.maximum(starts - 1, 0)], 0)
    running = total - base[match]
    top = running.max(axis=1, keepdims=True)
    alone = (running == top).sum(axis=1) == 1
    leader = running.argmax(axis=1)
    rows = np.nonzero(alone)[0]
    m, lead = match[rows], leader[rows]
    changed = (m[1:] == m[:-1]) & (lead[1:] != lead[:-1])
    return np.bincount(m[1:][changed], minlength=n).astype(np.int64)


def share_within(deals: np.ndarray, low: int, high: int) -> Dict[str, float]:
    """The share of matches that took from `low` to `high` deals (both counted), with
    its 95% Wilson interval."""
    d = np.asarray(deals, dtype=np.int64)
    return wilson(int(np.count_nonzero((d >= low) & (d <= high))), len(d))


def spread(values: np.ndarray) -> Dict[str, float]:
    """Mean, standard deviation, and the 10%, 50% and 90% quantiles."""
    v = np.asarray(values, dtype=np.float64)
    if len(v) == 0:
        return {k: math.nan for k in ("mean", "sd", "p10", "median", "p90")}
    q = np.quantile(v, [0.1, 0.5, 0.9])
    return {"mean": float(v.mean()), "sd": float(v.std(ddof=1)) if len(v) > 1 else 0.0,
            "p10": float(q[0]), "median": float(q[1]), "p90": float(q[2])}


def mean_interval(values: np.ndarray) -> Dict[str, float]:
    """A mean with its 95% normal interval, and the two-sided p-value of "the mean is 0"."""
    v = np.asarray(values, dtype=np.float64)
    n = len(v)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "p": math.nan}
    mean = float(v.mean())
    se = float(v.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    if se == 0.0:
        p = 1.0 if mean == 0.0 else 0.0
    else:
        p = math.erfc(abs(mean / se) / math.sqrt(2.0))
    return {"mean": mean, "low": mean - Z95 * se, "high": mean + Z95 * se, "p": p}


def holm(p_values: Sequence[float], alpha: float = 0.05) -> List[Dict[str, Any]]:
    """Holm's step-down correction: each p-value's adjusted value (at most 1, never below
    an earlier one in sorted order) and whether it is significant at `alpha` for the
    whole family of tests."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return [{"p": float(p_values[i]), "p_holm": adjusted[i], "significant": adjusted[i] < alpha} for i in range(m)]


def deal_play_split(first: np.ndarray, second: np.ndarray) -> Dict[str, Any]:
    """The split of a deal's margin between the deal and play, from duplicate deals.

    `first[i]` is side 0's margin (its points less the mean of the other sides') in deal i
    with the studied level of play on side 0 and the contrast on the others; `second[i]` the
    same deal with the bots swapped. Half their sum is what side 0's cards and seat are
    worth whoever plays them (the deal's part); half their difference is what the better
    play gains on those cards (play's part). The shares are each part's variance over
    the sum of both; `edge` is play's part on average, in points a deal."""
    a = np.asarray(first, dtype=np.float64)
    b = np.asarray(second, dtype=np.float64)
    deal, play = (a + b) / 2.0, (a - b) / 2.0
    vd = float(deal.var(ddof=1)) if len(a) > 1 else math.nan
    vp = float(play.var(ddof=1)) if len(a) > 1 else math.nan
    whole = vd + vp
    share = vd / whole if whole > 0 else math.nan
    return {"deals": len(a), "deal_variance": vd, "play_variance": vp, "deal_share": share,
            "play_share": 1.0 - share if whole > 0 else math.nan, "edge": mean_interval(play)}
