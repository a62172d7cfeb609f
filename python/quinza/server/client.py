"""A remote bot: a bot sat at a seat of a quinza server (docs/howto/run-a-server.md "Remote bots"), playing from
that seat's messages alone (`quinza join`).

    from quinza.server.client import play
    result = play("http://127.0.0.1:8000", room, "greedy", name="my bot")

The bot is given a world the seat cannot tell from the real game, built from its
messages alone (quinza.server.worlds): what the seat's `view` shows as it shows it (the
hand, the table or quinte's trick, the bids and the cards played, the piles, the
scores), and every card the seat has not seen (the others' hands, the stock, the
cachette) dealt at random in the sizes the view gives. In the fifteen family, when the
seat was told the whole round in play, the world is built at the round's start and the
round's moves are played on it, so a bot that reads them (ismcts's worlds fitted to
the play) has them.
"""

from __future__ import annotations

import json
import random
import sys
import time
import urllib.request
from typing import Any, Callable, List, Optional, TextIO, Union
from urllib.parse import quote, urlsplit, urlunsplit

from ..engines import Engine
from ..engines import engine as find_engine
from .bucket import Bucket
from .join_report import Tally, result_words
from .players import Player, player
from .messages import CLIENT, Message, build
from .worlds import Heard, world

__all__ = ["Pace", "Seat", "Tally", "play", "result_words", "world"]

RETRY_SECONDS = 1.0  # after a refused frame; a server's throttle refills within a second
MOST_ERRORS = 30
RECONNECTS = 30  # connections lost in one match before the seat gives up
RECONNECT_WAIT = 1.0  # seconds before it connects again
FINAL_CODES = (4404, 4410)  # no such room, the room abandoned: connecting again would not help


class Seat:
    """What chooses a seat's moves from its messages: the bot on a world of what the seat
    was told (quinza.server.worlds). Give it every message (`hear`), then `choose`."""

    def __init__(self, api: Engine, bot: Player, seed: int, say: Callable[[str], None]) -> None:
        self.bot = bot
        self.say = say
        self.heard = Heard(api, random.Random(seed), say)

    def hear(self, frame: Any) -> Optional[Message]:
        """A frame from the server: the message as messages.py lists it (None: a type
        it does not know)."""
        return self.heard.hear(frame)

    def choose(self, state: Message) -> str:
        legal: List[str] = state["legal_moves"]
        move = str(self.bot(self.heard.world(state)))
        if move not in legal:
            self.say(f"the bot chose {move!r}, not a legal move here; playing {legal[0]!r} instead")
            return legal[0]
        return move


class Pace:
    """Keeps a client's frames within the limits its seat was told (a token bucket like
    the server's, with a margin: frames bunch up on the way, and the server counts them
    as they arrive)."""

    MARGIN = 0.8

    def __init__(self, limits: Message, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._bucket = Bucket(max(float(limits.get("rate", 20.0)) * self.MARGIN, 1e-3),
                              max(1.0, float(limits.get("burst", 40)) // 2), clock())

    @property
    def rate(self) -> float:
        return self._bucket.rate

    @property
    def burst(self) -> float:
        return self._bucket.burst

    def wait(self) -> float:
        """The seconds to wait before the next frame may go (0: at once); takes its token."""
        return self._bucket.owe(self.clock())


def _post(url: str, body: Message) -> Message:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as answer:
            data: Message = json.loads(answer.read())
            return data
    except urllib.error.HTTPError as error:
        text = error.read().decode(errors="replace")
        raise ConnectionError(f"the server refused the seat ({error.code}): {text}") from None


def _ws_url(base: str, room: str) -> str:
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    path = f"{parts.path.rstrip('/')}/ws/{quote(room)}"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


def play(url: str, room: str, bot: Union[str, Player], name: str = "bot", seat: Optional[int] = None,
         seed: int = 0, engine: str = "rust", out: Optional[TextIO] = None, tally: Optional[Tally] = None) -> Message:
    """Sit `bot` (a spec `simulate` reads, or a bot (game) -> move) at a seat of `room` on
    the server at `url` and play until the match is over. Returns the last `state`
    message (its `view` holds the scores and the winner). `tally` hears every message
    and the bot's time a move (`quinza join` says a line a deal with it)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    api = find_engine(engine)
    stream = sys.stderr if out is None else out
    chooser: Player = player(api, bot, seed, 0) if isinstance(bot, str) else bot
    tally = tally if tally is not None else Tally(None)
    body: Message = {"name": name} if seat is None else {"name": name, "seat": seat}
    sat = _post(f"{url.rstrip('/')}/api/rooms/{quote(room)}/seats", body)
    mover = Seat(api, chooser, seed, lambda text: print(f"quinza join: {text}", file=stream))
    pace = Pace(sat.get("limits") or {})

    lost = 0
    while True:
        try:
            with connect(_ws_url(url, room)) as ws:
                ws.send(json.dumps(build("hello", CLIENT, token=sat["token"])))  # the token never goes in the URL
                return _seat_on(ws, mover, tally, pace)
        except GivingUp:
            raise
        except (ConnectionClosed, OSError) as error:
            code = error.rcvd.code if isinstance(error, ConnectionClosed) and error.rcvd is not None else None
            lost += 1
            if code in FINAL_CODES or lost > RECONNECTS:
                raise ConnectionError(f"the connection to the server was lost ({error})") from None
            # A worker stopped or lost (1012: the room moved), a restart: the seat connects
            # again with its token, to whichever worker answers.
            mover.say("the connection was lost: connecting again")
            time.sleep(RECONNECT_WAIT)


class GivingUp(ConnectionError):
    """The seat stops: the server refuses what it sends."""


def _seat_on(ws: Any, mover: "Seat", tally: Tally, pace: "Pace") -> Message:
    """Play the seat over one connection until the match is over: its last `state`."""

    def send(frame: Message) -> None:
        time.sleep(pace.wait())
        ws.send(json.dumps(frame))

    moved_at: Optional[int] = None  # the ply of the last move sent: one move a state
    errors = 0
    while True:
        message = mover.hear(json.loads(ws.recv()))
        if message is None:
            continue
        tally.heard(message)
        if message["type"] == "error":
            # The move was refused or ignored (a throttled frame): wait, ask again.
            errors += 1
            mover.say(f"the server says: {message['message']}")
            if errors > MOST_ERRORS:
                raise GivingUp(f"the server refused {errors} frames in a row; giving up")
            time.sleep(RETRY_SECONDS)
            moved_at = None
            send(build("state", CLIENT))
        if message["type"] != "state":
            continue
        if message["view"]["winner"] is not None:
            return message
        if "legal_moves" in message and message["ply"] != moved_at:
            began = time.perf_counter()
            move = mover.choose(message)
            tally.moved(time.perf_counter() - began)
            send(build("move", CLIENT, move=move, ply=message["ply"]))
            moved_at = message["ply"]
        elif "legal_moves" not in message:
            errors = 0
