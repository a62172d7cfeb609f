"""Levels for people: easy, medium, hard, expert and master, each a built-in bot with its
budget, chosen from the ladder's figures in escoba (docs/reference/study.md "Levels for
people"): from easy to expert each level beats the one below it on the same deals, and
the top ones answer within about 15 ms a move in the core. master searches with a net: it
plays the rule sets a net ships for (`Net.for_rules`), and refuses the others; with
today's nets it is only as strong as expert. Every place that takes a bot
by name takes a level too (`bot("hard")`, `--bots hard`, `--vs hard`, a server room's
bots)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ._words import choice_text, name_key

# Their strength and time a move on the ladder: docs/reference/study.md "Levels for people".
LEVELS: Dict[str, Tuple[str, Dict[str, Any]]] = {
    "easy": ("greedy", {}),  # takes the most it can at once; never searches
    "medium": ("pimc", {"worlds": 16}),
    "hard": ("pimc", {}),  # 256 worlds
    "expert": ("ismcts", {}),  # 8000 iterations
    "master": ("ismcts", {"prior": "net", "iterations": 1000}),  # guided by the net
}

LEVEL_WORDS = choice_text(list(LEVELS))


def level(name: Any) -> Optional[Tuple[str, Dict[str, Any]]]:
    """The bot (its kind and parameters) of a level's name, in any case; None for a name
    that is no level."""
    found = LEVELS.get(name_key(name)) if isinstance(name, str) else None
    return None if found is None else (found[0], dict(found[1]))


def level_text(name: str) -> str:
    """A level's bot as the commands write it: "pimc:worlds=16"."""
    kind, params = LEVELS[name_key(name)]
    return kind + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")
