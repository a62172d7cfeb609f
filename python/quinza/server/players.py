"""The server's bots: a seat named in a room's "bots" is played by a bot made from its
spec (the text `simulate` reads: a level such as "hard", "greedy",
"ismcts:iterations=200", a name given to `register_bot`), seeded from the room's seed and the seat as `simulate` seeds it; and
the stand-in (greedy) that moves for a seat whose time ran out."""

from __future__ import annotations

from typing import Any, Callable

from ..engines import Engine
from .._registry import REGISTRY, Spec
from .._words import name_key, quoted
from ..bots import LEVELS, bot_from_text, bot_kind, bot_params, check_net, parameter_names
from .pool import DEPTH, EXACT, Budget

Player = Callable[[Any], Any]  # (game) -> move

STAND_IN = "greedy"
FREE = ("random", "greedy")  # bots whose move costs next to nothing: they move on the loop


def check_spec(api: Engine, spec: Any, imports: bool, budget: Budget, rules: Any) -> str:
    """A bot spec from a request, checked: a text naming a built-in or registered bot,
    or with `imports` also `module:attr`, a search within the server's `budget`, and a
    net the package ships for `rules`. Importing a module by a client's word runs that
    module's code, so an app allows it only when told to; a client's path to a net file
    would read the server's files, so none is taken."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"a bot is named by its text, such as \"greedy\" or \"ismcts:iterations=200\", not {quoted(spec)}")
    name = name_key(spec.partition(":")[0].strip())
    if not imports and name not in api.BOT_NAMES and name not in LEVELS and REGISTRY.find(name) is None:
        raise ValueError(f"unknown bot {quoted(spec)}: this server plays levels, built-in bots and registered ones")
    # Refused before the bot is made, which would read the file (and say whether it is there).
    if "weights" in parameter_names(spec):
        raise ValueError(f"the bot {quoted(spec)} names a net file: this server plays the nets it ships")
    made = player(api, spec, 0, 0)  # a bad parameter is refused now, not at the bot's first turn
    over = over_budget(api, made, budget)
    if over:
        raise ValueError(f"the bot {quoted(spec)} asks for {over}")
    check_net(api, made, rules, spec)
    return spec


def over_budget(api: Engine, bot: Any, budget: Budget) -> str:
    """What a search bot asks for past the server's budget, in words ("" when within)."""
    if bot_kind(api, bot) not in api.SEARCH_BOTS:
        return ""
    p = bot_params(bot)
    seconds = p.get("time_limit")
    if seconds is not None and seconds > budget.seconds:
        return f"{_seconds(seconds)} a move: this server allows at most {_seconds(budget.seconds)}"
    caps = {"iterations": (budget.iterations, "{} iterations a move"), "worlds": (budget.worlds, "{} worlds a move"),
            "depth": (DEPTH, "a depth of {}"), "exact": (EXACT, "exact solving from {} cards")}
    for name, (cap, words) in caps.items():
        if p.get(name) is not None and p[name] > cap:
            return f"{words.format(p[name])}: this server allows at most {cap}"
    return ""


def _seconds(n: float) -> str:
    return f"{n:g} second" + ("" if n == 1 else "s")


def thinks(api: Engine, bot: Player) -> bool:
    """Whether a bot's move is work for the pool (a search, or a Python bot whose cost is
    unknown), rather than next to nothing (random, greedy)."""
    return bot_kind(api, bot) not in FREE


def player(api: Engine, spec: str, room_seed: int, seat: int) -> Player:
    """The bot of `seat` in the room dealt from `room_seed`, in the engine `api`."""
    b = bot_from_text(api, spec)
    seed = api.seat_seed(room_seed, seat)
    if isinstance(b, Spec):
        made: Player = b.make(seed)
        return made
    kind = bot_kind(api, b)
    if kind is None:
        return b  # type: ignore[no-any-return]
    core: Player = api.bot(kind, seed, **bot_params(b))
    return core


def stand_in(api: Engine) -> Player:
    """The bot that moves for a seat out of time."""
    made: Player = api.bot(STAND_IN)
    return made
