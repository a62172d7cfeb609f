"""How a message lists the choices, in both twins: "a, b, c or d"."""

from typing import Sequence


def choice_text(words: Sequence[str]) -> str:
    """The words joined by commas, the last by "or": ("a", "b", "c") gives "a, b or c"."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
