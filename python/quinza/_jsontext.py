"""The JSON text both backends read: strict JSON (RFC 8259), a syntax error worded as
Python's json module words it.

Python's json reads things strict JSON has not, or reads them otherwise than the core's
reader, which both backends refuse in these words: the constants NaN, Infinity and
-Infinity; half of a surrogate pair in a string, a key or a value, escaped or raw (in a
str), even in a value a later duplicate key drops (a text that is not Unicode); integers
of more than 4300 digits (Python's own limit on reading an int, worded once here); and
arrays and objects nested deeper than 128 levels.
"""

import json
import re
from typing import Any, Optional

MAX_DIGITS = 4300  # Python's default int_max_str_digits
MAX_DEPTH = 128  # arrays and objects nested this deep are read; one level more is refused

# A string (to its closing quote, or to the end of an unfinished one), or a bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
# A character of a surrogate pair, raw or escaped (\uD800 to \uDFFF): where to look closer.
_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")


class NotJson(ValueError):
    """Why a text is not strict JSON."""


def _constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NotJson(f"an integer of more than {MAX_DIGITS} digits")
    return int(text)


def loads(text: Any) -> Any:
    """The value of a JSON text (str, bytes or bytearray); NotJson when it is not JSON.

    Bytes are decoded as the core decodes them (the encoding `json.detect_encoding` finds,
    with "surrogatepass"), and the text is then read as a str: so a UTF-8 BOM followed by
    another U+FEFF is refused in the same words by both backends.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except ValueError as error:  # UnicodeDecodeError
            raise NotJson(str(error)) from None
    too_deep = _too_deep_at(text) if isinstance(text, str) else None
    try:
        data = json.loads(text, parse_constant=_constant, parse_int=_integer)
    except NotJson:
        raise
    except json.JSONDecodeError as error:
        # The text is read from the start: nesting too deep before the error comes first.
        if too_deep is not None and too_deep <= error.pos:
            raise NotJson(f"nesting deeper than {MAX_DEPTH} levels") from None
        raise NotJson(str(error)) from None
    except (ValueError, RecursionError) as error:
        if too_deep is not None:
            raise NotJson(f"nesting deeper than {MAX_DEPTH} levels") from None
        raise NotJson(str(error)) from None
    if too_deep is not None:
        raise NotJson(f"nesting deeper than {MAX_DEPTH} levels")
    half = _half_surrogate(text)
    if half is not None:
        raise NotJson(f"{half!r} is half a surrogate pair, not Unicode")
    return data


def _too_deep_at(text: str) -> Optional[int]:
    """Where the first array or object nested deeper than MAX_DEPTH opens, or None; a scan
    of the brackets outside strings, without recursion."""
    depth = 0
    for token in _TOKEN.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif char in "]}":
            depth -= 1
    return None


def _half_surrogate(text: str) -> Optional[str]:
    """The first half of a surrogate pair in the strings of a JSON text (keys and values,
    escaped or raw), in the text's order; None when there is none. The text is read, not
    its value: a string that a later duplicate key drops from the value still counts, as
    the core refuses it where it stands."""
    if not _SURROGATE.search(text):
        return None
    for token in _TOKEN.finditer(text):
        string = token.group()
        if string.startswith('"') and _SURROGATE.search(string):
            decoded: str = json.loads(string)  # a pair escaped as two halves is one character
            for char in decoded:
                if "\ud800" <= char <= "\udfff":
                    return char
    return None
