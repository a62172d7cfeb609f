"""Ctrl-C during a simulation: the run stops between chunks, with what finished."""

from __future__ import annotations

import signal
import threading
from typing import Any


class StopOnCtrlC:
    """The first Ctrl-C asks the run to stop after the chunk in progress; a second one
    interrupts at once. Only in the main thread (elsewhere Ctrl-C is not delivered)."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None

    def __enter__(self) -> "StopOnCtrlC":
        if threading.current_thread() is threading.main_thread():
            self._old = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, self._handler)
        return self

    def _handler(self, signum: int, frame: Any) -> None:
        if self.requested:
            self._restore()
            raise KeyboardInterrupt
        self.requested = True

    def _restore(self) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            self._old = None

    def __exit__(self, *exc: Any) -> None:
        self._restore()
