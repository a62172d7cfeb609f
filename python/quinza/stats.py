"""The statistics of simulate, the ladder and the lab: exact integer totals of finished
matches (`Tally`), merged across chunks and shards; the summary's rates and means with
their 95% intervals (`wilson`, `mean_ci`, `Z95`); the sides of seats and the summary's
lineups; a summary made ready for JSON (`jsonable`)."""

from __future__ import annotations

import math
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

Z95 = 1.959963984540054  # the 97.5% quantile of the normal distribution


def side_of_seat(seat: Any, players: int) -> Any:
    """The side of a seat (or of a numpy array of seats), as `Rules.side_of` says:
    partners at 4 players (seats 0 and 2, 1 and 3), every player alone at 2 or 3. For
    the tallies and summaries, which hold no Rules."""
    return seat % 2 if players == 4 else seat


def seat_sides(players: int) -> List[int]:
    """The side of every seat."""
    return [side_of_seat(seat, players) for seat in range(players)]


def side_lineup(s: Dict[str, Any]) -> Tuple[List[List[int]], List[str]]:
    """The seats of every side of a summary and their bots' names joined by commas (each
    name once, in seat order)."""
    seat_side = seat_sides(s["rules"]["players"])
    side_seats = [[seat for seat, side in enumerate(seat_side) if side == k] for k in range(len(s["wins"]))]
    side_bots = [",".join(sorted({s["bots"][seat] for seat in seats}, key=lambda b: s["bots"].index(b)))
                 for seats in side_seats]
    return side_seats, side_bots


