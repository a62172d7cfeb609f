"""The arguments of `simulate` and `play_match` checked: the rules, the matches, the seed
and where they run (the bots are read in quinza/bots.py)."""

from __future__ import annotations

from typing import Any

from ..engines import Engine
from .._words import check_seed_value, fresh_seed, quoted, whole

BACKENDS = ("local", "ray")


def check_rules(api: Engine, rules: Any) -> Any:
    if isinstance(rules, str):
        return api.Rules(rules)
    if not all(hasattr(rules, a) for a in ("name", "players", "target", "options")):
        raise ValueError(f"rules must be a Rules or a rule-set name, not {quoted(rules)}")
    return api.Rules(rules.name, players=rules.players, target=rules.target, **rules.options)


def check_seed(seed: Any) -> int:
    if seed is None:
        return fresh_seed()
    return check_seed_value(seed)


def check_games(games: Any) -> int:
    # matches are numbered 0 .. games-1 and chunks end at most at `games`: all fit u64
    if not whole(games) or not 1 <= games < 2**64:
        raise ValueError(f"games must be a whole number from 1 to 2**64-1, not {quoted(games)}")
    return int(games)
