"""What `ladder` returns: the ratings, the points a deal of each pair, the time a move of
each bot, as text, JSON and a picture; worked out from the lineups' records."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._words import plural
from ..sim.report import check_plot
from ..stats import jsonable
from ..stats import Z95, side_of_seat, wilson
from .ratings import fit_ratings


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
    `pairs`: per pair of bots the matches, the first bot's wins and win rate, and its
    points a deal minus the second's (each seed's lineups averaged: one sample a seed)
    with a 95% interval; `points` and its `low` and `high`: that as a matrix, row bot
    minus column bot; `ms_a_move`: each bot's time a move, fitted to the lineups' wall
    times (with the run's threads; random and greedy as 0; None where the lineups cannot
    tell, as for two search bots alone). Only pairings whose every lineup finished count.

    `wins[i, j]`: the matches bot i won against bot j (a draw half), which the fit reads.
    Also `bots` (their texts), `rules` (a dict), `seed`, `games` (matches a lineup),
    `matches` (played in all), `interrupted`, `seconds` (the ladder's wall time) and
    `match_seconds` (the matches' own, as `simulate` timed them)."""

    def __init__(self, rules: Dict[str, Any], seed: int, games: int, bots: Sequence[str],
                 runs: Dict[str, Dict[str, Any]], interrupted: bool = False, seconds: float = 0.0,
                 untimed: Sequence[str] = ()) -> None:
        self.rules, self.seed, self.games, self.bots = dict(rules), seed, games, list(bots)
        self.interrupted, self.seconds = interrupted, seconds
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
        self.ratings = fit_ratings(self.bots, self.wins) if self.pairs else []

    def _add_pair(self, a: int, b: int, seatings: List[List[int]], runs: List[Dict[str, Any]], players: int) -> None:
        won = {a: 0.0, b: 0.0}
        diffs = []
        for seats, run in zip(seatings, runs):
            side_bot = {side_of_seat(seat, players): bot for seat, bot in enumerate(seats)}
            winner = np.asarray(run["winner"])
            draws = 0.5 * int(np.count_nonzero(winner < 0))
            for side, bot in side_bot.items():
                won[bot] += int(np.count_nonzero(winner == side))
            won[a] += draws
            won[b] += draws
            per_deal = np.asarray(run["points"], dtype=float) / np.asarray(run["deals"], dtype=float)[:, None]
            mine = [s for s, bot in side_bot.items() if bot == a]
            theirs = [s for s, bot in side_bot.items() if bot == b]
            diffs.append(per_deal[:, mine].mean(axis=1) - per_deal[:, theirs].mean(axis=1))
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
            "pairings_done": len(self.pairs), "interrupted": self.interrupted,
            "seconds": self.seconds, "match_seconds": self.match_seconds,
            "ratings": ratings, "pairs": self.pairs,
            "points": grid(self.points), "points_low": grid(self.low), "points_high": grid(self.high),
        }

    def to_json(self, **kw: Any) -> str:
        """The summary as JSON text; `kw` go to `json.dumps`."""
        return json.dumps(jsonable(self.summary), **kw)

    def __str__(self) -> str:
        return format_ladder(self)

    def __repr__(self) -> str:
        return (f"<LadderResult {self.rules['name']} {self.rules['players']}p: {len(self.bots)} bots, "
                f"{len(self.pairs)} of {self.pairings} pairings, {self.matches} matches>")

    def plot(self, path: str) -> None:
        """Draw the ratings with their intervals and the points-a-deal matrix into the image
        file `path` (PNG, SVG, ... by its suffix; needs matplotlib)."""
        check_plot(path)
        plot_ladder(self, path)


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


def _rank(r: LadderResult, i: int) -> float:
    """A bot's rating to sort by; a bot not rated (yet) comes last."""
    x = r.ratings[i]["rating"] if r.ratings else 0.0
    return -math.inf if math.isnan(x) else x


def ms_text(ms: Optional[float]) -> str:
    return "-" if ms is None else "< 0.01" if ms < 0.01 else f"{ms:.2f}"


def signed(x: float, digits: int = 2) -> str:
    return "-" if math.isnan(x) else f"{x:+.{digits}f}"


