"""Write the stub of the compiled core and the Rust docstrings, each docstring from one source.

    python scripts/make_stub.py            # write both files
    python scripts/make_stub.py --check    # exit 1 if either is not what it would write

A public docstring is written once, in the reference (`quinza.reference`, the executable
specification, where its examples are tested). Its types are written once, in
scripts/core_types.pyi: the stub of `quinza._core` without those docstrings (it carries
the docstrings of the few names the reference has no twin of, such as `SearchBot`).
From the two this writes

- python/quinza/_core.pyi, the stub, every docstring in place, and
- src/python/docstrings.rs, a macro `docstring!(Game.play)` giving each docstring as a string,
  which the bindings put on their classes and methods (`#[doc = docstring!(Game.play)]`), so
  PyO3 makes the same text their `__doc__`.

It reads the reference, not the compiled module, so it runs before the core is built.
tests/test_stub.py checks that both files are current; tests/test_stub_docs.py that the
compiled core says what the stub says.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

ROOT = Path(__file__).resolve().parents[1]
TYPES = ROOT / "scripts" / "core_types.pyi"
STUB = ROOT / "python" / "quinza" / "_core.pyi"
RUST = ROOT / "src" / "python" / "docstrings.rs"

# The reference of this checkout, whatever quinza is installed; the path is taken out
# again, so that a process that imports this module (a test) and later starts others
# (their sys.path is its own) does not hand them this tree's package without its core.
sys.path.insert(0, str(ROOT / "python"))
try:
    import quinza.reference as ref  # noqa: E402
finally:
    sys.path.remove(str(ROOT / "python"))

MODULE = "_core"  # the macro's name for the module's own docstring


def reference_doc(name: str) -> Optional[str]:
    """The docstring of the reference's twin of `Class.member` or `function`, or None."""
    head, _, member = name.partition(".")
    obj: Any = getattr(ref, head, None)
    if obj is None or (member and not inspect.isclass(obj)):
        return None
    if not member:
        text = vars(obj).get("__doc__") if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    else:
        try:
            raw = inspect.getattr_static(obj, member)
        except AttributeError:
            return None
        if isinstance(raw, (classmethod, staticmethod)):
            raw = raw.__func__
        text = raw.__doc__ if isinstance(raw, property) or callable(raw) else None
        if inspect.ismemberdescriptor(raw):
            # A slot's docstring is its value in a dict __slots__ (where inspect.getdoc finds it).
            slots = getattr(raw.__objclass__, "__slots__", None)
            text = slots.get(raw.__name__) if isinstance(slots, dict) else None
    return inspect.cleandoc(text) if isinstance(text, str) and text.strip() else None


def documented(name: str) -> bool:
    """Whether the name carries a docstring: not a dunder (Python's own words)."""
    return not name.rsplit(".", 1)[-1].startswith("__")


def stub_literal(text: str, indent: str) -> List[str]:
    """The docstring as the lines of a stub: one line when it is one, else the closing
    quotes on a line of their own."""
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if text.endswith('"'):
        text = text[:-1] + '\\"'
    lines = text.split("\n")
    if len(lines) == 1:
        return [f'{indent}"""{text}"""']
    out = [f'{indent}"""{lines[0]}']
    out += [f"{indent}{line}" if line else "" for line in lines[1:]]
    return out + [f'{indent}"""']


def rust_literal(text: str) -> str:
    """A raw string literal: the text as it is, with enough #s around it."""
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'r{hashes}"{text}"{hashes}'


Defined = Union[ast.ClassDef, ast.FunctionDef]


def docstrings(tree: ast.Module) -> Tuple[Dict[str, str], Dict[str, Defined]]:
    """Every docstring by qualified name (the module's as MODULE), and the nodes that
    need one inserted (those whose docstring is the reference's)."""
    docs: Dict[str, str] = {}
    insert: Dict[str, Defined] = {}
    module_doc = ast.get_docstring(tree)
    if module_doc is None:
        raise SystemExit(f"{TYPES}: the module's docstring is missing")
    docs[MODULE] = module_doc
    nodes: List[Tuple[str, Defined]] = []
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            nodes.append((node.name, node))
        if isinstance(node, ast.ClassDef):
            nodes += [(f"{node.name}.{item.name}", item) for item in node.body if isinstance(item, ast.FunctionDef)]
    for name, node in nodes:
        if not documented(name):
            continue
        own = ast.get_docstring(node)
        theirs = reference_doc(name)
        if own is not None and theirs is not None:
            raise SystemExit(f"{TYPES}: {name} has a docstring in the reference too: write it once, there")
        if own is not None:
            docs[name] = own
        elif theirs is not None:
            docs[name] = theirs
            insert[name] = node
    return docs, insert


def stub_text(source: str) -> Tuple[str, Dict[str, str]]:
    """The stub: the types file with the reference's docstrings put in; and every docstring."""
    tree = ast.parse(source)
    docs, insert = docstrings(tree)
    lines = source.split("\n")
    # From the bottom up, so that the line numbers above stay true.
    for name, node in sorted(insert.items(), key=lambda item: -item[1].lineno):
        first = node.body[0]
        row = first.lineno - 1
        top = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])]) - 1
        indent = " " * (node.col_offset + 4)
        literal = stub_literal(docs[name], indent)
        if isinstance(node, ast.ClassDef):
            lines[top:top] = literal + [""]  # a blank line after a class's docstring
        elif isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and first.value.value is ...:
            head = lines[row][: first.col_offset].rstrip()
            if head.strip():  # `def f() -> X: ...` on one line
                lines[row : row + 1] = [head] + literal
            else:
                lines[row : row + 1] = literal
        else:
            raise SystemExit(f"{TYPES}: {name}'s body is not `...`")
    note = "# Generated by scripts/make_stub.py from scripts/core_types.pyi and the reference's docstrings."
    return note + "\n" + "\n".join(lines), docs


def rust_text(docs: Dict[str, str]) -> str:
    arms = []
    for name, text in docs.items():
        arms.append(f"    ({name}) => {{ {rust_literal(text)} }};")
    return (
        "//! The docstrings of `quinza._core`, written by scripts/make_stub.py from the\n"
        "//! reference's (and scripts/core_types.pyi for the names it has no twin of): edit\n"
        "//! those and run it again. `#[doc = docstring!(Game.play)]` is `Game.play`'s docstring.\n"
        "\n"
        "#[rustfmt::skip]\n"
        "macro_rules! docstring {\n" + "\n".join(arms) + "\n}\n"
    )


def outputs() -> Dict[Path, str]:
    stub, docs = stub_text(TYPES.read_text(encoding="utf-8"))
    return {STUB: stub, RUST: rust_text(docs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not current")
    args = parser.parse_args()
    stale = []
    for path, text in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{path.relative_to(ROOT)} {'is not current' if args.check else 'written'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
