"""`quinza analyze`: the rules lab (`quinza.analyze`) from the command line: the findings
printed, the report written as HTML (with its plots) and JSON. Bad input (an unknown rule
set, option or level, a count below 1, an output file that cannot be written) is refused
before any match is played, in a sentence, with exit code 2."""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from .._errors import SimulationInterrupted
from ..engines import engine
from ..study.lab import DEFAULT_DUPLICATES, DEFAULT_GAMES, DEFAULT_HEADROOM, analyze, parse_variant
from ..study.lab_headroom import FAIR_BOT
from ..study.lab_report import check_output
from . import options


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="quinza analyze",
        description="The rules lab: seat and dealer advantage, match length by target (against the sources' "
        "claims), draws, lead changes, how much the deal decides and how much play, and option variants "
        "compared on the same deals, each judged against the smallest change worth reporting (it matters, it is "
        "too small to matter, or the lab cannot tell), with every seat at one level of play.",
    )
    p.add_argument("--rules", default="escoba", help=f"{options.RULE_SET_CHOICES} (default escoba)")
    p.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default 2; quinte 4)")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE[,KEY=VALUE]",
                   help="an option variant compared with the rule set's defaults, e.g. --set opening_capture=false; "
                   "may be repeated, one variant each")
    p.add_argument("--level", default="greedy",
                   help=f"the bot at every seat: {options.BOT_CHOICES}, with parameters as in "
                   "ismcts:iterations=200 (default greedy)")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES,
                   help=f"matches for each figure (default {DEFAULT_GAMES:,}: seat win rates within about "
                   "+-0.5 points)")
    p.add_argument("--duplicates", type=int, default=DEFAULT_DUPLICATES,
                   help=f"deals played twice for the deal and play split (default {DEFAULT_DUPLICATES:,})")
    p.add_argument("--headroom", type=int, default=DEFAULT_HEADROOM,
                   help=f"deal ends valued by the open-hand solver for the headroom (default {DEFAULT_HEADROOM}; "
                   "0: none)")
    p.add_argument("--fair", default=FAIR_BOT, help=f"the fair bot measured against the solver (default {FAIR_BOT})")
    p.add_argument("--seed", type=int, default=None, help="seed of the run (default: drawn, and shown)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    options.add_engine_option(p)
    options.add_lang_option(p)
    p.add_argument("--html", metavar="FILE", default=None, help="write the report with its plots as HTML")
    p.add_argument("--json", metavar="FILE", default=None, help="write the figures and findings as JSON")
    return p


def analyze_main(argv: Optional[List[str]] = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    options.use_lang(p, args)
    api = engine(args.engine)
    try:
        rules = api.Rules(args.rules, players=args.players)
        variants = [parse_variant(v) for v in args.sets]
        for path, what in ((args.html, "--html"), (args.json, "--json")):
            if path is not None:
                check_output(path, what)
    except (ValueError, TypeError) as error:
        p.error(str(error))
    if args.html is not None:
        try:
            import matplotlib  # noqa: F401  (the plots need it: said before the run)
        except ImportError:
            p.error('--html draws its plots with matplotlib: pip install "quinza[plot]"')
    seed = options.drawn_seed(args.seed)
    try:
        report = analyze(api, rules, variants, level=args.level, games=args.games, seed=seed, threads=args.threads,
                         duplicates=args.duplicates, headroom=args.headroom, fair=args.fair,
                         progress=lambda text: print(f"... {text}", file=sys.stderr, flush=True))
    except (SimulationInterrupted, KeyboardInterrupt):
        print("quinza analyze: interrupted, nothing written", file=sys.stderr)
        return 130
    except (ValueError, TypeError) as error:
        p.error(str(error))
    print(report)
    for path, write in ((args.html, report.write_html), (args.json, report.write_json)):
        if path is not None:
            write(path)
            print(f"wrote {path}")
    return 0