def format_ladder(r: LadderResult) -> str:
    """The report a person reads: the ratings table, the pairs, the points matrix."""
    rules = r.rules
    opts = "".join(f", {k}={v}" for k, v in rules.items() if k not in ("name", "players", "target"))
    lines = [
        f"{rules['name']}, {rules['players']} players, target {rules['target']}{opts}; seed {r.seed}; "
        f"{r.games:,} matches a lineup on the same deals",
        f"{len(r.pairs)} of {plural(r.pairings, 'pairing')}" + (" (interrupted)" if r.interrupted else "")
        + f", {r.matches:,} matches; {r.match_seconds:.1f} s of matches, {r.seconds:.1f} s this run",
    ]
    if not r.pairs:
        return "\n".join(lines + ["", "no pairing finished: nothing to rate"])
    w = max(12, *(len(b) + 2 for b in r.bots))
    order = sorted(range(len(r.bots)), key=lambda i: -_rank(r, i))
    lines += ["", f"{'bot':<{w}}{'rating  [95% CI]':<28}{'ms a move':>10}"]
    for i in order:
        x = r.ratings[i]
        rating = "0 (the anchor)" if i == 0 else "-" if math.isnan(x["rating"]) else \
            f"{x['rating']:+.0f}  [{x['low']:+.0f}, {x['high']:+.0f}]"
        ms = r.ms_a_move[i]
        lines.append(f"{r.bots[i]:<{w}}{rating:<28}{ms_text(ms):>10}")
    pw = max(20, *(len(' vs '.join(p['bots'])) + 2 for p in r.pairs))
    lines += ["", f"{'A vs B':<{pw}}{'matches':>8}   {'A wins  [95% CI]':<28}{'A - B points a deal  [95% CI]'}"]
    for p in r.pairs:
        rate, pts = p["win_rate"], p["points_a_deal"]
        lines.append(f"{' vs '.join(p['bots']):<{pw}}{p['matches']:>8,}   "
                     f"{100 * rate['rate']:6.1f}%  [{100 * rate['low']:5.1f}, {100 * rate['high']:5.1f}]{'':<6}"
                     f"{signed(pts['mean'])}  [{signed(pts['low'])}, {signed(pts['high'])}]")
    lines += ["", "points a deal, row minus column (± half the 95% interval)"]
    cw = max(14, *(len(b) + 2 for b in r.bots))
    lines.append(f"{'':<{w}}" + "".join(f"{r.bots[j]:>{cw}}" for j in order))
    for i in order:
        cells = ["" if i == j or math.isnan(r.points[i, j]) else f"{signed(r.points[i, j])} ±{r.high[i, j] - r.points[i, j]:.2f}"
                 for j in order]
        lines.append(f"{r.bots[i]:<{w}}" + "".join(f"{c:>{cw}}" for c in cells))
    return "\n".join(lines)


def plot_ladder(r: LadderResult, path: str) -> None:
    """The ratings with their intervals (left) and the points-a-deal matrix (right)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(r.bots)
    fig, (a, b) = plt.subplots(1, 2, figsize=(12, 0.6 * n + 2.8), gridspec_kw={"width_ratios": [1, 1.2]})
    order = sorted(range(n), key=lambda i: _rank(r, i))
    if r.ratings:  # NaN (a bot not rated yet) draws nothing
        x = np.array([r.ratings[i]["rating"] for i in order])
        err = np.array([[r.ratings[i]["rating"] - r.ratings[i]["low"] for i in order],
                        [r.ratings[i]["high"] - r.ratings[i]["rating"] for i in order]])
        a.errorbar(x, range(n), xerr=err, fmt="o", capsize=4)
    a.set_yticks(range(n))
    a.set_yticklabels([r.bots[i] for i in order])
    a.set_xlabel(f"rating, Elo points from {r.bots[0]} (95% CI)")
    state = "interrupted: " if r.interrupted else ""
    a.set_title(f"{state}{r.rules['name']}, {r.rules['players']} players: {r.matches:,} matches")
    a.grid(axis="x", alpha=0.3)
    top = order[::-1]
    m = r.points[np.ix_(top, top)]
    limit = float(np.nanmax(np.abs(m))) if np.isfinite(m).any() else 1.0
    b.imshow(m, cmap="RdBu", vmin=-limit, vmax=limit)
    for i in range(n):
        for j in range(n):
            if i != j and not math.isnan(m[i, j]):
                b.text(j, i, f"{m[i, j]:+.2f}\n±{r.high[top[i], top[j]] - m[i, j]:.2f}", ha="center", va="center",
                       fontsize=8, color="white" if abs(m[i, j]) > limit / 2 else "black")
    b.set_xticks(range(n))
    b.set_xticklabels([r.bots[i] for i in top], rotation=30, ha="right")
    b.set_yticks(range(n))
    b.set_yticklabels([r.bots[i] for i in top])
    b.set_title("points a deal, row minus column")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
