"""Levels for people (`quinza play --vs easy|medium|hard|expert`): each a bot spec chosen
from the ladder's figures in escoba (docs/engine.md "Levels for people"): each level beats
the one below it on the same deals, and the top one answers within about 20 ms a move in
the core."""

from __future__ import annotations

from typing import Dict

from .._words import choice_text

LEVELS: Dict[str, str] = {
    "easy": "greedy",  # takes the most it can at once; never searches
    "medium": "pimc:worlds=16",  # +244 Elo over greedy, 0.1 ms a move
    "hard": "pimc",  # 256 worlds: +369 over greedy, about 1 ms a move
    "expert": "ismcts",  # 8000 iterations: +466 over greedy, about 13 ms a move
}

LEVEL_WORDS = choice_text(list(LEVELS))


def bot_of_level(text: str) -> str:
    """The bot spec of a level's name (in any case), or `text` itself when it is none."""
    return LEVELS.get(text.strip().lower(), text)
