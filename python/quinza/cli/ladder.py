"""`quinza ladder`: every pair of bots on duplicate deals, then their ratings, the points a
deal of each pair and the time a move (`quinza.ladder`); --state keeps finished lineups
for a later run, --json and --plot write the result. Ctrl-C keeps what finished."""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional, Tuple

from .._errors import SimulationInterrupted
from ..engines import Engine, engine
from .._words import plural, quoted
from ..sim.report import check_plot
from ..sim.arguments import BACKENDS
from ..study.ladder import INTERVALS, RESAMPLES, LadderResult, ladder
from . import options, screen
from .simulate import ProgressBar


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza ladder",
        description="Rate bots: every pair plays the same deals with the seats swapped (or rotated), then "
        "Bradley-Terry ratings on the Elo scale with 95% intervals (the first bot at 0; by default a paired "
        "bootstrap over the duplicate matches), the points a deal of each pair, and each bot's time a move.",
    )
    options.add_match_options(p, "seed of the deals (default: the state file's, else drawn, and shown)")
    p.set_defaults(rules="escoba")
    p.add_argument("--bots", required=True,
                   help="two bots or more, comma-separated, e.g. random,greedy,pimc:worlds=16,ismcts:iterations=200 "
                   "(a bot's parameters follow a colon; registered names and module:attr work too)")
    p.add_argument("--games", type=int, default=100, help="matches a lineup of each pair (default 100)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="where the matches run: local, or ray (pip install 'quinza[ray]')")
    p.add_argument("--ray-address", default=None, help="address of the Ray cluster (default: start one here)")
    options.add_engine_option(p)
    p.add_argument("--state", metavar="FILE.json", default=None,
                   help="keep each finished lineup in FILE at once; run again with it to go on where it stopped")
    p.add_argument("--intervals", choices=INTERVALS, default=None,
                   help="how the 95%% intervals are made: bootstrap, the paired bootstrap over the duplicate matches "
                   "(the default when --games is 2 or more), or fisher, from the Fisher information, which ignores "
                   "the pairing of the deals (the default for --games 1)")
    p.add_argument("--resamples", type=int, default=RESAMPLES,
                   help=f"resamples of the paired bootstrap (default {RESAMPLES})")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--plot", metavar="FILE.png", default=None, help="draw the ratings and the points matrix (.png, .svg, ...)")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="the live progress bar on stderr (auto: when stderr is a terminal)")
    return p


def check_writable(p: argparse.ArgumentParser, option: str, path: str) -> None:
    """A file the run will write, refused before the run when its folder cannot take it."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        p.error(f"{option}: {quoted(path)} is a folder, not a file")
    if not os.path.isdir(folder):
        p.error(f"{option}: cannot write {quoted(path)}: there is no folder {quoted(folder)}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        p.error(f"{option}: cannot write {quoted(path)}: permission denied")


def run(api: Engine, args: argparse.Namespace, bar: Optional[ProgressBar]) -> Tuple[LadderResult, int]:
    """The ladder and the exit status: 0, or 130 with what finished when Ctrl-C stopped it."""
    try:
        return ladder(api, args.bots, args.rules_made, args.games, args.seed, args.threads, args.backend, args.state,
                      bar, args.ray_address, args.intervals, args.resamples), 0
    except SimulationInterrupted as stop:
        return stop.result, 130
    finally:
        if bar is not None:
            bar.close()


def ladder_main(argv: Optional[List[str]] = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    api = engine(args.engine)
    args.rules_made = options.make_rules(p, api, args)
    if args.games < 1:
        p.error(f"--games must be 1 or more, not {args.games}")
    if args.resamples < 1:
        p.error(f"--resamples must be 1 or more, not {args.resamples}")
    if args.intervals == "bootstrap" and args.games < 2:
        p.error("--intervals bootstrap needs --games 2 or more: a single match a lineup has nothing to resample")
    for option, path in (("--plot", args.plot), ("--state", args.state)):
        if path:
            check_writable(p, option, path)
    if args.plot:
        try:
            check_plot(args.plot)
        except ValueError as error:
            p.error(str(error))
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(force_terminal=args.progress == "always") if show else None
    try:
        result, code = run(api, args, bar)
    except ValueError as error:  # refused before any match, the bar closed
        p.error(str(error))
    err = screen.console(stderr=True)
    if code:
        kept = f"; finished lineups are in {args.state}: run the same command to go on" if args.state else ""
        err.print(f"interrupted: the {plural(len(result.pairs), 'pairing')} that finished{kept}", highlight=False)
    print(result.to_json(indent=2) if args.json else str(result))
    if args.plot:
        result.plot(args.plot)
        err.print(f"plot written to {args.plot}", highlight=False)
    return code
