"""A match's review as Jupyter shows it (`Review._repr_html_`): what was reviewed, a table
of the seats, the evaluation chart inline (a PNG in a data URI, where matplotlib is
installed) and a table of the moves with both columns."""

from __future__ import annotations

import base64
import html
import io
from typing import Any, List, Optional

from ..words import _, ngettext
from .review_report import amount, class_word, seat_label, signed

# The chart a little smaller than `plot` writes it: a notebook's cell is narrower.
INLINE_DPI = 80
CLASS_STYLE = {"inaccuracy": "background:#fff3bf", "mistake": "background:#ffd8a8", "blunder": "background:#ffc9c9"}
CELL = "padding:1px 6px;text-align:{align}"


def _cell(text: Any, tag: str = "td", align: str = "right", style: str = "", span: int = 1) -> str:
    extra = f' colspan="{span}"' if span > 1 else ""
    return f'<{tag}{extra} style="{CELL.format(align=align)};{style}">{html.escape(str(text))}</{tag}>'


def _row(cells: List[str]) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def _whole(value: Optional[int]) -> str:
    return "" if value is None else f"{value:+d}"


def _seats_table(review: Any) -> str:
    classes = ("inaccuracy", "mistake", "blunder")
    heads = [_("seat"), _("moves"), class_word("forced"), _("points lost a move"),
             _("points lost a move, hindsight"), *[class_word(k) for k in classes], _("worst moves")]
    rows = [_row([_cell(h, "th", "left") for h in heads])]
    for s in review.seats:
        rows.append(_row([
            _cell(seat_label(review, s.seat), align="left"), _cell(s.moves), _cell(s.forced),
            _cell(amount(s.average_lost)),
            _cell("" if s.hindsight_average_lost is None else
                  _("{lost} over {moves}", lost=amount(s.hindsight_average_lost),
                    moves=ngettext("{count} move", "{count} moves", s.hindsight_solved))),
            *[_cell(s.counts[k]) for k in classes], _cell(", ".join(map(str, s.worst)), align="left"),
        ]))
    return "<table>" + "".join(rows) + "</table>"


def _moves_table(review: Any) -> str:
    fair = [_("played"), _("best"), _("best move found"), _("lost"), _("class")]
    hindsight = [_("played"), _("best"), _("best move"), _("lost")]
    rows = [
        _row([_cell("", "th", span=5), _cell(_("fair (from the mover's seat)"), "th", "center", span=len(fair)),
              _cell(_("hindsight (every card known)"), "th", "center", span=len(hindsight))]),
        _row([_cell(h, "th", "left") for h in ["#", _("deal"), _("seat"), _("move"), _("in words"), *fair,
                                               *hindsight]]),
    ]
    for m in review.moves:
        cells = [_cell(m.number), _cell(m.deal), _cell(m.seat), _cell(m.move, align="left"),
                 _cell(m.words, align="left")]
        if m.kind == "forced":
            cells += [_cell(_("(the only legal move)"), align="left", span=4), _cell(class_word("forced"), align="left")]
        else:
            best = _("same") if m.best == m.move else m.best or ""
            cells += [_cell(signed(m.value)), _cell(signed(m.best_value)), _cell(best, align="left"),
                      _cell(amount(m.lost)), _cell(class_word(m.kind), align="left", style=CLASS_STYLE.get(m.kind, ""))]
        solved = m.hindsight_best_value is not None
        best = "" if not solved else _("same") if m.hindsight_best == m.move else m.hindsight_best or ""
        lost = m.hindsight_lost
        cells += [_cell(_whole(m.hindsight_value)), _cell(_whole(m.hindsight_best_value)), _cell(best, align="left"),
                  _cell("" if lost is None else lost)]
        rows.append(_row(cells))
    return "<table>" + "".join(rows) + "</table>"


def chart_uri(review: Any) -> Optional[str]:
    """The chart as a PNG data URI; None without matplotlib."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return None
    from .review_plot import review_figure

    out = io.BytesIO()
    review_figure(review).savefig(out, format="png", dpi=INLINE_DPI)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def review_html(review: Any) -> str:
    """The review as HTML: the summary's first line, the seats, the chart, the moves."""
    rules = review.rules
    title = _("Review of {game}, {players}, target {target}: {outcome}; {moves}", game=rules.name,
              players=ngettext("{count} player", "{count} players", rules.players), target=rules.target,
              outcome=review.outcome, moves=ngettext("{count} move", "{count} moves", len(review.moves)))
    uri = chart_uri(review)
    chart = "" if uri is None else f'<img src="{uri}" alt="{html.escape(title, quote=True)}" style="max-width:100%">'
    return (f"<div><p><b>{html.escape(title)}</b></p>{_seats_table(review)}{chart}"
            f"<details open><summary>{html.escape(ngettext('{count} move', '{count} moves', len(review.moves)))}"
            f"</summary>{_moves_table(review)}</details></div>")
