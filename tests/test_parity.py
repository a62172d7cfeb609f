"""The twins' public API is one API: `quinza` and `quinza.reference` export the same
names; every class both export has the same public members, of the same kind (property,
method, class/static method, plain attribute), with the same signatures and the same
docstrings. A failure lists every mismatch, grouped by kind (RapidFuzz holds its C++ and
Python twins together the same way).

Classes are compared by name wherever both twins have them (so `QuinteGame` and
`FifteenGame` are compared once both twins export them). A signature is compared where
both twins have one (PyO3 gives `__text_signature__`): parameter names, kinds and defaults.
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from types import ModuleType
from typing import Any, Dict, List, Optional, Tuple

import quinza
import quinza.reference as ref


def public_names(module: ModuleType) -> set:
    return {n for n in dir(module) if not n.startswith("_") and not inspect.ismodule(getattr(module, n))}


def kind(owner: type, name: str) -> str:
    """What a member is: looked up on the class itself, so a property is not called."""
    for klass in inspect.getmro(owner):
        if name in vars(klass):
            raw = vars(klass)[name]
            break
    else:
        raw = getattr(owner, name)
    if isinstance(raw, (staticmethod,)) or type(raw).__name__ == "builtin_function_or_method" and not inspect.isclass(owner):
        return "staticmethod"
    if isinstance(raw, classmethod) or type(raw).__name__ in ("classmethod_descriptor",):
        return "classmethod"
    if isinstance(raw, property) or type(raw).__name__ in ("getset_descriptor", "member_descriptor"):
        return "property"
    if callable(raw):
        # PyO3 static/class methods are builtins bound to the class.
        bound = getattr(owner, name)
        if type(bound).__name__ == "builtin_function_or_method" and getattr(bound, "__self__", None) is owner:
            return "classmethod"
        if type(bound).__name__ == "builtin_function_or_method" and getattr(bound, "__self__", None) is None:
            return "staticmethod"
        return "method"
    return "attribute"


def signature(obj: Any) -> Optional[List[Tuple[str, str, str]]]:
    """(name, kind, default) of every parameter, without self/cls; None if unknown."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if params and params[0].name in ("self", "cls", "$self", "$cls"):
        params = params[1:]
    return [
        (p.name, p.kind.name, "" if p.default is inspect.Parameter.empty else repr(p.default)) for p in params
    ]


def doc(obj: Any) -> str:
    text = getattr(obj, "__doc__", None)
    if text is None and inspect.ismemberdescriptor(obj):
        # A slot's docstring is its value in a dict __slots__ (where inspect.getdoc finds it).
        slots = getattr(obj.__objclass__, "__slots__", None)
        text = slots.get(obj.__name__) if isinstance(slots, dict) else None
    return inspect.cleandoc(text) if isinstance(text, str) else ""


def member(owner: Any, name: str) -> Any:
    """The member to read a signature and docstring from: the function under a property."""
    for klass in inspect.getmro(owner) if inspect.isclass(owner) else ():
        if name in vars(klass):
            raw = vars(klass)[name]
            if isinstance(raw, property):
                return raw.fget if raw.__doc__ is None else raw
            return getattr(owner, name)
    return getattr(owner, name)


def class_doc(klass: type) -> str:
    # A class's own docstring, not one inherited from object or a base.
    text = vars(klass).get("__doc__")
    return inspect.cleandoc(text) if isinstance(text, str) else ""


def class_signature(klass: type) -> Optional[List[Tuple[str, str, str]]]:
    init = vars(klass).get("__init__")
    if init is not None and inspect.isfunction(init):
        return signature(init)
    if getattr(klass, "__text_signature__", None):
        return signature(klass)
    for base in klass.__mro__[1:]:
        if base is object:
            break
        init = vars(base).get("__init__")
        if init is not None and inspect.isfunction(init):
            return signature(init)
    return signature(klass) if getattr(klass, "__text_signature__", None) else None


def lookup(module: ModuleType, name: str) -> Any:
    """A name from the package, or from the module that defines the twin's classes."""
    places = [module] + [getattr(module, sub, None) for sub in ("_core", "fifteen", "quinte")]
    for place in places:
        if place is not None and hasattr(place, name):
            return getattr(place, name)
    return None


