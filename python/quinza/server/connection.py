"""What an app sets for all its rooms, and one websocket's side of a room: its
viewpoint and language, its messages waiting to go out, and its rate of frames."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable, Optional

from .. import words
from ..engines import Engine
from .bucket import Bucket
from .limits import Limits
from .pool import Apart, Budget, Pool
from .messages import Message
from .wire import Viewpoint

MatchEnd = Callable[[str, Optional[int], str], Any]  # (room, winning side or None, record)


class Settings:
    """What an app sets for all its rooms (`create_app`'s arguments)."""

    def __init__(self, api: Engine, bot_delay: float, max_frame: int, rate: float, burst: int, imports: bool,
                 on_match_end: Optional[MatchEnd] = None, undo_wait: float = 120.0, hello_wait: float = 10.0,
                 budget: Budget = Budget(), bot_threads: Optional[int] = None, caps: Limits = Limits()) -> None:
        self.api = api  # the engine: quinza, or quinza.reference
        self.caps = caps  # what a client and a room may have
        self.budget = budget  # the most a bot may ask for a move
        self.pool = Pool(bot_threads, budget.seconds)  # where bots think
        # Reviews after a match (reviews.py) think in a process apart, one at a time: a
        # bot's move never waits behind a review (which may take a minute), and the
        # review's Python never holds the loop.
        self.reviews = Apart()
        self.on_match_end = on_match_end
        self.bot_delay = bot_delay
        self.max_frame = max_frame
        self.rate = rate
        self.burst = burst
        self.imports = imports
        self.undo_wait = undo_wait  # seconds an undo waits for its answers, then lapses
        self.hello_wait = hello_wait  # seconds a new websocket has to say who it is
        # A worker's way to have a searching bot's move thought on a peer (peer_bots.py):
        # (room, seat) -> the move, or None to think here.
        self.borrow: Optional[Callable[[Any, int], Awaitable[Optional[str]]]] = None

    def frame_limits(self) -> Message:
        """What a seat is told of the frames it may send, so a client can keep to them."""
        return {"rate": self.rate, "burst": self.burst, "max_frame": self.max_frame}


class Connection:
    """One websocket: its viewpoint (a seat, or None for a spectator) and the messages
    waiting to go out, in order (the app's pump sends them; None: close it, as
    `close_with` says)."""

    def __init__(self, seat: Viewpoint, settings: Settings, clock: float, lang: Optional[str] = None) -> None:
        self.seat = seat
        self.lang = lang  # the language tag its hello gave (the words it is sent), or None
        # The language its words are said in: its hello's, else the handshake's (speech.Speaking).
        self.voice = words.current()
        if lang is not None and words.from_accept(lang) is not None:
            self.speak(lang)
        self.queue: "asyncio.Queue[Optional[str]]" = asyncio.Queue()
        self.closing = False
        self.close_with = (1008, "too many messages unread")  # the code and reason its close gives
        # A connection that lets this many messages wait unread is closed: a client that
        # does not read must not make the server hold its messages without end.
        self._backlog = settings.caps.backlog
        self._bucket = Bucket(settings.rate, float(settings.burst), clock)
        self.throttled = False

    def send(self, message: Message) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self._backlog:
            self.closing = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(message, ensure_ascii=False, default=self._said))

    def end(self, code: int, reason: str) -> None:
        """Close the connection once what it was sent is out: `code` and `reason` (at most
        123 bytes) say why."""
        if not self.closing:
            self.closing = True
            self.close_with = (code, reason)
            self.queue.put_nowait(None)

    def speak(self, lang: Any) -> None:
        """Say this connection's words in `lang` (its hello's "lang"); a language the
        catalog has not keeps the one it has (a ValueError says which there are)."""
        self.voice = words.voice(words.check_language(lang))

    def _said(self, value: Any) -> Any:
        """What json makes of a message's words (`words.later`): them, in this connection's language."""
        if isinstance(value, words.Later):
            return value.in_voice(self.voice)
        raise TypeError(f"{type(value).__name__} is not JSON")

    def take(self, clock: float) -> bool:
        """Whether a frame that came at `clock` is within the rate."""
        return self._bucket.take(clock)
