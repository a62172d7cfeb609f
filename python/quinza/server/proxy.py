"""A worker forwards what a client asks of a room another worker plays (cluster.py) to
that worker: HTTP requests (`/api/rooms/{ID}/...`) and websockets (`/ws/{ID}`), so a client
may reach any worker (behind any load balancer) and be served by the room's own.

`Forwarding` is ASGI middleware in front of a worker's app. For a path of a room this
worker does not play, it asks the cluster who does (`Server.room`): a room no live worker
holds is taken here and served here; another's is forwarded, the request with its headers
(a player's cookies or authorization go on to the authentication hook there), the
websocket frame by frame both ways, its close code passed back. A forwarded request
carries the cluster's secret in a header (never in a URL, never logged), which tells the
owner that a worker sent it: the owner does not count a forwarded websocket against the
client limits (the worker the client reached did), and does not forward it again (a room
that moved meanwhile answers 503, or closes 1012: connect again).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

from ..words import _
from .cluster import MOVED, Elsewhere
from .databases import StoreError
from .limits import CONNECTIONS, TOO_MANY
from .wire import error_message

Scope = Dict[str, Any]
Receive = Callable[[], Awaitable[Dict[str, Any]]]
Send = Callable[[Dict[str, Any]], Awaitable[None]]

PEER_HEADER = b"x-quinza-peer"
ROOM_PATH = re.compile(r"^/(?:api/rooms|ws)/([^/]+)")
# Headers that belong to one connection, not to the request forwarded.
HOP = {b"host", b"connection", b"keep-alive", b"upgrade", b"transfer-encoding", b"te", b"content-length",
       b"sec-websocket-key", b"sec-websocket-version", b"sec-websocket-extensions", b"sec-websocket-accept",
       b"proxy-authorization", PEER_HEADER}
# What of the owner's answer the client is given.
ANSWER_HEADERS = {"content-type", "retry-after", "cache-control", "content-language"}
BODY_LIMIT = 65536  # bytes of a request body a worker forwards: a room's requests are small
TIMEOUT = 10.0  # seconds a forwarded request may take


class Forwarding:
    """ASGI middleware: a room's requests and websockets go to the worker that plays it."""

    def __init__(self, app: Any, server: Any) -> None:
        self.app, self.server = app, server
        self._http: Any = None  # an httpx client, made on the serving loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster = self.server.cluster
        if cluster is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        root = scope.get("root_path", "")
        match = ROOM_PATH.match(path[len(root):] if root and path.startswith(root) else path)
        if match is None or match.group(1) in self.server.rooms:
            await self.app(scope, receive, send)
            return
        try:
            self.server.room(match.group(1))
        except LookupError:  # no such room: the app says so
            await self.app(scope, receive, send)
            return
        except Elsewhere as elsewhere:
            if cluster.is_peer(_header(scope, PEER_HEADER)) or not elsewhere.worker.url:
                return await _away(scope, receive, send, match.group(1))
            if scope["type"] == "http":
                return await self._http_to(elsewhere.worker.url, scope, receive, send)
            return await self._websocket_to(elsewhere.worker.url, scope, receive, send)
        except StoreError:
            return await _away(scope, receive, send, match.group(1))
        await self.app(scope, receive, send)  # taken here just now

    def _headers(self, scope: Scope) -> List[Tuple[bytes, bytes]]:
        return [(k, v) for k, v in scope["headers"] if k.lower() not in HOP] + \
            [(PEER_HEADER, self.server.cluster.secret.encode())]

    async def _http_to(self, url: str, scope: Scope, receive: Receive, send: Send) -> None:
        import httpx

        body = b""
        while True:
            event = await receive()
            body += event.get("body", b"")
            if len(body) > BODY_LIMIT:
                return await _answer(send, 413, _("the request's body is too long"))
            if not event.get("more_body"):
                break
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=TIMEOUT)
        target = url.rstrip("/") + scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        try:
            answer = await self._http.request(scope["method"], target + ("?" + query if query else ""),
                                              content=body, headers=self._headers(scope))
        except httpx.HTTPError:  # the owner is gone: its lease runs out, and another takes the room
            return await _answer(send, 503, _("the room's worker did not answer: try again in a moment"))
        headers = [(k.encode(), v.encode()) for k, v in answer.headers.items() if k.lower() in ANSWER_HEADERS]
        await send({"type": "http.response.start", "status": answer.status_code, "headers": headers})
        await send({"type": "http.response.body", "body": answer.content})

    async def _websocket_to(self, url: str, scope: Scope, receive: Receive, send: Send) -> None:
        from websockets.asyncio.client import connect

        if (await receive())["type"] != "websocket.connect":
            return
        clients = self.server.clients
        client = scope["client"][0] if scope.get("client") else ""
        if not clients.open(client):  # the client limits are counted where the client connected
            told = error_message(0, _(CONNECTIONS, count=self.server.settings.caps.client_connections))
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": json.dumps(told, ensure_ascii=False)})
            await send({"type": "websocket.close", "code": TOO_MANY, "reason": "too many connections"})
            return
        target = "ws" + url[len("http"):].rstrip("/") + scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        try:
            try:
                upstream = await connect(target + ("?" + query if query else ""), open_timeout=TIMEOUT,
                                         additional_headers=[(k.decode("latin-1"), v.decode("latin-1"))
                                                             for k, v in self._headers(scope)],
                                         compression=None, max_size=None)
            except Exception:  # the owner is gone, or refused it
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": MOVED, "reason": "the room's worker did not answer"})
                return
            await send({"type": "websocket.accept"})
            await _relay(upstream, receive, send)
        finally:
            clients.close(client)


async def _relay(upstream: Any, receive: Receive, send: Send) -> None:
    """Frames both ways until either side closes; the owner's close code goes to the client
    (a worker lost mid-way: 1012, connect again)."""

    async def up() -> None:
        while True:
            event = await receive()
            if event["type"] == "websocket.disconnect":
                return
            if event.get("text") is not None:
                await upstream.send(event["text"])
            elif event.get("bytes") is not None:
                await upstream.send(event["bytes"])

    async def down() -> None:
        with contextlib.suppress(Exception):
            async for message in upstream:
                await send({"type": "websocket.send", "text": message} if isinstance(message, str)
                           else {"type": "websocket.send", "bytes": message})

    ups, downs = asyncio.ensure_future(up()), asyncio.ensure_future(down())
    try:
        done, _pending = await asyncio.wait({ups, downs}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        ups.cancel()
        downs.cancel()
    if downs in done:  # the owner closed it: the client is told the same
        code = upstream.close_code
        code = MOVED if code is None or code in (1005, 1006) else code
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code, "reason": upstream.close_reason or ""})
    with contextlib.suppress(Exception):
        await upstream.close()


def _header(scope: Scope, name: bytes) -> Optional[str]:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


async def _away(scope: Scope, receive: Receive, send: Send, room: str) -> None:
    """The room is moving between workers: try again soon (HTTP 503; a websocket closed 1012)."""
    text = _("room {room} is moving to another worker: try again in a moment", room=room)
    if scope["type"] == "http":
        return await _answer(send, 503, text)
    await receive()
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": MOVED, "reason": "the room is moving: connect again"})


async def _answer(send: Send, status: int, text: str) -> None:
    body = json.dumps({"message": text}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1")]})
    await send({"type": "http.response.body", "body": body})
