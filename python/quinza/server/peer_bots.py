"""Bots of one worker's rooms thinking on another worker (cluster.py): when every thread of
a worker's pool is busy and a peer has one free, a searching bot's move is thought there.

What goes to the peer is the room's rules, the bot's spec, its seed and seat, and a world
of the seat (`Room.world`: `Game.world`, dealt from what the seat may know), never the
game: the peer learns no card the seat could not see (tests/test_server_blind.py). The
peer makes the bot from its spec, thinks on its own pool within its own budget, and
answers the move; the room plays it only if its turn is still the one asked for, as it
does a move thought at home. A peer that fails or does not answer in time leaves the move
to the home pool; one whose search ran past the budget answers so, and the stand-in moves.

Only the engine's own searches go (pimc, ismcts, the levels): a registered Python bot is
the embedder's code, which a peer may not have.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..bots import bot_kind
from .players import check_spec, player
from .pool import GRACE

if TYPE_CHECKING:
    from .room import Room

PATH = "/_peer/think"
BODY_LIMIT = 1 << 20  # bytes: a world is a few kilobytes
WAIT = 2.0  # seconds past the budget a worker waits for its peer's answer


def think_request(room: "Room", seat: int, spec: str) -> Dict[str, Any]:
    """What a peer is sent to think `seat`'s move in `room`: no card the seat cannot see."""
    return {"rules": room.rules.to_dict(), "spec": spec, "seed": room.seeds[-1] ^ room.ply, "seat": seat,
            "world": json.loads(room.world(seat).to_json())}


def lendable(api: Any, spec: str) -> bool:
    """Whether a bot's move may be thought by a peer: one of the engine's searches."""
    return bot_kind(api, player(api, spec, 0, 0)) in api.SEARCH_BOTS


class PeerBots:
    """A worker's side of lending and borrowing thought: `think` (asking a peer) and the
    route that answers a peer (`answer`)."""

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster
        self.lent = 0  # moves this worker thought for its peers
        self.borrowed = 0  # moves its peers thought for it
        self._http: Any = None

    async def think(self, room: "Room", seat: int) -> Optional[str]:
        """A move thought by a peer with a thread free, or None (think at home)."""
        settings = room.settings
        pool = settings.pool
        spec = room.seats[seat].bot
        if spec is None or pool.busy < pool.threads or not lendable(settings.api, spec):
            return None
        peer = self.cluster.spare_peer()
        if peer is None:
            return None
        import httpx

        if self._http is None:
            self._http = httpx.AsyncClient()
        body = json.dumps(think_request(room, seat, spec))
        try:
            answer = await self._http.post(peer.url.rstrip("/") + PATH, content=body,
                                           headers={"x-quinza-peer": self.cluster.secret,
                                                    "content-type": "application/json"},
                                           timeout=settings.budget.seconds * (1 + GRACE) + WAIT)
        except httpx.HTTPError:
            return None
        if answer.status_code == 504:
            raise TimeoutError(f"the search on worker {peer.id} ran past the budget")
        if answer.status_code != 200:
            return None
        self.borrowed += 1
        return str(answer.json()["move"])

    def route(self, settings: Any, is_peer: Callable[[Optional[str]], bool]) -> Callable[[Request], Any]:
        """POST /_peer/think: a peer's bot move, thought on this worker's pool (404 to anyone
        but a peer)."""

        async def answer(request: Request) -> Response:
            if not is_peer(request.headers.get("x-quinza-peer")):
                return JSONResponse({"message": "no such page"}, status_code=404)
            raw = await request.body()
            if len(raw) > BODY_LIMIT:
                return JSONResponse({"message": "the request is too long"}, status_code=413)
            api = settings.api
            try:
                asked = json.loads(raw)
                r = asked["rules"]
                options = {k: v for k, v in r.items() if k not in ("name", "players", "target")}
                rules = api.Rules(r["name"], players=r["players"], target=r["target"], **options)
                spec = check_spec(api, asked["spec"], False, settings.budget, rules)
                if not lendable(api, spec):
                    raise ValueError(f"{spec} is not one of the engine's searches")
                bot = player(api, spec, int(asked["seed"]), int(asked["seat"]))
                world = api.Game.from_json(json.dumps(asked["world"]))
            except (ValueError, KeyError, TypeError) as error:
                return JSONResponse({"message": f"a bad request to think: {error}"}, status_code=400)
            try:
                move = await settings.pool.think(bot, world)
            except TimeoutError:
                return JSONResponse({"message": "the search ran past the budget"}, status_code=504)
            self.lent += 1
            return JSONResponse({"move": str(move)})

        return answer
