"""Bots by name, for everything that takes a bot as text or object (simulate, play_match,
the commands, the server's rooms, the envs, the review): the bot-spec parser
("pimc:worlds=8,depth=1", "greedy,random", a level such as "hard", a registered Python
bot, `module:attr`), the levels for people, which bots search and the parameter each
one's budget is counted in. Each engine says which bots it has and which search
(`Engine.BOT_NAMES`, `Engine.SEARCH_BOTS`: the core's registry, and the reference's
twin of it); this module reads them from the engine it is given.

A bot read here is a built-in bot's name (in lower case) or a bot object of either twin,
a `Spec` (a registered or imported Python bot, made anew for each match and seat), or a
Python callable (game) -> move:

>>> import quinza.reference
>>> from quinza.bots import bot_from_text, searches
>>> bot_from_text(quinza.reference.ENGINE, "pimc:worlds=8").params["worlds"]
8
>>> searches(quinza.reference.ENGINE, "hard"), searches(quinza.reference.ENGINE, "greedy")
(True, False)
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Optional

from ._levels import LEVEL_WORDS, LEVELS, level, level_text
from ._registry import REGISTRY, Factory, Spec, bot_text, required
from ._words import name_key, quoted
from .engines import Engine

__all__ = [
    "LEVELS", "LEVEL_WORDS", "REGISTRY", "Spec", "bot_from_text", "bot_kind", "bot_name", "bot_params", "budget",
    "check_bots", "check_net", "imported_bot", "level", "level_text", "parameter_names", "searches", "split_bots",
]


def searches(api: Engine, bot: Any) -> bool:
    """Whether `bot` (a name, a level, a spec's text or a bot object) is one of the engine's
    search bots (`Engine.SEARCH_BOTS`): a move of it takes long."""
    made = bot_from_text(api, bot) if isinstance(bot, str) else bot
    return bot_kind(api, made) in api.SEARCH_BOTS


def budget(api: Engine, kind: Optional[str]) -> Optional[str]:
    """The parameter the budget of the search bot `kind` is counted in ("worlds",
    "iterations"); None for a bot that does not search."""
    return api.SEARCH_BOTS.get(kind or "")


def bot_kind(api: Engine, bot: Any) -> Optional[str]:
    """The kind of a core bot: a name of `api.BOT_NAMES` (in any case), or a bot object of
    a class in either twin's bot registry (so a reference bot given to the core plays in
    Rust, and the other way round); None for a Python bot (a callable, or a `Spec` of a
    registered or imported one)."""
    if isinstance(bot, str):
        if name_key(bot) not in api.BOT_NAMES:
            raise REGISTRY.unknown(api.BOT_NAMES, bot)
        return str(name_key(bot))
    if isinstance(bot, Spec):
        return None
    kind = twin_bot_kind(bot)
    if kind is not None:
        if kind not in api.BOT_NAMES:
            raise REGISTRY.unknown(api.BOT_NAMES, kind)
        return kind
    if not callable(bot):
        raise REGISTRY.unknown(api.BOT_NAMES, bot)
    return None


# The modules of the twins' bot classes: the compiled core's, and the reference's.
_TWIN_MODULES = ("quinza._core", "quinza.reference.")


def twin_bot_kind(bot: Any) -> Optional[str]:
    """The kind of a built-in bot object of either twin (its `name`), or None for any
    other object."""
    module = type(bot).__module__
    if module == _TWIN_MODULES[0] or module.startswith(_TWIN_MODULES[1]):
        name = getattr(bot, "name", None)
        return name if isinstance(name, str) else None
    return None


def bot_params(bot: Any) -> Dict[str, Any]:
    """The parameters of a core bot besides its seed: none for a name, `bot.params` for
    a bot object."""
    return {} if isinstance(bot, str) else dict(bot.params)


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


def _params(text: str, rest: str) -> Dict[str, Any]:
    """The parameters after a bot's colon: "worlds=8,depth=1"."""
    params: Dict[str, Any] = {}
    for item in (p.strip() for p in rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"bot parameters are written name=value, not {quoted(item)} (in {quoted(text)})")
        params[key.strip()] = _value(value.strip())
    return params


def parameter_names(text: str) -> List[str]:
    """The names of the parameters a bot's text gives after its colon, in lower case:
    "pimc:worlds=8,depth=1" gives ["worlds", "depth"]; a name alone, or "module:attr",
    gives none. Parameters not written name=value are a ValueError, as `bot_from_text`
    says."""
    _, colon, rest = text.partition(":")
    if not colon or "=" not in rest.partition(":")[0]:
        return []
    return [name_key(key) for key in _params(text, rest)]


