"""A match's review as text (what `str(review)` prints): the words the chart
(review_plot.py) and Jupyter's view (review_html.py) share are here too."""

from __future__ import annotations

import textwrap
from typing import Any, Dict, List, Optional, Tuple

from .. import _phrases
from ..words import N_, _, ngettext

# A class in words: its name (the column), and a count of it.
CLASS_WORDS = {"": "", "forced": N_("forced"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
               "blunder": N_("blunder")}


def class_count(kind: str, count: int) -> str:
    """"1 inaccuracy", "3 blunders"."""
    if kind == "inaccuracy":
        return ngettext("{count} inaccuracy", "{count} inaccuracies", count)
    if kind == "mistake":
        return ngettext("{count} mistake", "{count} mistakes", count)
    return ngettext("{count} blunder", "{count} blunders", count)


def class_word(kind: str) -> str:
    return _(CLASS_WORDS[kind]) if CLASS_WORDS.get(kind) else kind


def signed(value: Optional[float], digits: int = 2) -> str:
    return "" if value is None else f"{value:+.{digits}f}"


def amount(value: Optional[float]) -> str:
    return "" if value is None else f"{value:.2f}"


def _whole(value: Optional[int]) -> str:
    return "" if value is None else f"{value:+d}"


def seat_name(name: Optional[str]) -> Optional[str]:
    """A seat's name from the record as players read it: "you", a bot's level, in the
    language in force; a person's name as it is."""
    if not name:
        return None
    return _("you") if name == "you" else _phrases.bot_text(name)


def seat_label(review: Any, seat: int) -> str:
    """"seat 0 (you)", "seat 1 (greedy)", "seat 2"."""
    name = seat_name(review.names[seat])
    return _("seat {seat} ({name})", seat=seat, name=name) if name else _("seat {seat}", seat=seat)


def _counts(counts: Dict[str, int]) -> str:
    return ", ".join(class_count(k, n) for k, n in counts.items())


# The widest a line of the text may be: a terminal of 120 columns shows each on one line.
WIDTH = 120
# Between two columns of the table: two spaces, one where a language's longer heads would
# take a line past WIDTH.
GAPS = ("  ", " ")


def _wrapped(text: str, indent: str = "  ") -> List[str]:
    """A line of prose within WIDTH, its continuation indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False) or [""]


def _seat_lines(review: Any) -> List[str]:
    by_number = {m.number: m for m in review.moves}
    lines: List[str] = []
    for s in review.seats:
        average = (_("no move valued") if s.average_lost is None else
                   _("{lost} points lost a move", lost=format(s.average_lost, ".2f")))
        hindsight = ("" if s.hindsight_average_lost is None else
                     " " + _("(hindsight {lost} over {moves} solved)", lost=format(s.hindsight_average_lost, ".2f"),
                             moves=ngettext("{count} move", "{count} moves", s.hindsight_solved)))
        lines += _wrapped(_("{seat}: {moves}, {forced} forced; {average}{hindsight}; {counts}",
                            seat=seat_label(review, s.seat), moves=ngettext("{count} move", "{count} moves", s.moves),
                            forced=s.forced, average=average, hindsight=hindsight, counts=_counts(s.counts)), "    ")
        for number in s.worst:
            m = by_number[number]
            kind = f" ({class_word(m.kind)})" if m.kind else ""
            lines += _wrapped("  " + _("worst: move {number}, deal {deal}: {move} ({words}) lost {lost}{kind}; "
                                       "best found {best}", number=m.number, deal=m.deal, move=m.move, words=m.words,
                                       lost=amount(m.lost), kind=kind, best=m.best), "    ")
    return lines


# The table's columns: (head, ">" right-aligned or "<" left); the fair ones, then the
# hindsight ones. A move's words ("takes 3c with 7o") are left to the summary and the JSON:
# with them a move's line would not fit WIDTH.
def _fair_heads() -> List[Tuple[str, str]]:
    return [("#", ">"), (_("seat"), ">"), (_("move"), "<"), (_("played"), ">"), (_("best"), ">"),
            (_("best move found"), "<"), (_("lost"), ">"), (_("class"), "<")]


def _hindsight_heads() -> List[Tuple[str, str]]:
    return [(_("played"), ">"), (_("best"), ">"), (_("best move"), "<"), (_("lost"), ">")]


# A forced move's "(the only legal move)" spans its fair cells from played to best move found.
SPAN = slice(3, 6)


def _fair_cells(m: Any) -> List[str]:
    cells = [str(m.number), str(m.seat), m.move]
    if m.kind == "forced":
        return cells + [_("(the only legal move)"), "", "", "", class_word("forced")]
    best = _("same") if m.best == m.move else m.best or ""
    return cells + [signed(m.value), signed(m.best_value), best, amount(m.lost), class_word(m.kind)]


def _hindsight_cells(m: Any) -> List[str]:
    if m.hindsight_best_value is None:
        return ["", "", "", ""]
    best = _("same") if m.hindsight_best == m.move else (m.hindsight_best or "")
    lost = m.hindsight_lost
    return [_whole(m.hindsight_value), _whole(m.hindsight_best_value), best, "" if lost is None else str(lost)]


class _Table:
    """The moves' table: each column as wide as its widest cell or head, a move a line
    (within WIDTH for the moves of the rule sets there are)."""

    def __init__(self, moves: List[Any]) -> None:
        self.fair, self.hind = _fair_heads(), _hindsight_heads()
        self.gap = GAPS[0]
        fair = [(_fair_cells(m), m.kind == "forced") for m in moves]
        hind = [_hindsight_cells(m) for m in moves]
        self.fair_widths = [max([len(h)] + [len(c[i]) for c, forced in fair if not (forced and SPAN.start <= i < SPAN.stop)])
                            for i, (h, _) in enumerate(self.fair)]
        self.hind_widths = [max([len(h)] + [len(c[i]) for c in hind]) for i, (h, _) in enumerate(self.hind)]
        only = max([len(c[SPAN.start]) for c, forced in fair if forced], default=0)
        for self.gap in GAPS:
            if len(self.head_lines()[1]) + max(0, only - self._span()) <= WIDTH:
                break
        self.fair_widths[SPAN.stop - 1] += max(0, only - self._span())

    def _span(self) -> int:
        return sum(self.fair_widths[SPAN]) + len(self.gap) * (SPAN.stop - SPAN.start - 1)

    def _join(self, cells: List[str], heads: List[Tuple[str, str]], widths: List[int], forced: bool = False) -> str:
        parts = []
        for i, (cell, (_, align), width) in enumerate(zip(cells, heads, widths)):
            if forced and SPAN.start < i < SPAN.stop:
                continue
            parts.append(f"{cell:{align}{self._span() if forced and i == SPAN.start else width}}")
        return self.gap.join(parts)

    def head_lines(self) -> List[str]:
        """The column heads, under a line naming the two columns' groups."""
        heads = self._join([h for h, _ in self.fair], self.fair, self.fair_widths)
        hind = self._join([h for h, _ in self.hind], self.hind, self.hind_widths)
        fair, hindsight = _("fair (from the mover's seat)"), _("hindsight (every card known)")
        return [f"{fair:>{len(heads)}} | {hindsight}", f"{heads} | {hind}"]

    def line(self, m: Any) -> str:
        fair = self._join(_fair_cells(m), self.fair, self.fair_widths, m.kind == "forced")
        return f"{fair} | {self._join(_hindsight_cells(m), self.hind, self.hind_widths)}".rstrip()


def review_text(review: Any) -> str:
    """The review as a person reads it: what was reviewed and how, a summary per seat,
    then every move, deal by deal, each on one line within WIDTH columns."""
    rules = review.rules
    limits = review.thresholds
    classes = ", ".join(_("{kind} from {points}", kind=class_word(k), points=format(v, "g")) for k, v in limits.items())
    prose = [
        _("Review of {game}, {players}, target {target}: {outcome}; {moves}", game=rules.name,
          players=ngettext("{count} player", "{count} players", rules.players), target=rules.target,
          outcome=review.outcome, moves=ngettext("{count} move", "{count} moves", len(review.moves))),
        _("fair column: {bot}, seed {seed}: each move valued from the mover's seat, over worlds of the cards that "
          "seat could not see", bot=_phrases.bot_text(review.bot), seed=review.seed),
        _("hindsight column (every card known): the open-hand solver's value, where it settles the position within "
          "{nodes}", nodes=_("{count} nodes", count=format(review.hindsight, ",")) if review.hindsight else
          _("0 nodes (not asked)")),
        _("values and points lost are points a deal: the mover's side's points this deal minus the best of the "
          "other sides'"),
        _("classes by points lost: {classes}", classes=classes),
    ]
    lines = [line for text in prose for line in _wrapped(text)] + [""] + _seat_lines(review)
    table = _Table(review.moves)
    deal = None
    for m in review.moves:
        if m.deal != deal:
            deal = m.deal
            lines += ["", _("deal {number}", number=deal), *table.head_lines()]
        lines.append(table.line(m))
    return "\n".join(lines)
