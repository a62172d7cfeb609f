"""What `simulate` returns: `SimulationResult`, the summary and the record arrays."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

import numpy as np

from ..engines import engine as engine_named
from .records import ARRAYS
from .report import format_summary, plot_result
from ..stats import jsonable, Tally, hist_width, summarize


class SimulationResult:
    """What `simulate` returns: the summary of every finished match and, unless
    `arrays=False`, their records as numpy arrays.

    Matches are numbered from 0; the result holds matches `0 .. len(result) - 1` (fewer
    than asked when it comes from an interrupted or failed run). Per match: `winner`
    (int8: the side, -1 for a draw), `scores` (int64, one column per side), `deals`
    (uint32), `moves` (uint32), `first_dealer` (uint8). Per deal, the deals of match 0
    first: `deal_points` (int32, one column per side), `deal_dealer` (uint8),
    `deal_match` (the match of each deal); `deal_offsets` (match i's deals are rows
    `deal_offsets[i]` up to `deal_offsets[i + 1]`).

    Also: `summary` (the dict that `str(result)` prints and `to_json` writes), `rules`,
    `seed`, `bots` (as text), `requested` (the matches asked for), `interrupted`,
    `seconds`, `backend` ("local" or "ray") and `engine` (the name of the twin's engine,
    its `BACKEND`).
    """

    def __init__(self, *, rules: Any, seed: int, bots: Sequence[str], requested: int, tally: Tally,
                 records: Optional[Dict[str, np.ndarray]], backend: str, engine: str,
                 interrupted: bool = False, seconds: float = 0.0) -> None:
        self.rules = rules
        self.seed = seed
        self.bots = list(bots)
        self.requested = requested
        self.tally = tally
        self.backend = backend
        self.engine = engine
        self.interrupted = interrupted
        self.seconds = seconds
        self._records = records
        self.summary = summarize(tally, rules=rules, seed=seed, bots=bots, requested=requested, interrupted=interrupted)

    def __len__(self) -> int:
        return self.tally.matches

    @property
    def games(self) -> int:
        """How many matches finished: `len(result)`."""
        return self.tally.matches

    def _array(self, key: str) -> np.ndarray:
        if self._records is None:
            raise ValueError("the arrays were not kept: run simulate(..., arrays=True)")
        return self._records[key]

    # Each array raises ValueError when the run kept none (arrays=False).
    winner = property(lambda self: self._array("winner"), doc="Per match, the winning side (int8); -1 for a draw.")
    scores = property(lambda self: self._array("scores"), doc="Per match, the final score of each side (int64, one column per side).")
    deals = property(lambda self: self._array("deals"), doc="Per match, how many deals it took (uint32).")
    moves = property(lambda self: self._array("moves"), doc="Per match, how many moves were played (uint32).")
    first_dealer = property(lambda self: self._array("first_dealer"), doc="Per match, the dealer of its first deal (uint8).")
    deal_points = property(
        lambda self: self._array("deal_points"),
        doc="Per deal, the points each side made (int32, one column per side); match 0's deals first.",
    )
    deal_dealer = property(lambda self: self._array("deal_dealer"), doc="Per deal, its dealer (uint8); match 0's deals first.")

    @property
    def deal_match(self) -> np.ndarray:
        """Per deal, the match it belongs to (int64)."""
        return np.repeat(np.arange(len(self), dtype=np.int64), self.deals.astype(np.int64))

    @property
    def deal_offsets(self) -> np.ndarray:
        """The deals of match i are rows deal_offsets[i] .. deal_offsets[i + 1] - 1."""
        out = np.zeros(len(self) + 1, dtype=np.int64)
        np.cumsum(self.deals, out=out[1:])
        return out

    @property
    def has_arrays(self) -> bool:
        """Whether the per-match and per-deal arrays were kept (`simulate(..., arrays=True)`)."""
        return self._records is not None

    def arrays(self) -> Dict[str, np.ndarray]:
        """Every record array by name (`winner`, `scores`, ..., `deal_dealer`)."""
        return {k: self._array(k) for k in ARRAYS}

    def match_seed(self, index: int) -> int:
        """The seed of match `index`: `Game(rules, seed=result.match_seed(i))` replays it."""
        return engine_named(self.engine).match_seed(self.seed, index)

    @property
    def points_histogram(self) -> np.ndarray:
        """hist[side, p]: how many deals gave that side p points."""
        return self.tally.hist[:, : hist_width(self.tally.hist)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        if self.summary != other.summary or self.tally != other.tally or self.has_arrays != other.has_arrays:
            return False
        if self._records is None or other._records is None:
            return True
        return all(np.array_equal(self._records[k], other._records[k]) for k in ARRAYS)

    def __repr__(self) -> str:
        return (
            f"<SimulationResult {self.rules.name} {self.rules.players}p: {len(self)} of {self.requested} matches, "
            f"seed {self.seed}, bots {','.join(self.bots)}>"
        )

    def to_json(self, **kw: Any) -> str:
        """The summary as JSON text (NaN, where nothing was counted, as null); `kw` go to `json.dumps`."""
        import json

        return json.dumps(jsonable(self.summary), **kw)

    def __str__(self) -> str:
        return format_summary(self.summary, seconds=self.seconds)

    def plot(self, path: str) -> None:
        """Draw the win rates with their intervals and the points per deal into the image file
        `path` (needs matplotlib: `pip install "quinza[plot]"`)."""
        plot_result(self.summary, self.points_histogram, path)

