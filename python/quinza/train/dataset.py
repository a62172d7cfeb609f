"""The positions of a run's shards as the fitting reads them: each position's moves kept
one after another (a position holds `counts[i]` moves from `starts[i]`), each move's
features padded to the most any move has with the padding feature `F`, whose column of B
the fitting keeps at zero. A batch is padded to its own positions' most moves
(`Positions.batch`), not to the most of any position: a position of rb3ine may have
hundreds of legal moves where most have a few."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Callable, Dict, List, cast

import numpy as np


@dataclass
class Positions:
    """A run's positions: one row of `observations`, `values` and `best` a position, its
    moves' rows in the arrays of moves from `starts` for `counts`."""

    observations: np.ndarray  # N x L, float32
    counts: np.ndarray  # N, int64: a position's legal moves
    starts: np.ndarray  # N, int64: where its moves begin in the arrays of moves
    features: np.ndarray  # moves x K, int32: a move's feature indices, F where none
    targets: np.ndarray  # moves, float32: the search's estimate of a move, 0 where none
    known: np.ndarray  # moves, bool: a move the search estimated
    values: np.ndarray  # N, float32
    best: np.ndarray  # N, int32: the index of the search's move among its position's
    padding: int  # F, the padding feature

    def __len__(self) -> int:
        return len(self.values)

    def take(self, rows: np.ndarray) -> "Positions":
        """The positions `rows`, their moves kept together."""
        counts = self.counts[rows]
        moves = _spans(self.starts[rows], counts)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        return Positions(self.observations[rows], counts, starts, self.features[moves], self.targets[moves],
                         self.known[moves], self.values[rows], self.best[rows], self.padding)

    def batch(self, rows: np.ndarray, width: int) -> Dict[str, np.ndarray]:
        """The positions `rows` in fixed shapes, each one's moves padded to `width` (at
        least its count): `features` (n x width x K), `legal`, `targets` and `known` (n x
        width), with `observations`, `values` and `best`."""
        counts = self.counts[rows]
        column = np.arange(width)[None, :]
        legal = column < counts[:, None]
        index = np.where(legal, self.starts[rows][:, None] + column, 0)
        features = np.where(legal[:, :, None], self.features[index], self.padding)
        return {"observations": self.observations[rows], "features": features, "legal": legal,
                "targets": np.where(legal, self.targets[index], 0.0).astype(np.float32),
                "known": legal & self.known[index], "values": self.values[rows], "best": self.best[rows]}


def _spans(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The indices start, start+1, ... of each span, one span after another."""
    total = int(counts.sum())
    offsets = np.repeat(starts - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)
    return np.arange(total, dtype=np.int64) + offsets.astype(np.int64)


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
    most_features = max(s["features"].shape[1] for s in shards)
    features = np.full((sum(len(s["features"]) for s in shards), most_features), move_features, dtype=np.int32)
    row = 0
    for s in shards:
        block = s["features"]
        features[row:row + len(block), :block.shape[1]] = np.where(block < 0, move_features, block)
        row += len(block)
    counts = np.concatenate([s["counts"] for s in shards]).astype(np.int64)
    targets = np.concatenate([s["targets"] for s in shards])
    known = ~np.isnan(targets)
    return Positions(np.concatenate([s["observations"] for s in shards]), counts,
                     np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64), features,
                     np.where(known, targets, 0.0).astype(np.float32), known,
                     np.concatenate([s["values"] for s in shards]), np.concatenate([s["best"] for s in shards]),
                     move_features)
