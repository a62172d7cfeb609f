"""The language the server speaks to each client (quinza.words): an HTTP request's and a
websocket's handshake's Accept-Language, while the app answers it (`Speaking`); a
connection keeps the one it was opened in, or its hello's "lang" (`Connection.speak`).
A message made once for many receivers carries its words as `words.later(...)`, said
in each receiver's language as it is sent."""

from __future__ import annotations

from typing import Any, Dict

from .. import words


class Speaking:
    """ASGI middleware: each HTTP request and websocket is answered in the language of its
    Accept-Language header (else English)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        accept = next((value.decode("latin-1") for key, value in scope.get("headers", ())
                       if key == b"accept-language"), None)
        with words.speaking(words.choose(None, accept, locale=False)):
            await self.app(scope, receive, send)


def said(message: Dict[str, Any], voice: Any = None) -> Dict[str, Any]:
    """A message with its words (`words.later`) said in `voice` (default: the one in force)."""
    spoken = voice or words.current()
    return {key: words.in_voice(value, spoken) for key, value in message.items()}
