"""Bots written in Python, taken by name: the one registry both twins keep beside their
built-in bots (`register_bot`), what a factory must be, and a named Python bot as `simulate` and
the commands play it (`Spec`: made anew for every match and seat, with the seat's seed,
as a built-in bot is)."""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable, Dict, Optional, Tuple

from ._levels import LEVEL_WORDS, level
from ._words import check_seed_value, choice_text, name_key, quoted

# A registered name is one word of simulate's text ("mybot:depth=2,greedy"): no colon,
# comma, equals sign or space.
NAME = re.compile(r"[a-z0-9_-]+\Z")

# The docstrings of the twins' `register_bot` and `bot`, written once (the twins must
# carry the same text).
REGISTER_BOT_DOC = """Register a bot written in Python under `name`, so that everything that takes a bot
by name takes it: `bot(name, seed=None, **params)`, `simulate(bots=...)` and
`play_match` (also in text, "name" or "name:key=value,..."), and the commands'
`quinza play --vs`, `quinza watch --bots` and `quinza simulate --bots`.

`factory` makes the bot: a class or a function called as `factory(**params)`, with
`seed=` too when it takes a `seed` parameter (or `**kwargs`), that returns a callable
`(game) -> move`. `simulate` makes a new bot for every match and seat, seeded with the
seat's seed (`seat_seed`), as it does the built-in bots; a parameter the factory does
not take is refused by name.

Names are read in any case (ASCII letters): "MyBot" is "mybot". A name is letters,
digits, `_` and `-`. A built-in bot's name (`BOT_NAMES`) is refused, and so is a name
registered already unless `replace=True`, and so is a level's (easy, medium, hard,
expert, master). The twins share the registry: a bot
registered in one is taken by name in the other too. A factory
that needs a positional argument (the bot itself, `(game) -> move`, registered by
mistake) or is not callable is refused with a ValueError.

In the commands, `module:attr` (with `:key=value,...` after it for a factory) imports
`attr` from `module`: a factory as above, or a bot `(game) -> move` used as it is.
"""

BOT_DOC = """A new bot by name, with its parameters: `bot("random", seed=7)` is a `RandomBot`,
`bot("greedy")` a `GreedyBot`, `bot("pimc", worlds=8)` a `PimcBot`,
`bot("ismcts", iterations=200)` an `IsmctsBot`, and a name given to `register_bot` is
the bot its factory makes. A level for people names a built-in bot and its budget:
`bot("easy")`, `"medium"`, `"hard"`, `"expert"` or `"master"` (parameters given beside it
change that budget). Names are read in any case ("Greedy" is "greedy"). An unknown
name, an unknown parameter (checked in the order given) or a bad value (checked in the
order of the bot's signature) raises ValueError.
"""


def bot_text(name: str, params: Dict[str, Any], defaults: Dict[str, Any]) -> str:
    """A bot as the commands write it: its name, then the parameters that differ from the
    defaults (`pimc:worlds=32,depth=0`)."""
    changed = [f"{k}={v}" for k, v in params.items() if defaults.get(k) != v]
    return name + (":" + ",".join(changed) if changed else "")


def _signature(factory: Any) -> Optional[inspect.Signature]:
    try:
        return inspect.signature(factory)
    except (TypeError, ValueError):  # some builtins tell nothing: anything is taken
        return None


def required(factory: Any) -> Tuple[str, ...]:
    """The parameters `factory` cannot be called without."""
    sig = _signature(factory)
    if sig is None:
        return ()
    return tuple(
        p.name for p in sig.parameters.values()
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    )


