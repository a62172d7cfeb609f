"""A simulation's summary as text (what `str(result)` prints) and as a picture
(`result.plot`, with matplotlib)."""

from __future__ import annotations

import math
import os
from typing import Any, Dict, List

import numpy as np

from .._words import choice_text, quoted
from ..stats import position_label, side_lineup


def rate_text(d: Dict[str, float]) -> str:
    if math.isnan(d["rate"]):
        return "-"
    return f"{100 * d['rate']:6.2f}%  [{100 * d['low']:6.2f}, {100 * d['high']:6.2f}]"


def mean_text(d: Dict[str, float], digits: int = 2) -> str:
    if math.isnan(d["mean"]):
        return "-"
    return f"{d['mean']:.{digits}f}  [{d['low']:.{digits}f}, {d['high']:.{digits}f}]"


def format_summary(s: Dict[str, Any], seconds: float = 0.0) -> str:
    r = s["rules"]
    players = r["players"]
    opts = "".join(f", {k}={v}" for k, v in r.items() if k not in ("name", "players", "target"))
    lines = [
        f"{r['name']}, {players} players, target {r['target']}{opts}; seed {s['seed']}",
        f"{s['games']:,} matches" + (f" of {s['requested']:,} (interrupted)" if s["interrupted"] else "")
        + (f" in {seconds:.1f} s ({s['games'] / seconds:,.0f} matches/s, {s['moves'] / seconds:,.0f} moves/s)" if seconds > 0 and s["games"] else ""),
    ]
    side_seats, side_bots = side_lineup(s)
    # The bots column grows for bots written with their parameters (pimc:worlds=32).
    width = max([18] + [len(b) + 1 for b in side_bots])
    lines += ["", f"{'side':<6}{'seats':<8}{'bots':<{width}}{'wins':>12}   {'win rate  [95% CI]':<28}"]
    for side, (seats, bots) in enumerate(zip(side_seats, side_bots)):
        lines.append(
            f"{side:<6}{' '.join(map(str, seats)):<8}{bots:<{width}}{s['wins'][side]:>12,}   {rate_text(s['win_rate_by_side'][side])}"
        )
    lines.append(f"{'draws':<{14 + width}}{s['draws']:>12,}   {rate_text(s['draw_rate'])}")
    lines += [
        "",
        f"{'seat from the dealer':<24}{'win rate, seated so':<34}{'points per deal'}",
        f"{'':<24}{'in the first deal  [95% CI]':<34}{'[95% CI]'}",
    ]
    for r in range(players):
        label = position_label(r)
        lines.append(
            f"{label:<24}{rate_text(s['win_rate_by_first_position'][r]):<34}{mean_text(s['points_per_deal_by_position'][r])}"
        )
    lines += [
        "",
        f"deals per match  {mean_text(s['deals_per_match'])}",
        f"moves per match  {mean_text(s['moves_per_match'], 1)}",
    ]
    return "\n".join(lines)


def check_plot(path: str) -> None:
    """What `plot_result` (and a review's chart) needs, checked before a run: matplotlib, a
    file type it writes, and a folder that exists where the file may be written. A
    ValueError says what is missing."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise ValueError("plotting needs matplotlib: pip install 'quinza[plot]'") from None
    kinds = FigureCanvasBase.get_supported_filetypes()
    ext = os.path.splitext(path)[1].lstrip(".").lower()
    if ext not in kinds:
        said = f"a file type {quoted(ext)}" if ext else "no file type"
        raise ValueError(f"cannot plot to {quoted(path)}: it has {said}; matplotlib writes "
                         f"{choice_text(['.' + k for k in sorted(kinds)])}")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"cannot plot to {quoted(path)}: there is no folder {quoted(folder)}")
    if os.path.isdir(path):
        raise ValueError(f"cannot plot to {quoted(path)}: it is a folder")
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):  # appending changes nothing of a file that is there
            pass
    except OSError as error:
        raise ValueError(f"cannot plot to {quoted(path)}: {error.strerror or error}") from None
    if not existed:
        os.remove(path)


def plot_title(s: Dict[str, Any]) -> str:
    """The plot's title: the matches drawn, and that the run was interrupted when it was
    (its figures are of the matches that finished, not of those asked)."""
    game = f"{s['rules']['name']}, {s['rules']['players']} players"
    if s.get("interrupted"):
        return f"interrupted: {s['games']:,} of {s['requested']:,} matches of {game}"
    return f"{s['games']:,} matches of {game}"


def plot_result(s: Dict[str, Any], hist: np.ndarray, path: str) -> None:
    """Win rates with their intervals, and the distribution of points per deal: of a
    result's `summary` and `points_histogram`."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("plotting needs matplotlib: pip install 'quinza[plot]'") from None
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    labels: List[str] = []
    rates: List[float] = []
    errs: List[List[float]] = [[], []]
    for side, w in enumerate(s["win_rate_by_side"]):
        seats = [seat for seat in range(s["rules"]["players"]) if (seat % 2 if s["rules"]["players"] == 4 else seat) == side]
        labels.append(f"side {side}\n{s['bots'][seats[0]]}")
        rates.append(w["rate"])
        errs[0].append(w["rate"] - w["low"])
        errs[1].append(w["high"] - w["rate"])
    labels.append("draw")
    d = s["draw_rate"]
    rates.append(d["rate"])
    errs[0].append(d["rate"] - d["low"])
    errs[1].append(d["high"] - d["rate"])
    a.bar(labels, rates, yerr=errs, capsize=4, color=["C0", "C1", "C2", "C3"][: len(labels) - 1] + ["grey"])
    a.set_ylabel("share of matches (95% CI)")
    a.set_title(plot_title(s))
    x = np.arange(hist.shape[1])
    for side in range(hist.shape[0]):
        total = hist[side].sum()
        if total:
            b.step(x, hist[side] / total, where="mid", label=f"side {side}")
    b.set_xlabel("points in a deal")
    b.set_ylabel("share of deals")
    b.set_title("points per deal")
    b.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
