"""`quinza play`: a human plays one whole match against bots in the terminal, drawn with
rich. The screen shows only what the human's seat may know: it is drawn from
`game.observation(seat)`, never from the bots' hands."""

from __future__ import annotations

import argparse
import signal
from typing import Any, List, Optional, Sequence, Tuple

from .. import _record
from ..engines import Engine
from .._words import quoted
from ..bots import bot_from_text, bot_kind, check_net, split_bots
from . import options, screen
from .levels import LEVEL_WORDS, bot_of_level
from .options import BOT_CHOICES
from .session import Session

HINT_WORLDS = {"rust": 256, "reference": 4}  # pimc budgets that answer within a second or so (measured)
# The bots when --vs is not given: the strongest (benches/README.md), at its default budget
# about 20 ms a move in the core; the reference's search takes seconds a move, so greedy there.
DEFAULT_VS = {"rust": "ismcts", "reference": "greedy"}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza play",
        description="Play one whole match against bots in the terminal: choose each move by its number "
        "or its notation; ? asks a hint, u undoes, s saves the record, h helps, q quits. Leaving a match "
        "before its end keeps it (q asks first; Ctrl-C and Ctrl-D do not): its record is written to the "
        "file s saves to (by default quinza-match-DATE-TIME.txt in the current directory, or the file "
        "resumed from), and --resume FILE goes on with it. In escoba a card shows its value for the 15s "
        "where that is not its number: 12c(10) is the king of cups, which counts 10.",
    )
    options.add_match_options(p, "seed of the deal and of the bots (default: drawn, and shown)")
    p.add_argument("--vs", default=None, metavar="BOT",
                   help=f"the bots: a level ({LEVEL_WORDS}: greedy, pimc:worlds=16, pimc, ismcts; "
                   f"docs/reference/study.md \"Levels for people\"), or {BOT_CHOICES}, one for every other seat or one per other "
                   "seat, comma-separated; a bot's parameters follow a colon, as in ismcts:iterations=2000 "
                   "(default ismcts, the strongest; greedy with --engine reference, whose search is slow); "
                   "also a name given to register_bot, or module:attr to import a bot or its factory")
    p.add_argument("--seat", type=int, default=None,
                   help="your seat (default 0; with --resume the seat the record names \"you\")")
    p.add_argument("--delay", type=float, default=None,
                   help="seconds to pause after each bot move (default 0.4 in a terminal, else 0)")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="go on with the match of a record saved by s or kept on leaving: its rules, seed, moves, "
                   "your seat and the bots come from the record (--seat and --vs may change the last two)")
    p.add_argument("--no-save", action="store_true",
                   help="leaving before the match's end keeps nothing (s still saves the record)")
    p.add_argument("--forced", choices=("auto", "play", "ask"), default="auto",
                   help="a move that is the only legal one: play it at once (play), or ask for it as for any "
                   "other (ask); auto (the default) plays it at once where the rules are played in tricks "
                   "(quinte, where following suit often leaves one card) and asks in the fifteen family")
    options.add_engine_option(p)
    options.add_lang_option(p)
    return p



def play_main(argv: Sequence[str]) -> int:
    p = parser()
    args, api, rules = options.start(p, argv)
    if args.delay is not None and not 0 <= args.delay <= 60:  # NaN fails too
        p.error(f"--delay must be a number of seconds from 0 to 60, not {args.delay}")
    names: List[Optional[str]] = []
    if args.resume is not None:
        game, seed, names = resumed(p, api, argv, args.resume)
        rules = game.rules
    seat = args.seat if args.seat is not None else (names.index("you") if "you" in names else 0)
    if not 0 <= seat < rules.players:
        p.error(f"--seat must be a seat of the {rules.players} players, 0 to {rules.players - 1}, not {seat}")
    try:
        if args.vs is not None or args.resume is None:
            vs = args.vs if args.vs is not None else DEFAULT_VS[args.engine]
        else:
            # the record's bots, each at its seat; a seat it names no bot for gets the default
            vs = ",".join(record_bot(api, s, n, DEFAULT_VS[args.engine]) for s, n in enumerate(names) if s != seat)
        bots = seat_bots(api, vs, rules, seat)
        if args.resume is None:
            seed = options.drawn_seed(args.seed)
            game = api.Game(rules, seed=seed)
    except ValueError as error:
        p.error(str(error))
    out = screen.console()
    delay = args.delay if args.delay is not None else (0.4 if out.is_terminal else 0.0)
    hint = api.bot("pimc", worlds=HINT_WORLDS[args.engine], seed=seed)
    session = Session(api, game, seat, bots, out, hint, delay, seed, args.resume, keeps=not args.no_save,
                      forced=args.forced)
    # Ctrl-C ends the game with a word even where the command was started with SIGINT
    # ignored (a background job of a shell without job control passes that on).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return session.run()


def resumed(p: argparse.ArgumentParser, api: Engine, argv: Sequence[str],
            path: str) -> Tuple[Any, int, List[Optional[str]]]:
    """The match of a saved record, replayed; the seed its bots are seeded from (the
    record's, or one drawn for a record that starts from a position); each seat's name in
    the record (None where it names none)."""
    text, game = options.read_record(p, api, argv, "--resume", path)
    headers = _record.read_headers(text)
    names = _record.seat_names(headers, game.rules.players)
    seed = headers["Seed"][1] if "Seed" in headers else options.drawn_seed(None)
    return game, seed, names


def record_bot(api: Engine, seat: int, name: Optional[str], default: str) -> str:
    """The bot a resumed record names at a seat not the human's: its text, or `default`
    where it names none (or `you`, the human's seat of before)."""
    if name is None or name == "you":
        return default
    try:
        bot_kind(api, bot_from_text(api, name))
    except ValueError as error:
        raise ValueError(f"the record names seat {seat} {quoted(name)}, which is no bot ({error}): "
                         "give the bots with --vs") from None
    return name


def seat_bots(api: Engine, text: str, rules: Any, human: int) -> List[Any]:
    """The bots of the other seats, seeded as `simulate` seeds them (`seat_seed`): one bot
    text for all of them, or one per other seat in seat order; None at the human's seat. A
    bot whose net does not fit the rules is refused now, not at its first turn."""
    texts = split_bots(text)
    given = [bot_from_text(api, bot_of_level(t)) for t in texts]
    for t, b in zip(texts, given):
        try:
            bot_kind(api, b)  # an unknown name is refused, with the names to choose
        except ValueError as error:
            raise ValueError(f"{error}; or a level: {LEVEL_WORDS}") from None
        check_net(api, b, rules, t.strip())
    players = rules.players
    others = players - 1
    if len(given) not in (1, others):
        raise ValueError(f"--vs: give 1 bot, or {others} (one per other seat), not {len(given)}")
    out: List[Any] = []
    rest = iter(given * others if len(given) == 1 else given)
    for seat in range(players):
        if seat == human:
            out.append(None)
            continue
        out.append(next(rest))
    return out
