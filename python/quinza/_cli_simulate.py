"""`quinza simulate`: many matches between bots, a live progress bar, then a summary
table (or JSON with --json, a picture with --plot). Ctrl-C stops cleanly and sums up
what finished."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Dict, List, Optional

from ._words import choice_text, quoted
from .reference.bots import BOT_NAMES
from .reference.rules import NAMES

_RULE_SET_CHOICES = choice_text(NAMES)  # the names of the rules table, as every message lists them


def _option(text: str) -> Any:
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


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza simulate",
        description="Play many whole matches between bots on every core and sum them up: who wins from "
        "which seat and side (with 95%% confidence intervals), draws, points per deal, deals per match.",
    )
    p.add_argument("--rules", default="quinza", help=f"{_RULE_SET_CHOICES} (default quinza)")
    p.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default 2)")
    p.add_argument("--target", type=int, default=None, help="match target (default per rule set)")
    p.add_argument("--set", dest="options", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="a rule-set option, e.g. --set setenta=sum (escoba); may be repeated")
    p.add_argument("--games", type=int, default=10_000, help="number of matches (default 10000)")
    p.add_argument("--bots", default="random",
                   help=f"{choice_text(BOT_NAMES)}, one for all seats, one per side or one per seat, "
                   "comma-separated; a bot's parameters follow a colon, as in "
                   "ismcts:iterations=2000,c=0.5,greedy (default random)")
    p.add_argument("--seed", type=int, default=None, help="seed of the whole run (default: drawn, and shown)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local, or ray to share the matches out over a Ray cluster (pip install 'quinza[ray]')")
    p.add_argument("--ray-address", default=None, help="address of the Ray cluster (default: start one here)")
    p.add_argument("--reference", action="store_true", help="play with the pure-Python reference (slow)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--plot", metavar="FILE.png", default=None, help="draw the win rates and the points per deal")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help="the live progress bar on stderr (auto: when stderr is a terminal)")
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write the match record of every match to DIR/match-NNNNNN.txt (for small runs: "
                   "each match is played again to be written)")
    return p


class ProgressBar:
    """One line on stderr, redrawn: done / total, percent, bar, rate, time left."""

    WIDTH = 24

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        took = max(time.perf_counter() - self.start, 1e-9)
        rate = done / took
        left = (total - done) / rate if rate > 0 else float("inf")
        fill = int(self.WIDTH * done / total) if total else self.WIDTH
        bar = "#" * fill + "." * (self.WIDTH - fill)
        eta = _clock(left) if left != float("inf") else "?"
        self.stream.write(
            f"\r{done:>12,} / {total:,} {100 * done / total:5.1f}% [{bar}] {rate:,.0f} matches/s, "
            f"{_clock(took)} so far, {eta} left  "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def simulate_main(argv: Optional[List[str]] = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.reference:
        from . import reference as q
    else:
        import quinza as q  # type: ignore[no-redef]
    try:
        options: Dict[str, Any] = dict(args.options)
        rules = q.Rules(args.rules, players=args.players, target=args.target, **options)
    except (ValueError, TypeError) as error:
        p.error(str(error))
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(sys.stderr) if show else None
    code = 0
    try:
        result = q.simulate(
            rules, args.games, bots=args.bots, seed=args.seed, threads=args.threads, backend=args.backend,
            progress=bar, arrays=False, ray_address=args.ray_address, records=args.records,
        )
    except q.SimulationInterrupted as stop:
        result = stop.result
        code = 130
    except ValueError as error:
        if bar is not None:
            bar.close()
        p.error(str(error))
    finally:
        if bar is not None:
            bar.close()
    if code:
        print(f"interrupted: the summary of the {len(result):,} matches that finished", file=sys.stderr)
    if args.json:
        print(result.to_json(indent=2))
    else:
        print(result)
    if args.plot:
        try:
            result.plot(args.plot)
        except ValueError as error:
            print(f"quinza simulate: {error}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}", file=sys.stderr)
    return code
