"""The rules lab's charts (matplotlib figures, made to be read at a glance): win rate and
points a deal by position, deals a match by target, the deal and play, the headroom, and
the option sets against the base with their margins. Every legend stands outside the
axes, so that none covers a bar; every axis label is a word from the catalog."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from .. import _phrases
from ..words import N_, _

# The verdicts' colours and their words in a legend or a table (equivalence.VERDICTS).
VERDICT_COLOURS = {"matters": "#c44e52", "negligible": "#55a868", "unclear": "#8c8c8c"}
VERDICT_LABELS = {"matters": N_("matters"), "negligible": N_("too small to matter"), "unclear": N_("cannot tell")}
# The paired metrics (lab.METRICS) as a chart's panel names them, and their units.
METRIC_TITLES = {"first_dealer_result": N_("first dealer's side's win rate"),
                 "dealer_margin": N_("dealer's margin a deal"), "deals": N_("deals a match")}
METRIC_UNITS = {"first_dealer_result": N_("percentage points"), "dealer_margin": N_("points"), "deals": N_("deals")}
# Win rates are shown in percent, their differences in percentage points.
SCALE = {"first_dealer_result": 100.0}
BLUE, ORANGE, GREEN, PURPLE = "#4c72b0", "#dd8452", "#55a868", "#8172b2"


def pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def position_label(position: str) -> str:
    """A seat counted from the dealer, short: "dealer", "dealer + 1"."""
    if position == "dealer":
        return _("dealer")
    return _("dealer + {count}", count=position[len("dealer+"):])


def options_label(options: Dict[str, Any]) -> str:
    """An option variant in words, as the report says it."""
    return _phrases.options_text(options)


def legend_below(fig: Any, handles: List[Any], columns: int) -> None:
    """One legend for the figure, below its axes (never over a bar)."""
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=columns, fontsize=8,
               frameon=False)


def seats(d: Dict[str, Any]) -> Any:
    """Win rate by first position, from 0 to 100% with the equal share marked, and points a
    deal by position from 0: a 49% against 51% looks like the near tie it is."""
    from matplotlib.ticker import PercentFormatter

    plt = pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    for ax, rows, key, title in ((a, d["seats"]["win_rate_by_position"], "rate", _("win rate by first position")),
                                 (b, d["seats"]["points_per_deal_by_position"], "mean",
                                  _("points a deal by position"))):
        names = [position_label(x["position"]) for x in rows]
        v = [x[key] for x in rows]
        bars = ax.bar(names, v, yerr=[[x[key] - x["low"] for x in rows], [x["high"] - x[key] for x in rows]],
                      capsize=6, color=BLUE)
        ax.set_title(title)
        ax.set_xlabel(_("seat counted from the dealer"))
        if key == "rate":
            ax.set_ylim(0, 1)
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            share = ax.axhline(1 / len(rows), color="black", lw=1, ls="--", label=_("an equal share"))
            ax.bar_label(bars, labels=[f"{100 * x:.1f}%" for x in v], label_type="center", color="white")
            ax.set_ylabel(_("share of matches won"))
        else:
            ax.set_ylim(0, max([x["high"] for x in rows] + [0.0]) * 1.2 or 1)
            ax.bar_label(bars, labels=[f"{x:.2f}" for x in v], label_type="center", color="white")
            ax.set_ylabel(_("points"))
    legend_below(fig, [share], 1)
    fig.tight_layout()
    return fig


def lengths(d: Dict[str, Any]) -> Any:
    """Deals a match, one panel a target, the sources' claim shaded."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    plt = pyplot()
    rows = d["lengths"]
    fig, axes = plt.subplots(1, len(rows), figsize=(3.2 * len(rows) + 0.4, 3), squeeze=False)
    handles = []
    for ax, x in zip(axes[0], rows):
        counts = x["counts"]
        total = max(sum(counts), 1)
        ax.bar(range(len(counts)), [c / total for c in counts], color=GREEN)
        if x["claim"] is not None:
            span = ax.axvspan(x["claim"]["low"] - 0.5, x["claim"]["high"] + 0.5, color="#c44e52", alpha=0.2,
                              label=_("the sources' claim"), zorder=0)
            handles = [span]
        ax.set_xlim(0.5, max(len(counts), 2) - 0.5)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.set_title(_("deals a match, target {target}", target=x["target"]))
        ax.set_xlabel(_("deals"))
    axes[0][0].set_ylabel(_("share of matches"))
    if handles:
        legend_below(fig, handles, 1)
    fig.tight_layout()
    return fig


