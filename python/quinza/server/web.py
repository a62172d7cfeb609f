"""The browser table: the lobby and the table pages (plain HTML, CSS and JavaScript in
static/, shipped in the package; nothing fetched from elsewhere), the card pictures drawn
by the package's own SVG (quinza._view), and the rule sets the lobby offers.

    GET /                        the lobby: create a room, join a seat, watch
    GET /table?room=ID           the table of a room (a seat's token kept by the browser); the
                                 link a waiting room shares, where a free seat is taken
    GET /static/{file}           the pages' script and style
    GET /cards/{deck}/{card}.svg a card's picture ("back" for a face-down card); ?lang=LANG
                                 prints its corners as that language does
    GET /api/rule-sets           the rule sets, levels and bots, as the lobby offers them
    GET /api/words?lang=LANG     the pages' words in the page's language (else its
                                 Accept-Language's, else English): browser_words.py
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, List

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from .. import words
from ..engines import Engine
from ..bots import LEVELS
from .._view import back_svg, deck_card_svg
from .browser_words import chosen, entries

STATIC = Path(__file__).parent / "static"
DECKS = ("baraja", "quinte")
# A card's picture never changes: the browser may keep it a day.
CARD_CACHE = {"Cache-Control": "public, max-age=86400"}


def web_routes(api: Engine) -> List[BaseRoute]:
    """The routes of the browser table, for an app playing on the engine `api`."""

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html")

    async def table(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def card(request: Request) -> Response:
        deck, name = request.path_params["deck"], request.path_params["name"]
        text = name[:-len(".svg")] if name.endswith(".svg") else None
        if deck not in DECKS or text is None:
            return Response("no such card", status_code=404, media_type="text/plain")
        if text == "back":
            return Response(back_svg(), media_type="image/svg+xml", headers=CARD_CACHE)
        try:
            parsed: Any = api.Card.parse(text, deck=deck)
        except ValueError:
            return Response("no such card", status_code=404, media_type="text/plain")
        with words.speaking(chosen(request.query_params.get("lang"), None)):  # its corners' letters
            picture = deck_card_svg(str(parsed), deck)
        return Response(picture, media_type="image/svg+xml", headers=CARD_CACHE)

    async def rule_sets(request: Request) -> Response:
        return JSONResponse({"rule_sets": list(api.rule_sets()), "levels": list(LEVELS), "bots": list(api.BOT_NAMES)})

    async def page_words(request: Request) -> Response:
        lang = chosen(request.query_params.get("lang"), request.headers.get("accept-language"))
        return JSONResponse({"lang": lang, "languages": words.LANGUAGES, "words": entries(lang)})

    return [
        Route("/", lobby, methods=["GET"]),
        Route("/api/words", page_words, methods=["GET"]),
        Route("/table", table, methods=["GET"]),
        Route("/cards/{deck}/{name}", card, methods=["GET"]),
        Route("/api/rule-sets", rule_sets, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
