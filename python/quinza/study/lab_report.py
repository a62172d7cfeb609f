"""The rules lab's report for a person: its findings in sentences, its figures as JSON,
and an HTML page with the findings, the tables and the plots (matplotlib, PNG inline)."""

from __future__ import annotations

import base64
import html
import io
import json
import math
import os
from typing import Any, Dict, List

from .. import _phrases
from .._words import quoted
from ..words import N_, _, current
from ..stats import jsonable

NUMBER_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven")}
# Why the headroom was not measured (lab_headroom.py), in words.
REASON_WORDS = {"the solver's values are paranoid with three sides": N_("the solver's values are paranoid with three sides"),
                "not asked": N_("not asked")}
# What each paired test measures (lab.METRICS's keys), in words.
METRIC_WORDS = {"first_dealer_result": N_("the first dealer's side's match result (a win 1, a draw a half)"),
                "dealer_margin": N_("the dealer's margin a deal, in points"), "deals": N_("deals a match")}


def pct(r: Dict[str, float]) -> str:
    """A rate with its interval: "52.3% [51.8, 52.8]"."""
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


def mean_text(m: Dict[str, float], digits: int = 2) -> str:
    """A mean with its interval: "2.41 [2.38, 2.44]"."""
    return f"{m['mean']:.{digits}f} [{m['low']:.{digits}f}, {m['high']:.{digits}f}]"


def position_words(position: str) -> str:
    if position == "dealer":
        return _("the dealer")
    if position == "dealer+1":
        return _("the player after the dealer (who plays first)")
    return _("the player {count} seats after the dealer", count=position[len("dealer+"):])


def findings(d: Dict[str, Any]) -> List[str]:
    """The report's findings, in sentences."""
    r = d["rules"]
    out = [_("{game} for {players} players, every seat played by {level}, {games} matches a figure (seed {seed}).",
             game=r["name"], players=r["players"], level=_phrases.bot_text(d["level"]), games=format(d["games"], ","),
             seed=d["seed"])]
    for w in d["seats"]["win_rate_by_position"]:
        out.append(_("The side of {who} of the first deal wins {rate} of matches.", who=position_words(w["position"]),
                     rate=pct(w)))
    for p in d["seats"]["points_per_deal_by_position"]:
        out.append(_("{who} makes {points} points a deal.", who=_capital(position_words(p["position"])),
                     points=mean_text(p)))
    out.append(_("Draws: {rate} of matches.", rate=pct(d["seats"]["draw_rate"])))
    out.extend(length_findings(d["lengths"]))
    dp = d["deal_and_play"]
    if dp["deals"] > 1 and not math.isnan(dp["deal_share"]):
        out.append(_("Over {deals} deals each played twice with the bots swapped ({level} against {contrast}), the "
                     "deal decides {deal}% of the variance of a side's margin and play {play}%; {level} gains "
                     "{edge} points a deal over {contrast} on the same cards.", deals=format(dp["deals"], ","),
                     level=_phrases.bot_text(d["level"]), contrast=_phrases.bot_text(dp["contrast"]),
                     deal=format(100 * dp["deal_share"], ".0f"), play=format(100 * dp["play_share"], ".0f"), edge=mean_text(dp["edge"])))
    for c in d["options"]:
        opts = ", ".join(f"{k}={v}" for k, v in c["options"].items())
        for t in c["tests"]:
            diff = t["difference"]
            verdict = _("a real difference") if t["significant"] else _("no difference we can tell from chance")
            out.append(_("With {options}, {meaning}: {variant} against {base}, a change of {change} (p = {p}, "
                         "{holm} after Holm's correction for the {tests} tests): {verdict}.", options=opts,
                         meaning=_(METRIC_WORDS[t["metric"]]) if t["metric"] in METRIC_WORDS else t["meaning"],
                         variant=format(t["variant"], ".3f"), base=format(t["base"], ".3f"),
                         change=mean_text(diff, 3), p=format(diff["p"], ".2g"), holm=format(t["p_holm"], ".2g"),
                         tests=sum(len(c2["tests"]) for c2 in d["options"]), verdict=verdict))
    out.append(headroom_sentence(d["headroom"]))
    return out


