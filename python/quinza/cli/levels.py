"""Levels for people in the commands (`quinza play --vs easy|medium|hard|expert|master`): the
levels themselves are in quinza.bots, taken by name wherever a bot is."""

from __future__ import annotations

from ..bots import LEVEL_WORDS, LEVELS, level, level_text

__all__ = ["LEVELS", "LEVEL_WORDS", "bot_of_level"]


def bot_of_level(text: str) -> str:
    """The bot spec of a level's name (in any case), or `text` itself when it is none."""
    name = text.strip()
    return level_text(name) if level(name) is not None else text
