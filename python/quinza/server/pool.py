"""The threads the server's bots think on, and the budget of a bot's move.

A search (pimc, ismcts, a registered Python bot) leaves the event loop for a thread of
the pool: at most `threads` think at once, the others wait their turn, first come first
served. A room has one bot thinking at a time (the one whose turn it is), so the queue is
one of rooms: a flood of rooms of searching bots waits its turn and starves no other room
(bots that cost nothing, random and greedy, move on the loop and never queue; see
`players.thinks`). A search of pimc or ismcts that runs past the budget is stopped
(`quinza._ctrl_c.within`) and raises TimeoutError; a registered Python bot is the
embedder's own code and is not stopped.

`await pool.think(fn, *args)` runs any such work (a bot's move, a review after a match)
within a time of its own (`seconds`, the budget by default).
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, NamedTuple, Optional

import anyio
import anyio.to_thread

from .._ctrl_c import within

# A search with a time limit of the whole budget stops itself (the core reads its clock):
# the pool stops it a little later, so that it is the search's own limit that ends it.
GRACE = 0.05  # seconds, and as much again a second of the budget
ORPHAN_CHECK = 1.0  # seconds between the process apart's looks at its parent


class Budget(NamedTuple):
    """The most a bot of the server may ask for a move: `seconds` (the pool stops a search
    past them; a bot's own `time_limit` is at most that), and the most `iterations`
    (ismcts) and `worlds` (pimc); a pimc bot also searches at most DEPTH moves deep, and
    solves exactly at most EXACT cards."""

    seconds: float = 1.0
    iterations: int = 100_000
    worlds: int = 10_000


DEPTH = 4
EXACT = 16


class Pool:
    """At most `threads` pieces of work at once (the machine's cores by default), each
    stopped `seconds` after it starts, first come first served."""

    def __init__(self, threads: Optional[int] = None, seconds: float = Budget().seconds) -> None:
        self.threads = (os.cpu_count() or 1) if threads is None else threads
        if self.threads < 1:
            raise ValueError(f"the bots' pool has at least one thread, not {self.threads}")
        self.seconds = seconds
        self.busy = 0  # pieces of work thinking or waiting their turn
        self._limiter: Optional[anyio.CapacityLimiter] = None  # made on the loop (anyio 3 needs one)

    async def think(self, fn: Callable[..., Any], *args: Any, seconds: Optional[float] = None) -> Any:
        """`fn(*args)` on a thread of the pool, once one is free; a search in it stops
        (TimeoutError) `seconds` (the budget) after it started."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.threads)
        limit = self.seconds if seconds is None else seconds
        work = functools.partial(_within, limit * (1 + GRACE) + GRACE, fn, *args)
        self.busy += 1
        try:
            return await anyio.to_thread.run_sync(work, limiter=self._limiter)
        finally:
            self.busy -= 1


class Busy(Exception):
    """Work refused: too much waits already."""


class Apart:
    """One process apart, for long work whose Python parts would hold the event loop's GIL
    (a review after a match: its search releases the GIL, but the review's own Python
    between the searches does not, and a second of it stalls every room). The work waits
    its turn, one at a time, and no more than `most` wait (work is refused past them, so
    a busy server never owes more than that); `fn` and its arguments go by pickle (a function of a module,
    plain data), and a search in it stops `seconds` after it starts. The process starts
    with the first piece of work (at the lowest priority), and again after one died."""

    def __init__(self, most: int = 4) -> None:
        self.most = most  # pieces of work waiting or under way, past which more is refused
        self.pending = 0
        self._executor: Optional[ProcessPoolExecutor] = None

    async def think(self, fn: Callable[..., Any], *args: Any, seconds: float) -> Any:
        """`fn(*args)` in the process apart; `Busy` when `most` pieces wait already."""
        if self.pending >= self.most:
            raise Busy(f"{self.pending} pieces of work wait already")
        if self._executor is None:
            # spawn, not fork: the server's threads and loop are not copied into it
            self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_in_the_background)
        executor = self._executor
        work = functools.partial(_within, seconds * (1 + GRACE) + GRACE, fn, *args)
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, work)
        except BaseException:
            if getattr(executor, "_broken", False):  # the process died: the next work starts another
                self._executor = None
            raise
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _in_the_background() -> None:
    """The process apart yields the CPU to the server (the lowest priority, where the
    system has them): its work can wait, a move cannot. It ends with its server: a server
    killed (SIGKILL: a worker lost) cannot stop it, so it watches for its parent to go."""
    if hasattr(os, "nice"):
        os.nice(19)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="quinza-parent-watch", daemon=True).start()


def _within(seconds: float, fn: Callable[..., Any], *args: Any) -> Any:
    with within(seconds):
        return fn(*args)