def headroom_sentence(h: Dict[str, Any]) -> str:
    """What each bot gives up against the open-hand solver at the end of a deal."""
    if not h["measured"]:
        reason = _(REASON_WORDS[h["reason"]]) if h["reason"] in REASON_WORDS else h["reason"]
        return _("The headroom against the open-hand solver is not measured: {reason}.", reason=reason)
    if h["deals"] == 0:
        return _("The headroom could not be measured: the solver valued none of the {count} deals in its time.",
                 count=h["skipped"])
    gave = "; ".join(_("{bot} gives up {loss}", bot=_phrases.bot_text(b["bot"]), loss=mean_text(b["loss"]))
                     for b in h["bots"])
    skipped = (" " + _("({count} deals left out: the solver ran out of time)", count=h["skipped"])
               if h["skipped"] else "")
    return _("The headroom, over the last {cards} cards of {deals} deals{skipped}: against the open-hand solver's "
             "best play, both sides together, in points a deal, {gave}. The solver sees every card, so no fair "
             "player reaches it; this is a ceiling, not a target.", cards=h["cards"],
             deals=format(h["deals"], ","), skipped=skipped, gave=gave)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def length_findings(lengths: List[Dict[str, Any]]) -> List[str]:
    """The match lengths, the lead changes and the sources' claims, in sentences."""
    out = []
    for x in lengths:
        s = x["deals"]
        most = (_("at least 80% of matches take {deals}", deals=format(s["p10"], ".0f")) if s["p10"] == s["p90"] else
                _("10% of matches take {low} or fewer, 10% {high} or more", low=format(s["p10"], ".0f"),
                  high=format(s["p90"], ".0f")))
        out.append(_("To {target}, a match takes {mean} deals on average (sd {sd}; {most}); the lead changes {changes} "
                     "times a match, and at least once in {rate}.", target=x["target"], mean=format(s["mean"], ".2f"),
                     sd=format(s["sd"], ".2f"), most=most, changes=format(x["lead_changes"]["mean"], ".2f"),
                     rate=pct(x["with_lead_change"])))
        if x["claim"] is not None:
            out.append(claim_sentence(x))
    return out


def claim_sentence(x: Dict[str, Any]) -> str:
    """The sources' claim on the length of a match to this target, against what was found."""
    c = x["claim"]
    low, high = (_(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n) for n in (c["low"], c["high"]))
    head = _("The sources say a {target} match usually takes {low} to {high} deals;", target=x["target"], low=low,
             high=high) + " "
    share = c["share"]
    if share["high"] < 0.5:
        return head + _("here only {rate} of matches do: the claim does not hold at this level of play.",
                        rate=pct(share))
    if share["low"] > 0.5:
        return head + _("here {rate} of matches do: the claim holds.", rate=pct(share))
    return head + _("here {rate} of matches do: too close to half to tell.", rate=pct(share))


def json_text(data: Dict[str, Any], **kw: Any) -> str:
    return json.dumps(jsonable(data), **kw)