class Tally:
    """Exact integer totals of finished matches, updated chunk by chunk (memory stays flat
    however many matches are played) and merged across shards."""

    def __init__(self, players: int, sides: int) -> None:
        self.players, self.sides = players, sides
        self.matches = 0
        self.wins = [0] * sides
        self.draws = 0
        self.wins_by_first = [0] * players  # by seat relative to the first dealer
        self.deals = self.deals_sq = self.moves = self.moves_sq = 0
        self.pos_points = [0] * players  # by seat relative to each deal's dealer
        self.pos_points_sq = [0] * players
        self.side_points = [0] * sides
        self.side_points_sq = [0] * sides
        self.hist = np.zeros((sides, 1), dtype=np.int64)  # deal points per side

    def side_of(self, seat: Any) -> Any:
        return side_of_seat(seat, self.players)

    def add(self, rec: Dict[str, np.ndarray]) -> None:
        n = len(rec["winner"])
        if n == 0:
            return
        w = rec["winner"].astype(np.int64)
        self.matches += n
        for side in range(self.sides):
            self.wins[side] += int(np.count_nonzero(w == side))
        self.draws += int(np.count_nonzero(w < 0))
        fd = rec["first_dealer"].astype(np.int64)
        for r in range(self.players):
            self.wins_by_first[r] += int(np.count_nonzero(w == self.side_of((fd + r) % self.players)))
        d = rec["deals"].astype(np.int64)
        m = rec["moves"].astype(np.int64)
        self.deals += int(d.sum())
        self.deals_sq += int((d * d).sum())
        self.moves += int(m.sum())
        self.moves_sq += int((m * m).sum())
        pts = rec["deal_points"].astype(np.int64)
        dealer = rec["deal_dealer"].astype(np.int64)
        rows = np.arange(len(dealer))
        for r in range(self.players):
            p = pts[rows, self.side_of((dealer + r) % self.players)]
            self.pos_points[r] += int(p.sum())
            self.pos_points_sq[r] += int((p * p).sum())
        for side in range(self.sides):
            p = pts[:, side]
            self.side_points[side] += int(p.sum())
            self.side_points_sq[side] += int((p * p).sum())
        if len(pts):
            top = int(pts.max()) + 1
            if top > self.hist.shape[1]:
                self.hist = np.pad(self.hist, ((0, 0), (0, top - self.hist.shape[1])))
            for side in range(self.sides):
                c = np.bincount(np.clip(pts[:, side], 0, None), minlength=self.hist.shape[1])
                self.hist[side] += c

    def merge(self, other: "Tally") -> None:
        for key in ("matches", "draws", "deals", "deals_sq", "moves", "moves_sq"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        for key in ("wins", "wins_by_first", "pos_points", "pos_points_sq", "side_points", "side_points_sq"):
            setattr(self, key, [a + b for a, b in zip(getattr(self, key), getattr(other, key))])
        width = max(self.hist.shape[1], other.hist.shape[1])

        def pad(h: np.ndarray) -> np.ndarray:
            return np.pad(h, ((0, 0), (0, width - h.shape[1])))

        self.hist = pad(self.hist) + pad(other.hist)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and self.state() == other.state()

    def state(self) -> Dict[str, Any]:
        s = {k: v for k, v in vars(self).items() if k != "hist"}
        s["hist"] = self.hist[:, : hist_width(self.hist)].tolist()
        return s


def hist_width(hist: np.ndarray) -> int:
    """The columns of a points histogram up to its last one that counted a deal."""
    nz = np.nonzero(hist.sum(axis=0))[0]
    return int(nz[-1]) + 1 if len(nz) else 0


def wilson(k: float, n: int) -> Dict[str, float]:
    """A proportion k/n with its 95% Wilson score interval (k may end in .5: a draw
    counted as half a win)."""
    if n == 0:
        return {"rate": math.nan, "low": math.nan, "high": math.nan}
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval always holds the rate itself (rounding could leave 1.0 just outside)
    return {"rate": p, "low": max(0.0, min(p, centre - half)), "high": min(1.0, max(p, centre + half))}


def mean_ci(total: int, total_sq: int, n: int) -> Dict[str, float]:
    """A mean with its 95% normal interval (sample variance)."""
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan}
    mean = total / n
    var = (total_sq - total * total / n) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(max(var, 0.0) / n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def position_label(r: int) -> str:
    """A seat from the dealer as the summary's table names it (the one after the dealer
    plays first)."""
    return position_name(r) + (" (plays first)" if r == 1 else "")


def position_name(r: int) -> str:
    if r == 0:
        return "dealer"
    return f"dealer+{r}"


def summarize(t: Tally, *, rules: Any, seed: int, bots: Sequence[str], requested: int, interrupted: bool) -> Dict[str, Any]:
    n, players = t.matches, t.players
    seat_side = [t.side_of(s) for s in range(players)]
    return {
        "rules": {"name": rules.name, "players": rules.players, "target": rules.target, **rules.options},
        "seed": seed,
        "bots": list(bots),
        "games": n,
        "requested": requested,
        "interrupted": interrupted,
        "wins": list(t.wins),
        "draws": t.draws,
        "win_rate_by_side": [wilson(t.wins[s], n) for s in range(t.sides)],
        "win_rate_by_seat": [wilson(t.wins[seat_side[s]], n) for s in range(players)],
        "win_rate_by_first_position": [
            {"position": position_name(r), **wilson(t.wins_by_first[r], n)} for r in range(players)
        ],
        "draw_rate": wilson(t.draws, n),
        "points_per_deal_by_position": [
            {"position": position_name(r), **mean_ci(t.pos_points[r], t.pos_points_sq[r], t.deals)}
            for r in range(players)
        ],
        "points_per_deal_by_side": [mean_ci(t.side_points[s], t.side_points_sq[s], t.deals) for s in range(t.sides)],
        "deals_per_match": mean_ci(t.deals, t.deals_sq, n),
        "moves_per_match": mean_ci(t.moves, t.moves_sq, n),
        "deals": t.deals,
        "moves": t.moves,
    }


def jsonable(x: Any) -> Any:
    """A summary made ready for JSON: NaN and the infinities (where nothing was counted)
    become None (null)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [jsonable(v) for v in x]
    return x
