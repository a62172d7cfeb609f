"""What the net tests share (tests/test_net*.py): headers and random arrays for nets of any
shape, written with the reference's `Net.from_arrays`, and the forward pass again in plain
Python integers, a second reading of docs/reference/nets.md "The computation"."""

from __future__ import annotations

import math
import random
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

import quinza.reference as ref
from quinza.reference.net import ARRAYS, Net, Sizes


def header_for(rules: Any, hidden: Tuple[int, int] = (8, 6), move_hidden: int = 5, input_shift: int = 8,
               weight_shift: int = 12) -> Dict[str, Any]:
    """A header for a net of these rules (a reference Rules or a name) and sizes."""
    rules = ref.Rules(rules) if isinstance(rules, str) else rules
    features = ref.Net.feature_count(rules)
    return {"format": 1, "rules": rules.to_dict(), "encoding_version": ref.ENCODING_VERSION,
            "observation_len": len(ref.encode_names(rules)), "move_features": features, "hidden": list(hidden),
            "move_hidden": move_hidden, "input_shift": input_shift, "weight_shift": weight_shift,
            "trained": {"by": "tests/net_util.py"}}


def sizes_of(header: Dict[str, Any]) -> Sizes:
    return Sizes(header["observation_len"], header["move_features"], header["hidden"][0], header["hidden"][1],
                 header["move_hidden"])


def random_arrays(header: Dict[str, Any], seed: int, spread: int = 1 << 11) -> Dict[str, np.ndarray]:
    """Arrays of the header's shapes, uniform in [-spread, spread) (biases 64 times wider,
    weights within int16)."""
    rng = np.random.default_rng(seed)
    out = {}
    for name, dtype, shape_of in ARRAYS:
        wide = spread * 64 if dtype == "<i4" else min(spread, 1 << 15)
        out[name] = rng.integers(-wide, wide, size=shape_of(sizes_of(header))).astype(dtype)
    return out


def random_net(rules: Any, seed: int, **sizes: Any) -> Net:
    header = header_for(rules, **sizes)
    return Net.from_arrays(header, random_arrays(header, seed))


def rows(array: np.ndarray) -> List[Any]:
    return [[int(v) for v in row] for row in array] if array.ndim == 2 else [int(v) for v in array]


def plain_forward(header: Dict[str, Any], arrays: Dict[str, np.ndarray], obs: Sequence[float],
                  features: Sequence[Sequence[int]]) -> Tuple[int, List[int]]:
    """value_raw and each move's score_raw, in Python integers (its `>>` rounds towards minus
    infinity, as the doc's does), one loop at a time."""
    IS, WS, CAP = header["input_shift"], header["weight_shift"], 1 << 16
    a = {name: rows(v) for name, v in arrays.items()}

    def clamp(v: int, lo: int, hi: int) -> int:
        return min(max(v, lo), hi)

    def layer(W: List[List[int]], b: List[int], x: List[int]) -> List[int]:
        return [clamp((sum(w * v for w, v in zip(row, x)) + bias) >> WS, 0, CAP) for row, bias in zip(W, b)]

    x = [clamp(math.floor(float(v) * 2.0**IS + 0.5), -CAP, CAP) for v in obs]
    h2 = layer(a["W2"], a["b2"], layer(a["W1"], a["b1"], x))
    value = sum(w * v for w, v in zip(a["Wv"], h2)) + a["bv"][0]
    base = [sum(w * v for w, v in zip(row, h2)) + c for row, c in zip(a["A"], a["c"])]
    scores = []
    for feats in features:
        u = [clamp((base[p] + (sum(a["B"][p][f] for f in feats) << IS)) >> WS, 0, CAP) for p in range(len(base))]
        scores.append(sum(w * v for w, v in zip(a["wp"], u)) + a["bp"][0])
    return value, scores


def seeded_positions(name: str, players: int, count: int) -> List[Any]:
    """Reference games of `name` a few random moves apart, none finished."""
    from .conftest import advanced

    out = []
    rng = random.Random(f"{name}{players}")
    while len(out) < count:
        g = advanced(ref, name, players, rng.randrange(2**32), rng.randrange(45))
        if not g.is_over:
            out.append(g)
    return out
