"""The positions of a run's shards as the fitting reads them: fixed shapes, each position's
moves padded to the most any position has, each move's features to the most any move has
(a padding feature is `F`, whose column of B the fitting keeps at zero)."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Callable, Dict, List, cast

import numpy as np


@dataclass
class Positions:
    observations: np.ndarray  # N x L, float32
    features: np.ndarray  # N x M x K, int32: a move's feature indices, F where none
    legal: np.ndarray  # N x M, bool: a legal move (not padding)
    targets: np.ndarray  # N x M, float32: the search's estimate of a move, 0 where none
    known: np.ndarray  # N x M, bool: a legal move the search estimated
    values: np.ndarray  # N, float32
    best: np.ndarray  # N, int32: the index of the search's move

    def __len__(self) -> int:
        return len(self.values)

    def take(self, rows: np.ndarray) -> "Positions":
        return Positions(self.observations[rows], self.features[rows], self.legal[rows], self.targets[rows],
                         self.known[rows], self.values[rows], self.best[rows])


def write_whole(path: str, data: bytes) -> None:
    """Write a file whole or not at all (a temporary name, then renamed): a run stopped
    while writing leaves the file as it was."""
    temporary = f"{path}.tmp{os.getpid()}"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def save_arrays(path: str, arrays: Dict[str, np.ndarray]) -> None:
    """Arrays by name in an .npz file, written whole."""
    buffer = io.BytesIO()
    cast(Callable[..., None], np.savez)(buffer, **arrays)
    write_whole(path, buffer.getvalue())


def load(paths: List[str], positions: int, move_features: int) -> Positions:
    """The first `positions` positions of the shards, in order."""
    shards = []
    left = positions
    for path in paths:
        with np.load(path) as shard:
            arrays = {name: shard[name] for name in shard.files}
        n = min(left, len(arrays["counts"]))
        moves = int(arrays["counts"][:n].sum())
        shards.append({"observations": arrays["observations"][:n], "counts": arrays["counts"][:n],
                       "features": arrays["features"][:moves], "targets": arrays["targets"][:moves],
                       "values": arrays["values"][:n], "best": arrays["best"][:n]})
        left -= n
        if left == 0:
            break
    if left:
        raise ValueError(f"the shards hold {positions - left} positions, not {positions}")
    most_moves = max(int(s["counts"].max()) for s in shards)
    most_features = max(s["features"].shape[1] for s in shards)
    features = np.full((positions, most_moves, most_features), move_features, dtype=np.int32)
    legal = np.zeros((positions, most_moves), dtype=bool)
    targets = np.zeros((positions, most_moves), dtype=np.float32)
    row = 0
    for s in shards:
        start = 0
        for count in s["counts"]:
            block = s["features"][start:start + count]
            features[row, :count, :block.shape[1]] = np.where(block < 0, move_features, block)
            legal[row, :count] = True
            targets[row, :count] = s["targets"][start:start + count]
            start += count
            row += 1
    known = legal & ~np.isnan(targets)
    return Positions(np.concatenate([s["observations"] for s in shards]), features, legal,
                     np.where(known, targets, 0.0).astype(np.float32), known,
                     np.concatenate([s["values"] for s in shards]), np.concatenate([s["best"] for s in shards]))
