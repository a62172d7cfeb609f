"""The JSON text both backends read: strict JSON (RFC 8259), a syntax error worded as
Python's json module words it.

Python's json reads three things strict JSON has not, which the core's reader refuses:
the constants NaN, Infinity and -Infinity, and string escapes that leave half of a
surrogate pair (a text that is not Unicode). Both backends refuse them in these words.
"""

import json
from typing import Any, List, Optional


class NotJson(ValueError):
    """Why a text is not strict JSON."""


def _constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number")


def loads(text: Any) -> Any:
    """The value of a JSON text (str, bytes or bytearray); NotJson when it is not JSON."""
    try:
        data = json.loads(text, parse_constant=_constant)
    except NotJson:
        raise
    except (ValueError, RecursionError) as error:
        raise NotJson(str(error)) from None
    half = _half_surrogate(data)
    if half is not None:
        raise NotJson(f"{half!r} is half a surrogate pair, not Unicode")
    return data


def _half_surrogate(data: Any) -> Optional[str]:
    """The first half surrogate in the strings of `data` (keys too), depth first."""
    stack: List[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            for char in item:
                if "\ud800" <= char <= "\udfff":
                    return char
        elif isinstance(item, dict):
            for key, value in reversed(list(item.items())):
                stack += [value, key]
        elif isinstance(item, list):
            stack += reversed(item)
    return None
