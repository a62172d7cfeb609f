"""The ASGI app: `create_app` builds a Starlette app over a store, with the routes of the
wire contract (docs/reference/wire.md):

    POST /api/rooms                  create a room (and seat its creator) -> 201 {"room": ID, ...}
    GET  /api/rooms                  the lobby: rooms not over (?all=1: every room)
    GET  /api/rooms/{ID}             one room
    POST /api/rooms/{ID}/seats       sit down                  -> {"seat": N, "token": T}
    GET  /api/rooms/{ID}/record      the match record, once the match is over (?match=N)
    GET  /api/rooms/{ID}/review      a seat's review, once the match is over (?seat=N&match=M)
    WS   /ws/{ID}                    a seat, told by the first frame {"type": "hello", "token": T}
                                     (a spectator's hello has no token)

The app may be mounted under a prefix in another app: it starts its rooms' bots and
timers on the first request it serves, so it needs no lifespan of its own (it has one,
which a server running it alone uses to stop them at the end).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
from typing import Any, AsyncIterator, Callable, Optional

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import words
from ..engines import engine as find_engine
from ..words import _
from .frames import handle_frame
from .hello import Unwelcome, hello
from .limits import CONNECTIONS, GONE, TOO_MANY, Limits
from .pool import Budget
from .connection import Connection, MatchEnd, Settings
from .databases import StoreError, is_postgres
from .peer_bots import PATH
from .proxy import Forwarding
from .reviews import review_route
from .refusal import Refused
from .room import Room
from .rooms import ABANDONED, BUDGET, LIMITS, Server, player_name, seat_number
from .speech import Speaking
from .web import web_routes
from .wire import error_message

def _client(request: Any) -> str:
    """Who sent a request or opened a websocket, as its limits count it: its address."""
    return request.client.host if request.client is not None else ""


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"message": text}, status_code=status)


async def _body(request: Request) -> Any:
    raw = await request.body()
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except ValueError as error:
        raise ValueError(f"the body is not JSON: {error}") from None


def create_app(db: str = ":memory:", *, bot_delay: float = 0.5, max_frame: int = 4096, rate: float = 20.0,
               burst: int = 40, allow_imported_bots: bool = False, engine: str = "rust",
               on_match_end: Optional[MatchEnd] = None, undo_wait: float = 120.0, hello_wait: float = 10.0,
               authenticate: Optional[Callable[[Request], Optional[str]]] = None,
               bot_budget: float = BUDGET.seconds, bot_iterations: int = BUDGET.iterations,
               bot_worlds: int = BUDGET.worlds, bot_threads: Optional[int] = None,
               client_rooms: int = LIMITS.client_rooms, client_connections: int = LIMITS.client_connections,
               room_spectators: int = LIMITS.room_spectators, backlog: int = LIMITS.backlog,
               idle_room: float = LIMITS.idle_room, cluster: Optional[str] = None) -> Starlette:
    """The game server as an ASGI app (Starlette).

    `db`: the SQLite file that keeps rooms, seats and moves (":memory:" keeps nothing
    past the process); an existing file resumes every room where it was. `bot_delay`:
    the seconds a bot waits before it moves, so people can follow. `max_frame`: the
    longest frame (characters) a client may send; `rate` and `burst`: how many frames a
    connection may send a second, and at once, before it is throttled.
    `allow_imported_bots`: whether a room may name a bot as `module:attr` (that imports
    the module: only for clients you trust). `engine`: "rust" (the compiled core) or
    "reference" (the pure-Python twin, slow). `on_match_end(room, winner, record)`: called
    on the loop when a match ends (its last move stored and told), with the winning side
    (None for a draw) and the match record; keep it short, or hand the work on.
    `authenticate(request)`: the player's name for a request to create a room or take a
    seat (then the body's "name" is not read), or None to refuse it (401). `undo_wait`:
    the seconds an undo waits for its answers at most (moves and bots wait; the turn's
    time runs on, and its end lapses the undo sooner) before it lapses and play goes on:
    a seat that dropped cannot hold a room up. `hello_wait`: the seconds a new
    websocket has to send its hello (the first frame, which carries a seat's token).
    `bot_budget`: the most seconds a bot's move may take (a search past them is stopped
    and the stand-in moves), and `bot_iterations`, `bot_worlds`: the most an ismcts or
    pimc bot of a room may ask for (a room asking for more is refused); `bot_threads`: how
    many bots think at once (the machine's cores by default); the others wait their turn.
    `client_rooms`: the rooms one client (an address) may create a minute (then 429);
    `client_connections`: the websockets one client may have open at once, and
    `room_spectators`: the spectators a room may have (then the websocket is closed, code
    4429); `backlog`: the messages a connection may leave unread before it is closed (code
    1008); `idle_room`: the seconds a room whose match is not over lives with no person
    connected, then it is abandoned (docs/reference/wire.md "Limits")."""
    caps = Limits(client_rooms, client_connections, room_spectators, backlog, idle_room)
    if cluster is None and is_postgres(db):
        cluster = ""
    if cluster is not None and db == ":memory:":
        raise ValueError("the workers of a cluster share their database: a SQLite file or a PostgreSQL URL, "
                         "not :memory:")
    server = Server(db, Settings(find_engine(engine), bot_delay, max_frame, rate, burst, allow_imported_bots,
                                 on_match_end, undo_wait, hello_wait,
                                 budget=Budget(bot_budget, bot_iterations, bot_worlds), bot_threads=bot_threads,
                                 caps=caps), cluster)

    def room_of(request: Any) -> Room:
        return server.room(request.path_params["room"])  # another worker's is forwarded to it (proxy.py)

    def signed_in(request: Request) -> Optional[str]:
        """The player's name the authentication hook gives ("" without a hook), or None."""
        return "" if authenticate is None else authenticate(request)

    async def lobby(request: Request) -> Response:
        server.wake()
        return JSONResponse({"rooms": server.lobby(request.query_params.get("all") in ("1", "true"))})

    async def create_room(request: Request) -> Response:
        server.wake()
        who = signed_in(request)
        if who is None:
            return _error(401, _("sign in to create a room"))
        try:
            body = await _body(request)
        except ValueError as error:
            return _error(400, str(error))
        clock = asyncio.get_running_loop().time()
        wait = server.clients.wait(_client(request), clock)
        if wait is not None:
            return JSONResponse({"message": _("too many rooms: at most {count} a minute from one client; try again "
                                              "in {seconds} seconds", count=caps.client_rooms, seconds=math.ceil(wait))},
                                status_code=429,
                                headers={"Retry-After": str(math.ceil(wait))})
        try:
            room, sat = server.create(body, who)
        except ValueError as error:
            return _error(400, str(error))
        except StoreError:  # logged; the client may try again
            return _error(503, _("the room could not be saved: try again"))
        except Refused as refusal:  # the creator's seat could not be saved
            return _error(503, str(refusal))
        server.clients.created(_client(request), clock)
        made = server.info(room)
        if sat is not None:
            made.update(seat=sat[0], token=sat[1], limits=server.settings.frame_limits())
        return JSONResponse(made, status_code=201)

    async def one_room(request: Request) -> Response:
        try:
            return JSONResponse(server.info(room_of(request)))
        except LookupError as error:
            return _error(404, str(error))

    async def seats(request: Request) -> Response:
        try:
            room = room_of(request)
            body = await _body(request)
        except LookupError as error:
            return _error(404, str(error))
        except ValueError as error:
            return _error(400, str(error))
        name, seat = (body.get("name"), body.get("seat")) if isinstance(body, dict) else (None, None)
        who = signed_in(request)
        if who is None:
            return _error(401, _("sign in to take a seat"))
        if room in server.idle:
            return _error(409, _(ABANDONED))
        try:
            name, seat = player_name(who or name), seat_number(seat, len(room.seats))
        except ValueError as error:
            return _error(400, str(error))
        try:
            seat, token = room.sit(name, seat)
        except Refused as refusal:
            return _error(409, str(refusal))
        return JSONResponse({"room": room.id, "seat": seat, "token": token, "limits": server.settings.frame_limits()})

    async def record(request: Request) -> Response:
        match = request.query_params.get("match")
        try:
            return PlainTextResponse(room_of(request).record(None if match is None else int(match)))
        except LookupError as error:
            return _error(404, str(error))
        except Refused as refusal:
            return _error(409, str(refusal))
        except ValueError:
            return _error(400, "match is the number of a match of the room: 0 for the first")

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        client = _client(ws)
        if server.cluster is not None and server.cluster.is_peer(ws.headers.get("x-quinza-peer")):
            await session(ws)  # forwarded by a worker, which counted it against the client's limits
            return
        if not server.clients.open(client):
            await _refuse(ws, 0, _(CONNECTIONS, count=caps.client_connections), TOO_MANY, "too many connections")
            return
        try:
            await session(ws)
        finally:
            server.clients.close(client)

    async def session(ws: WebSocket) -> None:
        """A websocket within its client's limit: its hello, then its frames."""
        try:
            room = room_of(ws)
        except LookupError as error:
            await _refuse(ws, 0, str(error), 4404, "no room")
            return
        if room in server.idle:
            await _refuse(ws, room.ply, _(ABANDONED), GONE, "room abandoned")
            return
        try:
            token, lang = await hello(ws, server.settings)
        except WebSocketDisconnect:
            return
        except Unwelcome as refusal:
            await _refuse(ws, room.ply, str(refusal), refusal.code, refusal.reason)
            return
        seat = None if token is None else room.seat_for(token)
        if seat is None and sum(c.seat is None for c in room.connections) >= caps.room_spectators:
            await _refuse(ws, room.ply, _("too many spectators: a room has at most {count}", count=caps.room_spectators),
                          TOO_MANY, "too many spectators")
            return
        loop = asyncio.get_running_loop()
        conn = Connection(seat, server.settings, loop.time(), lang)
        if token is not None and seat is None:
            room.refuse(conn, _("this token is no seat of room {room}: you are watching as a spectator", room=room.id))
        room.connect(conn)
        pump = loop.create_task(_pump(ws, conn))
        try:
            with words.speaking(conn.voice):  # its refusals in its language
                while True:
                    frame = await ws.receive()
                    if frame["type"] == "websocket.disconnect":
                        break
                    handle_frame(room, conn, frame, loop.time())
        except WebSocketDisconnect:
            pass
        finally:
            room.disconnect(conn)
            pump.cancel()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.wake()
        yield
        server.stop()

    app = Starlette(routes=[
        Route("/api/rooms", lobby, methods=["GET"]),  # and HEAD, which Starlette adds: it creates nothing
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}", one_room, methods=["GET"]),
        Route("/api/rooms/{room}/seats", seats, methods=["POST"]),
        Route("/api/rooms/{room}/record", record, methods=["GET"]),
        Route("/api/rooms/{room}/review", review_route(room_of, Refused), methods=["GET"]),
        WebSocketRoute("/ws/{room}", websocket),
        *web_routes(server.settings.api),  # the browser table (web.py)
        *([] if server.cluster is None else  # a peer's bot moves (peer_bots.py)
          [Route(PATH, server.cluster.bots.route(server.settings, server.cluster.is_peer), methods=["POST"])]),
    ], lifespan=lifespan, middleware=[Middleware(Speaking), Middleware(Forwarding, server=server)])
    app.state.server = server
    return app


async def _refuse(ws: WebSocket, ply: int, text: str, code: int, reason: str) -> None:
    """Tell a websocket why it is refused (an error), then close it with `code` and the
    short `reason` (at most 123 bytes)."""
    with contextlib.suppress(Exception):  # the client may be gone already
        await ws.send_json(error_message(ply, text))
        await ws.close(code=code, reason=reason)


async def _pump(ws: WebSocket, conn: Connection) -> None:
    """Send a connection's messages in order, until it closes (or is closed for reading
    too slowly: code 1008, policy)."""
    with contextlib.suppress(Exception):
        while True:
            text = await conn.queue.get()
            if text is None:
                await ws.close(code=conn.close_with[0], reason=conn.close_with[1])
                return
            await ws.send_text(text)
