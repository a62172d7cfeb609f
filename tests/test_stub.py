"""Each docstring is written once: scripts/make_stub.py writes the stub of the compiled core
(python/quinza/_core.pyi) and the bindings' docstrings (src/python/docstrings.rs) from the
reference's docstrings and the types of scripts/core_types.pyi. The committed files must be
what it writes now (run it after editing a docstring; tests/test_typing.py's stubtest checks
the stub against the compiled core, tests/test_stub_docs.py its docstrings).
"""

from __future__ import annotations

import importlib.util
import inspect
from pathlib import Path
from types import ModuleType

import pytest

import quinza.reference as ref

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "make_stub.py"

pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="the repository's scripts are not here")


def make_stub() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_stub", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_stub_and_docstrings_are_what_the_script_writes() -> None:
    stale = [
        str(path) for path, text in make_stub().outputs().items() if path.read_text(encoding="utf-8") != text
    ]
    assert not stale, f"not current (run python scripts/make_stub.py): {stale}"


TYPES = '''"""The module."""

class Game:
    def play(self, move: str) -> None: ...
    def _hidden(self) -> None:
        """Only here."""
    def __hash__(self) -> int: ...
'''


def test_a_name_takes_its_twins_docstring_and_keeps_its_own_when_it_has_no_twin() -> None:
    stub, docs = make_stub().stub_text(TYPES)
    play = ref.Game.play.__doc__
    assert play and docs["Game.play"] == inspect.cleandoc(play)
    assert docs["_core"] == "The module." and docs["Game._hidden"] == "Only here."
    assert "Game.__hash__" not in docs and "Game" in docs  # a dunder has Python's words
    # The stub is the types with the docstrings in place, and still Python.
    compile(stub, "stub", "exec")
    assert f'    def play(self, move: str) -> None:\n        """{docs["Game.play"].splitlines()[0]}' in stub


def test_a_docstring_written_in_both_places_is_refused() -> None:
    twice = TYPES.replace("-> None: ...\n    def _hidden", '-> None:\n        """Again."""\n    def _hidden', 1)
    with pytest.raises(SystemExit, match="Game.play has a docstring in the reference too"):
        make_stub().stub_text(twice)
