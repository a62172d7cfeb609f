"""The ladder's paired bootstrap: 95% intervals that know each seed's matches were played
on the same deals in every lineup.

Every lineup of every pair plays matches 0..K-1 of one seed, so match k of each lineup
deals the same cards with the bots' seats swapped: the luck of the deal cancels within a
seed, and the matches of one seed are not independent. The Fisher information and the
Wilson interval take them as independent. The paired bootstrap resamples the seeds
instead: K seeds drawn with replacement, each with all its matches (every lineup of
every pair: one unit), the ratings refitted to each resample (Newton's method from the
whole data's fit, a few steps), and the 2.5th and 97.5th percentiles of each figure over
the resamples taken as its interval (the percentile bootstrap). The same draws serve
every figure, from a generator seeded by the ladder's seed: the intervals are the same
on every run of the same ladder."""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import numpy as np

from .ratings import ELO, fit, newton

RESAMPLES = 1000  # the default: percentiles at 2.5% and 97.5% steady to a few tenths of a percent
BLOCK = 100  # resamples drawn at a time: the weights stay BLOCK x seeds, whatever the seeds
STREAM = 0x1ADDE5  # set beside the ladder's seed: the bootstrap's draws are its own


def paired_bootstrap(n: int, pairs: Sequence[Tuple[int, int]], scores: np.ndarray, points: np.ndarray, seed: int,
                     resamples: int = RESAMPLES, anchor: int = 0, paired: bool = True) -> Dict[str, np.ndarray]:
    """The 95% intervals of a ladder of `n` bots whose `pairs` (bot a, bot b) were played:
    `scores[p, l, k]` is bot a's result in lineup l of seed k of pair p (a win 1, a draw a
    half, a loss 0; bot b's is 1 minus it), `points[p, l, k]` its points a deal minus b's
    in that match. Returns "rating" (n x 2: each bot's rating, the anchor's 0, NaN for a
    bot not linked to it), "difference" (pairs x 2: a's rating minus b's), "win_rate" and
    "points" (pairs x 2, as the pair's table gives them): low and high ends.

    `paired=False` resamples each lineup's matches on their own, as if independent: the
    wrong bootstrap for duplicate deals, kept to show (tests/test_ladder_bootstrap.py) how
    much wider it is."""
    scores = np.asarray(scores, dtype=float)
    points = np.asarray(points, dtype=float)
    n_pairs, lineups, seeds = scores.shape
    a = np.array([p[0] for p in pairs], dtype=int)
    b = np.array([p[1] for p in pairs], dtype=int)
    wins = np.zeros((n, n))
    wins[a, b] = scores.sum(axis=(1, 2))
    wins[b, a] = lineups * seeds - wins[a, b]
    rating, _, free = fit(wins, anchor)
    start = np.where(np.isnan(rating), 0.0, rating) / ELO
    rng = np.random.default_rng([STREAM, seed])
    drawn: Dict[str, List[np.ndarray]] = {"rating": [], "difference": [], "win_rate": [], "points": []}
    for first in range(0, resamples, BLOCK):
        size = min(BLOCK, resamples - first)
        if paired:  # one weight a seed: all its matches in or out together
            weight = _counts(rng, size, seeds)
            score = weight @ scores.sum(axis=1).T
            point = weight @ points.mean(axis=1).T / seeds
        else:
            weight = _counts(rng, size * lineups, seeds).reshape(size, lineups, seeds)
            score = np.einsum("blk,plk->bp", weight, scores)
            point = np.einsum("blk,plk->bp", weight, points) / (lineups * seeds)
        w = np.zeros((size, n, n))
        w[:, a, b] = score
        w[:, b, a] = lineups * seeds - score
        theta, _ = newton(w, free, np.broadcast_to(start, (size, n)))
        theta = ELO * (theta - theta[:, [anchor]])
        drawn["rating"].append(theta)
        drawn["difference"].append(theta[:, a] - theta[:, b])
        drawn["win_rate"].append(score / (lineups * seeds))
        drawn["points"].append(point)
    out = {}
    for key, values in drawn.items():
        low, high = np.percentile(np.concatenate(values), [2.5, 97.5], axis=0)
        out[key] = np.stack([low, high], axis=1)
    out["rating"][np.isnan(rating)] = np.nan
    out["difference"][np.isnan(rating[a] - rating[b])] = np.nan  # a pair of bots not linked to the anchor
    return out


def _counts(rng: np.random.Generator, rows: int, seeds: int) -> np.ndarray:
    """`rows` resamples of `seeds` seeds: how many times each seed is drawn in each."""
    drawn = rng.integers(0, seeds, size=(rows, seeds)) + seeds * np.arange(rows)[:, None]
    return np.bincount(drawn.ravel(), minlength=rows * seeds).reshape(rows, seeds).astype(float)
