"""What `ladder` returns: the ratings, the points a deal of each pair, the time a move of
each bot, as text, JSON, HTML and a picture (_ladder_html.py); worked out from the
lineups' records, with 95% intervals from the paired bootstrap (bootstrap.py) or the
Fisher information."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..sim.report import check_plot
from ..stats import jsonable
from ..stats import Z95, side_of_seat, wilson
from ..words import _, ngettext
from .bootstrap import RESAMPLES, paired_bootstrap
from .ratings import fit
from ._ladder_text import format_ladder, rank_key

INTERVALS = ("bootstrap", "fisher")


def lineups(players: int) -> List[Tuple[int, ...]]:
    """The lineups of a pairing: for each seat, 0 (the first bot) or 1 (the second)."""
    if players == 2:
        return [(0, 1), (1, 0)]
    if players == 4:  # sides of partners: seats 0 and 2, 1 and 3
        return [(0, 1, 0, 1), (1, 0, 1, 0)]
    return [t for t in itertools.product((0, 1), repeat=players) if len(set(t)) == 2]


def run_key(seat_names: Sequence[str]) -> str:
    """A lineup's key in the state file: its bots' texts seat by seat (bots' texts may hold
    commas, so as JSON)."""
    return json.dumps(list(seat_names))


class LadderResult:
    """What `ladder` returns. `ratings`: per bot its Elo-scale rating (the first bot at
    0) with a 95% interval, from a Bradley-Terry fit to the match wins (a draw half);
    `pairs`: per pair of bots the matches, the first bot's wins and win rate, its rating
    minus the second's, and its points a deal minus the second's (each seed's lineups
    averaged: one sample a seed), each with a 95% interval; `points` and its `low` and
    `high`: that as a matrix, row bot minus column bot. `intervals` says how every
    interval was made: "bootstrap", the paired bootstrap over the seeds with `resamples`
    resamples (bootstrap.py), or "fisher": the ratings' from the Fisher information, the
    wins' Wilson's, the points' normal over the seeds (`interval_text` in words); `ms_a_move`: each bot's time a move, fitted to the lineups' wall
    times (with the run's threads; random and greedy as 0; None where the lineups cannot
    tell, as for two search bots alone). Only pairings whose every lineup finished count.

    `wins[i, j]`: the matches bot i won against bot j (a draw half), which the fit reads.
    Also `bots` (their texts), `rules` (a dict), `seed`, `games` (matches a lineup),
    `matches` (played in all), `interrupted`, `seconds` (the ladder's wall time) and
    `match_seconds` (the matches' own, as `simulate` timed them)."""

    def __init__(self, rules: Dict[str, Any], seed: int, games: int, bots: Sequence[str],
                 runs: Dict[str, Dict[str, Any]], interrupted: bool = False, seconds: float = 0.0,
                 untimed: Sequence[str] = (), intervals: str = "bootstrap", resamples: int = RESAMPLES) -> None:
        self.rules, self.seed, self.games, self.bots = dict(rules), seed, games, list(bots)
        self.interrupted, self.seconds = interrupted, seconds
        self.intervals, self.resamples = intervals, resamples
        self._pair_bots: List[Tuple[int, int]] = []
        self._scores: List[np.ndarray] = []  # per pair, lineup and seed: the first bot's result
        self._diffs: List[np.ndarray] = []  # and its points a deal minus the second's
        self.one_sided: List[str] = []  # the pairs where one bot won every match
        players = self.rules["players"]
        n = len(self.bots)
        self.wins = np.zeros((n, n))
        self.points = np.full((n, n), math.nan)
        self.low = np.full((n, n), math.nan)
        self.high = np.full((n, n), math.nan)
        self.pairs: List[Dict[str, Any]] = []
        used: List[Dict[str, Any]] = []
        self.pairings = 0
        for a, b in itertools.combinations(range(n), 2):
            self.pairings += 1
            seatings = [[(a, b)[k] for k in lineup] for lineup in lineups(players)]
            found = [runs.get(run_key([self.bots[i] for i in seats])) for seats in seatings]
            if any(r is None for r in found):
                continue
            pair_runs = [r for r in found if r is not None]
            used += [dict(r, seats=seats) for r, seats in zip(pair_runs, seatings)]
            self._add_pair(a, b, seatings, pair_runs, players)
        self.matches = sum(len(r["winner"]) for r in used)
        self.match_seconds = float(sum(r["seconds"] for r in used))
        self.ms_a_move = _time_a_move(used, n, players, [self.bots.index(b) for b in untimed if b in self.bots])
        self.ratings: List[Dict[str, float]] = []
        if self.pairs:
            self._rate()

    def _add_pair(self, a: int, b: int, seatings: List[List[int]], runs: List[Dict[str, Any]], players: int) -> None:
        won = {a: 0.0, b: 0.0}
        diffs, scores = [], []
        for seats, run in zip(seatings, runs):
            side_bot = {side_of_seat(seat, players): bot for seat, bot in enumerate(seats)}
            winner = np.asarray(run["winner"])
            draws = 0.5 * int(np.count_nonzero(winner < 0))
            for side, bot in side_bot.items():
                won[bot] += int(np.count_nonzero(winner == side))
            won[a] += draws
            won[b] += draws
            scores.append(np.isin(winner, [s for s, bot in side_bot.items() if bot == a]) + 0.5 * (winner < 0))
            per_deal = np.asarray(run["points"], dtype=float) / np.asarray(run["deals"], dtype=float)[:, None]
            mine = [s for s, bot in side_bot.items() if bot == a]
            theirs = [s for s, bot in side_bot.items() if bot == b]
            diffs.append(per_deal[:, mine].mean(axis=1) - per_deal[:, theirs].mean(axis=1))
        self._pair_bots.append((a, b))
        self._scores.append(np.array(scores, dtype=float))
        self._diffs.append(np.array(diffs))
        sample = np.mean(diffs, axis=0)  # per seed, its lineups averaged
        mean = float(sample.mean())
        half = Z95 * float(sample.std(ddof=1)) / math.sqrt(len(sample)) if len(sample) > 1 else 0.0
        matches = sum(len(r["winner"]) for r in runs)
        self.wins[a, b], self.wins[b, a] = won[a], won[b]
        self.points[a, b], self.low[a, b], self.high[a, b] = mean, mean - half, mean + half
        self.points[b, a], self.low[b, a], self.high[b, a] = -mean, -mean - half, -mean + half
        self.pairs.append({
            "bots": [self.bots[a], self.bots[b]], "matches": matches, "wins": [won[a], won[b]],
            "win_rate": wilson(won[a], matches),
            "points_a_deal": {"mean": mean, "low": mean - half, "high": mean + half},
        })

    def _rate(self) -> None:
        """The ratings, and each pair's rating difference; every interval by `intervals`."""
        rating, cov, _ = fit(self.wins)
        a = [p[0] for p in self._pair_bots]
        b = [p[1] for p in self._pair_bots]
        difference = rating[a] - rating[b]
        half = Z95 * np.sqrt(np.diag(cov))
        rating_ci = np.stack([rating - half, rating + half], axis=1)
        half = Z95 * np.sqrt(cov[a, a] + cov[b, b] - 2 * cov[a, b])
        difference_ci = np.stack([difference - half, difference + half], axis=1)
        if self.intervals == "bootstrap":
            drawn = paired_bootstrap(len(self.bots), self._pair_bots, np.array(self._scores), np.array(self._diffs),
                                     self.seed, self.resamples)
            # A pair where one bot won every match: no resample can vary its result, so the
            # ratings that rest on it would come out too narrow; never narrower than Fisher's.
            self.one_sided = [" vs ".join(p["bots"]) for p, x in zip(self.pairs, self._scores) if np.ptp(x) == 0 and
                              x.flat[0] in (0.0, 1.0)]
            floor = bool(self.one_sided)
            for i in range(len(self.bots)):
                rating_ci[i] = _settle(rating[i], drawn["rating"][i], rating_ci[i], floor)
            for p, pair in enumerate(self.pairs):
                difference_ci[p] = _settle(difference[p], drawn["difference"][p], difference_ci[p], floor)
                rate, pts = pair["win_rate"], pair["points_a_deal"]
                low, high = _settle(rate["rate"], drawn["win_rate"][p], np.array([rate["low"], rate["high"]]),
                                    " vs ".join(pair["bots"]) in self.one_sided)
                pair["win_rate"] = dict(rate, low=low, high=high)
                low, high = _settle(pts["mean"], drawn["points"][p], np.array([pts["low"], pts["high"]]), False)
                pair["points_a_deal"] = dict(pts, low=low, high=high)
                self.low[a[p], b[p]], self.high[a[p], b[p]] = low, high
                self.low[b[p], a[p]], self.high[b[p], a[p]] = -high, -low
        self.ratings = [{"rating": float(r), "low": float(lo), "high": float(hi)} for r, (lo, hi) in zip(rating, rating_ci)]
        for pair, d, (lo, hi) in zip(self.pairs, difference, difference_ci):
            pair["rating_difference"] = {"mean": float(d), "low": float(lo), "high": float(hi)}

    @property
    def interval_text(self) -> str:
        """How the 95% intervals were made, as a person reads it."""
        if self.intervals == "bootstrap":
            resamples = format(self.resamples, ",")
            said = ngettext("paired bootstrap over {count} duplicate match ({resamples} resamples)",
                            "paired bootstrap over {count} duplicate matches ({resamples} resamples)",
                            self.games, resamples=resamples)
            if self.one_sided:  # nothing to resample: said, not hidden
                said += "; " + _("one bot won every match of {pairs}, which no resample can vary: the ratings' "
                                 "intervals at least Fisher's, the wins' Wilson's", pairs=", ".join(self.one_sided))
            return said
        return _("Fisher information for the ratings, which takes the matches as independent; Wilson for the wins; "
                 "normal over the duplicate matches for the points a deal")

    def __len__(self) -> int:
        return self.matches

    @property
    def summary(self) -> Dict[str, Any]:
        """Everything the report says, as a dict (what `to_json` writes)."""
        ratings = [dict(bot=b, **r, ms_a_move=t) for b, r, t in zip(self.bots, self.ratings, self.ms_a_move)]

        def grid(m: np.ndarray) -> List[List[Optional[float]]]:
            return [[None if math.isnan(x) else float(x) for x in row] for row in m]

        return {
            "rules": self.rules, "seed": self.seed, "games": self.games, "bots": self.bots,
            "anchor": self.bots[0], "matches": self.matches, "pairings": self.pairings,
            "intervals": {"method": self.intervals, "duplicate_matches": self.games,
                          "resamples": self.resamples if self.intervals == "bootstrap" else None,
                          "confidence": 0.95, "text": self.interval_text, "one_sided_pairs": self.one_sided},
            "pairings_done": len(self.pairs), "interrupted": self.interrupted,
            "seconds": self.seconds, "match_seconds": self.match_seconds,
            "ratings": ratings, "pairs": self.pairs,
            "points": grid(self.points), "points_low": grid(self.low), "points_high": grid(self.high),
        }

    def to_dict(self) -> Dict[str, Any]:
        """The summary as JSON values (NaN as None): what `to_json` writes."""
        out: Dict[str, Any] = jsonable(self.summary)
        return out

    def to_json(self, **kw: Any) -> str:
        """The summary as JSON text; `kw` go to `json.dumps`."""
        return json.dumps(self.to_dict(), **kw)

    def __str__(self) -> str:
        return format_ladder(self)

    def __repr__(self) -> str:
        how = f"paired bootstrap, {self.resamples} resamples" if self.intervals == "bootstrap" else "Fisher information"
        rated = [f"{self.bots[i]} " + ("0" if i == 0 else f"{x['rating']:+.0f} [{x['low']:+.0f}, {x['high']:+.0f}]")
                 for i in sorted(range(len(self.bots)), key=lambda i: -rank_key(self, i))
                 for x in [self.ratings[i]] if not math.isnan(x["rating"])] if self.ratings else []
        return (f"<LadderResult {self.rules['name']} {self.rules['players']}p: {len(self.bots)} bots, "
                f"{len(self.pairs)} of {self.pairings} pairings, {self.matches} matches"
                + (f"; Elo (95%, {how}): {', '.join(rated)}" if rated else "")
                + (" (interrupted)" if self.interrupted else "") + ">")

    def _repr_html_(self) -> str:
        from ._ladder_html import ladder_html

        return ladder_html(self)

    def plot(self, path: str) -> None:
        """Draw the ratings with their intervals and the points-a-deal matrix into the image
        file `path` (PNG, SVG, ... by its suffix; needs matplotlib)."""
        from ._ladder_html import plot_ladder

        check_plot(path)
        plot_ladder(self, path)


def _settle(estimate: float, drawn: np.ndarray, other: np.ndarray, floor: bool) -> Tuple[float, float]:
    """A bootstrap interval stretched to hold the whole data's `estimate` (a percentile
    interval need not), and to hold the `other` interval (Fisher's or Wilson's) where
    `floor`: where the resamples could not vary."""
    if math.isnan(estimate):
        return math.nan, math.nan
    low, high = min(float(drawn[0]), estimate), max(float(drawn[1]), estimate)
    return (min(low, float(other[0])), max(high, float(other[1]))) if floor else (low, high)


def _time_a_move(runs: List[Dict[str, Any]], n: int, players: int, untimed: Sequence[int]) -> List[Optional[float]]:
    """Each bot's milliseconds a move: the lineups' seconds fitted, by least squares with no
    time below zero, as the sum over bots of their moves (a bot's share of a lineup's moves
    is its share of the seats) times their time a move. The `untimed` bots (random and
    greedy: microseconds) count as 0, so that the others are told apart (two search bots
    alone cannot be: the same sum in both lineups). None for a bot the lineups do not tell."""
    share = np.zeros((len(runs), n))
    for k, r in enumerate(runs):
        for bot in r["seats"]:
            share[k, bot] += r["moves"] / players
    seconds = np.array([r["seconds"] for r in runs])
    free = [i for i in range(n) if share[:, i].any() and i not in untimed]
    told = bool(free) and np.linalg.matrix_rank(share[:, free]) == len(free)
    t = np.zeros(n)
    while told and free:
        t[:] = 0.0
        t[free] = np.linalg.lstsq(share[:, free], seconds, rcond=None)[0]
        if (t[free] >= 0).all():
            break
        free = [i for i in free if t[i] > 0]
    return [None if not share[:, i].any() or (not told and i not in untimed) else 1000 * float(t[i]) for i in range(n)]
