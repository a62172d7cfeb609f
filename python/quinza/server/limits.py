"""What one client and one room may have (docs/reference/wire.md "Limits"): rooms created a
minute and websockets open at once by one client (its address), spectators a room,
messages waiting unread a connection, and how long a room with no person connected lives.

A client is its address as the server sees it (`request.client.host`); behind a proxy,
run uvicorn with --proxy-headers (and --forwarded-allow-ips) so that it is the player's.
"""

from __future__ import annotations

import collections
from typing import Deque, Dict, NamedTuple, Optional

from ..words import N_

# Close codes of the 4000s are the application's own: these echo HTTP's.
TOO_MANY = 4429
CONNECTIONS = N_("too many connections: at most {count} open at once from one client")
GONE = 4410
WINDOW = 60.0  # seconds: rooms are counted over the last minute


class Limits(NamedTuple):
    """`client_rooms`: rooms one client may create a minute; `client_connections`:
    websockets one client may have open at once; `room_spectators`: spectators a room
    (its seats' connections are not counted); `backlog`: messages a connection may leave
    unread before it is closed; `idle_room`: seconds a room whose match is not over lives
    with no person connected, then it ends (kept in the store, abandoned)."""

    client_rooms: int = 10
    client_connections: int = 20
    room_spectators: int = 50
    backlog: int = 2000
    idle_room: float = 900.0


class Clients:
    """The rooms each client created in the last minute and the websockets it has open:
    only clients with some are kept."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._created: Dict[str, Deque[float]] = {}
        self._open: Dict[str, int] = collections.Counter()

    def wait(self, client: str, clock: float) -> Optional[float]:
        """The seconds until `client` may create a room at `clock` (None: now)."""
        self._forget(clock)
        times = self._created.get(client)
        if times is not None and len(times) >= self.limits.client_rooms:
            return max(times[0] + WINDOW - clock, 0.0)
        return None

    def created(self, client: str, clock: float) -> None:
        """`client` created a room at `clock`."""
        self._created.setdefault(client, collections.deque()).append(clock)

    def _forget(self, clock: float) -> None:
        for client in list(self._created):
            times = self._created[client]
            while times and times[0] <= clock - WINDOW:
                times.popleft()
            if not times:
                del self._created[client]

    def open(self, client: str) -> bool:
        """A websocket of `client` opens: whether it is within the limit (then counted;
        `close` it at its end)."""
        if self._open[client] >= self.limits.client_connections:
            return False
        self._open[client] += 1
        return True

    def close(self, client: str) -> None:
        self._open[client] -= 1
        if not self._open[client]:
            del self._open[client]