class Factory:
    """A named maker of a Python bot: a registered factory, or one a command imported
    (`module:attr`). `defaults`: the parameters it takes by name, with their defaults
    (what its text leaves out); `open`: whether it takes any (`**kwargs`)."""

    def __init__(self, name: str, factory: Callable[..., Any]) -> None:
        self.name = name
        self.factory = factory
        sig = _signature(factory)
        params = [] if sig is None else list(sig.parameters.values())
        self.open = sig is None or any(p.kind == p.VAR_KEYWORD for p in params)
        self.defaults: Dict[str, Any] = {
            p.name: p.default for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        }
        self.takes_seed = self.open or "seed" in self.defaults

    def check(self, params: Dict[str, Any]) -> None:
        """Refuse, before any match, a parameter the factory does not take."""
        if self.open:
            return
        for key in params:
            if key not in self.defaults or key == "seed":
                known = [k for k in self.defaults if k != "seed"]
                choose = f"choose {choice_text(known)}" if known else "it takes none"
                raise ValueError(f"unknown parameter {quoted(key)} for the {self.name} bot: {choose}")

    def make(self, seed: Optional[int], params: Dict[str, Any]) -> Any:
        """A new bot: `factory(**params)`, with `seed=` when the factory takes one."""
        self.check(params)
        kwargs = dict(params)
        if seed is not None:
            seed = check_seed_value(seed)
        if self.takes_seed:
            kwargs["seed"] = seed
        made = self.factory(**kwargs)
        if not callable(made):
            raise ValueError(f"the factory of the {self.name} bot returned {quoted(made)}, not a callable (game) -> move")
        return made

    def spec(self, params: Dict[str, Any]) -> "Spec":
        self.check(params)
        return Spec(self, params)


class Spec:
    """A Python bot named in `simulate`'s bots or a command's option, with its parameters:
    `simulate` makes it for each match and seat (`make`, with the seat's seed); `text`
    writes it as it is read ("mybot:depth=2")."""

    def __init__(self, factory: Factory, params: Dict[str, Any]) -> None:
        self.factory = factory
        self.params = dict(params)

    def make(self, seed: int) -> Any:
        return self.factory.make(seed, self.params)

    @property
    def text(self) -> str:
        return bot_text(self.factory.name, self.params, self.factory.defaults)

    def __repr__(self) -> str:
        return f"<bot {self.text}>"


class BotRegistry:
    """The Python bots registered by name, beside a twin's built-in bots (`BOT_NAMES`,
    the same in both twins, made by the twin's own `bot`)."""

    def __init__(self) -> None:
        self.registered: Dict[str, Factory] = {}

    def register(self, builtin: Tuple[str, ...], name: Any, factory: Any, replace: bool = False) -> None:
        key = name_key(name)
        if not isinstance(key, str) or not NAME.match(key):
            raise ValueError(f"a bot's name is letters, digits, _ and - (no colon, comma, = or space), not {quoted(name)}")
        if key in builtin:
            raise ValueError(f"{quoted(name)} is a built-in bot ({choice_text(builtin)}): register yours under a name of its own")
        if level(key) is not None:
            raise ValueError(f"{quoted(name)} is a level ({LEVEL_WORDS}): register yours under a name of its own")
        if key in self.registered and not replace:
            raise ValueError(f"a bot {quoted(key)} is registered already: pass replace=True to replace it")
        if not callable(factory):
            raise ValueError(f"the factory of the bot {quoted(key)} must be callable (a class or function that returns a bot), not {quoted(factory)}")
        needs = required(factory)
        if needs:
            raise ValueError(
                f"the factory of the bot {quoted(key)} needs {choice_text([quoted(n) for n in needs])}: a factory is called "
                "with no argument but its parameters (and seed=) and returns the bot; to register a bot (game) -> move "
                "itself, pass a factory that returns it, such as lambda: bot"
            )
        self.registered[key] = Factory(key, factory)

    def find(self, name: Any) -> Optional[Factory]:
        return self.registered.get(name_key(name)) if isinstance(name, str) else None

    def unknown(self, builtin: Tuple[str, ...], name: Any) -> ValueError:
        """The refusal of a name that is no bot: the built-in names, then the registered
        ones in the order they came."""
        names = builtin + tuple(self.registered)
        return ValueError(f"unknown bot {quoted(name)}: choose {choice_text(names)}, or pass a callable (game) -> move")

    def bot(self, builtin: Tuple[str, ...], make: Callable[..., Any], name: Any, seed: Optional[int],
            params: Dict[str, Any]) -> Any:
        """`bot(name, seed, **params)` of a twin whose built-in bots (named `builtin`) `make`
        makes: a registered name's factory first; a built-in name in any case; else the
        refusal."""
        factory = self.find(name)
        if factory is not None:
            return factory.make(seed, params)
        key = name_key(name)
        if key in builtin:
            return make(key, seed, **params)
        found = level(name)
        if found is not None:
            kind, budget = found
            return make(kind, seed, **{**budget, **params})
        if isinstance(name, str) and self.registered:
            raise self.unknown(builtin, name)  # the built-in refusal would not list the registered names
        return make(name, seed, **params)


REGISTRY = BotRegistry()  # the one registry of both twins
