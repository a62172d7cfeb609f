"""The bindings (src/python/) are split by concern: no file of them is over 600 lines, and
their files use one another without a circle, so each can be read knowing only those below
it (polars' bindings are the model: dataframe/{construction,export,general,serde}.rs).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Set

import pytest

BINDINGS = Path(__file__).resolve().parents[1] / "src" / "python"
MAX_LINES = 600

pytestmark = pytest.mark.skipif(not BINDINGS.is_dir(), reason="the Rust sources are not here")

# A path into the bindings: `crate::python::a::b`, `super::a`, `super::super::a`, or a child
# module named bare in a mod.rs (`cards::PyCard`); `use super::{a, b}` names several.
PATH = re.compile(r"\b((?:crate::python::|(?:super::)+)(?:\{[^}]*\}|[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*))")


def module_of(file: Path) -> str:
    """`python::game::general` for src/python/game/general.rs, `python::game` for its mod.rs."""
    parts = ["python", *file.relative_to(BINDINGS).with_suffix("").parts]
    return "::".join(parts[:-1] if parts[-1] == "mod" else parts)


def resolve(target: str, modules: Set[str]) -> Optional[str]:
    """The module (file) a path lands in: its longest prefix that is one."""
    parts = target.split("::")
    for n in range(len(parts), 0, -1):
        if "::".join(parts[:n]) in modules:
            return "::".join(parts[:n])
    return None


def uses(file: Path, module: str, modules: Set[str]) -> Set[str]:
    """The modules of the bindings that `file` names, itself left out."""
    text = re.sub(r"//[^\n]*", "", file.read_text(encoding="utf-8"))
    found: Set[str] = set()
    # Where `super::` starts: the module above the file's (a mod.rs is its folder's).
    base = module.rsplit("::", 1)[0]
    for path in PATH.findall(text):
        if path.startswith("crate::python"):
            head, rest = "python", path[len("crate::python") :]
        else:
            head = base
            while path.startswith("super::super::"):
                head, path = head.rsplit("::", 1)[0], path[len("super::") :]
            rest = "::" + path[len("super::") :]
        names = re.findall(r"[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*", rest.strip(":{}"))
        for name in names or [""]:
            target = resolve(f"{head}::{name}".rstrip(":"), modules)
            if target is not None:
                found.add(target)
    if file.name == "mod.rs":  # a child named bare: `cards::PyCard`, `game::PyGame`
        for child in re.findall(r"(?<![:\w])([a-z_][a-z0-9_]*)::", text):
            target = resolve(f"{module}::{child}", modules)
            if target is not None and target != module:
                found.add(target)
    found.discard(module)
    return found


def circle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """A circle of the graph as the modules along it, or None when there is none."""
    state: Dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: List[str] = []

    def walk(node: str) -> Optional[List[str]]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def graph() -> Dict[str, Set[str]]:
    files = sorted(BINDINGS.rglob("*.rs"))
    modules = {module_of(f) for f in files}
    return {module_of(f): uses(f, module_of(f), modules) for f in files}


def test_no_bindings_file_is_over_600_lines() -> None:
    long = {}
    for file in sorted(BINDINGS.rglob("*.rs")):
        lines = len(file.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            long[str(file.relative_to(BINDINGS))] = lines
    assert not long, f"bindings files over {MAX_LINES} lines: {long}"


def test_the_bindings_files_use_one_another_without_a_circle() -> None:
    g = graph()
    # The walk sees the uses: the game's files use the cards', and the game's parts its own.
    assert "python::cards" in g["python::game::general"]
    assert "python::game" in g["python::game::families"]
    assert "python::game::construction" in g["python::game::families"]
    assert "python::game" in g["python"]
    assert circle(g) is None, " -> ".join(circle(g) or [])


def test_a_circle_is_found() -> None:
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": set()}) is None
