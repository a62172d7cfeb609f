"""What the `quinza` commands share: the options of a match (--rules, --players,
--target, --set, --seed, --engine), the engine's module, the rich consoles, how cards,
moves and events are drawn, and a closed pipe that ends quietly."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from typing import Any, Callable, Optional, Sequence, Tuple

from rich.console import Console
from rich.text import Text

from ._words import choice_text, quoted
from .reference.bots import BOT_NAMES
from .reference.rules import NAMES

RULE_SET_CHOICES = choice_text(NAMES)  # the names of the rules table, as every message lists them
ENGINES = ("rust", "reference")

# A card drawn as a small chip: its notation (what the player types) on the suit's colour.
SUIT_STYLES = {
    "baraja": {"o": "bold black on yellow", "c": "bold white on red3", "e": "bold white on blue", "b": "bold white on green4"},
    "quinte": {"h": "bold red3 on grey93", "d": "bold red3 on grey93", "s": "bold black on grey93", "c": "bold black on grey93"},
}
JOKER_STYLE = "bold white on magenta"


def option(text: str) -> Tuple[str, Any]:
    """KEY=VALUE for a rule-set option: true/false become booleans, digits integers."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"write an option as KEY=VALUE, e.g. setenta=sum, not {quoted(text)}")
    key, value = text.split("=", 1)
    parsed: Any = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif value.isdigit():
        parsed = int(value)
    return key.strip(), parsed


def add_match_options(p: argparse.ArgumentParser, seed_help: str) -> None:
    """--rules, --players, --target, --set and --seed, as every command takes them."""
    p.add_argument("--rules", default="quinza", help=f"{RULE_SET_CHOICES} (default quinza)")
    p.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default 2; quinte 4)")
    p.add_argument("--target", type=int, default=None, help="match target (default per rule set)")
    p.add_argument("--set", dest="options", type=option, action="append", default=[], metavar="KEY=VALUE",
                   help="a rule-set option, e.g. --set setenta=sum (escoba); may be repeated")
    p.add_argument("--seed", type=int, default=None, help=seed_help)


BOTS_HELP = ("{names}, one for all seats, one per side or one per seat, comma-separated; a bot's "
             "parameters follow a colon, as in ismcts:iterations=2000,c=0.5,greedy (default random)")


def add_bots_option(p: argparse.ArgumentParser) -> None:
    """--bots, as `simulate` and `watch` take it (the text `simulate(bots=)` reads)."""
    p.add_argument("--bots", default="random", help=BOTS_HELP.format(names=choice_text(BOT_NAMES)))


def add_engine_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", choices=ENGINES, default="rust",
                   help="rust (the compiled core, default) or reference (the pure-Python twin, slow)")


def refuse_engine_backend(p: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """`--backend` is only `simulate`'s (where it runs): say so instead of "unrecognized"."""
    if any(a == "--backend" or a.startswith("--backend=") for a in argv):
        p.error("--backend is where `quinza simulate` runs its matches (local or ray); "
                "choose the engine with --engine rust|reference")


def engine_module(name: str) -> Any:
    """The backend's module: quinza (the Rust core) or quinza.reference."""
    if name == "reference":
        from . import reference

        return reference
    import quinza

    return quinza


def start(p: argparse.ArgumentParser, argv: Sequence[str]) -> Tuple[argparse.Namespace, Any, Any]:
    """A command's options read, its engine's module and its Rules (play and watch)."""
    refuse_engine_backend(p, argv)
    args = p.parse_args(list(argv))
    api = engine_module(args.engine)
    return args, api, make_rules(p, api, args)


def make_rules(p: argparse.ArgumentParser, api: Any, args: argparse.Namespace) -> Any:
    """The Rules the options name; a refusal is the parser's error (exit 2)."""
    try:
        return api.Rules(args.rules, players=args.players, target=args.target, **dict(args.options))
    except (ValueError, TypeError) as error:
        p.error(str(error))


# What a match record gives (play --resume, watch --record), so not to be given beside it.
RECORD_GIVES = ("--rules", "--players", "--target", "--set", "--seed")


def read_record(p: argparse.ArgumentParser, api: Any, argv: Sequence[str], option: str, path: str,
                also: Sequence[str] = ()) -> Tuple[str, Any]:
    """The text of a match record file and the match it replays (`Game.from_record`), for
    `option`; options the record gives, or `also`, beside it, or a file that is no record,
    are the parser's error."""
    clash = [o for o in (*RECORD_GIVES, *also) if any(a == o or a.startswith(o + "=") for a in argv)]
    if clash:
        p.error(f"{option} takes the match from the record: leave out {', '.join(clash)}")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        p.error(f"{option}: cannot read {quoted(path)}: {error.strerror or error}")
    except UnicodeDecodeError:
        p.error(f"{option}: {quoted(path)} is not a match record (not UTF-8 text)")
    try:
        return text, api.Game.from_record(text)
    except ValueError as error:
        p.error(f"{option}: {quoted(path)} is not a match record the engine can replay: {error}")


def drawn_seed(seed: Optional[int]) -> int:
    """The seed given, or one drawn short enough to type again."""
    return secrets.randbelow(1_000_000) if seed is None else seed


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


def card_text(card: Any) -> Any:
    """A card as a coloured chip (its notation, padded)."""
    if getattr(card, "is_joker", False):
        style = JOKER_STYLE
    else:
        style = SUIT_STYLES.get(card.deck, {}).get(card.suit or "", "bold")
    return Text(f" {card} ", style=style) if _Chips.on else Text(str(card))


def cards_text(cards: Sequence[Any], empty: str = "-") -> Any:
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def move_text(move: Any) -> Any:
    """A move as the notation reads (`5e x 7c 3o`, `pass`), its cards as chips."""
    if move.card is None:
        return Text(str(move), style="bold")
    text = card_text(move.card)
    if move.captures:
        text = Text.assemble(text, " x ", cards_text(move.captures))
    return text


def points_text(deal: Any) -> str:
    """A DealResult's points and how they are made up, per side."""
    return "; ".join(
        f"side {side} +{deal.points[side]} (" + ", ".join(f"{k} {v}" for k, v in detail.items()) + ")"
        for side, detail in enumerate(deal.details)
    )


def said(who: str, verb: str) -> str:
    """`who` and a verb in the present: "seat 1 takes", "you take"."""
    if who == "you" or who.startswith("you "):
        verb = verb[:-1]
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
