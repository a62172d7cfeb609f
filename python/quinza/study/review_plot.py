"""A match's review as an evaluation chart (`Review.plot`, `Review.figure`, `quinza review
--plot`; docs/reference/study.md "Reviewing a match"), with matplotlib: above, each move's
value for side 0, fair and in hindsight; below, the points each move lost, a bar in the
colour of the seat that made it; deals divided by labelled lines; the legend below the
panels, where it covers nothing."""

from __future__ import annotations

import textwrap
from typing import Any, List, Optional

from .. import _phrases
from ..sim.report import check_plot
from ..words import _, ngettext
from .review_report import class_word, seat_label

# The colour of each class: its threshold's line and the mark of its moves on the value line.
COLOURS = {"": "0.6", "inaccuracy": "#e6b800", "mistake": "#e67300", "blunder": "#cc0000"}
# Each seat's bars (none of them a class's colour); the value lines are black and grey.
SEAT_COLOURS = ("#1f77b4", "#9467bd", "#17becf", "#8c564b")
HINDSIGHT = "#2ca02c"
SIZE = (12.0, 7.6)  # inches: 1200 by 760 pixels at DPI, the legend's rows below the panels
DPI = 100


def _for_side0(review: Any, m: Any, value: Optional[float]) -> Optional[float]:
    """A value for the mover's side as side 0 sees it: negated for side 1 where there are two
    sides (a deal's margin); as it is with three."""
    if value is None or review.rules.sides != 2 or m.side == 0:
        return value
    return -value


def _nan(values: List[Optional[float]]) -> List[float]:
    return [float("nan") if v is None else v for v in values]


def caption(review: Any) -> str:
    """The words under the title: what each column knows, so that a hindsight dot far from
    the fair line is read as what it is."""
    fair = _("fair line: {bot}, seed {seed}: each move valued from the mover's seat, over worlds of the cards "
             "that seat could not see", bot=_phrases.bot_text(review.bot), seed=review.seed)
    hindsight = _("hindsight dots: the open-hand solver's value of the move played, every card known to every seat "
                  "(what no player could know), so the dots may sit far from the fair line")
    return "\n".join(textwrap.fill(text, 170) for text in (fair, hindsight))


def review_figure(review: Any) -> Any:
    """The evaluation chart as a matplotlib Figure, made without pyplot (its backend, and a
    notebook's, left as they are): save it, or show it in Jupyter."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch
    from matplotlib.transforms import blended_transform_factory

    moves = review.moves
    rules = review.rules
    x = [m.number for m in moves]
    fig = Figure(figsize=SIZE, dpi=DPI)
    top, bottom = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    played = [_for_side0(review, m, m.value) for m in moves]
    best = [_for_side0(review, m, m.best_value) for m in moves]
    top.plot(x, _nan(played), color="0.1", lw=1.6, label=_("move played (fair)"))
    top.plot(x, _nan(best), color="0.55", lw=0.9, ls="--", label=_("best move found (fair)"))
    solved = [(m.number, _for_side0(review, m, float(m.hindsight_value))) for m in moves if m.hindsight_value is not None]
    if solved:
        top.scatter([n for n, _v in solved], [v for _n, v in solved], s=12, color=HINDSIGHT, zorder=3,
                    label=_("move played, hindsight (every card known)"))
    for kind in ("mistake", "blunder"):
        marked = [(m.number, v) for m, v in zip(moves, played) if m.kind == kind and v is not None]
        if marked:
            top.scatter([n for n, _v in marked], [v for _n, v in marked], s=42, color=COLOURS[kind], zorder=4,
                        label=class_word(kind))
    top.axhline(0, color="0.3", lw=0.6)
    top.set_ylabel(_("value for side {side}, points a deal", side=0) if rules.sides == 2 else
                   _("value for the mover's side, points a deal"))
    fig.suptitle(_("Review of {game}, {players}, target {target}: {outcome}; {moves}", game=rules.name,
                   players=ngettext("{count} player", "{count} players", rules.players), target=rules.target,
                   outcome=review.outcome, moves=ngettext("{count} move", "{count} moves", len(moves))), fontsize=12)
    top.set_title(caption(review), fontsize=8.5, color="0.25", pad=20)

    bottom.bar(x, [m.lost or 0.0 for m in moves], width=0.85,
               color=[SEAT_COLOURS[m.seat % len(SEAT_COLOURS)] for m in moves])
    across = blended_transform_factory(bottom.transAxes, bottom.transData)
    for kind, limit in review.thresholds.items():
        bottom.axhline(limit, color=COLOURS[kind], lw=0.8, ls="--")
        # Named at the panel's right edge, outside it: no bar lies under the words.
        bottom.text(1.005, limit, _("{kind} from {points}", kind=class_word(kind), points=format(limit, "g")),
                    transform=across, color=COLOURS[kind], fontsize=8, va="center", ha="left")
    bottom.set_ylabel(_("points lost (fair)"))
    bottom.set_xlabel(_("move"))
    bottom.set_ylim(0, max([m.lost or 0.0 for m in moves] + list(review.thresholds.values())) * 1.08)

    starts = [m for i, m in enumerate(moves) if i == 0 or m.deal != moves[i - 1].deal]
    above = blended_transform_factory(top.transData, top.transAxes)
    for m in starts:
        if m is not moves[0]:
            for ax in (top, bottom):
                ax.axvline(m.number - 0.5, color="0.6", lw=0.8)
        top.text(m.number - 0.5, 1.01, " " + _("deal {number}", number=m.deal), transform=above, fontsize=8.5,
                 color="0.3", ha="left", va="bottom")
    if moves:
        top.set_xlim(0.5 - 0.01 * len(moves), moves[-1].number + 0.5 + 0.01 * len(moves))

    # The legend below the panels, a row for each: the values above, then each seat's bars
    # (matplotlib fills a legend column by column, so the rows are interleaved).
    values, names = top.get_legend_handles_labels()
    bars = [Patch(color=SEAT_COLOURS[s % len(SEAT_COLOURS)]) for s in range(rules.players)]
    bar_names = [_("points lost by {seat}", seat=seat_label(review, s)) for s in range(rules.players)]
    columns = max(len(values), len(bars))
    blank = Patch(color="none")
    rows = [(values + [blank] * columns)[:columns], (bars + [blank] * columns)[:columns]]
    words = [(names + [""] * columns)[:columns], (bar_names + [""] * columns)[:columns]]
    fig.legend([h for pair in zip(*rows) for h in pair], [w for pair in zip(*words) for w in pair],
               loc="lower center", ncol=columns, fontsize=8.5, frameon=False, bbox_to_anchor=(0.5, 0.0))
    fig.tight_layout(rect=(0.0, 0.08, 1.0, 1.0))
    return fig


def plot_review(review: Any, path: str) -> None:
    """The evaluation chart written to `path` (its type by the suffix)."""
    check_plot(path)
    review_figure(review).savefig(path, dpi=DPI)
