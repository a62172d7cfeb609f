"""Bradley-Terry ratings fitted by maximum likelihood to match results, on the Elo scale.

Bot i beats bot j with probability 1 / (1 + 10 ** ((r_j - r_i) / 400)); a draw counts as
half a win for each. One virtual drawn match between each pair that played keeps the
fit finite when a bot won every match (a weak prior, worth one match in the many a
ladder plays). The ratings are anchored: the bot `anchor` is at 0, and each other bot's
95% interval is that of its difference to the anchor, from the Fisher information (the
curvature of the log-likelihood at its maximum; it takes the matches as independent, so
it ignores the pairing of duplicate deals: the ladder's paired bootstrap,
bootstrap.py, does not). A bot with no matches linking it to the anchor (an interrupted
ladder) is rated NaN."""

from __future__ import annotations

import math
from typing import Dict, List, Sequence, Tuple

import numpy as np

from ..stats import Z95

ELO = 400.0 / math.log(10.0)  # natural-log strengths to Elo points
PRIOR_DRAWS = 1.0  # virtual drawn matches between each pair that played


def linked(played: np.ndarray, anchor: int) -> List[int]:
    """The bots other than `anchor` that played it, or played bots that did, and so on."""
    found = {anchor}
    grow = [anchor]
    while grow:
        i = grow.pop()
        new = [j for j in np.flatnonzero(played[i]).tolist() if j not in found]
        found.update(new)
        grow += new
    return sorted(found - {anchor})


def newton(wins: np.ndarray, free: Sequence[int], theta: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """The strengths (natural-log scale) that maximise the likelihood of `wins[..., i, j]`,
    a stack of win matrices (the prior added here), each fitted from `theta` (warm starts:
    a bootstrap's resamples start from the whole data's fit), the bots not `free` held
    where they are; and the Fisher information of the free ones."""
    w = np.asarray(wins, dtype=float)
    games = w + np.swapaxes(w, -1, -2)
    played = games > 0
    w = w + PRIOR_DRAWS / 2 * played
    games = games + PRIOR_DRAWS * played
    theta = np.array(theta, dtype=float)
    info = np.broadcast_to(np.eye(len(free)), theta.shape[:-1] + (len(free), len(free))).copy()
    if not free:
        return theta, info
    f = np.asarray(free)
    for _ in range(100):  # Newton's method: the log-likelihood is concave
        p = 1.0 / (1.0 + np.exp(theta[..., None, :] - theta[..., :, None]))  # p[i, j]: i beats j
        grad = (w - games * p).sum(axis=-1)
        curv = games * p * np.swapaxes(p, -1, -2)
        hess = curv - curv.sum(axis=-1)[..., None] * np.eye(theta.shape[-1])  # of the log-likelihood
        info = -hess[..., f[:, None], f[None, :]]
        step = np.linalg.solve(info, grad[..., f][..., None])[..., 0]
        theta[..., f] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    return theta, info


def fit(wins: np.ndarray, anchor: int = 0) -> Tuple[np.ndarray, np.ndarray, List[int]]:
    """The ratings (Elo points, the anchor at 0, NaN for a bot not linked to it) of
    `wins[i, j]`, their covariance from the Fisher information (Elo points squared, the
    anchor's 0), and the bots linked to the anchor besides it."""
    w = np.asarray(wins, dtype=float)
    n = len(w)
    free = linked(w + w.T > 0, anchor)
    theta, info = newton(w, free, np.zeros(n))
    cov = np.full((n, n), math.nan)
    rated = [anchor, *free]
    cov[np.ix_(rated, rated)] = 0.0
    if free:
        cov[np.ix_(free, free)] = ELO * ELO * np.linalg.inv(info)
    out = np.full(n, math.nan)
    out[rated] = ELO * theta[rated]
    return out, cov, free


def fit_ratings(names: Sequence[str], wins: np.ndarray, anchor: int = 0) -> List[Dict[str, float]]:
    """The ratings of `names` from `wins[i, j]`, the matches bot i won against bot j (draws
    as halves): per bot its `rating` (Elo points, the anchor at 0) and the `low` and
    `high` ends of its 95% interval, from the Fisher information."""
    rating, cov, _ = fit(wins, anchor)
    half = Z95 * np.sqrt(np.diag(cov))
    return [{"rating": float(r), "low": float(r - h), "high": float(r + h)} for r, h in zip(rating, half)]


def win_chance(difference: float) -> float:
    """The chance the model gives a bot rated `difference` Elo points above another of
    beating it (a draw as half)."""
    return float(1.0 / (1.0 + 10.0 ** (-difference / 400.0)))
