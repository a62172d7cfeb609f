"""The options the `quinza` commands share: those of a match (--rules, --players, --target,
--set, --seed), --bots, --engine (the engine switch, `quinza.engines.engine`), --lang (the
words' language, quinza.words), and a match record read for --resume and --record."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Optional, Sequence, Tuple

from .. import words
from ..engines import Engine
from ..engines import ENGINES, engine
from .._words import choice_text, fresh_seed, quoted



def _naming_engine() -> Engine:
    """The engine whose names the help lists: both have the same (tests/test_parity.py), so
    the compiled one, or the reference where the core cannot load (`--engine reference`
    then still runs)."""
    try:
        return engine("rust")
    except ImportError:
        return engine("reference")


# The names of the rules table and of the bots, as every message lists them.
RULE_SET_CHOICES = choice_text([row["name"] for row in _naming_engine().rule_sets()])
BOT_CHOICES = choice_text(_naming_engine().BOT_NAMES)


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
             "parameters follow a colon, as in ismcts:iterations=2000,c=0.5,greedy (default random); "
             "also a name given to register_bot, or module:attr to import a bot or its factory")


def add_bots_option(p: argparse.ArgumentParser) -> None:
    """--bots, as `simulate` and `watch` take it (the text `simulate(bots=)` reads)."""
    p.add_argument("--bots", default="random", help=BOTS_HELP.format(names=BOT_CHOICES))


def add_engine_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", choices=ENGINES, default="rust",
                   help="rust (the compiled core, default) or reference (the pure-Python twin, slow)")


def add_lang_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", default=None, metavar="LANG",
                   help=f"the language of the words: {', '.join(words.LANGUAGES)} (default: the locale's, else en)")


def use_lang(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Speak the language `--lang` names (else the locale's) from now on."""
    try:
        words.use(getattr(args, "lang", None))
    except ValueError as error:
        p.error(f"--lang: {error}")


def need_server_extra(command: str, error: ImportError) -> int:
    """What `serve` and `join` say without the server extra installed: exit 2."""
    return need_extra(command, "server", error)


def need_extra(command: str, extra: str, error: ImportError) -> int:
    """What a command says without the extra it needs installed: exit 2."""
    print(f"quinza {command} needs the {extra} extra: pip install \"quinza[{extra}]\" ({error})", file=sys.stderr)
    return 2


def refuse_engine_backend(p: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """`--backend` is only `simulate`'s (where it runs): say so instead of "unrecognized"."""
    if any(a == "--backend" or a.startswith("--backend=") for a in argv):
        p.error("--backend is where `quinza simulate` runs its matches (local or ray); "
                "choose the engine with --engine rust|reference")


def start(p: argparse.ArgumentParser, argv: Sequence[str]) -> Tuple[argparse.Namespace, Engine, Any]:
    """A command's options read, its engine and its Rules (play and watch)."""
    refuse_engine_backend(p, argv)
    args = p.parse_args(list(argv))
    use_lang(p, args)
    api = engine(args.engine)
    return args, api, make_rules(p, api, args)


def make_rules(p: argparse.ArgumentParser, api: Engine, args: argparse.Namespace) -> Any:
    """The Rules the options name; a refusal is the parser's error (exit 2)."""
    try:
        return api.Rules(args.rules, players=args.players, target=args.target, **dict(args.options))
    except (ValueError, TypeError) as error:
        p.error(str(error))


# What a match record gives (play --resume, watch --record), so not to be given beside it.
RECORD_GIVES = ("--rules", "--players", "--target", "--set", "--seed")


def read_record(p: argparse.ArgumentParser, api: Engine, argv: Sequence[str], option: str, path: str,
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
    """The seed given, or one drawn (`fresh_seed`: 64 bits, as everywhere)."""
    return fresh_seed() if seed is None else seed
