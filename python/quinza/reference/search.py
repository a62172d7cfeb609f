"""The exact solver for open hands (docs/reference/search.md "The open-hand solver"),
written plainly: minimax with alpha-beta over copies of the game, every move played
with `play`, no table, no ordering.

The value of a finished deal is read from its record (the last of `deals` once there is
one more than at the root): the points of the side to move at the root minus the best
points of the other sides. That side maximises; every other side minimises (with two
sides, the plain difference; with three, paranoid).
"""

import math
import time
from typing import Any, List, Optional, Tuple

from .game import Game
from .moves import Move
from .playout import deal_value, play_out
from .. import _ctrl_c
from .._words import check_threads, choice_text, other_twin_text, quoted

MATCH_OVER = "the match is over: there is no deal to solve"
# `solve` looks for Ctrl-C every this many nodes (`quinza._ctrl_c`), as the core does.
POLL_EVERY = 16384


class Solution:
    """The exact value of the deal in progress and of every legal move (`quinza.solve`)."""

    def __init__(self, value: int, moves: List[Tuple[Move, int]], nodes: int) -> None:
        self._value = value
        self._moves = list(moves)
        self._nodes = nodes

    @property
    def value(self) -> int:
        """Under best play by every side from here: this deal's points of the side to move
        minus the best of the other sides' points."""
        return self._value

    @property
    def moves(self) -> List[Tuple[Move, int]]:
        """Every legal move with its exact value for the side to move, as (Move, value)
        pairs: best first, equal values in legal-move order. Solved with moves="best":
        only the first of them."""
        return list(self._moves)

    @property
    def nodes(self) -> int:
        """The positions the search visited (the reference counts its own way)."""
        return self._nodes

    def __repr__(self) -> str:
        moves = ", ".join(f"({m!r}, {v})" for m, v in self._moves)
        return f"Solution(value={self._value}, moves=[{moves}], nodes={self._nodes})"


def _max_nodes(value: Any) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"max_nodes must be a positive whole number, not {quoted(value)}")
    return value


def _time_limit(value: Any) -> Optional[float]:
    if value is None:
        return None
    seconds = math.nan
    if not isinstance(value, bool) and isinstance(value, (int, float)):
        try:
            seconds = float(value)
        except OverflowError:  # an int too large for a float: no limit
            seconds = math.inf if value > 0 else -math.inf
    if not seconds > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {quoted(value)}")
    return seconds


class _Search:
    """The root side, the records at the root, and the count of positions visited.
    `depth` None: exact; a number: the pimc bot's depth-limited search, where a position
    `depth` moves below a root move is worth its greedy playout (docs/reference/search.md "pimc").
    `ctrl_c`: look for Ctrl-C every `POLL_EVERY` nodes (`solve`; pimc looks between its
    worlds)."""

    def __init__(self, root: Game, max_nodes: Optional[int], time_limit: Optional[float], shown: str,
                 depth: Optional[int] = None, ctrl_c: bool = False) -> None:
        assert root.turn is not None  # solve refused a finished match
        self.root_side = root.side_of(root.turn)
        self.root_deals = len(root.deals)
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.shown = shown
        self.depth = depth
        self.ctrl_c = ctrl_c
        self.nodes = 0

    def visit(self) -> None:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise ValueError(f"the solver stopped at its limit of {self.max_nodes} nodes")
        self.nodes += 1
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise ValueError(f"the solver stopped at its time limit of {self.shown} seconds")
        if self.ctrl_c and self.nodes % POLL_EVERY == 0:
            _ctrl_c.poll()  # a Ctrl-C pending now is raised here, in the search

    def value_after(self, game: Game, move: Move, alpha: float, beta: float, below: int = 0) -> int:
        """The value of the position `move` reaches from `game`, `below` moves under a
        root move."""
        child = game.copy()
        child.play(move)
        self.visit()
        if len(child.deals) > self.root_deals:
            return deal_value(child.deals[-1].points, self.root_side)
        if self.depth is not None and below == self.depth:
            return deal_value(play_out(child, self.root_deals), self.root_side)
        return self.value(child, alpha, beta, below + 1)

    def value(self, game: Game, alpha: float, beta: float, below: int = 0) -> int:
        assert game.turn is not None  # a finished deal was scored by value_after
        maximising = game.side_of(game.turn) == self.root_side
        best: Optional[int] = None
        for move in game.legal_moves():
            v = self.value_after(game, move, alpha, beta, below)
            if maximising:
                best = v if best is None else max(best, v)
                alpha = max(alpha, v)
            else:
                best = v if best is None else min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        assert best is not None  # a game in play has a legal move
        return best


def choice(param: str, value: Any, names: Tuple[str, ...], default: str) -> str:
    """A parameter that is one of a few names (ISMCTS's `rollout`, `infer`, `opponents`;
    solve's `moves`),
    `names` in the order the message lists them; None is `default`."""
    if value is None:
        return default
    if not isinstance(value, str) or value not in names:
        raise ValueError(f"{param} must be {choice_text([quoted(n) for n in names])}, not {quoted(value)}")
    return value


MOVES = ("all", "best")


def solve(game: Any, *, max_nodes: Any = None, time_limit: Any = None, moves: Any = "all",
          threads: Any = 1) -> Solution:
    """The exact open-hand solution of the deal in progress, as a `Solution`
    (docs/reference/search.md "The open-hand solver").

    Every card is known (the hands, the stock in dealing order, the cachette).
    `moves="all"` values every legal move; `moves="best"` gives only the first legal move
    of the best value (the one "all" lists first), for less work. `threads`: how many
    threads share the search (None: every core); the value and moves are the same on
    any number, the nodes are not. A limit that is reached raises ValueError; Ctrl-C
    raises KeyboardInterrupt. A game of the other twin is refused, with the way to
    rebuild it as this twin's (`Game.from_json(game.to_json())`).
    """
    if not isinstance(game, Game):
        raise ValueError(other_twin_text("solve", "quinza.reference", game)
                         or f"solve needs a Game, not {type(game).__name__}")
    nodes_limit = _max_nodes(max_nodes)
    seconds = _time_limit(time_limit)
    wanted = choice("moves", moves, MOVES, "all")
    check_threads(threads)  # checked as the core checks it; this plain twin searches alone
    if game.turn is None:
        raise ValueError(MATCH_OVER)
    root = game.copy()
    search = _Search(root, nodes_limit, seconds, repr(time_limit), ctrl_c=True)
    search.visit()
    if wanted == "best":
        # Each later move only has to beat the best so far: with alpha at that value, a
        # move no better fails low (its value unknown) and a better one comes out exact.
        best: Optional[Tuple[Move, int]] = None
        for move in root.legal_moves():
            v = search.value_after(root, move, -math.inf if best is None else best[1], math.inf)
            if best is None or v > best[1]:
                best = (move, v)
        assert best is not None  # a game in play has a legal move
        return Solution(best[1], [best], search.nodes)
    valued = [(move, search.value_after(root, move, -math.inf, math.inf)) for move in root.legal_moves()]
    valued.sort(key=lambda pair: -pair[1])  # stable: equal values keep legal-move order
    return Solution(valued[0][1], valued, search.nodes)
