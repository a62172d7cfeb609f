"""What the `quinza` commands draw: the rich consoles, cards as coloured chips, moves and
events as lines of text, and a closed pipe that ends quietly."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Optional, Sequence

from rich.console import Console
from rich.text import Text

from .._words import BID_VERBS, details_text

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
    "12c(10)": the Rey counts 10 there."""
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


def move_line(who: str, move: Any) -> Any:
    """A move said: "seat 1 plays 5e x 7c 3o", "you play 7o"; quinte's bids as what the
    seat does, "you double", "seat 2 passes"."""
    if move.card is None and getattr(move, "bid", None) in BID_VERBS:
        return Text(said(who, BID_VERBS[move.bid]))
    return Text.assemble(said(who, "plays") + " ", move_text(move))


def points_text(deal: Any) -> str:
    """A DealResult's points and how they are made up, per side."""
    return "; ".join(
        f"side {side} +{deal.points[side]}" + (f" ({made})" if made else "")
        for side, made in enumerate(details_text(detail) for detail in deal.details)
    )


def said(who: str, verb: str) -> str:
    """`who` and a verb in the present: "seat 1 takes", "you take"."""
    if who == "you" or who.startswith("you "):
        verb = verb[:-2] if verb.endswith("sses") else verb[:-1]  # passes: pass
    return f"{who} {verb}"


def event_line(event: Any, name: Callable[[Optional[int]], str], side_name: Callable[[Optional[int]], str]) -> Any:
    """One Event of `play` or `start_events` as one line; None for what needs no line
    (a move is drawn by the caller, who knows whose it was). `name(seat)` and
    `side_name(side)` word the seats and sides."""
    kind = event.kind
    if kind == "escoba":
        return Text.assemble(("ESCOBA! ", "bold yellow"), f"{name(event.seat)} swept the table")
    if kind == "trick":
        quints = f", {event.points} quint{'s' if event.points != 1 else ''}" if event.points else ""
        return Text.assemble(f"{name(event.seat)} won the trick ", cards_text(event.cards), quints)
    if kind == "cachette":
        return Text.assemble(f"{said(name(event.seat), 'takes')} the cachette ", cards_text(event.cards),
                             f", {event.points} quint{'s' if event.points != 1 else ''}")
    if kind == "last_cards":
        if event.seat is None:
            return Text.assemble("no one captured: ", cards_text(event.cards), " stay on the table")
        return Text.assemble("the last cards ", cards_text(event.cards), f" go to {name(event.seat)} (last capture)")
    if kind == "deal_scored":
        d = event.deal
        return Text(f"deal {d.deal_number} scored: {points_text(d)}", style="bold")
    if kind == "dealt":
        if event.seat is None:
            return Text("new hands dealt from the stock", style="dim")
        return Text(f"a new deal: {said(name(event.seat), 'deals')}", style="bold cyan")
    if kind == "opening_capture":
        return Text.assemble(("opening capture: ", "bold yellow"), f"{said(name(event.seat) + ' (the dealer)', 'takes')} ",
                             cards_text(event.cards), f", {event.points} escoba{'s' if event.points != 1 else ''}")
    if kind == "match_over":
        won = "a draw" if event.side is None else said(side_name(event.side), "wins")
        return Text(f"match over: {won}", style="bold green")
    return None


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