def deal_and_play(d: Dict[str, Any]) -> Any:
    """The shares of a deal's margin variance: the deal's and play's, each named on its bar."""
    from matplotlib.ticker import PercentFormatter

    dp = d["deal_and_play"]
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 1.5))
    parts = ((dp["deal_share"], 0.0, BLUE, _("the deal")), (dp["play_share"], dp["deal_share"], ORANGE, _("play")))
    handles = []
    for share, left, colour, name in parts:
        handles.append(ax.barh([0], [share], left=[left], color=colour, label=name))
        if share >= 0.12:  # room for its words inside the bar
            ax.text(left + share / 2, 0, f"{name} {100 * share:.0f}%", ha="center", va="center", color="white",
                    fontsize=9)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_yticks([])
    ax.set_title(_("share of a deal's margin variance"))
    legend_below(fig, handles, 2)
    fig.tight_layout()
    return fig


def headroom(d: Dict[str, Any]) -> Any:
    """Each bot's points a deal given up to the open-hand solver, with its interval."""
    h = d["headroom"]
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(h["bots"]) + 1.2))
    for i, b in enumerate(h["bots"]):
        loss = b["loss"]
        ax.errorbar([loss["mean"]], [i], xerr=[[loss["mean"] - loss["low"]], [loss["high"] - loss["mean"]]],
                    fmt="o", capsize=4, color=PURPLE)
    ax.set_yticks(range(len(h["bots"])))
    ax.set_yticklabels([_phrases.bot_text(b["bot"]) for b in h["bots"]], fontsize=8)
    ax.set_xlim(left=0)
    ax.set_ylim(-0.6, len(h["bots"]) - 0.4)
    ax.set_xlabel(_("points a deal"))
    ax.set_title(_("given up to the open-hand solver (last {cards} cards)", cards=h["cards"]))
    fig.tight_layout()
    return fig


def _span(tests: List[Dict[str, Any]], scale: float) -> Tuple[float, float]:
    """An x-range holding every interval and twice the margin, symmetric about 0."""
    reach = max([2.0 * t["equivalence"]["margin"] for t in tests]
                + [max(abs(t["equivalence"]["low95"]), abs(t["equivalence"]["high95"])) * 1.1 for t in tests])
    return -reach * scale, reach * scale


def options(d: Dict[str, Any]) -> Any:
    """Each option set against the base, a panel a metric in its own units: the change with
    its 90% interval (thick, the equivalence test's) and 95% (thin, the test of mattering),
    the margin shaded, coloured by verdict."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    plt = pyplot()
    sets = d["options"]
    metrics = [t["metric"] for t in sets[0]["tests"]]
    fig, axes = plt.subplots(1, len(metrics), figsize=(3.4 * len(metrics) + 1.6, 0.55 * len(sets) + 1.6),
                             sharey=True, squeeze=False)
    for ax, metric in zip(axes[0], metrics):
        tests = [next(t for t in c["tests"] if t["metric"] == metric) for c in sets]
        scale = SCALE.get(metric, 1.0)
        margin = tests[0]["equivalence"]["margin"] * scale
        ax.axvspan(-margin, margin, color="#dddddd", zorder=0)
        ax.axvline(0, color="grey", lw=0.8, zorder=1)
        for i, t in enumerate(tests):
            e, colour = t["equivalence"], VERDICT_COLOURS[t["verdict"]]
            ax.plot([e["low95"] * scale, e["high95"] * scale], [i, i], color=colour, lw=1.2)
            ax.plot([e["low90"] * scale, e["high90"] * scale], [i, i], color=colour, lw=4, solid_capstyle="butt")
            ax.plot([t["difference"]["mean"] * scale], [i], "o", color="white", mec=colour, ms=5)
        ax.set_xlim(*_span(tests, scale))
        ax.set_title(_(METRIC_TITLES.get(metric, metric)), fontsize=10)
        ax.set_xlabel(_("change, in {units}", units=_(METRIC_UNITS.get(metric, metric))), fontsize=9)
    axes[0][0].set_yticks(range(len(sets)))
    axes[0][0].set_yticklabels([options_label(c["options"]) for c in sets], fontsize=9)
    axes[0][0].set_ylim(len(sets) - 0.5, -0.5)  # the first option set on top
    handles: List[Any] = [Line2D([], [], color=VERDICT_COLOURS[k], lw=4, label=_(VERDICT_LABELS[k]))
                          for k in VERDICT_COLOURS]
    handles.append(Patch(color="#dddddd", label=_("smallest change worth reporting")))
    fig.suptitle(_("option sets against the base rules: 90% interval thick, 95% thin"), fontsize=10)
    legend_below(fig, handles, 4)
    fig.tight_layout()
    return fig


def figures(d: Dict[str, Any]) -> List[Any]:
    """The report's charts that apply to `d`, in its order."""
    out = [seats(d), lengths(d)]
    dp = d["deal_and_play"]
    if dp["deals"] > 1 and dp["deal_share"] == dp["deal_share"]:  # not NaN
        out.append(deal_and_play(d))
    if d["headroom"]["measured"] and d["headroom"]["deals"]:
        out.append(headroom(d))
    if d["options"]:
        out.append(options(d))
    return out
