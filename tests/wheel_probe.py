"""What the installed core does with the arrays it is lent, printed as JSON: run by
tests/test_wheel.py with the test's own Python and in a fresh venv holding the cp39-abi3
wheel, whose core reaches numpy's memory through `__array_struct__` instead of the
buffer protocol (src/python/buffers.rs). The two outputs must be equal: every array
written (as a digest of its bytes), every array refused (with its message), in
encode(out=), action_mask(out=) and the vector env. Needs quinza with the envs extra,
nothing else (not pytest: the fresh venv has none).
"""

from __future__ import annotations

import array
import hashlib
import json
import re
from typing import Any, Callable, Dict, List, Optional

import numpy as np

import quinza
from quinza.envs import VectorEnv


def digest(*arrays: Any) -> str:
    h = hashlib.sha256()
    for a in arrays:
        # The bytes of an array or buffer; anything else (None) stands for itself.
        h.update(np.ascontiguousarray(a).tobytes() if isinstance(a, (np.ndarray, memoryview, array.array, bytearray)) else repr(a).encode())
    return h.hexdigest()[:16]


def outcome(call: Callable[[], Any], *written: Any) -> List[Any]:
    """"ok", what the call returned when a number, and the digest of the arrays written;
    or the error and its message (with the addresses a memoryview's repr holds taken out)."""
    try:
        got = call()
    except Exception as e:  # noqa: BLE001 - the kind is part of what is compared
        return [type(e).__name__, re.sub(r"0x[0-9a-f]+", "0x", str(e))]
    return ["ok", got if isinstance(got, int) else digest(got), digest(*written)]


def odd_arrays(n: int, dtype: Any, fill: Optional[np.ndarray] = None) -> Dict[str, Any]:
    """Arrays of `n` items of `dtype` (holding `fill`) and near misses: each case's name
    and the array."""
    dt = np.dtype(dtype)

    def filled(a: np.ndarray) -> np.ndarray:
        if fill is not None and a.size == n:
            a[...] = fill.reshape(a.shape)
        return a

    readonly = filled(np.zeros(n, dt))
    readonly.flags.writeable = False
    unaligned = filled(np.zeros(n * dt.itemsize + 1, np.uint8)[1:].view(dt))
    code = {"l": "q"}.get(dt.char, dt.char)
    raw = filled(np.zeros(n, dt)).tobytes()
    return {
        "fresh": filled(np.zeros(n, dt)),
        "other dtype": filled(np.zeros(n, np.float64 if dt != np.float64 else np.float32)),
        "bool": filled(np.zeros(n, np.bool_)),
        "one more": filled(np.zeros(n + 1, dt)),
        "none": np.zeros(0, dt),
        "two axes": filled(np.zeros((1, n), dt)),
        "column": filled(np.zeros((n, 1), dt)),
        "no axis": filled(np.zeros((), dt)),
        "strided": filled(np.zeros(2 * n, dt)[::2]),
        "reversed": filled(np.zeros(n, dt)[::-1]),
        "read-only": readonly,
        "byte-swapped": filled(np.zeros(n, dt.newbyteorder("S"))),
        "unaligned": unaligned,
        "memoryview": memoryview(filled(np.zeros(n, dt))),  # type: ignore[arg-type]
        "strided memoryview": memoryview(filled(np.zeros(2 * n, dt)[::2])),  # type: ignore[arg-type]
        "array.array": array.array(code, raw),
        "bytearray": bytearray(raw),
        "bytes": raw,
        "list": [0] * n,
        "None": None,
    }


def games() -> Dict[str, Any]:
    """Random matches of every rule set, each position encoded and masked into kept arrays."""
    out: Dict[str, Any] = {}
    for rules, seed in (("escoba", 3), ("quinza", 4), ("rb3ine", 5), ("quinte", 6)):
        g = quinza.Game(rules, seed=seed)
        pick = quinza.Random(seed)
        obs = np.full(len(quinza.encode_names(g.rules)), 9, np.float32)
        mask = np.full(g.action_count, 9, np.int8)
        h = hashlib.sha256()
        for _ in range(60):
            seat = g.turn
            if seat is None:
                break
            assert g.encode(seat, out=obs) is obs and g.action_mask(out=mask) is mask
            h.update(obs.tobytes() + mask.tobytes())
            legal = g.legal_moves()
            g.play(legal[pick.below(len(legal))])
        out[rules] = h.hexdigest()[:16]
        n = len(obs)
        out[f"{rules} encode(out=)"] = {
            name: outcome(lambda: g.encode(0, out=a), a) for name, a in odd_arrays(n, np.float32).items()
        }
        out[f"{rules} action_mask(out=)"] = {
            name: outcome(lambda: g.action_mask(out=a), a) for name, a in odd_arrays(g.action_count, np.int8).items()
        }
    return out


def vector_env() -> Dict[str, Any]:
    """VectorEnv episodes, then its core given odd arrays in each place."""
    env = VectorEnv("escoba", num_envs=4, threads=2)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    h = hashlib.sha256()
    for _ in range(40):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]], dtype=np.int64)
        obs, rewards, terminated, truncated, info = env.step(actions)
        ids, offsets = env.legal_actions()
        h.update(digest(obs, rewards, terminated, truncated, info["action_mask"], ids, offsets).encode())
    out: Dict[str, Any] = {"episodes": h.hexdigest()[:16]}

    core = env._core
    buffers = list(env._buffers())
    sizes = [a.size for a in buffers]
    dtypes = [a.dtype for a in buffers]
    for place, name in enumerate(("observations", "masks", "rewards", "terminated", "truncated")):
        cases = {}
        for case, odd in odd_arrays(sizes[place], dtypes[place]).items():
            given = buffers[:place] + [odd] + buffers[place + 1:]
            cases[case] = outcome(lambda: core.reset(7, *given), *given[:place], *given[place + 1:])
        out[f"reset {name}"] = cases
    core.reset(7, *buffers)
    legal = np.array([np.flatnonzero(row)[0] for row in env._masks], dtype=np.int64)
    cases = {}
    for case, odd in odd_arrays(len(legal), np.int64, fill=legal).items():
        cases[case] = outcome(lambda: core.step(odd, *buffers), *buffers)
        core.reset(7, *buffers)
    out["step actions"] = cases
    offsets = np.zeros(env.num_envs + 1, np.int64)
    out["legal_actions ids"] = {
        case: outcome(lambda: core.legal_actions(offsets, odd), offsets)
        for case, odd in odd_arrays(4096, np.int64).items()
    }
    return out


if __name__ == "__main__":
    print(json.dumps({"games": games(), "vector env": vector_env()}, indent=1, sort_keys=True))
