"""The rules lab's figures as HTML tables a person reads (the report page's "Figures" and
`LabReport._repr_html_`): seats, match lengths, the deal and play, the headroom, and the
option sets with their verdicts; the raw JSON follows, folded, for whoever wants it."""

from __future__ import annotations

import html
from typing import Any, Dict, List, Sequence

from .. import _phrases
from ..words import _
from .lab_plots import METRIC_TITLES, SCALE, VERDICT_COLOURS, VERDICT_LABELS, options_label, position_label

STYLE = ("table.lab{border-collapse:collapse;margin:.5em 0 1.5em;font-size:90%}"
         "table.lab th,table.lab td{border-bottom:1px solid #ddd;padding:.25em .6em;text-align:right;white-space:nowrap}"
         "table.lab th:first-child,table.lab td:first-child{text-align:left}"
         "table.lab caption{text-align:left;font-weight:bold;padding:.3em 0}")


def table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table; every cell is escaped except those already marked up (starting with '<')."""
    def cell(x: str) -> str:
        return x if x.startswith("<") else html.escape(x)

    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "\n".join("<tr>" + "".join(f"<td>{cell(x)}</td>" for x in row) + "</tr>" for row in rows)
    return f'<table class="lab"><caption>{html.escape(caption)}</caption>\n<tr>{head}</tr>\n{body}\n</table>'


def pct(r: Dict[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


def interval(m: Dict[str, float], digits: int = 2, scale: float = 1.0) -> str:
    return (f"{m['mean'] * scale:.{digits}f} [{m['low'] * scale:.{digits}f}, "
            f"{m['high'] * scale:.{digits}f}]")


def seats(d: Dict[str, Any]) -> str:
    wins = d["seats"]["win_rate_by_position"]
    points = {p["position"]: p for p in d["seats"]["points_per_deal_by_position"]}
    rows = [[position_label(w["position"]), pct(w),
             interval(points[w["position"]]) if w["position"] in points else ""] for w in wins]
    rows.append([_("draws"), pct(d["seats"]["draw_rate"]), ""])
    return table(_("Seats, counted from the dealer (95% intervals)"),
                 [_("seat"), _("matches won (first deal's position)"), _("points a deal")], rows)


def lengths(d: Dict[str, Any]) -> str:
    rows = []
    for x in d["lengths"]:
        s = x["deals"]
        claim = x["claim"]
        rows.append([str(x["target"]), f"{s['mean']:.2f}", f"{s['sd']:.2f}",
                     f"{s['p10']:.0f} / {s['median']:.0f} / {s['p90']:.0f}", f"{x['lead_changes']['mean']:.2f}",
                     "" if claim is None else f"{claim['low']}-{claim['high']}: {pct(claim['share'])}"])
    return table(_("Match length"), [_("target"), _("deals a match"), _("standard deviation"),
                                     _("10% / median / 90%"), _("lead changes a match"),
                                     _("within the sources' claim")], rows)


def deal_and_play(d: Dict[str, Any]) -> str:
    dp = d["deal_and_play"]
    if dp["deals"] < 2 or dp["deal_share"] != dp["deal_share"]:
        return ""
    return table(_("The deal and play"), [_("deals played twice"), _("the deal's share"), _("play's share"),
                                          _("the level's edge, points a deal")],
                 [[format(dp["deals"], ","), f"{100 * dp['deal_share']:.0f}%", f"{100 * dp['play_share']:.0f}%",
                   interval(dp["edge"])]])


def headroom(d: Dict[str, Any]) -> str:
    h = d["headroom"]
    if not h["measured"] or not h["deals"]:
        return ""
    return table(_("The headroom, last {cards} cards of {deals} deals", cards=h["cards"], deals=h["deals"]),
                 [_("bot"), _("points a deal given up to the open-hand solver")],
                 [[_phrases.bot_text(b["bot"]), interval(b["loss"])] for b in h["bots"]])


def value_text(metric: str, x: float) -> str:
    return f"{100 * x:.1f}%" if metric in SCALE else f"{x:.3f}"


def verdict_cell(kind: str) -> str:
    colour = VERDICT_COLOURS.get(kind, "#000")
    return f'<span style="color:{colour};font-weight:bold">{html.escape(_(VERDICT_LABELS[kind]))}</span>'


def options(d: Dict[str, Any]) -> str:
    if not d["options"]:
        return ""
    rows: List[List[str]] = []
    for c in d["options"]:
        label = options_label(c["options"])
        rows.append([f"<b>{html.escape(label)}</b>", "", "", "", "", "", "",
                     verdict_cell(c["verdict"]) if "verdict" in c else ""])
        for t in c["tests"]:
            m, e = t["metric"], t["equivalence"]
            scale, digits = SCALE.get(m, 1.0), 1 if m in SCALE else 3
            rows.append(["\u2003" + _(METRIC_TITLES.get(m, m)), value_text(m, t["base"]), value_text(m, t["variant"]),
                         interval(t["difference"], digits, scale),
                         f"[{e['low90'] * scale:.{digits}f}, {e['high90'] * scale:.{digits}f}]",
                         f"±{e['margin'] * scale:.{digits}f}", f"{t['p_holm']:.2g}", verdict_cell(t["verdict"])])
    return table(_("Option sets against the base rules (win rates' changes in percentage points)"),
                 [_("option set, measure"), _("base"), _("variant"), _("change [95%]"), _("90% interval"),
                  _("smallest change worth reporting"), _("p of no change, Holm"), _("verdict")], rows)


def tables(d: Dict[str, Any], json_text: str) -> str:
    """Every table, then the figures as JSON in a folded block."""
    parts = [options(d), seats(d), lengths(d), deal_and_play(d), headroom(d)]
    raw = (f"<details><summary>{html.escape(_('the figures as JSON'))}</summary>"
           f"<pre>{html.escape(json_text)}</pre></details>")
    return "\n".join(p for p in parts if p) + "\n" + raw
