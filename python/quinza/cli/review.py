"""`quinza review RECORD`: every move of a match record valued from the mover's seat
(`quinza.review`, docs/reference/study.md "Reviewing a match"), printed as text, or JSON with
--json, and drawn as an evaluation chart with --plot. Bad input (a record that does not
replay, a bot that is no search bot, a budget below 1, a chart that cannot be written)
is refused before any move is valued: a message and exit code 2."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..study import review as _review
from ..engines import engine
from ..sim.report import check_plot
from . import options


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza review",
        description="Value every move of a match record from the mover's seat, by a search over worlds of the "
        "cards that seat could not see; class the moves that gave points up (inaccuracy, mistake, blunder); "
        "and, marked as hindsight, the open-hand solver's values where it settles the position.",
    )
    p.add_argument("record", metavar="RECORD", help="a match record (saved by quinza play, or game.record())")
    p.add_argument("--bot", default=_review.DEFAULT_BOT,
                   help=f"the search that values the moves, pimc or ismcts with its parameters "
                   f"(default {_review.DEFAULT_BOT})")
    p.add_argument("--seed", type=int, default=0, help="seed of the search (default 0: the same review every time)")
    p.add_argument("--hindsight", type=int, default=_review.HINDSIGHT_NODES, metavar="NODES",
                   help=f"the open-hand solver's nodes a position (default {_review.HINDSIGHT_NODES:,}; 0: no hindsight)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--plot", metavar="FILE.png", default=None,
                   help="draw the evaluation chart (PNG, SVG or any file type matplotlib writes)")
    options.add_engine_option(p)
    return p


def review_main(argv: Sequence[str]) -> int:
    p = parser()
    options.refuse_engine_backend(p, argv)
    args = p.parse_args(list(argv))
    api = engine(args.engine)
    try:
        _review.search_bot(api, args.bot)
        if args.plot is not None:
            check_plot(args.plot)  # before the run, not after it
    except ValueError as error:
        p.error(str(error))
    # No options to clash with the record's: --seed here is the search's, not the match's.
    text, _ = options.read_record(p, api, (), "RECORD", args.record)
    try:
        review = _review.review(api, text, args.bot, args.seed, args.hindsight, _progress if sys.stderr.isatty() else None)
    except ValueError as error:  # the seed or the hindsight budget
        p.error(str(error))
    except KeyboardInterrupt:
        print("\nquinza review: interrupted, nothing reviewed", file=sys.stderr)
        return 130
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(review.to_json() if args.json else str(review))
    if args.plot is not None:
        review.plot(args.plot)
        print(f"chart written to {args.plot}", file=sys.stderr)
    print(f"reviewed {len(review.moves)} moves in {review.seconds:.1f} s", file=sys.stderr)
    return 0


def _progress(done: int, total: int) -> None:
    print(f"\rreviewing move {done} of {total}", end="", file=sys.stderr, flush=True)
