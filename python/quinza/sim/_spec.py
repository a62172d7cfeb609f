"""The arguments of `simulate` and `play_match` checked, and the bots read: a core bot
by name, by its text with parameters ("pimc:worlds=8,depth=1") or as a bot object of
either twin, or a Python callable (game) -> move."""

from __future__ import annotations

import secrets
import sys
from typing import Any, Dict, List, Optional

from .._backend import Backend
from .._words import choice_text, quoted, whole

BACKENDS = ("local", "ray")


def check_rules(api: Backend, rules: Any) -> Any:
    if isinstance(rules, str):
        return api.Rules(rules)
    if not all(hasattr(rules, a) for a in ("name", "players", "target", "options")):
        raise ValueError(f"rules must be a Rules or a rule-set name, not {quoted(rules)}")
    return api.Rules(rules.name, players=rules.players, target=rules.target, **rules.options)


def check_seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbits(64)
    if not whole(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, not {quoted(seed)}")
    return int(seed)


def check_games(games: Any) -> int:
    # matches are numbered 0 .. games-1 and chunks end at most at `games`: all fit u64
    if not whole(games) or not 1 <= games < 2**64:
        raise ValueError(f"games must be a whole number from 1 to 2**64-1, not {quoted(games)}")
    return int(games)


def _unknown_bot(api: Backend, bot: Any) -> ValueError:
    return ValueError(f"unknown bot {quoted(bot)}: choose {choice_text(api.BOT_NAMES)}, or pass a callable (game) -> move")


SEARCH_BOTS = ("pimc", "ismcts")

_REGISTRIES: Dict[int, Dict[type, str]] = {}  # id of a twin's module -> its bot classes -> kind


def _registry(twin: Any) -> Dict[type, str]:
    """A twin's bot classes, by kind: the class of `twin.bot(name)` for each of `twin.BOT_NAMES`."""
    if id(twin) not in _REGISTRIES:
        _REGISTRIES[id(twin)] = {type(twin.bot(name)): name for name in twin.BOT_NAMES}
    return _REGISTRIES[id(twin)]


def bot_kind(api: Backend, bot: Any) -> Optional[str]:
    """The kind of a core bot: a name of `api.BOT_NAMES`, or a bot object of a class in
    either twin's bot registry (so a reference bot given to the core plays in Rust, and
    the other way round); None for any other callable."""
    if isinstance(bot, str):
        if bot not in api.BOT_NAMES:
            raise _unknown_bot(api, bot)
        return bot
    # The bot's twin: quinza._core, or quinza.reference.bots for a class of any module of
    # the reference (its search bots live in pimc.py and ismcts.py).
    module = type(bot).__module__
    twin = sys.modules.get("quinza.reference.bots" if module.startswith("quinza.reference.") else module)
    if twin is not None and hasattr(twin, "BOT_NAMES") and hasattr(twin, "bot"):
        kind = _registry(twin).get(type(bot))
        if kind is not None:
            if kind not in api.BOT_NAMES:
                raise _unknown_bot(api, kind)
            return kind
    if not callable(bot):
        raise _unknown_bot(api, bot)
    return None


def bot_params(bot: Any) -> Dict[str, Any]:
    """The parameters of a core bot besides its seed: none for a name, `bot.params` for
    a bot object."""
    return {} if isinstance(bot, str) else dict(bot.params)


def bot_text(kind: str, params: Dict[str, Any], defaults: Dict[str, Any]) -> str:
    """A core bot as the command writes it: its name, then the parameters that differ
    from the defaults (`pimc:worlds=32,depth=0`)."""
    changed = [f"{k}={v}" for k, v in params.items() if defaults.get(k) != v]
    return kind + (":" + ",".join(changed) if changed else "")


def _value(text: str) -> Any:
    # A parameter's value as the command writes it; the bot's own checks word a refusal.
    if text == "None":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def split_bots(text: str) -> List[str]:
    """A comma-separated list of bots, where a bot may carry parameters:
    "ismcts:iterations=2000,c=1,greedy" is ["ismcts:iterations=2000,c=1", "greedy"]."""
    out: List[str] = []
    for token in (t.strip() for t in text.split(",")):
        if "=" in token and ":" not in token and out and ":" in out[-1]:
            out[-1] += "," + token
        else:
            out.append(token)
    return out


def bot_from_text(api: Backend, text: str) -> Any:
    """`"pimc:worlds=8,depth=1"` as `api.bot("pimc", worlds=8, depth=1)`; a plain name stays a name."""
    name, colon, rest = text.partition(":")
    if not colon:
        return text
    params: Dict[str, Any] = {}
    for item in (p.strip() for p in rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"bot parameters are written name=value, not {quoted(item)} (in {quoted(text)})")
        params[key.strip()] = _value(value.strip())
    return api.bot(name.strip(), **params)


def bot_name(api: Backend, bot: Any) -> str:
    kind = bot_kind(api, bot)
    if kind is not None:
        return bot_text(kind, bot_params(bot), dict(api.bot(kind).params))
    return str(getattr(bot, "__qualname__", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def check_bots(api: Backend, bots: Any, rules: Any) -> List[Any]:
    """One bot per seat. `bots` is one bot (every seat), a comma-separated string of names,
    or a sequence of 1, one per side or one per seat; seat k gets bots[k % len(bots)]."""
    if isinstance(bots, str):
        bots = split_bots(bots)
    elif not isinstance(bots, (list, tuple)):
        bots = [bots]
    bots = [bot_from_text(api, b) if isinstance(b, str) else b for b in bots]
    for b in bots:
        bot_kind(api, b)
    n, sides = rules.players, rules.sides
    allowed = sorted({1, sides, n})
    if len(bots) not in allowed:
        words = " or ".join(str(a) for a in allowed)
        raise ValueError(
            f"bots: give {words} bots for {n} players (one for every seat, one per side or one per seat), "
            f"not {len(bots)}"
        )
    return [bots[seat % len(bots)] for seat in range(n)]
