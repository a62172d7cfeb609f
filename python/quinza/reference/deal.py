"""What one finished deal gave each side (`DealResult`), in both families."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .cards import Card, cards_text


class DealResult:
    """What one finished deal gave each side."""

    __slots__ = ("deal_number", "dealer", "piles", "points", "details", "escobas", "last_capturer")

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
