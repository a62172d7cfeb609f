"""No import circles in the package: no module of quinza imports another that imports it
back, directly or through others, at the top of the module or inside a function. And what
an import shows: `dir()` of either twin is its public names, no module it uses itself.

The graph is read from the source (the AST of every module of python/quinza), so a lazy
import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Dict, List, Optional, Set

import quinza

ROOT = Path(quinza.__file__).resolve().parent
PACKAGE = "quinza"


def module_names() -> Dict[str, Path]:
    """Every module of the package by its dotted name (a package by its __init__)."""
    names = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join([PACKAGE, *parts])] = path
    return names


def imported(name: str, path: Path, modules: Dict[str, Path]) -> Set[str]:
    """The package's modules that module `name` imports anywhere in its source.
    `from X import y` imports X.y when that is a module, else X."""
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                found.add(full if full in modules else base)
    return {m for m in found if m in modules and m != name}


def graph() -> Dict[str, Set[str]]:
    modules = module_names()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def find_cycle(edges: Dict[str, Set[str]]) -> Optional[List[str]]:
    """One cycle of the graph as [a, b, ..., a], or None; depth first without recursion."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(edges):
        if state.get(start):
            continue
        path = [start]
        stack = [iter(sorted(edges[start]))]
        state[start] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(step) == 1:
                return path[path.index(step):] + [step]
            elif not state.get(step):
                state[step] = 1
                path.append(step)
                stack.append(iter(sorted(edges.get(step, ()))))
    return None


def test_the_finder_finds_a_cycle_and_a_lazy_import():
    # The finder itself must be able to fail.
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    edges = graph()
    assert "quinza.reference.game" in edges["quinza.reference.fifteen"]  # at the top
    assert "quinza.study.review_report" in edges["quinza.study.review"]  # inside `Review.__str__`
    assert "quinza.sim.arguments" in edges["quinza.sim._run"]  # `from . import arguments`: the module, not the package


def test_no_module_imports_one_that_imports_it_back():
    edges = graph()
    assert len(edges) > 10 and "quinza.reference.quinte" in edges
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_the_rules_ship_with_the_package() -> None:
    # docs/rules.md is a link to the copy inside the package, so the wheel carries it.
    from importlib.resources import files
    from pathlib import Path

    text = (files("quinza") / "rules.md").read_text(encoding="utf-8")
    assert text.startswith("# The rules of the four games")
    docs = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    if docs.exists():
        assert docs.read_text(encoding="utf-8") == text


# The subpackages people import themselves; dir(quinza) shows each once it is imported.
SUBPACKAGES = {"envs", "reference", "server"}


def test_dir_shows_the_public_names_and_no_stray_module(q: ModuleType) -> None:
    names = dir(q)
    shown = {n for n in SUBPACKAGES if f"{q.__name__}.{n}" in sys.modules} if q is quinza else set()
    assert names == sorted(set(q.__all__) | shown)
    assert {n for n in names if inspect.ismodule(getattr(q, n))} <= SUBPACKAGES
    # The modules the twins are written in are still there for those who ask by name.
    assert inspect.ismodule(quinza.sim) and inspect.ismodule(quinza.reference.bots)
    for stray in ("sim", "_view", "_core", "cli", "sys", "bots", "game", "fifteen"):
        assert stray not in names


def test_a_fresh_import_shows_exactly_the_public_names() -> None:
    probe = ("import quinza; print(dir(quinza) == sorted(quinza.__all__)); "
             "import quinza.envs; print(dir(quinza) == sorted(quinza.__all__ + ['envs']))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True"]
