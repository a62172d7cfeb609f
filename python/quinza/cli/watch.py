"""`quinza watch`: bots play one seeded match, printed deal by deal (with --moves, move by
move with what each move made happen). The match is `play_match(rules, bots, seed)`:
the bots are seeded as `simulate` seeds them. With --record, the match of a record is
replayed and printed the same way."""

from __future__ import annotations

import argparse
from typing import Any, List, Sequence, Tuple

from rich.text import Text

from .. import _record
from .. import _phrases
from ..words import _, ngettext
from ..engines import Engine
from ..sim.matches import seat_players
from ..bots import bot_name, check_bots
from . import options, screen


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza watch",
        description="Bots play one seeded match, printed deal by deal: the same match as "
        "play_match(rules, bots, seed); or, with --record, the match of a record is replayed.",
    )
    options.add_match_options(p, "seed of the match (default: drawn, and shown)")
    options.add_bots_option(p)
    p.add_argument("--moves", action="store_true",
                   help="print every move too: the table and every hand before it, then the move and what it made happen")
    p.add_argument("--step", action="store_true",
                   help="with --moves, wait for Enter before each move (q and Enter to stop): a replay to follow at your pace")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="replay the match of a record (saved by quinza play, or game.record()) instead: "
                   "its rules, seed, players and moves come from the record")
    options.add_engine_option(p)
    options.add_lang_option(p)
    return p



def watch_main(argv: Sequence[str]) -> int:
    p = parser()
    args, api, rules = options.start(p, argv)
    if args.record is not None:
        game, players, names, seed_text = recorded(p, api, argv, args.record)
        rules = game.rules
        heading = _("players: {players}")
    else:
        seed = options.drawn_seed(args.seed)
        try:
            seat_bots = check_bots(api, args.bots, rules)
            players = seat_players(api, seat_bots, seed)
            game = api.Game(rules, seed=seed)
        except ValueError as error:
            p.error(str(error))
        names = [bot_name(api, b) for b in seat_bots]
        seed_text, heading = _("seed {seed}", seed=seed), _("bots: {players}")
    out = screen.console()

    name, side_name = _phrases.seat, _phrases.side
    out.print(_("{rules}; {seed}, first dealer seat {dealer}", rules=_phrases.rules_text(rules), seed=seed_text,
                dealer=game.dealer), style="bold")
    out.print(heading.format(players=", ".join(_("seat {seat} {bot}", seat=s, bot=_phrases.bot_text(b))
                                                for s, b in enumerate(names))))
    if args.step:
        args.moves = True
    if args.moves:
        _show(out, game.start_events, name, side_name, True)
    try:
        while not game.is_over:
            if args.moves:  # the table and every hand, as the seat to move finds them
                out.print(Text(_indented(game)), style="dim")
            if args.step and not _next(out):
                out.print(_("stopped at deal {deal}, scores {scores}", deal=game.deal_number, scores=_scores(game)))
                return 0
            move = players[game.turn](game)
            if move is None:  # a record's moves are all played
                out.print(_("The record ends here: deal {deal}, scores {scores}.", deal=game.deal_number,
                            scores=_scores(game)), style="bold")
                return 0
            _show(out, game.play(move), name, side_name, args.moves)
    except KeyboardInterrupt:
        out.print(_("interrupted at deal {deal}, scores {scores}", deal=game.deal_number, scores=_scores(game)))
        return 130
    deals = ngettext("{count} deal", "{count} deals", len(game.deals))
    if game.winner is None:
        out.print(_("A draw at {scores} after {deals}.", scores=_scores(game), deals=deals), style="bold")
    else:
        out.print(_("Side {side} wins: {scores} after {deals}.", side=game.winner, scores=_scores(game), deals=deals),
                  style="bold")
    return 0


def _indented(game: Any) -> str:
    """The open view's lines a replay shows before each move: the cards in play and the
    hands (the piles and scores are told deal by deal)."""
    return "\n".join("      " + line for line in game.view().lines(scores=False)[2:])


def _next(out: Any) -> bool:
    """Wait for Enter: True to go on, False when the viewer typed q (or the input ended)."""
    try:
        answer = input("  " + _("Enter: the next move; q: stop") + " ")
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")


def recorded(p: argparse.ArgumentParser, api: Engine, argv: Sequence[str],
             path: str) -> Tuple[Any, List[Any], List[str], str]:
    """The match of a record to replay: its start, a player per seat that plays the
    record's moves in turn (None once they are all played), each seat's name, and what
    it starts from."""
    text, end = options.read_record(p, api, argv, "--record", path, also=("--bots",))
    start = _record.record_start(api.Game, api.Rules, text)
    headers = _record.read_headers(text)
    moves = iter([e.move for e in end.history if e.kind == "move"])
    players = [lambda game: next(moves, None)] * start.rules.players
    names = ["-" if name is None else name for name in _record.seat_names(headers, start.rules.players)]
    seed_text = _("seed {seed}", seed=headers["Seed"][1]) if "Seed" in headers else _("from a position")
    return start, players, names, seed_text


def _show(out: Any, events: Sequence[Any], name: Any, side_name: Any, moves: bool) -> None:
    """The events of one move: every one with --moves; else the deals scored alone."""
    for e in events:
        if e.kind == "deal_scored":
            out.print(_deal_line(e.deal))
        elif not moves or e.kind == "match_over":
            continue  # the last line says who won
        elif e.kind == "move":
            out.print(Text.assemble("  " + _("seat {seat}:", seat=e.seat) + " ", screen.move_text(e.move)))
        else:
            line = screen.event_line(e, name, side_name)
            if line is not None:
                out.print(Text.assemble("    ", line))


def _scores(game: Any) -> str:
    """The match's scores in words: "side 0 12, side 1 9"."""
    return ", ".join(_("side {side} {points}", side=side, points=points) for side, points in enumerate(game.scores))


def _deal_line(d: Any) -> Any:
    """A DealResult in words: each side's points and what made them."""
    sides = "; ".join(
        _("side {side} {points}", side=side, points=points) + (f" ({made})" if (made := _phrases.details_text(detail)) else "")
        for side, (points, detail) in enumerate(zip(d.points, d.details))
    )
    return Text.assemble((_("deal {number}", number=d.deal_number), "bold"),
                         " " + _("(dealer seat {dealer}, last capture by {last}): {sides}", dealer=d.dealer,
                                 last=_phrases.seat(d.last_capturer), sides=sides))
