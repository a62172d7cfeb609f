"""The ismcts bot: single-observer information-set Monte Carlo tree search (Cowling,
Powley and Whitehouse 2012; docs/reference/search.md "Search bots: PIMC and ISMCTS", "ismcts").

How it combines worlds: one tree for all of them, whose nodes are the moves played from
the root (every seat's moves). Each iteration samples a new world (worlds.py) from the
bot's generator and walks the tree in it: only the moves legal in that world count, and
each of those already in the tree is one more time available. A move never tried there
is added (the `below(u)`-th of the `u` untried, in legal-move order) and ends the walk;
otherwise the child of best UCB is played. With `opponents="greedy"` (or `"fitted"`, in
a world that fits the other seats' play this round) a seat of another side plays its
greedy move in the world instead (added to the tree when new). A greedy
playout ends the deal, and every node on the path adds the deal's value for the side of
the seat that made its move.
The root's most visited move is played.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any, Dict, List, Optional, Tuple, Union

from .botargs import SearchBot, exploration, whole
from .botargs import choice
from .game import Game
from .playout import deal_value, greedy_move, play_out
from .netbot import weights_arg
from .prior import PRIOR, PRIORS, WEIGHTS_WITHOUT_PRIOR, Guide, puct_child
from .worlds import Fitter
from .. import _ctrl_c


class _Node:
    """A move in the tree: the seat that made it, its visits `n`, the `total` of the
    values backed up through it (for that seat's side), how often it was `available`,
    and its children by move."""

    __slots__ = ("move", "seat", "n", "total", "available", "children")

    def __init__(self, move: Any, seat: Optional[int]) -> None:
        self.move = move
        self.seat = seat
        self.n = 0
        self.total: float = 0  # whole numbers, but with a net's values
        self.available = 1  # it was legal in the iteration that added it
        self.children: Dict[Any, "_Node"] = {}


# The default budget and constant (docs/reference/search.md "ismcts").
ITERATIONS, C, ROLLOUT, INFER, OPPONENTS = 8000, 0.7, "greedy", "greedy", "fitted"
# The choices of each named parameter, in the order a refusal lists them.
ROLLOUTS = ("greedy", "random")
INFERS = ("greedy", "greedy_first", "off")
OPPONENT_MODELS = ("search", "greedy", "fitted")
# Ctrl-C is looked for every this many iterations (`quinza._ctrl_c`), as the core does.
POLL_EVERY = 64


class IsmctsBot(SearchBot):
    """Single-observer ISMCTS: `iterations` walks of one tree of moves, each in a world
    newly sampled from the bot's generator (the hidden cards dealt again); the root's
    most visited move is played (ties in legal-move order), `analyse` gives each move's
    mean value.

    A node is chosen by `(sum / n) / scale + c * sqrt(ln(availability) / n)`, `scale`
    the largest absolute value backed up so far in the search (at least 1); a value is
    the deal's points of the side of the seat that made the move minus the best of the
    other sides'. With `time_limit` seconds, `iterations` is ignored: iterations run
    until the time is up (at least one; the clock is read between iterations). A single
    legal move is played without searching and draws nothing. With `infer="greedy"` (the
    default) a world is one in which the other seats' moves this round are greedy moves
    (of up to 16 drawn, the first that fits; none: the first drawn); `"greedy_first"`
    asks for the greedy bot's very moves; `"off"` takes any world (docs/reference/search.md
    "Worlds fitted to the play"). With `opponents="fitted"` (the default) the tree plays
    the other sides' greedy moves in the worlds that fit their play this round, as `infer`
    tests it, and chooses their moves by UCB in the others, as it does the seat's own;
    `"greedy"` plays their greedy moves in every world, `"search"` chooses by UCB in every
    world (docs/reference/search.md "ismcts").

    >>> from quinza.reference import Game
    >>> g = Game("quinza", seed=2)
    >>> bot = IsmctsBot(iterations=20, seed=3)
    >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
    (True, True)
    """

    name = "ismcts"
    _budget = "iterations"  # the parameter its budget is counted in (SEARCH_BOTS; the core's Policy::BUDGET)

    def __init__(self, iterations: int = ITERATIONS, c: float = C, rollout: str = ROLLOUT, infer: str = INFER,
                 opponents: str = OPPONENTS, prior: str = PRIOR,
                 weights: Optional[Union[str, "os.PathLike[str]"]] = None, time_limit: Optional[float] = None,
                 seed: Optional[int] = 0) -> None:
        # None takes the default, as in the core.
        self._iterations = whole("iterations", iterations, 1, ITERATIONS)
        self._c = exploration(c, C)
        self._rollout = choice("rollout", rollout, ROLLOUTS, ROLLOUT)
        self._infer = choice("infer", infer, INFERS, INFER)
        self._opponents = choice("opponents", opponents, OPPONENT_MODELS, OPPONENTS)
        self._prior = choice("prior", prior, PRIORS, PRIOR)
        self._weights = weights_arg(weights)
        super().__init__(time_limit, seed)

    @property
    def iterations(self) -> int:
        """How many iterations a move is searched with (without a time limit)."""
        return self._iterations

    @property
    def c(self) -> float:
        """The weight of the exploration term of UCB."""
        return self._c

    @property
    def rollout(self) -> str:
        """How an iteration plays on to the end of the deal: 'greedy' (every seat the greedy
        move) or 'random' (every seat a uniform legal move from the bot's generator)."""
        return self._rollout

    @property
    def infer(self) -> str:
        """What the worlds assume of the other seats' play: 'greedy' (each world one in
        which their moves this round are greedy moves, when one is found in a few tries),
        'greedy_first' (the greedy bot's own moves, its tie-break too) or 'off' (any world
        consistent with what the seat saw)."""
        return self._infer

    @property
    def opponents(self) -> str:
        """How the tree plays the seats of the other sides: 'search' (by UCB, as the seat's
        own moves), 'greedy' (their greedy move in each world) or 'fitted' (greedy in the
        worlds that fit their play this round, by UCB in the others)."""
        return self._opponents

    @property
    def prior(self) -> str:
        """What guides the tree: "off" (UCB, and a greedy or random rollout to the end of the
        deal), "net" (PUCT with the net's priors, and its value at the new leaf) or
        "net_rollout" (PUCT with the net's priors, and the rollout from the new leaf)."""
        return self._prior

    @property
    def weights(self) -> Optional[str]:
        """With a net's prior ("net" or "net_rollout"): the path of the net's .qzn file, or
        None: the net the package ships for the game's rules."""
        return self._weights

    @property
    def params(self) -> Dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
        return {"iterations": self._iterations, "c": self._c, "rollout": self._rollout, "infer": self._infer,
                "opponents": self._opponents, "prior": self._prior, "weights": self._weights, "time_limit": self._time_limit}

    def __call__(self, game: Any) -> Any:
        """The root's most visited move (ties in legal-move order)."""
        moves, stats = self._searched(game)
        best = 0
        for i in range(1, len(moves)):
            if stats[i][0] > stats[best][0]:
                best = i
        return moves[best]

    def analyse(self, game: Any) -> List[Tuple[Any, float]]:
        """Every legal move with the bot's estimate of it (this deal's points of the side to
        move minus the best of the others', on average), in the order the bot ranks them: pimc
        by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
        ties in legal-move order. The same search, and the same draws, as choosing a move: a
        single legal move is not searched (NaN)."""
        moves, stats = self._searched(game)
        order = sorted(range(len(moves)), key=lambda i: -stats[i][0])  # stable: ties keep legal order
        return [(moves[i], stats[i][1] / stats[i][0] if stats[i][0] else math.nan) for i in order]

    def _search(self, game: Any) -> Tuple[List[Any], List[Tuple[int, float]]]:
        """The game's legal moves and their root statistics (visits, sum of values)."""
        # A net that is missing or does not fit is refused first, as the core refuses it.
        if self._weights is not None and self._prior == "off":
            raise ValueError(WEIGHTS_WITHOUT_PRIOR)
        guide = Guide(game.rules, self._weights) if self._prior != "off" else None
        moves, ref = self._position(game)
        if ref is None:
            return moves, [(0, 0)]
        seat = ref.turn
        assert seat is not None  # refuse_finished
        root = _Node(None, None)
        scale: float = 1
        deadline = self._deadline()
        done = 0
        fitter = Fitter(self._infer)
        while True:
            scale = self._iterate(ref, seat, root, scale, fitter, guide, done)
            done += 1
            if done % POLL_EVERY == 0:
                _ctrl_c.poll()
            if deadline is None:
                if done >= self._iterations:
                    break
            elif time.monotonic() >= deadline:
                break
        stats = []
        for move in ref.legal_moves():
            node = root.children.get(move)
            stats.append((0, 0) if node is None else (node.n, node.total))
        return moves, stats

    def _iterate(self, game: Game, seat: int, root: _Node, scale: float, fitter: Fitter, guide: Optional[Guide],
                 done: int) -> float:
        """One iteration (after `done` others): a world, selection and expansion, a greedy
        playout (with a guide: PUCT, and the net's value of the leaf), the backup; the new
        scale."""
        world = fitter.world(game, seat, self._rng)
        node, path = root, []
        side = world.rules.side_of(seat)
        greedy_others = self._opponents == "greedy" or (self._opponents == "fitted" and fitter.last_fits)
        while not world.deals:  # a world has no records: one appears when the deal ends
            mover = world.turn
            assert mover is not None  # the deal goes on
            if greedy_others and world.rules.side_of(mover) != side:
                move = greedy_move(world)
                child = node.children.get(move)
                added = child is None
                if child is None:
                    child = node.children[move] = _Node(move, mover)
                world.play(move)
                path.append(child)
                if added:  # a move new to the tree ends the walk, as an untried one does
                    break
                node = child
                continue
            legal = world.legal_moves()
            if guide is not None:  # prior.py: PUCT in place of untried moves and UCB
                move, found = puct_child(node, legal, guide.priors(world), self._c, done if node is root else node.n, scale)
                added = found is None
                if found is None:
                    found = node.children[move] = _Node(move, mover)
                world.play(move)
                path.append(found)
                if added:  # a move new to the tree ends selection
                    break
                node = found
                continue
            children = [node.children.get(m) for m in legal]
            for child in children:
                if child is not None:
                    child.available += 1
            untried = [m for m, child in zip(legal, children) if child is None]
            if untried:
                move = untried[self._rng.below(len(untried))]
                new = _Node(move, world.turn)
                node.children[move] = new
                world.play(move)
                path.append(new)
                break
            best, best_ucb = None, -math.inf
            for child in children:
                assert child is not None
                ucb = (child.total / child.n) / scale + self._c * math.sqrt(math.log(child.available) / child.n)
                if best is None or ucb > best_ucb:  # strictly more: the first of equals
                    best, best_ucb = child, ucb
            assert best is not None
            world.play(best.move)
            path.append(best)
            node = best
        leaf = None  # with prior="net", the net's value of the new position for its seat's side
        if guide is not None and self._prior == "net" and not world.deals:
            assert world.turn is not None  # the deal goes on
            leaf = (world.rules.side_of(world.turn), guide.value(world))
        if world.deals or leaf is not None:
            points = world.deals[0].points if world.deals else []
        elif self._rollout == "greedy":
            points = play_out(world)
        else:
            while not world.deals:  # a uniform move a seat, drawn as the random bot draws
                moves = world.legal_moves()
                world.play(moves[self._rng.below(len(moves))])
            points = world.deals[0].points
        for node in path:
            assert node.seat is not None  # only the root has no seat, and it is on no path
            side = world.rules.side_of(node.seat)
            value = deal_value(points, side) if leaf is None else (leaf[1] if side == leaf[0] else -leaf[1])
            node.n += 1
            node.total += value
            scale = max(scale, abs(value))
        return scale

    def __repr__(self) -> str:
        return (f"IsmctsBot(iterations={self._iterations}, c={self._c!r}, rollout={self._rollout!r}, "
                f"infer={self._infer!r}, opponents={self._opponents!r}, prior={self._prior!r}, "
                f"weights={self._weights!r}, time_limit={self._time_limit!r}, seed={self._seed})")
