"""What the `quinza` commands draw: the rich consoles, cards as coloured chips, moves and
events as lines of text, and a closed pipe that ends quietly."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Optional, Sequence

from rich.console import Console
from rich.text import Text

from .. import _phrases
from ..words import _, ngettext

# A card drawn as a small chip: its notation (what the player types) on the suit's colour.
SUIT_STYLES = {
    "baraja": {"o": "bold black on yellow", "c": "bold white on red3", "e": "bold white on blue", "b": "bold white on green4"},
    "quinte": {"h": "bold red3 on grey93", "d": "bold red3 on grey93", "s": "bold black on grey93", "c": "bold black on grey93"},
}
JOKER_STYLE = "bold white on magenta"


class _Chips:
    # Cards are drawn as coloured chips where stdout shows colour; else as their plain text.
    on = True


def console(stderr: bool = False, force_terminal: Optional[bool] = None) -> Any:
    """A rich console. No highlighting of numbers and words (colour means a card's suit), no
    markup or emoji codes in text (a player's input, echoed, stays as typed), and no wrapping
    of long lines when the output is no terminal (a file keeps its lines)."""
    out = Console(file=sys.stderr if stderr else sys.stdout, highlight=False, markup=False, emoji=False,
                  force_terminal=force_terminal)
    out.soft_wrap = not out.is_terminal
    if not stderr:
        _Chips.on = out.color_system is not None
    return out


# -- cards, moves and events as rich text -------------------------------------------------------


def card_text(card: Any, values: Optional[Sequence[int]] = None) -> Any:
    """A card as a coloured chip (its notation, padded). With the rule set's `values`
    (escoba's), a card whose value for the 15s is not its number shows it after the chip,
    "12c(10)": the king counts 10 there."""
    if getattr(card, "is_joker", False):
        style = JOKER_STYLE
    else:
        style = SUIT_STYLES.get(card.deck, {}).get(card.suit or "", "bold")
    chip = Text(f" {card} ", style=style) if _Chips.on else Text(str(card))
    value = None if values is None else values[card.id % len(values)]  # a baraja id is suit * 10 + rank index
    if value is None or value == card.rank:
        return chip
    return Text.assemble(chip, f"({value})")


def cards_text(cards: Sequence[Any], empty: str = "-", values: Optional[Sequence[int]] = None) -> Any:
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c, values) for c in cards)


def move_text(move: Any) -> Any:
    """A move as the notation reads (`5e x 7c 3o`, `pass`), its cards as chips."""
    if move.card is None:
        return Text(str(move), style="bold")
    text = card_text(move.card)
    if move.captures:
        text = Text.assemble(text, " x ", cards_text(move.captures))
    return text


def move_line(who: str, move: Any, you: bool = False) -> Any:
    """A move said: "seat 1 plays 5e x 7c 3o", "you play 7o" (`you`: the reader's move);
    quinte's bids as what the seat does, "you double", "seat 2 passes"."""
    if move.card is None and getattr(move, "bid", None) is not None:
        return Text(_phrases.bid_text(move.bid, you, who))
    said = _("you play") if you else _("{who} plays", who=who)
    return Text.assemble(said + " ", move_text(move))


def points_text(deal: Any, side_name: Callable[[int], str]) -> str:
    """A DealResult's points and how they are made up, per side."""
    return "; ".join(
        _("{side} +{points}", side=side_name(side), points=deal.points[side]) + (f" ({made})" if made else "")
        for side, made in enumerate(_phrases.details_text(detail) for detail in deal.details)
    )


def event_line(event: Any, name: Callable[[Optional[int]], str], side_name: Callable[[Optional[int]], str],
               you: Optional[int] = None) -> Any:
    """One Event of `play` or `start_events` as one line; None for what needs no line
    (a move is drawn by the caller, who knows whose it was). `name(seat)` and
    `side_name(side)` word the seats and sides; `you`: the reader's seat."""
    kind = event.kind
    me = event.seat is not None and event.seat == you
    if kind == "escoba":
        return Text.assemble((_("ESCOBA!") + " ", "bold yellow"),
                             _("you swept the table") if me else _("{who} swept the table", who=name(event.seat)))
    if kind == "trick":
        won = _("you won the trick") if me else _("{who} won the trick", who=name(event.seat))
        return Text.assemble(won + " ", cards_text(event.cards), _quints(event.points))
    if kind == "cachette":
        took = _("you take the cachette") if me else _("{who} takes the cachette", who=name(event.seat))
        return Text.assemble(took + " ", cards_text(event.cards), _quints(event.points, always=True))
    if kind == "last_cards":
        if event.seat is None:
            return Text.assemble(_("no one captured:") + " ", cards_text(event.cards), " " + _("stay on the table"))
        goes = _("go to you (last capture)") if me else _("go to {who} (last capture)", who=name(event.seat))
        return Text.assemble(_("the last cards") + " ", cards_text(event.cards), " " + goes)
    if kind == "deal_scored":
        d = event.deal
        return Text(_("deal {number} scored: {points}", number=d.deal_number,
                      points=points_text(d, lambda s: side_name(s))), style="bold")
    if kind == "dealt":
        if event.seat is None:
            return Text(_("new hands dealt from the stock"), style="dim")
        deals = _("you deal") if me else _("{who} deals", who=name(event.seat))
        return Text(_("a new deal: {deals}", deals=deals), style="bold cyan")
    if kind == "opening_capture":
        took = (_("you (the dealer) take") if me else _("{who} (the dealer) takes", who=name(event.seat)))
        return Text.assemble((_("opening capture:") + " ", "bold yellow"), took + " ", cards_text(event.cards),
                             ", " + ngettext("{count} escoba", "{count} escobas", event.points))
    if kind == "match_over":
        won = _("a draw") if event.side is None else _("{who} wins", who=side_name(event.side))
        return match_over_line(won)
    return None


def match_over_line(outcome: str) -> Any:
    return Text(_("match over: {outcome}", outcome=outcome), style="bold green")


def _quints(points: int, always: bool = False) -> str:
    if not points and not always:
        return ""
    return ", " + ngettext("{count} quint", "{count} quints", points)


# -- a closed pipe -----------------------------------------------------------------------------


def quiet_pipe(run: Callable[[], int]) -> int:
    """Run a command; if its reader went away (`quinza ... | head -1`), stop without a
    traceback: stdout goes to /dev/null so that Python's last flush does not fail again,
    and the exit status is 1 (as rich's console does it for what it writes)."""
    try:
        code = run()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # no real file behind stdout (a test's capture)
            pass
        return 1
