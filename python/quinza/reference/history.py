"""The history of a match (docs/reference/events.md "History and undo"): the game it started from,
the seed it was dealt from, every move played since and what each made happen, behind
`Game.history`, `Game.undo` and `Game.seed`.

A `History` is a frozen value, a chain: `play` makes a new link holding the move, its
events and the history before it, so copies of a game share theirs and a move costs the
same however long the match (the search copies games and plays on them all the time).
`undo` replays the moves from the start rather than keeping a snapshot of every
position, as the core does: a snapshot per move would cost a deep copy of the game on
every `play`, searches included, where a replay costs only the undo (the longest of 40
random 2-player escoba matches, 396 moves, replays in about 6 ms here).
"""

from __future__ import annotations

import copy
from typing import Any, List, Optional, Tuple, cast

from .events import Event
from .moves import Move

Game = Any  # the game's class: game.py imports this module, so not the other way round

# The message of `undo` with no move to take back (the same in the core).
NOTHING_TO_UNDO = "no move to undo: no move has been played since the game was made"


class History:
    """`start` (a private copy of the game before the first move, never played on) and
    `seed`, shared by every link; `last`, the history before the last move (None at the
    start), `move` and `events`, that move and what it made happen; `length`, the moves."""

    __slots__ = ("start", "seed", "last", "move", "events", "length")

    start: Game
    seed: Optional[int]
    last: Optional["History"]
    move: Optional[Move]
    events: Tuple[Event, ...]
    length: int

    def __init__(self, start: Game, seed: Optional[int], last: Optional["History"] = None,
                 move: Optional[Move] = None, events: Tuple[Event, ...] = ()) -> None:
        put = object.__setattr__  # frozen: only here are the fields set
        put(self, "start", start)
        put(self, "seed", seed)
        put(self, "last", last)
        put(self, "move", move)
        put(self, "events", events)
        put(self, "length", 0 if last is None else last.length + 1)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"History is frozen: {name} cannot be set")

    def pushed(self, move: Move, events: Tuple[Event, ...]) -> "History":
        """This history with `move` played, which made `events` happen."""
        return History(self.start, self.seed, self, move, events)

    def links(self) -> List["History"]:
        """The links of the moves, oldest first."""
        out: List[History] = []
        link: Optional[History] = self
        while link is not None and link.last is not None:
            out.append(link)
            link = link.last
        out.reverse()
        return out

    def moves(self) -> List[Move]:
        return [cast(Move, link.move) for link in self.links()]

    def all_events(self) -> Tuple[Event, ...]:
        """Every move's events, one after the other."""
        return tuple(e for link in self.links() for e in link.events)

    def replay(self) -> Game:
        """A new game: the start with every move played again (each was legal there)."""
        game = copy.deepcopy(self.start)
        for move in self.moves():
            game._log = []
            game._apply(move)
        game._log = []
        game._hist = self
        return game

    def __copy__(self) -> "History":
        return self

    def __deepcopy__(self, memo: Any) -> "History":
        return self  # a frozen value: copies of a game share it

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # Flat, not link by link: a long match would nest too deep for pickle.
        links = self.links()
        return (_rebuild, (self.start, self.seed, tuple(k.move for k in links), tuple(k.events for k in links)))


def _rebuild(start: Game, seed: Optional[int], moves: Tuple[Move, ...], events: Tuple[Tuple[Event, ...], ...]) -> History:
    hist = History(start, seed)
    for move, told in zip(moves, events):
        hist = hist.pushed(move, told)
    return hist


def begin(game: Game, seed: Optional[int]) -> History:
    """The history of `game`, which has had nothing played yet."""
    return History(copy.deepcopy(game), seed)