def check_output(path: str, what: str) -> None:
    """Refuse, before the run, an output file that cannot be written: a folder, a missing
    folder, or one without the right to write."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ValueError(f"{what}: {quoted(path)} is a folder, not a file")
    if not os.path.isdir(folder):
        raise ValueError(f"{what}: the folder of {quoted(path)} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise ValueError(f"{what}: cannot write {quoted(path)} (no permission)")


def _png(fig: Any) -> str:
    """A figure as an <img> whose PNG is inline (a data URI): the page is one file."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def plots(d: Dict[str, Any]) -> List[str]:
    """The report's pictures as inline PNG images: win rate and points a deal by position, deals a
    match by target (the sources' claims shaded), the deal and play, the headroom, the options
    compared."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.2))
    for ax, rows, key, title in ((a, d["seats"]["win_rate_by_position"], "rate", _("win rate by first position")),
                                 (b, d["seats"]["points_per_deal_by_position"], "mean", _("points a deal by position"))):
        names = [x["position"] for x in rows]
        v = [x[key] for x in rows]
        ax.bar(names, v, yerr=[[x[key] - x["low"] for x in rows], [x["high"] - x[key] for x in rows]],
               capsize=6, color="#4c72b0")
        ax.set_title(title)
        if key == "rate":
            ax.axhline(1 / len(rows), color="grey", lw=0.8, ls="--")
            ax.set_ylim(min(v) - 0.05, max(v) + 0.05)
    out.append(_png(fig))
    plt.close(fig)
    lengths = d["lengths"]
    fig, axes = plt.subplots(1, len(lengths), figsize=(3.2 * len(lengths), 3), squeeze=False)
    for ax, x in zip(axes[0], lengths):
        counts = x["counts"]
        total = max(sum(counts), 1)
        ax.bar(range(len(counts)), [c / total for c in counts], color="#55a868")
        if x["claim"] is not None:
            ax.axvspan(x["claim"]["low"] - 0.5, x["claim"]["high"] + 0.5, color="#c44e52", alpha=0.2,
                       label=_("the sources' claim"))
            ax.legend(fontsize=8)
        ax.set_title(_("deals a match, target {target}", target=x["target"]))
        ax.set_xlabel(_("deals"))
    axes[0][0].set_ylabel(_("share of matches"))
    out.append(_png(fig))
    plt.close(fig)
    dp = d["deal_and_play"]
    if dp["deals"] > 1 and not math.isnan(dp["deal_share"]):
        fig, ax = plt.subplots(figsize=(5, 1.6))
        ax.barh([0], [dp["deal_share"]], color="#4c72b0", label=_("the deal"))
        ax.barh([0], [dp["play_share"]], left=[dp["deal_share"]], color="#dd8452", label=_("play"))
        ax.set_xlim(0, 1)
        ax.set_yticks([])
        ax.set_title(_("share of a deal's margin variance"))
        ax.legend(loc="lower right", fontsize=8)
        out.append(_png(fig))
        plt.close(fig)
    h = d["headroom"]
    if h["measured"] and h["deals"]:
        fig, ax = plt.subplots(figsize=(5, 0.5 * len(h["bots"]) + 1))
        for i, b in enumerate(h["bots"]):
            loss = b["loss"]
            ax.errorbar([loss["mean"]], [i], xerr=[[loss["mean"] - loss["low"]], [loss["high"] - loss["mean"]]],
                        fmt="o", capsize=4, color="#8172b2")
        ax.set_yticks(range(len(h["bots"])))
        ax.set_yticklabels([b["bot"] for b in h["bots"]], fontsize=8)
        ax.set_xlim(left=0)
        ax.set_ylim(-0.6, len(h["bots"]) - 0.4)
        ax.set_title(_("points a deal given up to the open-hand solver (last {cards} cards)", cards=h["cards"]))
        out.append(_png(fig))
        plt.close(fig)
    tests = [(", ".join(f"{k}={v}" for k, v in c["options"].items()), t) for c in d["options"] for t in c["tests"]]
    if tests:
        fig, ax = plt.subplots(figsize=(7, 0.45 * len(tests) + 1))
        for i, (opts, t) in enumerate(tests):
            diff = t["difference"]
            ax.errorbar([diff["mean"]], [i], xerr=[[diff["mean"] - diff["low"]], [diff["high"] - diff["mean"]]],
                        fmt="o", color="#c44e52" if t["significant"] else "#8c8c8c", capsize=4)
        ax.set_yticks(range(len(tests)))
        ax.set_yticklabels([f"{opts}: {t['metric']}" for opts, t in tests], fontsize=8)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_title(_("variant less base (red: significant after Holm)"))
        out.append(_png(fig))
        plt.close(fig)
    return out


# The report page's headings and its method, in words.
PAGE_WORDS = {
    "findings": N_("Findings"), "plots": N_("Plots"), "method": N_("Method"), "figures": N_("Figures"),
    "method_text": N_(
        "Every figure comes from the same seeded matches (match i of simulate for the seed), so options are "
        "compared on the same deals, match by match. Intervals are 95%: Wilson's for rates, the normal one for "
        "means. The deal and play: the first deal of a match is played twice, the level of play on one side and "
        "the contrast on the others, then swapped; half the sum of the two margins is the deal's part, half the "
        "difference play's. The headroom: from 18 cards before the deal's end, every move valued by the open-hand "
        "solver; a move's loss is the best value less the value of the move played. Options: paired differences, "
        "Holm's correction over every test."),
}


def html_page(d: Dict[str, Any], found: List[str]) -> str:
    """The whole report as one HTML page."""
    r = d["rules"]
    title = _("Rules lab: {game}, {players} players, {level}", game=r["name"], players=r["players"],
              level=_phrases.bot_text(d["level"]))
    items = "\n".join(f"<li>{html.escape(s)}</li>" for s in found)
    pictures = "\n".join(f"<figure>{img}</figure>" for img in plots(d))
    figures = html.escape(json_text(d, indent=2))
    said = {key: html.escape(_(text)) for key, text in PAGE_WORDS.items()}
    return f"""<!DOCTYPE html>
<html lang="{current().lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}}
figure{{margin:1em 0}} pre{{background:#f4f4f4;padding:1em;overflow:auto;font-size:80%}}</style></head>
<body><h1>{html.escape(title)}</h1>
<h2>{said["findings"]}</h2><ul>
{items}
</ul>
<h2>{said["plots"]}</h2>
{pictures}
<h2>{said["method"]}</h2>
<p>{said["method_text"]}</p>
<h2>{said["figures"]}</h2><pre>{figures}</pre>
</body></html>
"""
