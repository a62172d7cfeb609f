"""A token bucket: `burst` frames at once, then `rate` a second. The server counts each
connection's frames with one (docs/reference/wire.md "Limits"); `quinza join` keeps under
the server's with another, held back by a margin."""

from __future__ import annotations


class Bucket:
    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._stamp = now

    def _fill(self, now: float) -> None:
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def take(self, now: float) -> bool:
        """Whether a frame at `now` is within the rate (its token taken if so)."""
        self._fill(now)
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def owe(self, now: float) -> float:
        """Takes a token for a frame to go, owed if need be: the seconds to wait before it
        goes (0: at once)."""
        self._fill(now)
        self._tokens -= 1
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate
