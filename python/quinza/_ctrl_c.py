"""Where a search looks for Ctrl-C, the same in both twins.

A search (`solve`, and the pimc and ismcts bots' moves and analyses) can be stopped by
Ctrl-C at known points only: after every world of pimc, every 64 iterations of ismcts,
and every 16384 nodes of `solve` (docs/reference/search.md). At each of them it calls `poll()`,
then looks for a pending signal: the core runs with the GIL released, so it takes the GIL
back and asks Python's signal handlers (PyErr_CheckSignals); the reference, in Python,
meets the signal at the next step of its own code (Python interrupts any Python code, so a
real Ctrl-C stops it sooner too).

`poll` names those points so that a test can make Ctrl-C pending at one of them (replace
it by `_thread.interrupt_main`, which does what a Ctrl-C from the keyboard does) and see
the search stop there, with no timer racing the search (tests/test_search_bots.py,
tests/test_solver.py). It does nothing, unless the thread searching runs `within(seconds)`:
then, once the seconds are past, it raises `TimeoutError` there and the search stops
(the game server's bots, whatever budget of worlds or iterations they were given).
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Iterator

_thread = threading.local()  # .end: the clock (time.monotonic) a search of this thread stops at


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Stop any search this thread runs once `seconds` are past (`TimeoutError`)."""
    _thread.end, _thread.seconds = time.monotonic() + seconds, seconds
    try:
        yield
    finally:
        _thread.end = None


def poll() -> None:
    """Called by a search each time it is about to look for Ctrl-C: nothing, or the end
    of a search past the time `within` gives it."""
    end = getattr(_thread, "end", None)
    if end is not None and time.monotonic() >= end:
        raise TimeoutError(f"the search ran past its {_thread.seconds:g} seconds")
