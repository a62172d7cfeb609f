"""A websocket's first frame: the hello that says who connects (messages.py lists its
fields). A seat's token travels in it, never in the URL (URLs are kept by access logs,
proxies and browser histories).

    {"type": "hello", "token": "..."}   a seat
    {"type": "hello"}                   a spectator
    {"type": "hello", "lang": "es"}     ... whose words are in Spanish
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, NamedTuple, Optional

from starlette.websockets import WebSocket, WebSocketDisconnect

from .connection import Settings
from .messages import CLIENT, BadMessage, read

HELLO = '{"type": "hello", "token": T} for a seat, {"type": "hello"} to watch'
BAD_HELLO = 4400  # close codes of the 4000s are the application's own


class Unwelcome(Exception):
    """A connection refused before it joins its room: the words, and the close code."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(text)
        self.code = BAD_HELLO
        self.reason = reason  # the close frame's reason: at most 123 bytes


class Hello(NamedTuple):
    """Who connects: a seat's token (None: a spectator), and the language tag of the
    words it is sent (None: the server's own)."""

    token: Optional[str]
    lang: Optional[str]


async def hello(ws: WebSocket, settings: Settings) -> Hello:
    """A connection's hello, read within the settings' time for it; refused with the
    reason when the URL carries a token or the first frame is no hello."""
    if "token" in ws.query_params:
        raise Unwelcome("a seat's token never goes in the URL (logs keep URLs): connect to /ws/ROOM and send "
                        f"it in the first frame, {HELLO}", "token in the URL")
    try:
        frame = await asyncio.wait_for(ws.receive(), timeout=settings.hello_wait)
    except asyncio.TimeoutError:
        raise Unwelcome(f"no hello within {settings.hello_wait:g} seconds: the first frame is {HELLO}",
                        "no hello") from None
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    message: Any = None
    if isinstance(text, str) and len(text) <= settings.max_frame:
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            pass
    if not isinstance(message, dict) or message.get("type") != "hello":
        raise Unwelcome(f"the first frame is a hello: {HELLO}", "no hello")
    try:
        read(message, CLIENT, expected=["hello"])
    except BadMessage as error:
        raise Unwelcome(f"{error}: {HELLO}", "bad hello") from None
    return Hello(message.get("token"), message.get("lang"))