def bot_from_text(api: Engine, text: str) -> Any:
    """`"pimc:worlds=8,depth=1"` as `api.bot("pimc", worlds=8, depth=1)`; a built-in name
    stays a name (in lower case); a level ("hard") is its bot; a registered name, with its
    parameters, is a `Spec`; `"module:attr"` (then `:key=value,...` for a factory) imports
    the bot."""
    name, colon, rest = text.partition(":")
    key = name_key(name.strip())
    factory = REGISTRY.find(key)
    if factory is None and not colon and key in LEVELS:
        return bot_from_text(api, level_text(key))
    if colon and factory is None and key not in api.BOT_NAMES and "=" not in rest.partition(":")[0]:
        return imported_bot(text)
    params = _params(text, rest) if colon else {}
    if factory is not None:
        return factory.spec(params)
    if not colon:
        return key if key in api.BOT_NAMES else text
    return api.bot(name.strip(), **params)


def imported_bot(text: str) -> Spec:
    """`"module:attr"` or `"module:attr:key=value,..."`: `attr` of the module, a factory
    (as `register_bot` takes) or a bot (game) -> move, which takes no parameters."""
    path, _, rest = text.partition(":")
    attr, colon, params_text = rest.partition(":")
    name = f"{path.strip()}:{attr.strip()}"
    try:
        found: Any = importlib.import_module(path.strip())
        for part in attr.strip().split("."):
            found = getattr(found, part)
    except ImportError as error:
        raise ValueError(f"unknown bot {quoted(text)}: no bot of that name, and no module to import it from "
                         f"(module:attr): {error}") from None
    except AttributeError:
        raise ValueError(f"cannot import the bot {quoted(text)}: {path.strip()} has no {quoted(attr.strip())}") from None
    params = _params(text, params_text) if colon else {}
    if not callable(found):
        raise ValueError(f"cannot use the bot {quoted(text)}: {name} is {quoted(found)}, not a factory or a bot (game) -> move")
    if not required(found):
        return Factory(name, found).spec(params)
    if params:
        raise ValueError(f"the bot {name} is a bot (game) -> move, not a factory: it takes no parameters (in {quoted(text)})")
    return Factory(name, _Fixed(found)).spec({})


class _Fixed:
    """The factory of an imported bot (game) -> move: the bot itself, every match."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def __call__(self) -> Any:
        return self.bot


def bot_name(api: Engine, bot: Any) -> str:
    if isinstance(bot, Spec):
        return bot.text
    kind = bot_kind(api, bot)
    if kind is not None:
        return bot_text(kind, bot_params(bot), dict(api.bot(kind).params))
    return str(getattr(bot, "__qualname__", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def check_net(api: Engine, bot: Any, rules: Any, spec: Optional[str] = None) -> None:
    """A bot that plays with a net (`net`, or `ismcts` with a net's prior, such as the level
    master) is refused, before any match, when its net does not fit the rules: the net of
    its `weights`, or one the package ships for them. `spec`: the bot as the user named it."""
    kind = bot_kind(api, bot)
    params = bot_params(bot) if kind is not None else {}
    if kind != "net" and params.get("prior") in (None, "off"):
        return
    name, weights = quoted(spec if spec is not None else bot_name(api, bot)), params.get("weights")
    players = f"{rules.name} with {rules.players} players"
    if weights is None:
        try:
            api.Net.for_rules(rules)
        except ValueError:
            raise ValueError(f"the bot {name} plays with a net, and none ships for {players}") from None
    elif not api.Net.load(weights).fits(rules):
        raise ValueError(f"the bot {name} plays with the net {quoted(weights)}, which was not made for {players}")


def check_bots(api: Engine, bots: Any, rules: Any) -> List[Any]:
    """One bot per seat. `bots` is one bot (every seat), a comma-separated string of names,
    or a sequence of 1, one per side or one per seat; seat k gets bots[k % len(bots)]."""
    if isinstance(bots, str):
        bots = split_bots(bots)
    elif not isinstance(bots, (list, tuple)):
        bots = [bots]
    bots = [bot_from_text(api, b) if isinstance(b, str) else b for b in bots]
    for b in bots:
        check_net(api, b, rules)
    n, sides = rules.players, rules.sides
    allowed = sorted({1, sides, n})
    if len(bots) not in allowed:
        words = " or ".join(str(a) for a in allowed)
        raise ValueError(
            f"bots: give {words} bots for {n} players (one for every seat, one per side or one per seat), "
            f"not {len(bots)}"
        )
    return [bots[seat % len(bots)] for seat in range(n)]
