"""Nets (docs/reference/nets.md "Networks"): the .qzn file read and written, and the forward
pass in whole numbers, numpy int64, exactly as the core computes it.

A net reads `game.encode(game.turn)`, what the seat to act may know, and a few feature
indices for each legal move (`move_features`); it says what the deal is worth to that seat
and what it is worth after each legal move.
"""

from __future__ import annotations

import json
import os
import struct
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from .encode import ENCODING_VERSION, encode_names
from .game import Game
from .move_features import feature_count, move_features
from .rules import Rules
from .._words import quoted, whole

TAG = b"QZN1"
FORMAT = 1
CAP = 1 << 16  # every activation is clamped to [-CAP, CAP] (inputs) or [0, CAP]
# The largest size of a layer or an input, and of a shift: every sum of the forward pass,
# and a move's features shifted left, then stay far below 2**63 (the core's bounds).
MOST_SIZE, MOST_SHIFT = 1 << 20, 24
NETS = Path(__file__).resolve().parent.parent / "nets"  # the shipped nets, one a rule set's name

Ints = npt.NDArray[np.int64]


class Sizes(NamedTuple):
    """The header's sizes: the observation's length L, the move features F, the trunk's
    H1 and H2, the move layer's P."""

    L: int
    F: int
    H1: int
    H2: int
    P: int


# The arrays in the order of the file: name, type (little-endian), shape from the sizes.
ARRAYS = (
    ("W1", "<i2", lambda s: (s.H1, s.L)), ("b1", "<i4", lambda s: (s.H1,)),
    ("W2", "<i2", lambda s: (s.H2, s.H1)), ("b2", "<i4", lambda s: (s.H2,)),
    ("Wv", "<i2", lambda s: (s.H2,)), ("bv", "<i4", lambda s: (1,)),
    ("A", "<i2", lambda s: (s.P, s.H2)), ("B", "<i2", lambda s: (s.P, s.F)), ("c", "<i4", lambda s: (s.P,)),
    ("wp", "<i2", lambda s: (s.P,)), ("bp", "<i4", lambda s: (1,)),
)
ARRAY_NAMES = tuple(name for name, _, _ in ARRAYS)


def bad(what: str) -> ValueError:
    """The refusal of a file that is not a net, saying what is wrong (the core's words)."""
    return ValueError(f"not a net file: {what}")


