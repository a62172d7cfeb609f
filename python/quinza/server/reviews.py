"""The review of each person's own moves once a match is over (docs/reference/wire.md "The
review"): the match's record reviewed as `quinza review` does (`review` of the engine,
study/review.py), once per match and room, in a process apart (pool.Apart), within a
budget; then told to each seat of a person (`{"type": "review", ...}`) and served over HTTP.

The record is public once the match is over (GET /api/rooms/{ID}/record), and a review
reads nothing but the record: it tells no card its receiver could not read there. Nothing
is reviewed before the match is over.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, Dict, Optional, Type

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..words import Later, current, in_voice, later
from ..engines import engine as find_engine
from .pool import Busy
from .speech import said
from .messages import Message, REVIEWED_MOVE, build

log = logging.getLogger("quinza.server")

# The review's budget: a quick one (300 iterations where `quinza review` searches 2,000,
# and a fifth of its hindsight solver's nodes: a whole match at a default target in about
# 0.3 s of a core, some 3 times what playing the match cost the server), in a process
# apart at the lowest priority (no bot's move waits behind a review, and its Python holds
# no room up), at most 4 waiting (pool.Apart: past them a match is not reviewed, so a busy
# server owes no backlog), stopped past REVIEW_SECONDS; a match of more than REVIEW_MOVES
# moves (a target far past the usual) is not reviewed.
REVIEW_BOT = "ismcts:iterations=300"
REVIEW_HINDSIGHT = 10_000
REVIEW_SECONDS = 60.0
REVIEW_MOVES = 1000
KEPT = 2  # the matches of a room whose review is kept (the last ones)


class TooLong(Exception):
    """A review past its budget."""


def review_of(engine: str, record: str, bot: str, hindsight: int, most: int) -> Dict[str, Any]:
    """The review of a finished match's record by the engine of that name ("rust",
    "reference"), as plain data (`Review.to_dict()`): what the process
    apart runs, so it is given names and text, not objects."""
    api = find_engine(engine)
    game = api.Game.from_record(record)
    moves = sum(1 for e in game.history if e.kind == "move")
    if moves > most:
        raise TooLong(moves, most)
    result: Dict[str, Any] = api.review(game, bot=bot, hindsight=hindsight).to_dict()
    return result


class Entry:
    """One match's review: under way (`task`), made (`review`) or given up (`failure`)."""

    def __init__(self) -> None:
        self.task: "Optional[asyncio.Task[None]]" = None
        self.review: Optional[Dict[str, Any]] = None
        self.failure: "Optional[Later]" = None


def reviewed(room: Any, match: int) -> Entry:
    """The review of `match` of `room`, started now if it was not (the match must be over:
    `room.record` refuses otherwise). A room keeps its reviews (`room.reviews`), at most
    KEPT of them."""
    entries: Dict[int, Entry] = room.reviews
    entry = entries.get(match)
    if entry is None:
        record = room.record(match)  # Refused while the match is not over
        entry = entries[match] = Entry()
        entry.task = asyncio.get_running_loop().create_task(_review(room, match, record, entry))
        for old in [m for m in entries if m != match][:max(0, len(entries) - KEPT)]:  # the longest kept go
            del entries[old]
    return entry


async def _review(room: Any, match: int, record: str, entry: Entry) -> None:
    try:
        entry.review = await room.settings.reviews.think(review_of, room.settings.api.name, record, REVIEW_BOT,
                                                         REVIEW_HINDSIGHT, REVIEW_MOVES, seconds=REVIEW_SECONDS)
    except TooLong as reason:
        moves, most = reason.args
        entry.failure = later("this match has {moves} moves: a review is made for matches of at most {most}",
                              moves=moves, most=most)
    except Busy:
        entry.failure = later("the server is busy: this match is not reviewed (its record can be, with quinza "
                              "review or review() in Python)")
    except TimeoutError:  # the pool stopped it
        entry.failure = later("the review took more than {seconds} seconds and was stopped",
                              seconds=format(REVIEW_SECONDS, "g"))
    except Exception:  # the review's own failure: told, and the room goes on
        log.exception("room %s: the review of match %d failed", room.id, match)
        entry.failure = later("the review could not be made")
    if room.match == match:  # the room has not moved on to a rematch
        for conn in room.connections:
            if is_person(room, conn.seat):
                conn.send(review_message(room, match, entry, conn.seat, conn.voice))


def is_person(room: Any, seat: Optional[int]) -> bool:
    return seat is not None and room.seats[seat].bot is None and room.seats[seat].name is not None


def review_message(room: Any, match: int, entry: Entry, seat: int, voice: Any = None) -> Message:
    """What `seat` is told of its moves in `match`: `{"type": "review", "ply", "match",
    "seat", "status"}`, status "ready" with the review, "failed" with a "message"."""
    if entry.review is None:
        return build("review", ply=room.ply, match=match, seat=seat, status="failed",
                     message=in_voice(entry.failure or later("the review is not made yet"), voice or current()))
    review = entry.review
    mine = review["seats"][seat]
    keys = [f.name for f in REVIEWED_MOVE]  # what the wire tells of a move (a review says more)
    return build("review", ply=room.ply, match=match, seat=seat, status="ready", bot=review["bot"],
                 thresholds=review["thresholds"],
                 moves=[{k: m[k] for k in keys} for m in review["moves"] if m["seat"] == seat],
                 worst=mine["worst"], counts=mine["counts"], average_lost=mine["average_lost"],
                 forced=mine["forced"], valued=mine["valued"])


def match_over(room: Any) -> None:
    """The match in play just ended: its review starts (told to the people when made)."""
    reviewed(room, room.match)


def on_connect(room: Any, conn: Any) -> None:
    """A person's seat comes in after its match ended: its review, if made (else it comes
    when it is; a review lost to a restart starts again)."""
    if room.game.is_over and is_person(room, conn.seat):
        entry = reviewed(room, room.match)
        if entry.review is not None or entry.failure is not None:
            conn.send(review_message(room, room.match, entry, conn.seat, conn.voice))


def review_route(room_of: Callable[[Request], Any], refused: Type[Exception]) -> Callable[[Request], Any]:
    """GET /api/rooms/{ID}/review?seat=N (&match=M): 200 with the review message of that
    seat, 202 while it is made, 409 before the match is over; the match in play if no M."""

    async def route(request: Request) -> Response:
        try:
            room = room_of(request)
        except LookupError as error:
            return JSONResponse({"message": str(error)}, status_code=404)
        seat, match = request.query_params.get("seat", ""), request.query_params.get("match", str(room.match))
        if not seat.isdigit() or not int(seat) < len(room.seats):
            return JSONResponse(said({"message": later("seat is a seat of the room, from 0 to {last}",
                                                       last=len(room.seats) - 1)}), status_code=400)
        if not match.isdigit() or not int(match) <= room.match:
            return JSONResponse(said({"message": later("match is a match of the room, from 0 to {last}",
                                                       last=room.match)}), status_code=400)
        try:
            entry = reviewed(room, int(match))
        except refused as refusal:
            return JSONResponse({"message": str(refusal)}, status_code=409)
        if entry.review is None and entry.failure is None:
            return JSONResponse(said({"status": "computing", "message": later("the review is being made: ask again soon")}),
                                status_code=202)
        return JSONResponse(said(review_message(room, int(match), entry, int(seat))))

    return route
