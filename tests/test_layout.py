"""The package's layout (docs/explanation/twins.md "Layout"): no module of it is long, and it reaches
the reference twin in one place only, the engines by name (`quinza.engines`)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, Set

from .test_imports import graph, module_names

MOST_LINES = 450
SWITCH = "quinza.engines"


def outside_the_reference(name: str) -> bool:
    return name != "quinza.reference" and not name.startswith("quinza.reference.")


def reaching_the_reference(edges: Dict[str, Set[str]], paths: Dict[str, Path]) -> Set[str]:
    """The modules, the reference's own aside, that import the reference: by an import
    statement or by `importlib.import_module("quinza.reference...")`."""
    found = {name for name, targets in edges.items()
             if outside_the_reference(name) and any(not outside_the_reference(t) for t in targets)}
    for name, path in paths.items():
        if not outside_the_reference(name):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and str(node.args[0].value).startswith("quinza.reference")):
                found.add(name)
    return found


def test_only_the_engine_switch_reaches_the_reference(tmp_path: Path) -> None:
    assert reaching_the_reference(graph(), module_names()) == {SWITCH}
    # The finder sees both ways in: an import, and import_module with the name as text.
    assert reaching_the_reference({"quinza.a": {"quinza.reference.bots"}, "quinza.b": set()}, {}) == {"quinza.a"}
    probe = tmp_path / "probe.py"
    probe.write_text('import importlib\nimportlib.import_module("quinza.reference")\n')
    assert reaching_the_reference({}, {"quinza.probe": probe}) == {"quinza.probe"}


def test_no_module_of_the_package_is_long() -> None:
    # The reference (the rules, written to be read) and the core's stub aside.
    lengths = {name: len(path.read_text().splitlines()) for name, path in module_names().items()
               if outside_the_reference(name)}
    assert "quinza.sim._run" in lengths and "quinza.cli.play" in lengths
    long = {name: n for name, n in lengths.items() if n > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines: {long}"
