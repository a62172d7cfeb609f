"""A fitted net in whole numbers, written as a .qzn file (docs/reference/nets.md): weights
times `2**WS` and biases times `2**(IS + WS)`, rounded. `WS` is 12 unless a weight would
then not fit in 16 bits: the largest shift at which every one does."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Tuple

import numpy as np

from ..engines import engine

INPUT_SHIFT = 8
WEIGHT_SHIFT = 12
WEIGHTS = ("W1", "W2", "Wv", "A", "B", "wp")  # int16, times 2**WS
BIASES = ("b1", "b2", "bv", "c", "bp")  # int32, times 2**(IS + WS)
INT16 = np.iinfo(np.int16)
INT32 = np.iinfo(np.int32)


def weight_shift(params: Mapping[str, np.ndarray]) -> int:
    """12, or less when the greatest weight would overflow 16 bits at 12."""
    largest = max(float(np.abs(params[name]).max()) for name in WEIGHTS)
    shift = WEIGHT_SHIFT
    while shift > 0 and round(largest * 2**shift) > INT16.max:
        shift -= 1
    return shift


def quantize(params: Mapping[str, np.ndarray]) -> Tuple[Dict[str, np.ndarray], int]:
    """The arrays as the file holds them, and the weight shift they are counted in. Biases
    beyond 32 bits are clipped (they would stand for thousands of points)."""
    shift = weight_shift(params)
    arrays: Dict[str, np.ndarray] = {}
    for name in WEIGHTS:
        scaled = np.rint(np.asarray(params[name], dtype=np.float64) * 2.0**shift)
        arrays[name] = np.clip(scaled, INT16.min, INT16.max).astype(np.int16)
    for name in BIASES:
        scaled = np.rint(np.asarray(params[name], dtype=np.float64) * 2.0**(INPUT_SHIFT + shift))
        arrays[name] = np.clip(scaled, INT32.min, INT32.max).astype(np.int32)
    return arrays, shift


def header(rules: Dict[str, Any], encoding_version: int, sizes: Dict[str, Any], shift: int,
           trained: Dict[str, Any]) -> Dict[str, Any]:
    return {"format": 1, "rules": rules, "encoding_version": encoding_version,
            "observation_len": sizes["observation_len"], "move_features": sizes["move_features"],
            "hidden": list(sizes["hidden"]), "move_hidden": sizes["move_hidden"],
            "input_shift": INPUT_SHIFT, "weight_shift": shift, "trained": trained}


def to_bytes(head: Dict[str, Any], arrays: Mapping[str, np.ndarray]) -> bytes:
    """The .qzn file, written by the reference twin's writer (`Net.from_arrays`), which
    checks the header and the arrays as a reader will."""
    return bytes(engine("reference").Net.from_arrays(head, dict(arrays)).to_bytes())
