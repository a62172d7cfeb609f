"""`quinza join`: a bot sat at a seat of a remote quinza server, playing from that seat's
messages alone (quinza.server.client). It needs the server extra: pip install "quinza[server]"."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import options


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza join",
        description="Sit a bot at a seat of a remote server and play the match (docs/howto/run-a-server.md).",
    )
    p.add_argument("url", help="the server, e.g. http://127.0.0.1:8000 (with the app's prefix if it is mounted)")
    p.add_argument("--room", required=True, help="the room's id (write --room=ID when the id starts with -)")
    p.add_argument("--bot", default="greedy",
                   help="the bot: a spec as --bots of simulate reads one (default greedy): "
                   "ismcts:iterations=2000, a name given to register_bot, or module:attr")
    p.add_argument("--name", default="bot", help="the seat's name (default bot)")
    p.add_argument("--seat", type=int, default=None, help="the seat to take (default the first free one)")
    p.add_argument("--seed", type=int, default=0, help="seeds the bot and the worlds it is given (default 0)")
    p.add_argument("--quiet", action="store_true",
                   help="print nothing while and after it plays (by default: a line a deal, with the scores and "
                   "the bot's time a move, and a summary at the end)")
    options.add_engine_option(p)
    options.add_lang_option(p)
    return p


def join_main(argv: Sequence[str]) -> int:
    p = parser()
    args = p.parse_args(list(argv))
    options.use_lang(p, args)
    try:
        from ..server.client import Tally, play
    except ImportError as error:
        return options.need_server_extra("join", error)
    tally = Tally(None if args.quiet else lambda line: print(line, flush=True))
    try:
        last = play(args.url, args.room, args.bot, name=args.name, seat=args.seat, seed=args.seed, engine=args.engine,
                    tally=tally)
    except (ValueError, OSError) as error:
        print(f"quinza join: {error}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(tally.summary(last["view"]))
    return 0
