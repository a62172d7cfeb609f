"""The compiled twin: the Rust core's classes and functions (`quinza._core`), its `bot` and
`register_bot` over the shared registry of Python bots, and its engine (`ENGINE`) with the
public functions bound to it. `quinza` re-exports all of it when the core loads (and says
why not when it does not: quinza/__init__.py); the reference never imports this module."""

from typing import Any, Callable, Optional

from ._core import BOT_NAMES, ENCODING_VERSION, SEARCH_BOTS, Card, DealResult, Event, FifteenGame, Game, GreedyBot
from ._core import IsmctsBot, Move, Net, NetBot, PimcBot, QuinteGame, Random, RandomBot, Rules, Solution, action_count
from ._core import _simulate_chunk, bot as _core_bot, encode_names, match_seed, rule_sets, seat_seed, solve
from ._registry import BOT_DOC, REGISTER_BOT_DOC, REGISTRY
from ._twin import Twin

__all__ = [
    "BOT_NAMES", "ENCODING_VERSION", "SEARCH_BOTS", "Card", "DealResult", "Event", "FifteenGame", "Game", "GreedyBot",
    "IsmctsBot", "Move", "Net", "NetBot", "PimcBot", "QuinteGame", "Random", "RandomBot", "Rules", "Solution", "action_count",
    "encode_names", "match_seed", "rule_sets", "seat_seed", "solve", "bot", "register_bot", "ENGINE", "simulate",
    "ladder", "play_match", "analyze", "review",
]


def bot(name: str, seed: Optional[int] = None, **params: Any) -> Any:
    return REGISTRY.bot(BOT_NAMES, _core_bot, name, seed, params)


def register_bot(name: str, factory: Callable[..., Any], *, replace: bool = False) -> None:
    REGISTRY.register(BOT_NAMES, name, factory, replace)


bot.__doc__, register_bot.__doc__ = BOT_DOC, REGISTER_BOT_DOC
bot.__module__ = register_bot.__module__ = "quinza"

ENGINE = Twin(
    "rust", "quinza", Rules=Rules, Game=Game, Card=Card, Move=Move, rule_sets=rule_sets, BOT_NAMES=BOT_NAMES,
    SEARCH_BOTS=SEARCH_BOTS, bot=bot, match_seed=match_seed, seat_seed=seat_seed, solve=solve,
    ENCODING_VERSION=ENCODING_VERSION, encode_names=encode_names, action_count=action_count,
    Net=Net, simulate_chunk=_simulate_chunk,
)
simulate, ladder, play_match, analyze, review = ENGINE.simulate, ENGINE.ladder, ENGINE.play_match, ENGINE.analyze, ENGINE.review
