"""The pimc bot: perfect-information Monte Carlo (docs/reference/search.md "Search bots: PIMC and
ISMCTS", "pimc").

How it combines worlds: it samples `worlds` worlds one after the other from its own
generator (worlds.py), and in each it gives every legal move an exact integer, the value
of the deal for the side to move (its points minus the best of the other sides', as the
solver counts them): the open-hand solver's value when few cards are left to play,
otherwise a depth-limited minimax whose leaves are greedy playouts. A move's values are
added up over the worlds; the bot plays the greatest sum (ties in legal-move order), and
`analyse` gives the means.
"""

from __future__ import annotations

import math
import time
from typing import Any, Dict, List, Optional, Tuple

from .botargs import SearchBot, whole
from .game import Game
from .search import _Search
from .worlds import sample_world
from .. import _ctrl_c


# The default budget (docs/reference/search.md "pimc").
WORLDS, DEPTH, EXACT = 256, 0, 0


class PimcBot(SearchBot):
    """Perfect-information Monte Carlo: every legal move valued in `worlds` worlds (the
    hidden cards dealt again from the bot's generator), the move of greatest total
    played (ties in legal-move order); `analyse` gives each move's mean.

    In a world a move is worth this deal's points of the side to move minus the best of
    the other sides' (paranoid with three sides): the open-hand solver's exact value
    when at most `exact` cards are still to be played (the hands, and the stock in the
    fifteen family), else a minimax `depth` moves deep below the move whose positions
    are worth a greedy playout (every seat the greedy move to the end of the deal).
    With `time_limit` seconds, `worlds` is ignored: worlds are taken one after another
    until the time is up (at least one; the clock is read between worlds). A single
    legal move is played without searching and draws nothing.

    >>> from quinza.reference import Game
    >>> g = Game("escoba", seed=4)
    >>> bot = PimcBot(worlds=2, depth=0, exact=0, seed=1)
    >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
    (True, True)
    """

    name = "pimc"
    _budget = "worlds"  # the parameter its budget is counted in (SEARCH_BOTS; the core's Policy::BUDGET)

    def __init__(self, worlds: int = WORLDS, depth: int = DEPTH, exact: int = EXACT,
                 time_limit: Optional[float] = None, seed: Optional[int] = 0) -> None:
        # None takes the default, as in the core.
        self._worlds = whole("worlds", worlds, 1, WORLDS)
        self._depth = whole("depth", depth, 0, DEPTH)
        self._exact = whole("exact", exact, 0, EXACT)
        super().__init__(time_limit, seed)

    @property
    def worlds(self) -> int:
        """How many worlds a move is searched in (without a time limit)."""
        return self._worlds

    @property
    def depth(self) -> int:
        """Moves searched below each root move before a greedy playout."""
        return self._depth

    @property
    def exact(self) -> int:
        """At most this many cards left to play: each world is solved exactly."""
        return self._exact

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {"worlds": self._worlds, "depth": self._depth, "exact": self._exact, "time_limit": self._time_limit}

    def __call__(self, game: Any) -> Any:
        """The move of greatest total value over the worlds (ties in legal-move order)."""
        moves, sums, _ = self._searched(game)
        best = 0
        for i in range(1, len(moves)):
            if sums[i] > sums[best]:
                best = i
        return moves[best]

    def analyse(self, game: Any) -> List[Tuple[Any, float]]:
        """Every legal move with the bot's estimate of it (this deal's points of the side to
        move minus the best of the others', on average), in the order the bot ranks them: pimc
        by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
        ties in legal-move order. The same search, and the same draws, as choosing a move: a
        single legal move is not searched (NaN)."""
        moves, sums, count = self._searched(game)
        if count == 0:
            return [(moves[0], math.nan)]
        order = sorted(range(len(moves)), key=lambda i: -sums[i])  # stable: ties keep legal order
        return [(moves[i], sums[i] / count) for i in order]

    def _search(self, game: Any) -> Tuple[List[Any], List[int], int]:
        """The game's legal moves, their value summed over the worlds, and the number of
        worlds (0 when there is a single legal move, which is not searched)."""
        moves, ref = self._position(game)
        if ref is None:
            return moves, [0], 0
        seat = ref.turn
        assert seat is not None  # refuse_finished
        left = sum(len(ref.hand(s)) for s in range(ref.rules.players))
        if ref.rules.name != "quinte":
            left += ref.stock  # the stock is still to be played too (quinte's cachette is not)
        deadline = self._deadline()
        sums = [0] * len(moves)
        count = 0
        while True:
            world = sample_world(ref, seat, self._rng)
            values = self._values(world, None if left <= self._exact else self._depth)
            sums = [s + v for s, v in zip(sums, values)]
            count += 1
            _ctrl_c.poll()  # Ctrl-C is looked for after every world, as the core does
            if deadline is None:
                if count >= self._worlds:
                    break
            elif time.monotonic() >= deadline:
                break
        return moves, sums, count

    @staticmethod
    def _values(world: Game, depth: Optional[int]) -> List[int]:
        """Every legal move's value in the world, in legal order: the open-hand solver's
        (depth None), or minimax `depth` moves below it with greedy playouts at its leaves."""
        search = _Search(world, None, None, "None", depth)
        search.visit()
        return [search.value_after(world, m, -math.inf, math.inf) for m in world.legal_moves()]

    def __repr__(self) -> str:
        return (f"PimcBot(worlds={self._worlds}, depth={self._depth}, exact={self._exact}, "
                f"time_limit={self._time_limit!r}, seed={self._seed})")

