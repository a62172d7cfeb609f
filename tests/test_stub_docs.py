"""The stub of the compiled core carries its docstrings: every public name of
`quinza._core` (the module, its classes and functions, their methods and properties) has a
docstring at runtime, and `_core.pyi` holds the same text, so an editor's help() shows what
`help()` at runtime shows. Compared after `inspect.cleandoc` on both sides.

The stub is read with `ast` (not imported): the one installed beside the compiled module.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any, Dict, List, Optional

import quinza._core as core

STUB = Path(core.__file__).with_name("_core.pyi")


def cleaned(text: Any) -> Optional[str]:
    return inspect.cleandoc(text) if isinstance(text, str) and text.strip() else None


def documented(raw: Any) -> bool:
    """Whether a class member is one that carries its own docstring (a method or property),
    not a plain value such as `RandomBot.name`, whose `__doc__` is its type's."""
    return inspect.isroutine(raw) or inspect.isdatadescriptor(raw) or inspect.ismethoddescriptor(raw)


def runtime_docs() -> Dict[str, Optional[str]]:
    """Qualified name -> runtime docstring, for the module and every public name of it."""
    docs: Dict[str, Optional[str]] = {"<module>": cleaned(core.__doc__)}
    names = {n for n in dir(core) if not n.startswith("_")} | set(core.__all__)
    for name in sorted(names):
        obj = getattr(core, name)
        if inspect.isclass(obj):
            docs[name] = cleaned(vars(obj).get("__doc__"))
            for member, raw in vars(obj).items():  # its own members; inherited ones are its base's
                if not member.startswith("_") and documented(raw):
                    docs[f"{name}.{member}"] = cleaned(raw.__doc__)
        elif callable(obj):
            docs[name] = cleaned(obj.__doc__)
    return docs


def stub_docs() -> Dict[str, Optional[str]]:
    """Qualified name -> docstring, for every class and def of the stub and its module."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    docs: Dict[str, Optional[str]] = {"<module>": ast.get_docstring(tree)}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            docs[node.name] = ast.get_docstring(node)
        elif isinstance(node, ast.ClassDef):
            docs[node.name] = ast.get_docstring(node)
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    docs[f"{node.name}.{item.name}"] = ast.get_docstring(item)
    return docs


def test_every_public_name_has_a_docstring_and_the_stub_has_the_same() -> None:
    runtime, stub = runtime_docs(), stub_docs()
    # The walk found the API: every class and function of __all__, and their members.
    assert {n for n in core.__all__ if callable(getattr(core, n))} <= set(runtime) and len(runtime) > 90
    problems: List[str] = []
    for name, text in sorted(runtime.items()):
        if text is None:
            problems.append(f"{name}: no docstring at runtime")
        elif name not in stub:
            problems.append(f"{name}: not in the stub")
        elif stub[name] != text:
            problems.append(f"{name}: the stub says {stub[name]!r}, the runtime {text!r}")
    # A docstring in the stub for a public name must be the runtime's too (none left stale).
    for name, text in sorted(stub.items()):
        if text is not None and name not in runtime and not name.rsplit(".", 1)[-1].startswith("_"):
            problems.append(f"{name}: documented in the stub, not a public name at runtime")
    assert not problems, f"{len(problems)} docstring problems in {STUB}:\n" + "\n".join(problems)
