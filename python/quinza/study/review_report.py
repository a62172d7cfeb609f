"""A match's review as text (what `str(review)` prints) and as an evaluation chart
(`review.plot`, with matplotlib)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .. import _phrases
from ..words import N_, _, ngettext
from ..sim.report import check_plot

# The colour of each class on the chart (the moves that lost nothing worth a class: grey).
COLOURS = {"": "0.6", "inaccuracy": "#e6b800", "mistake": "#e67300", "blunder": "#cc0000"}
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


def seat_label(review: Any, seat: int) -> str:
    name = review.names[seat]
    return _("seat {seat} ({name})", seat=seat, name=name) if name else _("seat {seat}", seat=seat)


def _counts(counts: Dict[str, int]) -> str:
    return ", ".join(class_count(k, n) for k, n in counts.items())


def _seat_lines(review: Any) -> List[str]:
    by_number = {m.number: m for m in review.moves}
    lines: List[str] = []
    for s in review.seats:
        average = (_("no move valued") if s["average_lost"] is None else
                   _("{lost} points lost a move", lost=format(s["average_lost"], ".2f")))
        hindsight = ("" if s["hindsight_average_lost"] is None else
                     " " + _("(hindsight {lost} over {moves} solved)", lost=format(s["hindsight_average_lost"], ".2f"),
                             moves=ngettext("{count} move", "{count} moves", s["hindsight_solved"])))
        lines.append(_("{seat}: {moves}, {forced} forced; {average}{hindsight}; {counts}",
                       seat=seat_label(review, s["seat"]), moves=ngettext("{count} move", "{count} moves", s["moves"]),
                       forced=s["forced"], average=average, hindsight=hindsight, counts=_counts(s["counts"])))
        for number in s["worst"]:
            m = by_number[number]
            kind = f" ({class_word(m.kind)})" if m.kind else ""
            lines.append("  " + _("worst: move {number}, deal {deal}: {move} ({words}) lost {lost}{kind}; best found {best}",
                                  number=m.number, deal=m.deal, move=m.move, words=m.words, lost=amount(m.lost),
                                  kind=kind, best=m.best))
    return lines


def header() -> str:
    """The column heads of a deal's moves."""
    deal, seat, move, words, played, best = _("deal"), _("seat"), _("move"), _("in words"), _("played"), _("best")
    found, lost, kind, hindsight, best_move = _("best move found"), _("lost"), _("class"), _("hindsight:"), _("best move")
    return (f"{'#':>4} {deal:>4} {seat:>4}  {move:<16}{words:<26}{played:>8}{best:>8}  {found:<16}{lost:>6}  "
            f"{kind:<11}| {hindsight} {played:>6}{best:>6}  {best_move:<16}{lost:>5}")


def _move_line(m: Any) -> str:
    if m.kind == "forced":
        only, forced = _("(the only legal move)"), class_word("forced")
        fair = f"{'':>16}  {only:<16}{'':>6}  {forced:<11}"
    else:
        same = m.best == m.move
        best_text = _("same") if same else m.best or ""
        fair = (f"{signed(m.value):>8}{signed(m.best_value):>8}  {best_text:<16}"
                f"{amount(m.lost):>6}  {class_word(m.kind):<11}")
    solved = m.hindsight_best_value is not None
    best = _("same") if m.hindsight_best == m.move else (m.hindsight_best or "")
    lost = m.hindsight_lost
    hindsight = (f"| {'':>10} {_whole(m.hindsight_value):>6}{_whole(m.hindsight_best_value):>6}  {best:<16}"
                 f"{'' if lost is None else lost:>5}" if solved else "|")
    return f"{m.number:>4} {m.deal:>4} {m.seat:>4}  {m.move:<16}{m.words:<26}{fair}{hindsight}".rstrip()


def review_text(review: Any) -> str:
    """The review as a person reads it: what was reviewed and how, a summary per seat,
    then every move, deal by deal."""
    rules = review.rules
    limits = review.thresholds
    classes = ", ".join(_("{kind} from {points}", kind=class_word(k), points=format(v, "g")) for k, v in limits.items())
    lines = [
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
        "",
        *_seat_lines(review),
    ]
    deal = None
    for m in review.moves:
        if m.deal != deal:
            deal = m.deal
            lines += ["", _("deal {number}", number=deal), header()]
        lines.append(_move_line(m))
    return "\n".join(lines)


def _for_side0(review: Any, m: Any, value: Optional[float]) -> Optional[float]:
    """A value for the mover's side as side 0 sees it: negated for side 1 where there are two
    sides (a deal's margin); as it is with three."""
    if value is None or review.rules.sides != 2 or m.side == 0:
        return value
    return -value


def plot_review(review: Any, path: str) -> None:
    """The evaluation chart: above, each move's value (the move played, the best found,
    the hindsight value) for side 0 in a game of two sides, else for the mover; below, the
    points each move lost, coloured by class, with the thresholds; deals divided."""
    check_plot(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    moves = review.moves
    x = [m.number for m in moves]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(11, 6.4), sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    played = [_for_side0(review, m, m.value) for m in moves]
    best = [_for_side0(review, m, m.best_value) for m in moves]
    solved = [(m.number, _for_side0(review, m, None if m.hindsight_value is None else float(m.hindsight_value)))
              for m in moves if m.hindsight_value is not None]
    nan = float("nan")
    top.plot(x, [nan if v is None else v for v in best], color="C0", lw=0.8, alpha=0.6, label="best move found (fair)")
    top.plot(x, [nan if v is None else v for v in played], color="C0", lw=1.6, label="move played (fair)")
    if solved:
        top.scatter([n for n, _ in solved], [v for _, v in solved], s=9, color="C2", zorder=3,
                    label="move played, hindsight (every card known)")
    for m, v in zip(moves, played):
        if m.kind in ("mistake", "blunder") and v is not None:
            top.scatter([m.number], [v], s=36, color=COLOURS[m.kind], zorder=4)
    top.axhline(0, color="0.3", lw=0.6)
    whose = "side 0" if review.rules.sides == 2 else "the mover's side"
    top.set_ylabel(f"value for {whose}\n(points a deal)")
    top.set_title(f"review of {review.rules.name}, {review.rules.players} players ({review.outcome}); fair: {review.bot}")
    top.legend(fontsize=8, loc="upper left")
    lost = [m.lost or 0.0 for m in moves]
    bottom.bar(x, lost, width=0.9, color=[COLOURS.get(m.kind, COLOURS[""]) for m in moves])
    for kind, limit in review.thresholds.items():
        bottom.axhline(limit, color=COLOURS[kind], lw=0.7, ls="--", label=f"{kind} from {limit:g}")
    bottom.set_ylabel("points lost (fair)")
    bottom.set_xlabel("move")
    bottom.legend(fontsize=8, loc="upper left")
    for m, before in zip(moves[1:], moves):
        if m.deal != before.deal:
            for ax in (top, bottom):
                ax.axvline(m.number - 0.5, color="0.75", lw=0.6)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
