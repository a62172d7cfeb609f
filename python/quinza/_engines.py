"""The engine switch, the one place where the package reaches the reference twin:
"rust" is `quinza` (the compiled core), "reference" is `quinza.reference`."""

from __future__ import annotations

from typing import Optional

from ._backend import Backend

ENGINES = ("rust", "reference")


def backend(name: Optional[str] = "rust") -> Backend:
    """The module of the engine `name` (None is "rust"); an unknown name is a ValueError."""
    if name is None or name == "rust":
        import quinza

        return quinza
    if name == "reference":
        from . import reference

        return reference
    raise ValueError(f"unknown backend {name!r}: choose 'rust' or 'reference'")
