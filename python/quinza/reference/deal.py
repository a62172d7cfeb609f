"""What one finished deal gave each side (`DealResult`), in both families, and how its
counters add up."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

from .cards import Card, cards_text

# The top of every counter's range (scores, escobas, quints, deal numbers, deal points),
# as in the core's u64: a sum that would pass it stays there (saturates), never wraps.
MAX_COUNT = 2**64 - 1


def saturating_add(a: int, b: int) -> int:
    """a + b, or MAX_COUNT if that is more (the core's u64 saturating_add).

    >>> saturating_add(2, 3), saturating_add(MAX_COUNT - 1, 2) == MAX_COUNT
    (5, True)
    """
    return min(a + b, MAX_COUNT)


def saturating_sum(values: Iterable[int]) -> int:
    """The sum of counters, added one by one with `saturating_add`."""
    total = 0
    for value in values:
        total = saturating_add(total, value)
    return total


class DealResult:
    """What one finished deal gave each side. `piles`: per side, every card the side ended
    the deal with (leftovers included), sorted; `points`: per side, the deal's points,
    `details` how they are made up."""

    # A slot's docstring is its value here: help() and inspect.getdoc read it (on 3.11 the
    # slot's own __doc__ stays None).
    __slots__ = {
        "deal_number": "The deal's number in the match, 1 for the first.",
        "dealer": "The seat that dealt it.",
        "piles": "Per side, every card the side ended the deal with (leftovers included), sorted.",
        "points": "Per side, the points the deal added to the match.",
        "details": """Per side, a dict of how the points are made up: quinza and rb3ine "gold" and
            "other"; escoba "cards", "oros", "seven_of_oros", "setenta" and "escobas"; quinte
            "quints" and "tricks".""",
        "escobas": "Per side, the deal's escobas (always 0 outside escoba).",
        "last_capturer": "The seat that made the deal's last capture (quinte: won its last trick), or None.",
    }

    def __init__(
        self,
        deal_number: int,
        dealer: int,
        piles: List[List[Card]],
        points: List[int],
        details: List[Dict[str, int]],
        escobas: List[int],
        last_capturer: Optional[int],
    ) -> None:
        self.deal_number = deal_number
        self.dealer = dealer
        self.piles = piles
        self.points = points
        self.details = details
        self.escobas = escobas
        self.last_capturer = last_capturer

    def to_dict(self) -> Dict[str, Any]:
        """The deal as a dict of plain values, the cards as text."""
        return {
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "piles": [cards_text(p) for p in self.piles],
            "points": list(self.points),
            "details": [dict(d) for d in self.details],
            "escobas": list(self.escobas),
            "last_capturer": self.last_capturer,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealResult) and other.to_dict() == self.to_dict()

    def __repr__(self) -> str:
        return (
            f"DealResult(deal_number={self.deal_number}, dealer={self.dealer}, "
            f"points={self.points}, details={self.details}, last_capturer={self.last_capturer})"
        )
