"""quinza: a fast, exact engine for the fifteen family of card games and for Quinte.

The classes here are backed by the Rust core (``quinza._core``); ``quinza.reference``
holds the same API in pure Python.
"""

import sys
from typing import Any as _Any, Callable as _Callable, List as _List, Optional as _Optional

from ._core import BOT_NAMES, Card, DealResult, Event, FifteenGame, Game, GreedyBot, IsmctsBot, Move, PimcBot, QuinteGame, Random
from ._core import RandomBot, Rules
from ._core import Solution, _simulate_chunk, match_seed, rule_sets, seat_seed, solve
from . import _core
from ._core import ENCODING_VERSION, action_count, encode_names
from ._errors import BotError, IllegalMoveError, SimulationInterrupted
from ._version import __version__

BACKEND = "rust"

from . import sim as _sim
from ._registry import BOT_DOC as _BOT_DOC, REGISTER_BOT_DOC as _REGISTER_BOT_DOC, REGISTRY as _REGISTRY
from .sim import SimulationResult
from .study import lab as _lab
from .study import ladder as _ladder
from .study.ladder import LadderResult
from ._view import View
from .study import review as _review
from .study.review import Review


def bot(name: str, seed: _Optional[int] = None, **params: _Any) -> _Any:
    return _REGISTRY.bot(BOT_NAMES, _core.bot, name, seed, params)


bot.__doc__ = _BOT_DOC


def register_bot(name: str, factory: _Callable[..., _Any], *, replace: bool = False) -> None:
    _REGISTRY.register(BOT_NAMES, name, factory, replace)


register_bot.__doc__ = _REGISTER_BOT_DOC


def simulate(
    rules: _Any,
    games: int,
    bots: _Any = ("random",),
    seed: _Optional[int] = None,
    threads: _Optional[int] = None,
    backend: str = "local",
    progress: _Optional[_Callable[[int, int], _Any]] = None,
    arrays: bool = True,
    ray_address: _Optional[str] = None,
    records: _Any = None,
) -> SimulationResult:
    api = sys.modules[__name__]  # this backend's module, without importing it back
    return _sim.simulate(api, rules, games, bots, seed, threads, backend, progress, arrays, ray_address, records)


simulate.__doc__ = _sim.SIMULATE_DOC


def ladder(
    bots: _Any,
    rules: _Any = "escoba",
    games: int = 100,
    seed: _Optional[int] = None,
    threads: _Optional[int] = None,
    backend: str = "local",
    state: _Any = None,
    progress: _Optional[_Callable[[int, int], _Any]] = None,
    ray_address: _Optional[str] = None,
) -> LadderResult:
    api = sys.modules[__name__]
    return _ladder.ladder(api, bots, rules, games, seed, threads, backend, state, progress, ray_address)


ladder.__doc__ = _ladder.LADDER_DOC


def play_match(rules: _Any, bots: _Any, match_seed: int) -> _Any:
    return _sim.play_match(sys.modules[__name__], rules, bots, match_seed)


play_match.__doc__ = _sim.PLAY_MATCH_DOC


def analyze(
    rules: _Any = "escoba",
    sets: _Any = (),
    level: _Any = "greedy",
    games: _Optional[int] = None,
    seed: _Optional[int] = None,
    threads: _Optional[int] = None,
    duplicates: _Optional[int] = None,
    targets: _Any = None,
    contrast: _Any = None,
    headroom: _Optional[int] = None,
    fair: _Any = None,
    progress: _Optional[_Callable[[str], _Any]] = None,
) -> _Any:
    api = sys.modules[__name__]
    return _lab.analyze(api, rules, sets, level, games, seed, threads, duplicates, targets, contrast, headroom, fair, progress)


analyze.__doc__ = _lab.ANALYZE_DOC


def review(game: _Any, bot: _Any = None, seed: _Any = 0, hindsight: _Any = _review.HINDSIGHT_NODES,
           progress: _Optional[_Callable[[int, int], _Any]] = None) -> Review:
    return _review.review(sys.modules[__name__], game, bot, seed, hindsight, progress)


review.__doc__ = _review.REVIEW_DOC


__all__ = [
    "BACKEND", "BOT_NAMES", "ENCODING_VERSION", "__version__", "action_count", "encode_names", "BotError", "Card", "DealResult", "Event", "FifteenGame", "Game", "GreedyBot", "IsmctsBot", "PimcBot",
    "IllegalMoveError", "LadderResult", "Move", "QuinteGame", "Random", "RandomBot", "Rules", "SimulationInterrupted",
    "Review", "SimulationResult", "Solution", "View", "analyze", "bot", "ladder", "match_seed", "play_match", "register_bot", "review", "rule_sets", "seat_seed", "simulate", "solve",
]

# The subpackages people import themselves (`import quinza.envs`, `from quinza.server import
# create_app`, `quinza.reference`): dir() shows each once imported. The modules the
# package imports for its own use (sim, _view, ...) it never shows.
_SUBPACKAGES = ("envs", "reference", "server")


def __dir__() -> _List[str]:
    """The public names (`__all__`) and the public subpackages imported so far."""
    return sorted(__all__ + [name for name in _SUBPACKAGES if f"{__name__}.{name}" in sys.modules])