def json_text(value: Any) -> str:
    """A JSON value as the core shows it: compact JSON."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _whole(data: Dict[str, Any], key: str, low: int, high: int) -> int:
    """The whole number `data[key]` from `low` to `high`, or the refusal naming it."""
    if key not in data:
        raise bad(f'the header has no "{key}"')
    value = data[key]
    if not whole(value) or not low <= value <= high:
        raise bad(f'the header\'s "{key}" must be a whole number from {low} to {high}, not {json_text(value)}')
    return int(value)


def check_header(header: Any) -> Sizes:
    """The sizes of a header (docs/reference/nets.md "The file"), checked in the core's
    order; a header that is not such an object is a ValueError saying what is wrong. Other
    keys are let be."""
    if not isinstance(header, dict):
        raise bad("the header is not a JSON object")
    if not whole(header.get("format")) or header["format"] != FORMAT:
        raise bad(f'the header\'s "format" must be {FORMAT}, not {json_text(header["format"]) if "format" in header else "nothing"}')
    rules = header.get("rules")
    if not isinstance(rules, dict):
        raise bad('the header\'s "rules" is not an object')
    if not isinstance(rules.get("name"), str):
        raise bad("the header's rules have no name")
    _whole(rules, "players", 1, 255)
    _whole(header, "encoding_version", 0, 2**32 - 1)
    L, F = _whole(header, "observation_len", 1, MOST_SIZE), _whole(header, "move_features", 1, MOST_SIZE)
    hidden = header.get("hidden")
    if not isinstance(hidden, list) or len(hidden) != 2:
        raise bad('the header\'s "hidden" must be a list of two sizes')
    H1, H2 = (_whole({f"hidden[{i}]": size}, f"hidden[{i}]", 1, MOST_SIZE) for i, size in enumerate(hidden))
    P = _whole(header, "move_hidden", 1, MOST_SIZE)
    for key in ("input_shift", "weight_shift"):
        _whole(header, key, 0, MOST_SHIFT)
    if "trained" not in header:
        raise bad('the header has no "trained"')
    return Sizes(L, F, H1, H2, P)


def _header_bytes(header: Dict[str, Any]) -> bytes:
    try:
        return json.dumps(header, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as error:
        raise ValueError(f"a net's header must be plain JSON ({error})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read(data: bytes) -> Tuple[Dict[str, Any], Dict[str, npt.NDArray[Any]]]:
    """The header and the arrays of a .qzn file's bytes; anything else is a ValueError
    saying what is wrong, checked in the core's order and in its words."""
    if data[:4] != TAG:
        raise bad("it does not start with QZN1")
    if len(data) < 8:
        raise bad("it ends before the header's length")
    (length,) = struct.unpack_from("<I", data, 4)
    if length > len(data) - 8:
        raise bad(f"the header's length is {length} bytes, but only {len(data) - 8} follow")
    try:
        header = json.loads(data[8 : 8 + length].decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as error:
        raise bad(f"the header is not UTF-8 ({error})") from None
    except ValueError as error:  # json.JSONDecodeError too
        raise bad(f"the header is not JSON ({error})") from None
    sizes = check_header(header)
    shapes = [(name, dtype, shape_of(sizes)) for name, dtype, shape_of in ARRAYS]
    need = sum(int(np.prod(shape)) * np.dtype(dtype).itemsize for _, dtype, shape in shapes)
    have = len(data) - 8 - length
    if have != need:
        raise bad(f"the arrays of its sizes take {need} bytes, but {have} follow the header "
                  f"({abs(have - need)} {'missing' if have < need else 'left over'})")
    arrays: Dict[str, npt.NDArray[Any]] = {}
    at = 8 + length
    for name, dtype, shape in shapes:
        count = int(np.prod(shape))
        arrays[name] = np.frombuffer(data, dtype=dtype, count=count, offset=at).reshape(shape)
        at += count * np.dtype(dtype).itemsize
    return header, arrays


def as_rules(rules: Any) -> Rules:
    """Rules of either twin, or a rule set's name, as the reference's Rules."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    if hasattr(rules, "to_dict"):
        return Rules.from_dict(rules.to_dict())
    raise ValueError(f"expected Rules or a rule set's name, not {quoted(rules)}")


def reference_game(game: Any) -> Game:
    """A game of either twin as a reference game (a reference game as it is)."""
    return game if isinstance(game, Game) else Game.from_json(game.to_json())


class Net:
    """A net (docs/reference/nets.md): a small network that reads what the seat to act may
    know and rates its position and each of its legal moves, in whole numbers, as both twins
    compute them."""

    __slots__ = ("_header", "_name", "_players", "_sizes", "_arrays", "_data", "_ints")
    _header: Dict[str, Any]
    _name: str
    _players: int
    _sizes: Sizes
    _arrays: Dict[str, npt.NDArray[Any]]
    _data: bytes
    _ints: Dict[str, Ints]

    def __init__(self) -> None:
        raise TypeError("a Net comes from Net.load(path or bytes), Net.for_rules(rules) or Net.from_arrays(header, arrays)")

    @classmethod
    def _make(cls, header: Dict[str, Any], arrays: Dict[str, npt.NDArray[Any]], data: bytes) -> "Net":
        net = object.__new__(cls)
        sizes = check_header(header)
        own = {"_header": header, "_name": header["rules"]["name"], "_players": header["rules"]["players"],
               "_sizes": sizes, "_arrays": arrays, "_data": data, "_ints": {k: v.astype(np.int64) for k, v in arrays.items()}}
        for name, value in own.items():
            object.__setattr__(net, name, value)
        return net

    @classmethod
    def load(cls, source: Union[str, bytes, "os.PathLike[str]"]) -> "Net":
        """The net of a .qzn file, given by its path or as its bytes; a file that is not a net
        is a ValueError that says what is wrong."""
        if isinstance(source, bytes):
            data = source
        elif isinstance(source, (str, os.PathLike)):
            try:
                data = Path(source).read_bytes()
            except OSError as error:
                raise ValueError(f"cannot read the net {os.fspath(source)!r}: {error.strerror or error}") from None
        else:
            raise ValueError(f"a net is loaded from a path or bytes, not {quoted(source)}")
        header, arrays = read(data)
        return cls._make(header, arrays, data)

    @classmethod
    def for_rules(cls, rules: Any) -> "Net":
        """The net the package ships for these rules (escoba, quinza and rb3ine with two
        players, and quinte); a ValueError for other rules."""
        rules = as_rules(rules)
        for net in _shipped():
            if (net._name, net._players) == (rules.name, rules.players):
                return net
        raise ValueError(f"no net ships for {rules.name} with {rules.players} players: pass weights, a .qzn file trained for them")

    @staticmethod
    def move_features(game: Any, move: Any) -> List[int]:
        """What a net reads of a legal move of `game` (either twin's): its feature indices,
        each standing for a 1 (docs/reference/nets.md "What goes in"). The reference's
        alone, for a trainer: the core reads them inside its forward pass."""
        return move_features(game, move)

    @staticmethod
    def feature_count(rules: Any) -> int:
        """`F` of a net for these rules (either twin's, or a rule set's name)."""
        return feature_count(as_rules(rules))

    @classmethod
    def from_arrays(cls, header: Dict[str, Any], arrays: Dict[str, Any]) -> "Net":
        """A new net from its header (a dict of the file's header) and its arrays by name
        (W1, b1, W2, b2, Wv, bv, A, B, c, wp, bp: numpy int16 or int32 arrays, as the file
        holds them, of the shapes the header's sizes give); anything else is a ValueError
        naming what is wrong (the header's rules must be rules of the game, as
        `Rules.to_dict()` gives them). `to_bytes()` writes it as a .qzn file. The reference's
        alone: the writer of `quinza train`."""
        sizes = check_header(header)
        try:
            Rules.from_dict(header["rules"])
        except (ValueError, TypeError) as error:
            raise ValueError(f"the header's rules are no rules of the game: {error}") from None
        if not isinstance(arrays, dict) or set(arrays) != set(ARRAY_NAMES):
            given = sorted(arrays) if isinstance(arrays, dict) else quoted(arrays)
            raise ValueError(f"a net's arrays are a dict of exactly {', '.join(ARRAY_NAMES)}, not {given}")
        checked: Dict[str, npt.NDArray[Any]] = {}
        for name, dtype, shape_of in ARRAYS:
            array, shape, want = arrays[name], shape_of(sizes), np.dtype(dtype)
            if not isinstance(array, np.ndarray) or array.dtype.kind != "i" or array.dtype.itemsize != want.itemsize:
                kind = f"a numpy {array.dtype} array" if isinstance(array, np.ndarray) else quoted(array)
                raise ValueError(f"array {name} must be a numpy {want.name} array, not {kind}")
            if array.shape != shape:
                raise ValueError(f"array {name} must have the shape {shape} the header's sizes give, not {array.shape}")
            checked[name] = np.ascontiguousarray(array, dtype=want)
        text = _header_bytes(header)
        header = json.loads(text)  # a copy of its own, as a reader finds it
        data = b"".join([TAG, struct.pack("<I", len(text)), text] + [checked[name].tobytes() for name in ARRAY_NAMES])
        return cls._make(header, checked, data)

    @property
    def header(self) -> Dict[str, Any]:
        """The file's header: the rules it was trained for, its sizes and shifts, how it was made."""
        result: Dict[str, Any] = json.loads(json.dumps(self._header))
        return result

    def to_bytes(self) -> bytes:
        """The .qzn file, as read."""
        return self._data

    def fits(self, rules: Any) -> bool:
        """Whether the net fits games of these rules: the same rule set and players, and the
        observation's length, move features and encoding version it reads."""
        return self._misfit(as_rules(rules)) is None

    def evaluate(self, game: Any) -> Tuple[float, List[Tuple[Any, float]]]:
        """The net's value of the position for the seat to act (its points of the deal over
        the best other side's), and each legal move with its score, in legal-move order; a
        match that is over, or a game the net does not fit, is a ValueError."""
        ref = reference_game(game)
        self._check_fits(ref.rules)
        if ref.turn is None:
            raise ValueError("the match is over: there is no position to rate")
        value, scores = self._forward(ref)
        return value / self._unit, [(move, score / self._unit) for move, score in zip(game.legal_moves(), scores)]

    @property
    def _unit(self) -> float:
        """2**(IS + WS): a raw value or score divided by it is in points."""
        return float(1 << (self._header["input_shift"] + self._header["weight_shift"]))

    def _trunk(self, ref: Game) -> Tuple[int, Ints]:
        """value_raw for the seat to act of a reference game in play that the net fits, and
        the moves' shared `base` (docs/reference/nets.md "The computation", steps 1 to 4)."""
        IS, WS = self._header["input_shift"], self._header["weight_shift"]
        w = self._ints
        obs = ref.encode(ref.turn).astype(np.float64)  # type: ignore[arg-type]  # a game in play
        x = np.clip(np.floor(obs * float(1 << IS) + 0.5), -CAP, CAP).astype(np.int64)
        h1 = np.clip((w["W1"] @ x + w["b1"]) >> WS, 0, CAP)
        h2 = np.clip((w["W2"] @ h1 + w["b2"]) >> WS, 0, CAP)
        return int(w["Wv"] @ h2 + w["bv"][0]), w["A"] @ h2 + w["c"]

    def _forward(self, ref: Game) -> Tuple[int, List[int]]:
        """value_raw and every legal move's score_raw, for the seat to act of a reference
        game in play that the net fits."""
        IS, WS = self._header["input_shift"], self._header["weight_shift"]
        w = self._ints
        value, base = self._trunk(ref)
        scores = []
        for move in ref.legal_moves():
            features = w["B"][:, move_features(ref, move)].sum(axis=1)
            u = np.clip((base + (features << IS)) >> WS, 0, CAP)
            scores.append(int(w["wp"] @ u + w["bp"][0]))
        return value, scores

    def _misfit(self, rules: Rules) -> Optional[str]:
        """Why the net does not fit games of these rules: the first of its numbers that
        differs, in the core's words; None when it fits."""
        mine = (self._name, self._players, self._sizes.L, self._sizes.F, self._header["encoding_version"])
        game = (rules.name, rules.players, len(encode_names(rules)), feature_count(rules), ENCODING_VERSION)
        said = ("it is for {}, not {}", "it is for {} players, not {}", "it reads observations of {} entries, not {}",
                "it reads {} move features, not {}", "it reads encoding version {}, not {}")
        return next((text.format(a, b) for text, a, b in zip(said, mine, game) if a != b), None)

    def _check_fits(self, rules: Rules) -> None:
        """Refuse games of rules the net does not fit (a ValueError saying what differs)."""
        why = self._misfit(rules)
        if why is not None:
            raise ValueError(f"the net does not fit the game: {why}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Net is immutable")

    def __repr__(self) -> str:
        s = self._sizes
        return (f"<Net for {self._name} with {self._players} players: L={s.L}, F={s.F}, "
                f"hidden=[{s.H1}, {s.H2}], move_hidden={s.P}>")


@lru_cache(maxsize=None)
def _shipped() -> Tuple[Net, ...]:
    """The nets the package ships, read once, in the order of their names."""
    return tuple(Net.load(path) for path in sorted(NETS.glob("*.qzn")))
