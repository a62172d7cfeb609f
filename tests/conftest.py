"""Every behavioural test runs on both backends: the Rust core and the pure-Python reference."""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any, Iterable, List, Optional

import pytest
from hypothesis import HealthCheck, settings

import quinza
import quinza.reference

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")

BACKENDS = {"rust": quinza, "reference": quinza.reference}


@pytest.fixture(params=list(BACKENDS))
def q(request: Any) -> ModuleType:
    """The backend under test: `quinza` (Rust) or `quinza.reference` (pure Python)."""
    return BACKENDS[request.param]


def deck() -> List[str]:
    return [f"{r}{s}" for s in "oceb" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]


def position(
    q: ModuleType,
    rules: Any,
    hands: List[Iterable[str]],
    table: Iterable[str] = (),
    stock: Iterable[str] = (),
    piles: Optional[List[List[str]]] = None,
    rest_to: int = 0,
    **kw: Any,
) -> Any:
    """A position from explicit cards; every card not named goes to the pile of side
    `rest_to` (piles given explicitly are kept as they are)."""
    if isinstance(rules, str):
        rules = q.Rules(rules)
    named = {c.lower() for h in hands for c in h} | {c.lower() for c in table} | {c.lower() for c in stock}
    if piles is None:
        piles = [[] for _ in range(rules.sides)]
    named |= {c.lower() for p in piles for c in p}
    piles = [list(p) for p in piles]
    piles[rest_to] += [c for c in deck() if c not in named]
    return q.Game.from_position(rules, hands=hands, table=list(table), stock=list(stock), piles=piles, **kw)


def texts(items: Iterable[Any]) -> List[str]:
    return [str(x) for x in items]
