"""Bradley-Terry ratings fitted by maximum likelihood to match results, on the Elo scale.

Bot i beats bot j with probability 1 / (1 + 10 ** ((r_j - r_i) / 400)); a draw counts as
half a win for each. One virtual drawn match between each pair that played keeps the
fit finite when a bot won every match (a weak prior, worth one match in the many a
ladder plays). The ratings are anchored: the bot `anchor` is at 0, and each other bot's
95% interval is that of its difference to the anchor, from the Fisher information (the
curvature of the log-likelihood at its maximum). A bot with no matches linking it to the
anchor (an interrupted ladder) is rated NaN."""

from __future__ import annotations

import math
from typing import Dict, List, Sequence

import numpy as np

from ..stats import Z95

ELO = 400.0 / math.log(10.0)  # natural-log strengths to Elo points
PRIOR_DRAWS = 1.0  # virtual drawn matches between each pair that played


def fit_ratings(names: Sequence[str], wins: np.ndarray, anchor: int = 0) -> List[Dict[str, float]]:
    """The ratings of `names` from `wins[i, j]`, the matches bot i won against bot j (draws
    as halves): per bot its `rating` (Elo points, the anchor at 0) and the `low` and
    `high` ends of its 95% interval."""
    n = len(names)
    w = np.asarray(wins, dtype=float)
    games = w + w.T
    played = games > 0
    w = w + PRIOR_DRAWS / 2 * played
    games = games + PRIOR_DRAWS * played
    linked = {anchor}
    grow = [anchor]
    while grow:  # the bots that played the anchor, or bots that did, and so on
        i = grow.pop()
        new = [j for j in np.flatnonzero(played[i]).tolist() if j not in linked]
        linked.update(new)
        grow += new
    free = sorted(linked - {anchor})
    theta = np.zeros(n)
    info = np.eye(len(free))
    for _ in range(100 if free else 0):  # Newton's method: the log-likelihood is concave
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (w - games * p).sum(axis=1)
        curv = games * p * p.T
        hess = curv - np.diag(curv.sum(axis=1))  # the Hessian of the log-likelihood
        info = -hess[np.ix_(free, free)]
        step = np.linalg.solve(info, grad[free])
        theta[free] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    half = Z95 * np.sqrt(np.diag(np.linalg.inv(info))) if free else np.zeros(0)
    out = []
    for i in range(n):
        if i not in linked:
            out.append({"rating": math.nan, "low": math.nan, "high": math.nan})
            continue
        r = ELO * theta[i]
        h = 0.0 if i == anchor else ELO * float(half[free.index(i)])
        out.append({"rating": float(r), "low": float(r - h), "high": float(r + h)})
    return out


def win_chance(difference: float) -> float:
    """The chance the model gives a bot rated `difference` Elo points above another of
    beating it (a draw as half)."""
    return float(1.0 / (1.0 + 10.0 ** (-difference / 400.0)))
