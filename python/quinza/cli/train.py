"""`quinza train`: a net for the `net` bot, made from the engine's own search
(quinza.train; docs/howto/train-a-net.md). It needs the train extra: pip install
"quinza[train]". Ctrl-C keeps what is made: the same command goes on from there."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from importlib.resources import files
from typing import Any, Dict, List, Optional

from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..engines import engine
from .._words import fresh_seed, quoted
from ..train.positions import DEFAULT_TEACHER, PLAN, TEACHERS, teacher_error
from . import options, screen
from .ladder import check_writable


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza train",
        description="Make a net for the net bot: positions of self-play matches, each move valued by the "
        "engine's own search (ismcts, or pimc) from the seat to act, a small network fitted to them (JAX, on the CPU), "
        "written as a .qzn file. Stopped, the same command goes on where it stopped.",
    )
    options.add_match_options(p, "seed of the whole run (default: the folder's, else drawn, and shown); "
                                 "the same seed makes the same net")
    p.add_argument("--positions", type=int, default=100_000, help="positions to learn from (default 100000)")
    p.add_argument("--teacher", choices=sorted(TEACHERS), default=DEFAULT_TEACHER,
                   help=f"the search that values each position's moves (default {DEFAULT_TEACHER})")
    p.add_argument("--iterations", type=int, default=None,
                   help=f"ismcts iterations that value each position's moves (default {TEACHERS['ismcts'][1]})")
    p.add_argument("--worlds", type=int, default=None,
                   help=f"with --teacher pimc: the worlds that value each position's moves (default {TEACHERS['pimc'][1]})")
    p.add_argument("--guide", metavar="FILE.qzn", default=None,
                   help="a net that guides the search valuing the moves (ismcts with prior=net): a stronger "
                   "teacher at the same cost; 'shipped' for the net the package ships for the rules")
    p.add_argument("--epochs", type=int, default=20, help="passes of the fitting over the positions (default 20)")
    p.add_argument("--out", metavar="FILE.qzn", default=None, help="the net's file (default RULES.qzn)")
    p.add_argument("--dir", metavar="DIR", default=None,
                   help="the run's folder: the positions and the fitting's checkpoint, kept to go on after a "
                   "stop (default FILE.train beside the net's file)")
    p.add_argument("--processes", type=int, default=None, help="processes that make positions (default: every core)")
    options.add_engine_option(p)
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="the live progress bar on stderr (auto: when stderr is a terminal)")
    return p


class ProgressBar:
    """The positions made, then the epochs fitted with the fit's measures on the positions
    held out. Called as `progress(stage, done, total, measures)` by `train`."""

    def __init__(self, force_terminal: bool) -> None:
        self.progress = Progress(
            TextColumn("{task.description:<9}"), TextColumn("{task.fields[done]:>9} / {task.fields[of]}"),
            BarColumn(bar_width=24), TimeElapsedColumn(), TextColumn("so far,"), TimeRemainingColumn(),
            TextColumn("left {task.fields[measures]}"),
            console=screen.console(stderr=True, force_terminal=force_terminal or None), refresh_per_second=4)
        self.tasks: Dict[str, Any] = {}

    def __call__(self, stage: str, done: int, total: int, measures: Dict[str, float]) -> None:
        if not self.tasks:
            self.progress.start()
        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(stage, total=total, done="", of="", measures="")
        shown = f"agrees {100 * measures['agree']:.0f}%" if measures else ""
        self.progress.update(self.tasks[stage], completed=done, total=total, done=f"{done:,}", of=f"{total:,}",
                             measures=shown)
        self.progress.refresh()

    def close(self) -> None:
        if self.tasks:
            self.progress.stop()
            self.tasks = {}


def _folder_seed(directory: str) -> Optional[int]:
    """The seed of the positions a folder holds already, if any."""
    try:
        with open(os.path.join(directory, PLAN), encoding="utf-8") as f:
            return int(json.load(f)["seed"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _guide(p: argparse.ArgumentParser, api: Any, rules: Any, given: Optional[str]) -> Optional[str]:
    """The path of the guiding net: `given`, or the shipped net's file for 'shipped'; one
    that cannot be read or was not made for the rules is an error that says so."""
    if given is None:
        return None
    path = str(files("quinza") / "nets" / f"{rules.name}.qzn") if given == "shipped" else given
    try:
        net = api.Net.load(path)
    except ValueError as error:
        p.error(f"--guide: {error}")
    if not net.fits(rules) and given == "shipped":
        p.error(f"--guide: the package ships no net for {rules.name} with {rules.players} players")
    if not net.fits(rules):
        p.error(f"--guide: the net {quoted(path)} was not made for these rules")
    return path


def _budget(p: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The teacher's budget (ismcts's iterations, pimc's worlds); another teacher's budget
    option is an error."""
    mine, default = TEACHERS[args.teacher]
    for teacher, (option, _) in TEACHERS.items():
        if option != mine and getattr(args, option) is not None:
            p.error(f"--{option} goes with --teacher {teacher}, not {args.teacher}")
    given = getattr(args, mine)
    return default if given is None else int(given)


def train_main(argv: Optional[List[str]] = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    try:
        from ..train.run import Settings, train
    except ImportError as error:
        return options.need_extra("train", "train", error)
    api = engine(args.engine)
    rules = options.make_rules(p, api, args)
    budget = _budget(p, args)
    for option in ("positions", "epochs", *(budget for budget, _ in TEACHERS.values())):
        if getattr(args, option) is not None and getattr(args, option) < 1:
            p.error(f"--{option} must be 1 or more, not {getattr(args, option)}")
    if args.processes is not None and args.processes < 1:
        p.error(f"--processes must be 1 or more, not {args.processes}")
    if teacher_error(args.teacher, args.guide is not None):
        p.error(f"--guide: {teacher_error(args.teacher, True)}")
    guide = _guide(p, api, rules, args.guide)
    out = args.out or f"{rules.name}.qzn"
    check_writable(p, "--out", out)
    directory = args.dir or f"{os.path.splitext(out)[0]}.train"
    if os.path.exists(directory) and not os.path.isdir(directory):
        p.error(f"--dir: {quoted(directory)} is a file, not a folder")
    seed = args.seed if args.seed is not None else _folder_seed(directory)
    if seed is None:
        seed = fresh_seed()
    if seed < 0:
        p.error(f"--seed must be 0 or more, not {seed}")
    err = screen.console(stderr=True)
    if args.seed is None:
        err.print(f"seed {seed}", highlight=False)
    settings = Settings(rules=rules, positions=args.positions, iterations=budget, epochs=args.epochs,
                        seed=seed, out=out, directory=directory, processes=args.processes, engine=api.name,
                        guide=guide, teacher=args.teacher)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(force_terminal=args.progress == "always") if show else None
    start = time.monotonic()
    try:
        train(settings, bar)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        err.print(f"interrupted: what is made is kept in {directory}: run the same command to go on", highlight=False)
        return 130
    except ValueError as error:  # a folder of another run's positions
        if bar is not None:
            bar.close()
        p.error(str(error))
    if bar is not None:
        bar.close()
    m = settings.measures
    print(f"net written to {out} in {time.monotonic() - start:.0f} s: on the positions held out, its best move is "
          f"the search's in {100 * m['agree']:.1f}% of them (moves' loss {m['moves']:.3f}, values' {m['values']:.3f})")
    return 0
