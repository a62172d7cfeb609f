"""How messages word things, in both twins: lists of choices ("a, b, c or d"), the
inputs they quote (`quoted`; the core's twin is `quoted` in src/pyrepr.rs), how a
match ended (`match_over_text`; the core's twin is `state::match_over_text`), the
`threads` of `simulate` and `solve` (`check_threads`; the core's `solve` says it too,
`threads_arg` in src/python/search.rs), how a name is read (`name_key`), the seeds given
and drawn (`check_seed_value`, `fresh_seed`), two messages the core's bindings take from
here: rules keywords beside a Rules object (`rules_beside_text`) and a game of the other
twin (`other_twin_text`); and the words players read: a rule set and its options
(`rules_text`), a deal's details (`details_text`) and quinte's bids (`BID_VERBS`); the
browser table's twins of the last two are in server/static/words.js."""

import secrets
from typing import Any, List, Mapping, Optional, Sequence, Tuple, cast

# An input longer than this is quoted cut short (docs/reference/errors.md "Errors and their messages").
QUOTE_LIMIT = 60


def choice_text(words: Sequence[str]) -> str:
    """The words joined by commas, the last by "or": ("a", "b", "c") gives "a, b or c"."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def plural(count: int, word: str, words: Optional[str] = None) -> str:
    """`count` and its word, as a person writes it: "1 match", "3 matches", "2,000 moves"."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def quoted(value: Any) -> str:
    """An input as an error message quotes it: its repr, cut after QUOTE_LIMIT characters
    so that a huge input does not drown the message. A str longer than that shows the
    repr of its first QUOTE_LIMIT characters, then "... (N characters)" (N its length);
    any other value whose repr is longer shows the first QUOTE_LIMIT characters of the
    repr, then "... (N characters)" (N the repr's length)."""
    if isinstance(value, str):
        if len(value) <= QUOTE_LIMIT:
            return repr(value)
        return f"{value[:QUOTE_LIMIT]!r}... ({len(value)} characters)"
    text = repr(value)
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(text)} characters)"


def name_key(name: Any) -> Any:
    """A name of a rule set or a bot as it is looked up: in any case, as card text is read
    (ASCII letters only: "ESCOBA" is "escoba"); anything else as it is, to be refused."""
    return name.lower() if isinstance(name, str) and name.isascii() else name


def match_over_text(winner: Optional[int]) -> str:
    """How a finished match is said to have ended: the winning side, or a draw."""
    return "match over, a draw" if winner is None else f"match over, side {winner} wins"


def whole(value: Any) -> bool:
    """A whole number as the checks take one: an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed_value(seed: Any) -> int:
    """A seed given: a whole number from 0 to 2**64-1."""
    if not whole(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, not {quoted(seed)}")
    return int(seed)


def fresh_seed() -> int:
    """A seed drawn because none was given: 64 bits, the same size in every command and
    function (a Game, a world, simulate, play, watch, the server)."""
    return secrets.randbits(64)


def rules_beside_text(name: str, given: List[Tuple[str, Any]]) -> str:
    """Why `Game(Rules(name), **given)` is refused: the rules keywords go with a rule-set
    name (or into the Rules), never beside a Rules object."""
    keywords = ", ".join(f"{key}={quoted(value)}" for key, value in given)
    verb = "goes" if len(given) == 1 else "go"
    return (f"{keywords} {verb} with a rule-set name, not beside a Rules object: "
            f"Game({name!r}, {keywords}) or Game(Rules({name!r}, {keywords}))")


# The module of each twin's classes -> the twin as users import it.
_TWINS = (("quinza._core", "quinza"), ("quinza.reference", "quinza.reference"))


def other_twin_text(action: str, twin: str, game: Any) -> Optional[str]:
    """The message when `action` of `twin` ("quinza" or "quinza.reference") is given a
    game of the other twin, or None when `game` is no game of the other twin."""
    module = type(game).__module__
    other = [name for prefix, name in _TWINS if name != twin and (module + ".").startswith(prefix + ".")]
    if not other or not hasattr(game, "to_json"):
        return None
    return (f"{action} needs a game of {twin} ({twin}.Game), not of {other[0]}: "
            f"rebuild it with {twin}.Game.from_json(game.to_json())")


def check_threads(threads: Any) -> Optional[int]:
    """`threads` as `simulate` and `solve` take it: a whole number from 1, or None for
    every core."""
    if threads is not None and (not whole(threads) or threads < 1):
        raise ValueError(f"threads must be a whole number >= 1, or None for every core, not {quoted(threads)}")
    return cast(Optional[int], threads)


# -- words for players ----------------------------------------------------------------------

# The keys of `DealResult.details` (docs/reference/json.md) that are not read as they are written,
# underscores aside.
DETAIL_WORDS = {"other": "other cards"}
# Rule-set options said otherwise than their key, and option values said in words.
OPTION_WORDS = {"escoba_on_last_card": "escoba on the last card"}
OPTION_VALUE_WORDS = {"prime": "by prime", "sum": "by sum"}
# A quinte bid as what the seat does: "seat 2 redoubles" (screen.said makes "you redouble").
BID_VERBS = {"pass": "passes", "double": "doubles", "redouble": "redoubles"}


def details_text(detail: Mapping[str, int]) -> str:
    """A side's `details` of a deal, the parts that gave points: "cards 1, oros 1, seven of
    oros 1" (empty if none did)."""
    return ", ".join(f"{DETAIL_WORDS.get(k, k.replace('_', ' '))} {v}" for k, v in detail.items() if v)


def _option_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        said = "yes" if value else "no"
    else:
        said = OPTION_VALUE_WORDS.get(str(value), str(value))
    return f"{OPTION_WORDS.get(key, key.replace('_', ' '))}: {said}"


def rules_text(rules: Any) -> str:
    """A Rules in words: "Escoba, 2 players, to 21 points; escoba on the last card: no;
    opening capture: yes; setenta: by prime"."""
    players = f"{rules.players} players"
    if rules.sides < rules.players:
        players += f" in {rules.sides} sides of {rules.players // rules.sides}"
    head = f"{rules.name.capitalize()}, {players}, to {rules.target} points"
    return "; ".join([head, *(_option_text(k, v) for k, v in rules.options.items())])
