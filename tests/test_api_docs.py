"""Every public class, method, property and function of both twins has a docstring, so
`help()` and the docs site (tests/test_docs_site.py) say what each does.

test_stub_docs.py checks the compiled core's names against its stub, and test_parity.py
that the twins' docstrings agree (two empty ones agree too); this closes the gap: the
Python-level names (`simulate`, `SimulationResult`, the exceptions) and the members a class
inherits from a base that is not exported (the search bots' `SearchBot`).
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any, List, Optional, Set

import pytest

import quinza
import quinza.reference

# Bases whose members are Python's own, not the package's.
BUILTIN_BASES = (object, BaseException, Exception, ValueError, KeyboardInterrupt)


def own_doc(owner: type, name: str, raw: Any) -> str:
    text = getattr(raw, "__doc__", None)
    if text is None and inspect.ismemberdescriptor(raw):
        # A slot's docstring is its value in a dict __slots__.
        slots = vars(owner).get("__slots__")
        text = slots.get(name) if isinstance(slots, dict) else None
    return text.strip() if isinstance(text, str) else ""


def documents(raw: Any) -> bool:
    """A member that carries its own docstring (a method or property), not a plain value."""
    return inspect.isroutine(raw) or inspect.isdatadescriptor(raw) or inspect.ismethoddescriptor(raw)


def undocumented(module: ModuleType, checked: Optional[Set[str]] = None) -> List[str]:
    """The public names of `module` without a docstring; `checked` gathers every name looked at."""
    missing: List[str] = []
    checked = set() if checked is None else checked
    names = set(module.__all__) | {"FifteenGame", "QuinteGame"}
    for name in sorted(names):
        obj = getattr(module, name)
        if inspect.isclass(obj):
            if not (vars(obj).get("__doc__") or "").strip():
                missing.append(name)
            for klass in obj.__mro__:
                if klass in BUILTIN_BASES:
                    continue
                for member, raw in vars(klass).items():
                    if member.startswith("_"):
                        continue
                    if isinstance(raw, (staticmethod, classmethod)):
                        raw = raw.__func__
                    if documents(raw):
                        checked.add(f"{name}.{member}")
                    if documents(raw) and not own_doc(klass, member, raw):
                        missing.append(f"{name}.{member}" + ("" if klass is obj else f" (from {klass.__name__})"))
        elif callable(obj) and not (obj.__doc__ or "").strip():
            missing.append(f"{name}()")
    return missing


@pytest.mark.parametrize("module", [quinza, quinza.reference], ids=["quinza", "reference"])
def test_every_public_name_and_member_has_a_docstring(module: ModuleType) -> None:
    checked: Set[str] = set()
    missing = undocumented(module, checked)
    # The walk reaches the API: methods, properties, and those the core's search bots inherit.
    assert {"Game.play", "QuinteGame.phase", "SimulationResult.winner", "IsmctsBot.analyse", "PimcBot.seed"} <= checked
    assert not missing, f"{len(missing)} public names of {module.__name__} without a docstring: {missing}"


def test_the_walk_finds_a_missing_docstring() -> None:
    class Bare:
        @property
        def size(self) -> int:
            return 1

        def grow(self) -> None:
            """Documented."""

    fake = ModuleType("fake")
    fake.__all__ = ["Bare", "FifteenGame", "QuinteGame"]  # type: ignore[attr-defined]
    fake.Bare, fake.FifteenGame, fake.QuinteGame = Bare, quinza.FifteenGame, quinza.QuinteGame  # type: ignore[attr-defined]
    assert undocumented(fake) == ["Bare", "Bare.size"]
