"""Bots, readable first: `random` and `greedy` here, `pimc` (pimc.py), `ismcts`
(ismcts.py) and `net` (netbot.py), making exactly the choices of the Rust core's bots (docs/reference/simulation.md
"Simulation", "Search bots: PIMC and ISMCTS"), and their registry `BOTS`. A bot is
called on a game and returns a move:

>>> from quinza.reference import Game, GreedyBot, RandomBot
>>> g = Game("quinza", seed=7)
>>> g.play(GreedyBot()(g))[0].move
Move('7e x 1o 6c 1e')
>>> g.play(RandomBot(seed=1)(g))[0].move
Move('10b')
"""

from __future__ import annotations

from types import CodeType
from typing import Any, Callable, Dict, Optional, Tuple

from .._registry import BOT_DOC, REGISTER_BOT_DOC, REGISTRY
from .._words import choice_text, quoted
from .botargs import Seeded, check_seed, refuse_finished
from .generator import _MASK, GAMMA, Random
from .ismcts import IsmctsBot
from .netbot import NetBot
from .pimc import PimcBot
from .playout import greedy_key, greedy_move  # noqa: F401  (greedy_key: quinza.reference.bots.greedy_key, as before)

BOT_STREAM = 0x6A09E667F3BCC909  # mixed into a match seed for its bots' seeds


_seed = check_seed
_over = refuse_finished


class RandomBot(Seeded):
    """Uniform over the legal moves: `below(len(legal_moves))` from a generator of its own,
    one draw a move (even when there is only one), picking in legal-move order."""

    name = "random"

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed)

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {}

    def __call__(self, game: Any) -> Any:
        _over(game)
        moves = game.legal_moves()
        return moves[self._rng.below(len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self._seed})"


class GreedyBot:
    """The move worth most right away (its key: docs/reference/simulation.md "Bots",
    `quinza.reference.bots.greedy_key`); of equal moves, the first in legal-move order.
    It draws nothing: `seed` is only checked."""

    name = "greedy"

    def __init__(self, seed: Optional[int] = None) -> None:
        _seed(seed)

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {}

    def __call__(self, game: Any) -> Any:
        _over(game)
        return greedy_move(game)

    def __repr__(self) -> str:
        return "GreedyBot()"


# The bot kinds, name -> class: `bot()` builds them, `BOT_NAMES` lists them, and
# `simulate` plays them as core bots (a new bot is one class and one entry here).
BOTS: Dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "pimc": PimcBot, "ismcts": IsmctsBot, "net": NetBot}
BOT_NAMES: Tuple[str, ...] = tuple(BOTS)
# The search bots by name, each with the parameter its budget is counted in (its class's
# `_budget`, as the core's bots say theirs).
SEARCH_BOTS: Dict[str, Optional[str]] = {name: kind._budget for name, kind in BOTS.items() if hasattr(kind, "_budget")}


def _parameters(kind: Any) -> Tuple[str, ...]:
    """The names a bot class takes, in the order of its signature (the seed last)."""
    code: CodeType = kind.__init__.__code__
    return code.co_varnames[1 : code.co_argcount]


def bot(name: str, seed: Optional[int] = None, **params: Any) -> Any:
    return REGISTRY.bot(BOT_NAMES, _builtin_bot, name, seed, params)


bot.__doc__ = BOT_DOC


def register_bot(name: str, factory: Callable[..., Any], *, replace: bool = False) -> None:
    REGISTRY.register(BOT_NAMES, name, factory, replace)


register_bot.__doc__ = REGISTER_BOT_DOC


def _builtin_bot(name: str, seed: Optional[int] = None, **params: Any) -> Any:
    """A built-in bot by name (`BOTS`); an unknown name is refused."""
    if not isinstance(name, str) or name not in BOTS:
        raise REGISTRY.unknown(BOT_NAMES, name)
    kind = BOTS[name]
    known = _parameters(kind)
    for key in params:
        if key not in known:
            raise ValueError(f"unknown parameter {quoted(key)} for the {name} bot: choose {choice_text(known)}")
    return kind(**params, seed=seed)


def _index(index: Any, what: str) -> int:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= _MASK:
        raise ValueError(f"{what} must be a whole number from 0 to 2**64-1, not {quoted(index)}")
    return index


def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` of a simulation seeded `seed`: output number `index` (from
    0) of `Random(seed)`, reached in one step (the state after `index` draws is
    `seed + index * GAMMA` modulo 2**64, where GAMMA = 0x9E3779B97F4A7C15 is the
    generator's increment; docs/reference/simulation.md "Seeding")."""
    seed, index = _seed(seed), _index(index, "index")
    return Random((seed + index * GAMMA) & _MASK).next_u64()


def seat_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` (0..3) in the match seeded `match_seed`: output number
    `seat` of `Random(match_seed XOR BOT_STREAM)`, where BOT_STREAM = 0x6A09E667F3BCC909;
    a stream apart from the match's own draws."""
    match_seed = _seed(match_seed)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, not {quoted(seat)}")
    return Random(((match_seed ^ BOT_STREAM) + seat * GAMMA) & _MASK).next_u64()
