"""The seeded generator of docs/rules.md, "Randomness": SplitMix64 and an unbiased shuffle.

The Rust core implements the same three functions (docs/reference/game.md), so a seed deals the
same cards in both backends on every platform.
"""

from __future__ import annotations

from typing import Any, MutableSequence
from .._words import quoted

_MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15  # the increment of each draw (bots.match_seed reaches draw i in one step)


class Random:
    """SplitMix64: a 64-bit state, advanced by a constant and scrambled on each draw."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1, not {quoted(seed)}")
        self._state = seed

    @property
    def state(self) -> int:
        """The current state: `Random(r.state)` continues exactly where `r` is."""
        return self._state

    def next_u64(self) -> int:
        """The next output of the generator (one SplitMix64 step), a whole number from 0 to
        2**64-1."""
        self._state = (self._state + GAMMA) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling: no modulo bias)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _MASK:
            raise ValueError(f"below(n) needs 1 <= n < 2**64, not {quoted(n)}")
        threshold = ((1 << 64) - n) % n
        while True:
            x = self.next_u64()
            if x >= threshold:
                return x % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates from the back, in place, on any mutable sequence."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def __repr__(self) -> str:
        return f"Random(state=0x{self._state:016x})"
