"""`quinza simulate`: many matches between bots, a live progress bar, then a summary
table (or JSON with --json, a picture with --plot), drawn with rich. Ctrl-C stops
cleanly and sums up what finished."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, List, Optional

from rich import box
from rich.progress import BarColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .._errors import SimulationInterrupted
from ..engines import ENGINES, engine
from .._words import choice_text, quoted
from ..sim.estimate import estimate
from ..sim.report import check_plot, format_summary, mean_text, rate_text
from ..sim.arguments import BACKENDS
from ..stats import position_label, side_lineup
from . import options, screen


def _backend(text: str) -> str:
    """--backend: where the matches run. rust/reference (its meaning of old) is --engine now."""
    if text in ENGINES:
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is an engine: write --engine {text}; --backend is where the matches run, "
            f"{choice_text(BACKENDS)}")
    if text not in BACKENDS:
        raise argparse.ArgumentTypeError(f"unknown backend {quoted(text)}: choose {choice_text(BACKENDS)}")
    return text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza simulate",
        description="Play many whole matches between bots on every core and sum them up: who wins from "
        "which seat and side (with 95% confidence intervals), draws, points per deal, deals per match.",
    )
    options.add_match_options(p, "seed of the whole run (default: drawn, and shown)")
    p.add_argument("--games", type=int, default=10_000, help="number of matches (default 10000)")
    options.add_bots_option(p)
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--backend", type=_backend, default="local", metavar="{local,ray}",
                   help="where the matches run: local, or ray to share them out over a Ray cluster "
                   "(pip install 'quinza[ray]')")
    p.add_argument("--ray-address", default=None, help="address of the Ray cluster (default: start one here)")
    options.add_engine_option(p)
    p.add_argument("--reference", dest="engine", action="store_const", const="reference",
                   help="the same as --engine reference")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--plot", metavar="FILE.png", default=None,
                   help="draw the win rates and the points per deal (any file type matplotlib writes)")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="the live progress bar on stderr (auto: when stderr is a terminal)")
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write the match record of every match to DIR/match-NNNNNN.txt (for small runs: "
                   "each match is played again to be written)")
    return p


class _Rate(ProgressColumn):
    """Matches per second since the start."""

    def render(self, task: Any) -> Text:
        took = task.elapsed or 0.0
        return Text(f"{task.completed / took if took > 0 else 0.0:,.0f} matches/s")


class ProgressBar:
    """The live progress bar on stderr: done / total, percent, bar, rate, time so far and
    time left. Called as `progress(done, total)` by `simulate`."""

    def __init__(self, force_terminal: bool) -> None:
        self.progress = Progress(
            TextColumn("{task.fields[done]:>12} / {task.fields[of]}"),
            TextColumn("{task.percentage:5.1f}%"),
            BarColumn(bar_width=24),
            _Rate(),
            TimeElapsedColumn(), TextColumn("so far,"), TimeRemainingColumn(), TextColumn("left"),
            console=screen.console(stderr=True, force_terminal=force_terminal or None),
            refresh_per_second=4,
        )
        self.task: Optional[Any] = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.progress.start()
            self.task = self.progress.add_task("simulate", total=total, done="0", of=f"{total:,}")
        self.progress.update(self.task, completed=done, total=total, done=f"{done:,}", of=f"{total:,}")
        self.progress.refresh()  # at once: a chunk may take long

    def close(self) -> None:
        if self.task is not None:
            self.progress.stop()
            self.task = None


def summary_view(s: Dict[str, Any], seconds: float) -> List[Any]:
    """The summary of `str(result)` (quinza.format_summary), its tables drawn by rich:
    the same lines, words and numbers."""
    lines = format_summary(s, seconds).split("\n")
    head = Text("\n".join(lines[:2]))  # the rules and seed; the matches and their speed
    r = s["rules"]
    players = r["players"]
    side_seats, side_bots = side_lineup(s)

    wins = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    wins.add_column("side")
    wins.add_column("seats")
    wins.add_column("bots", overflow="fold")
    wins.add_column("wins", justify="right")
    wins.add_column("win rate  [95% CI]")
    for side, (seats, bots) in enumerate(zip(side_seats, side_bots)):
        wins.add_row(str(side), " ".join(map(str, seats)), bots, f"{s['wins'][side]:,}",
                     rate_text(s["win_rate_by_side"][side]))
    wins.add_row("draws", "", "", f"{s['draws']:,}", rate_text(s["draw_rate"]))

    seats_table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    seats_table.add_column("seat from the dealer")
    seats_table.add_column("win rate, seated so\nin the first deal  [95% CI]")
    seats_table.add_column("points per deal\n[95% CI]")
    for pos in range(players):
        seats_table.add_row(position_label(pos), rate_text(s["win_rate_by_first_position"][pos]),
                            mean_text(s["points_per_deal_by_position"][pos]))
    tail = Text("\n".join(lines[-2:]))  # deals and moves per match
    return [head, wins, seats_table, tail]


def simulate_main(argv: Optional[List[str]] = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    api = engine(args.engine)
    rules = options.make_rules(p, api, args)
    if args.plot:
        try:
            check_plot(args.plot)  # before the run, not after it
        except ValueError as error:
            p.error(str(error))
    try:
        ahead = estimate(api, rules, args.bots, args.games, args.threads, args.seed)
    except ValueError as error:  # a bot the run would refuse: refused now, in its words
        p.error(str(error))
    if ahead is not None:  # search bots: say how long before the wait, and how to shorten it
        screen.console(stderr=True).print(ahead.words(), highlight=False)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(force_terminal=args.progress == "always") if show else None
    code = 0
    try:
        result = api.simulate(
            rules, args.games, bots=args.bots, seed=args.seed, threads=args.threads, backend=args.backend,
            progress=bar, arrays=False, ray_address=args.ray_address, records=args.records,
        )
    except SimulationInterrupted as stop:
        result = stop.result
        code = 130
    except ValueError as error:
        if bar is not None:
            bar.close()
        p.error(str(error))
    finally:
        if bar is not None:
            bar.close()
    err = screen.console(stderr=True)
    if code:
        err.print(f"interrupted: the summary of the {len(result):,} matches that finished")
    if args.json:
        print(result.to_json(indent=2))  # plain: JSON is for programs
    else:
        out = screen.console()
        for i, part in enumerate(summary_view(result.summary, result.seconds)):
            if i:
                out.print()  # a blank line between the blocks, as str(result) has them
            out.print(part)
    if args.plot:
        try:
            result.plot(args.plot)
        except ValueError as error:
            err.print(f"quinza simulate: {error}")
            return 2
        err.print(f"plot written to {args.plot}")
    return code

