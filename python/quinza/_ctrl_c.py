"""Where a search looks for Ctrl-C, the same in both twins.

A search (`solve`, and the pimc and ismcts bots' moves and analyses) can be stopped by
Ctrl-C at known points only: after every world of pimc, every 64 iterations of ismcts,
and every 16384 nodes of `solve` (docs/engine.md). At each of them it calls `poll()`,
then looks for a pending signal: the core runs with the GIL released, so it takes the GIL
back and asks Python's signal handlers (PyErr_CheckSignals); the reference, in Python,
meets the signal at the next step of its own code (Python interrupts any Python code, so a
real Ctrl-C stops it sooner too).

`poll` does nothing. It names those points so that a test can make Ctrl-C pending at one
of them (replace it by `_thread.interrupt_main`, which does what a Ctrl-C from the keyboard
does) and see the search stop there, with no timer racing the search
(tests/test_search_bots.py, tests/test_solver.py).
"""


def poll() -> None:
    """Called by a search each time it is about to look for Ctrl-C: nothing."""
