"""A remote bot: a bot sat at a seat of a quinza server (docs/server.md), playing from
that seat's messages alone (`quinza join`).

    from quinza.server.client import play
    result = play("http://127.0.0.1:8000", room, "greedy", name="my bot")

The bot is given a world consistent with the seat's `view`: the seat's hand, the table,
the piles and the scores as the view shows them, and every card the seat has not seen
(the others' hands, the stock) dealt at random in the sizes the view gives. Quinte's
view (bids, the trick, the cachette) is not rebuilt: a quinte seat plays the first legal
move, and says so once.
"""

from __future__ import annotations

import json
import random
import sys
import time
import urllib.request
from typing import Any, Callable, Dict, List, Optional, TextIO, Union
from urllib.parse import quote, urlsplit, urlunsplit

from .._backend import Backend
from .._engines import backend
from .players import Player, player

Message = Dict[str, Any]
DECK_SIZE = 40  # the baraja of the fifteen family
RETRY_SECONDS = 1.0  # after a refused frame; a server's throttle refills within a second
MOST_ERRORS = 30


def world(api: Backend, view: Message, rng: random.Random) -> Any:
    """A Game the seat of `view` cannot tell from the real one: what it sees as it is, every
    other card dealt from those it has not seen, at random by `rng`."""
    seat = view["seat"]
    seen = set(view["hand"]) | set(view["table"]) | {c for pile in view["piles"] for c in pile}
    unseen = [c for c in (str(api.Card.from_id(i)) for i in range(DECK_SIZE)) if c not in seen]
    rng.shuffle(unseen)
    hands: List[List[str]] = []
    for other, size in enumerate(view["hand_sizes"]):
        if other == seat:
            hands.append(list(view["hand"]))
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    if len(unseen) != view["stock"]:
        raise ValueError(f"the view does not add up: {len(unseen)} unseen cards left for a stock of {view['stock']}")
    return api.Game.from_position(
        api.Rules.from_dict(view["rules"]), hands=hands, table=view["table"], stock=unseen,
        dealer=view["dealer"], turn=view["turn"], scores=view["scores"], piles=view["piles"],
        escobas=view["escobas"], last_capturer=view["last_capturer"], deal_number=view["deal_number"],
        seed=rng.getrandbits(63))


class Seat:
    """What chooses a seat's moves from its `state` messages: the bot on a world of the view."""

    def __init__(self, api: Backend, bot: Player, seed: int, say: Callable[[str], None]) -> None:
        self.api = api
        self.bot = bot
        self.rng = random.Random(seed)
        self.say = say
        self.told_quinte = False

    def choose(self, state: Message) -> str:
        legal: List[str] = state["legal_moves"]
        view = state["view"]
        if view["rules"]["name"] == "quinte":
            if not self.told_quinte:
                self.say("quinte: the remote bot cannot be given a world of a quinte view yet; it plays the first legal move")
                self.told_quinte = True
            return legal[0]
        move = str(self.bot(world(self.api, view, self.rng)))
        if move not in legal:
            self.say(f"the bot chose {move!r}, not a legal move here; playing {legal[0]!r} instead")
            return legal[0]
        return move


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


def _ws_url(base: str, room: str, token: str) -> str:
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    path = f"{parts.path.rstrip('/')}/ws/{quote(room)}"
    return urlunsplit((scheme, parts.netloc, path, f"token={quote(token)}", ""))


def result_words(view: Message) -> str:
    """The match's end as a player reads it."""
    scores = ", ".join(f"side {side} {points}" for side, points in enumerate(view["scores"]))
    return f"the match is over: side {view['winner']} wins ({scores})"


def play(url: str, room: str, bot: Union[str, Player], name: str = "bot", seat: Optional[int] = None,
         seed: int = 0, engine: str = "rust", out: Optional[TextIO] = None) -> Message:
    """Sit `bot` (a spec `simulate` reads, or a bot (game) -> move) at a seat of `room` on
    the server at `url` and play until the match is over. Returns the last `state`
    message (its `view` holds the scores and the winner)."""
    from websockets.sync.client import connect

    api = backend(engine)
    stream = sys.stderr if out is None else out
    chooser: Player = player(api, bot, seed, 0) if isinstance(bot, str) else bot
    body: Message = {"name": name} if seat is None else {"name": name, "seat": seat}
    sat = _post(f"{url.rstrip('/')}/api/rooms/{quote(room)}/seats", body)
    mover = Seat(api, chooser, seed, lambda text: print(f"quinza join: {text}", file=stream))
    with connect(_ws_url(url, room, sat["token"])) as ws:
        moved_at: Optional[int] = None  # the ply of the last move sent: one move a state
        errors = 0
        while True:
            message: Message = json.loads(ws.recv())
            if message["type"] == "error":
                # The move was refused or ignored (a throttled frame): wait, ask again.
                errors += 1
                mover.say(f"the server says: {message['message']}")
                if errors > MOST_ERRORS:
                    raise ConnectionError(f"the server refused {errors} frames in a row; giving up")
                time.sleep(RETRY_SECONDS)
                moved_at = None
                ws.send(json.dumps({"type": "state"}))
            if message["type"] != "state":
                continue
            if message["view"]["winner"] is not None:
                return message
            if "legal_moves" in message and message["ply"] != moved_at:
                ws.send(json.dumps({"type": "move", "move": mover.choose(message)}))
                moved_at = message["ply"]
            elif "legal_moves" not in message:
                errors = 0