def find_mismatches() -> Dict[str, List[str]]:
    found: Dict[str, List[str]] = defaultdict(list)
    twins = (("quinza", quinza), ("quinza.reference", ref))

    # Names: __all__ and the module's public attributes.
    if sorted(quinza.__all__) != sorted(ref.__all__):
        found["names"].append(
            f"__all__: only in quinza {sorted(set(quinza.__all__) - set(ref.__all__))}, "
            f"only in quinza.reference {sorted(set(ref.__all__) - set(quinza.__all__))}"
        )
    names = [public_names(m) for _, m in twins]
    for (label, _), mine, other in ((twins[0], names[0], names[1]), (twins[1], names[1], names[0])):
        for name in sorted(mine - other):
            found["names"].append(f"{name}: only in {label}")

    # Classes and functions both export; and subclasses both twins define (QuinteGame, FifteenGame).
    common = sorted(names[0] & names[1])
    classes = {n for n in ("QuinteGame", "FifteenGame") if inspect.isclass(lookup(quinza, n)) and inspect.isclass(lookup(ref, n))}

    for name in sorted(set(common) | classes):
        a, b = lookup(quinza, name), lookup(ref, name)
        if inspect.isclass(a) != inspect.isclass(b) or callable(a) != callable(b):
            found["members"].append(f"{name}: a {type(a).__name__} in quinza, a {type(b).__name__} in quinza.reference")
            continue
        if not callable(a):
            if name == "ENGINE":  # each twin's own engine, named as the twin's BACKEND
                if (a.name, b.name) != (quinza.BACKEND, ref.BACKEND):
                    found["names"].append(f"ENGINE: {a!r} in quinza, {b!r} in quinza.reference")
            elif a != b and name != "BACKEND":
                found["names"].append(f"{name}: {a!r} in quinza, {b!r} in quinza.reference")
            continue
        if inspect.isclass(a):
            sa, sb = class_signature(a), class_signature(b)
            if sa is not None and sb is not None and sa != sb:
                found["signatures"].append(f"{name}(): {sa} in quinza, {sb} in quinza.reference")
            if class_doc(a) != class_doc(b):
                found["docstrings"].append(f"{name}: {class_doc(a)!r} vs {class_doc(b)!r}")
            compare_members(name, a, b, found)
        else:
            sa, sb = signature(a), signature(b)
            if sa is not None and sb is not None and sa != sb:
                found["signatures"].append(f"{name}(): {sa} in quinza, {sb} in quinza.reference")
            if doc(a) != doc(b):
                found["docstrings"].append(f"{name}(): {doc(a)!r} vs {doc(b)!r}")
    return found


# The members only the reference has, each with why: the writer of nets, which `quinza
# train` calls (the core only reads them).
REFERENCE_ONLY = {"Net.from_arrays": "the writer of .qzn files", "Net.move_features": "what a trainer reads of a move",
                  "Net.feature_count": "the size of that"}


def compare_members(cls_name: str, a: type, b: type, found: Dict[str, List[str]]) -> None:
    ma = {n for n in dir(a) if not n.startswith("_")}
    mb = {n for n in dir(b) if not n.startswith("_") and f"{cls_name}.{n}" not in REFERENCE_ONLY}
    for n in sorted(ma - mb):
        found["members"].append(f"{cls_name}.{n}: only in quinza")
    for n in sorted(mb - ma):
        found["members"].append(f"{cls_name}.{n}: only in quinza.reference")
    for n in sorted(ma & mb):
        ka, kb = kind(a, n), kind(b, n)
        if ka != kb:
            found["members"].append(f"{cls_name}.{n}: a {ka} in quinza, a {kb} in quinza.reference")
            continue
        if ka in ("method", "classmethod", "staticmethod"):
            sa, sb = signature(getattr(a, n)), signature(getattr(b, n))
            if sa is not None and sb is not None and sa != sb:
                found["signatures"].append(f"{cls_name}.{n}(): {sa} in quinza, {sb} in quinza.reference")
        da, db = doc(member(a, n)), doc(member(b, n))
        if ka == "attribute":
            continue  # a plain value's docstring is its type's
        if da != db:
            found["docstrings"].append(f"{cls_name}.{n}: {da!r} vs {db!r}")


def test_the_twins_have_one_public_api() -> None:
    found = find_mismatches()
    if any(found.values()):
        lines = [f"{sum(len(v) for v in found.values())} mismatches between quinza and quinza.reference:"]
        for group in ("names", "members", "signatures", "docstrings"):
            if found.get(group):
                lines.append(f"\n{group} ({len(found[group])}):")
                lines += [f"  {line}" for line in found[group]]
        raise AssertionError("\n".join(lines))
