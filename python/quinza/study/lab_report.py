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
from ..words import N_, _, current, ngettext
from ..stats import jsonable
from . import lab_margins
from .lab_plots import METRIC_UNITS, SCALE, options_label
from .lab_tables import value_text

NUMBER_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven")}
# Why the headroom was not measured (lab_headroom.py), in words.
REASON_WORDS = {"the solver's values are paranoid with three sides": N_("the solver's values are paranoid with three sides"),
                "not asked": N_("not asked")}
# What each paired test measures (lab.METRICS's keys), in words.
METRIC_WORDS = {"first_dealer_result": N_("the first dealer's side's match result (a win 1, a draw a half)"),
                "dealer_margin": N_("the dealer's margin a deal, in points"), "deals": N_("deals a match")}
# An option set's verdict (equivalence.overall), and a metric's (equivalence.verdicts), in words.
SET_WORDS = {"matters": N_("{options} against the base rules: a change that matters."),
             "negligible": N_("{options} against the base rules: no change that matters."),
             "unclear": N_("{options} against the base rules: cannot tell yet whether the change matters.")}
VERDICT_WORDS = {
    "matters": N_("it matters (beyond the smallest change worth reporting, {margin})"),
    "negligible": N_("too small to matter (within the smallest change worth reporting, {margin})"),
    "unclear": N_("cannot tell whether it matters (the smallest change worth reporting is {margin}; more "
                  "matches would tell)")}


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
        out.extend(option_findings(c))
    out.append(headroom_sentence(d["headroom"]))
    return out


def change_text(metric: str, x: Dict[str, float]) -> str:
    """A change with its interval in the metric's units: win rates in percentage points."""
    scale = SCALE.get(metric, 1.0)
    digits = 1 if metric in SCALE else 3
    value = mean_text({k: x[k] * scale for k in ("mean", "low", "high")}, digits)
    return f"{value} {_(METRIC_UNITS[metric])}" if metric in METRIC_UNITS else value


def option_findings(c: Dict[str, Any]) -> List[str]:
    """An option set against the base: its verdict, then each metric's change and verdict."""
    opts = options_label(c["options"])
    out = [_(SET_WORDS[c["verdict"]], options=opts)] if c.get("verdict") in SET_WORDS else []
    for t in c["tests"]:
        m = t["metric"]
        e = t.get("equivalence")
        verdict = ""
        if e is not None and t.get("verdict") in VERDICT_WORDS:
            margin = f"±{e['margin'] * SCALE.get(m, 1.0):.{1 if m in SCALE else 3}f}"
            verdict = _(VERDICT_WORDS[t["verdict"]], margin=margin)
        out.append(_("With {options}, {meaning}: {variant} against {base}, a change of {change}: {verdict}.",
                     options=opts, meaning=_(METRIC_WORDS[m]) if m in METRIC_WORDS else t["meaning"],
                     variant=value_text(m, t["variant"]), base=value_text(m, t["base"]),
                     change=change_text(m, t["difference"]), verdict=verdict))
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
    """The report's charts (lab_plots.py) as inline PNG images."""
    from . import lab_plots

    out = []
    for fig in lab_plots.figures(d):
        out.append(_png(fig))
        lab_plots.pyplot().close(fig)
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
    "verdict_text": N_(
        "Each option set's change is judged against the smallest change worth reporting: {win} of matches won, "
        "{points} of the points a deal hands out, {deals} of the base's deals a match. It matters when its 95% "
        "interval lies wholly beyond that margin; it is too small to matter when its 90% interval lies wholly "
        "within it (the equivalence test, two one-sided tests at 5%); else the lab cannot tell. Both are "
        "Holm-corrected over every test of the report."),
}
# The report's own look: the page's and a notebook's.
CSS = "figure{margin:1em 0} figure img{max-width:100%} pre{background:#f4f4f4;padding:1em;overflow:auto;font-size:80%}"


def html_body(d: Dict[str, Any], found: List[str], level: int = 2) -> str:
    """The report without its page: findings, plots, method and the figures' tables (the
    page's body, and a notebook's view of a LabReport); `level` is its headings'."""
    from .lab_tables import STYLE, tables

    items = "\n".join(f"<li>{html.escape(s)}</li>" for s in found)
    pictures = "\n".join(f"<figure>{img}</figure>" for img in plots(d))
    said = {key: html.escape(_(text)) for key, text in PAGE_WORDS.items() if key != "verdict_text"}
    win = round(100 * lab_margins.WIN_RATE)
    said["verdict_text"] = html.escape(_(
        PAGE_WORDS["verdict_text"], win=ngettext("{count} percentage point", "{count} percentage points", win),
        points=f"{100 * lab_margins.POINTS_SHARE:g}%", deals=f"{100 * lab_margins.LENGTH_SHARE:g}%"))
    h = f"h{level}"
    return f"""<style>{STYLE} {CSS}</style>
<{h}>{said["findings"]}</{h}><ul>
{items}
</ul>
<{h}>{said["plots"]}</{h}>
{pictures}
<{h}>{said["figures"]}</{h}>
{tables(d, json_text(d, indent=2))}
<{h}>{said["method"]}</{h}>
<p>{said["method_text"]}</p>
<p>{said["verdict_text"]}</p>"""


def html_page(d: Dict[str, Any], found: List[str]) -> str:
    """The whole report as one HTML page."""
    r = d["rules"]
    title = _("Rules lab: {game}, {players} players, {level}", game=r["name"], players=r["players"],
              level=_phrases.bot_text(d["level"]))
    return f"""<!DOCTYPE html>
<html lang="{current().lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}}</style></head>
<body><h1>{html.escape(title)}</h1>
{html_body(d, found)}
</body></html>
"""
