"""The engines: what a twin is, and each twin's engine by name.

quinza has two twins of one API: the compiled core (`quinza`, engine "rust") and the
pure-Python reference (`quinza.reference`, engine "reference"). `Engine` says what a twin
is: its rules, game, card, move, bots, solver and encodings. Each twin's package builds
its one engine object (`quinza.ENGINE`, `quinza.reference.ENGINE`), and
everything above the twins (simulate, ladder, play_match, analyze, review, the command
line, the server and the envs) is written once over an engine object. Each twin's
package exposes those functions bound to its own engine:

>>> import quinza.reference
>>> from quinza.engines import engine
>>> engine("reference") is quinza.reference.ENGINE
True
>>> quinza.reference.ENGINE.name
'reference'

Where a user may choose the engine, `engine=` takes a name of `ENGINES` or an engine
object (`quinza play --engine reference`, `create_app(engine=...)`, the envs).

This module imports no twin: `engine(name)` imports the twin it is asked for, and
nothing here loads the compiled core for the reference.
"""

from __future__ import annotations

import importlib
from typing import Union, cast

from ._protocol import Engine
from ._words import choice_text, quoted

__all__ = ["ENGINES", "Engine", "engine"]

ENGINES = ("rust", "reference")


def engine(name: Union[str, Engine, None] = "rust") -> Engine:
    """The engine of `name`: "rust" (or None) is `quinza.ENGINE`, "reference" is
    `quinza.reference.ENGINE`; an engine object is returned as it is. Any other name is a
    ValueError; "rust" where the compiled core cannot load is an ImportError that says so."""
    # Each twin's package is imported when asked for, by its name: nothing below the twins
    # imports them, so everything may import this module.
    if name is None or name == "rust":
        try:
            twin = importlib.import_module("quinza._rust")
        except ImportError as error:
            raise core_missing(error) from error
        return cast(Engine, twin.ENGINE)
    if name == "reference":
        return cast(Engine, importlib.import_module("quinza.reference").ENGINE)
    if isinstance(name, Engine):
        return name
    raise ValueError(f"unknown engine {quoted(name)}: choose {choice_text(ENGINES)}")


def core_missing(error: ImportError) -> ImportError:
    """The error for a name of the compiled twin when `quinza._core` cannot load."""
    return ImportError(f"the compiled core of quinza (quinza._core) could not load: {error}. "
                       "quinza.reference, the pure-Python twin, works without it: import quinza.reference",
                       name="quinza._core")
