"""A client's frame read: checked against its entry in the list of messages
(messages.py: move, state, rematch, undo, ping), then handled. Anything else is an error
told to that client alone; the room is unchanged and the connection kept. What a player
may meet (a stale move, the rate limit) is said in the connection's language; a frame no
page sends (binary, too long, not JSON, not in the list) is told in the protocol's
English, for the programmer of the client.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Mapping

from .connection import Connection
from .messages import AFTER_HELLO, CLIENT, BadMessage, build, read
from .refusal import Refused
from .room import Room
from .wire import view_of
from ..words import _


def handle_frame(room: Room, conn: Connection, frame: Mapping[str, Any], clock: float) -> None:
    """Read one websocket frame (an ASGI "websocket.receive" message) that came at `clock`."""
    settings = room.settings
    if not conn.take(clock):
        if not conn.throttled:  # one error a flood, not one a frame
            conn.throttled = True
            room.refuse(conn, _("too many messages: at most {rate} a second; these are ignored",
                                rate=format(settings.rate, "g")))
        return
    conn.throttled = False
    text = frame.get("text")
    if text is None:
        room.refuse(conn, "binary frames are not read: send JSON text")
        return
    if len(text) > settings.max_frame:
        room.refuse(conn, f"a frame is at most {settings.max_frame} characters; this one has {len(text)}")
        return
    try:
        message = json.loads(text)
    except ValueError as error:
        room.refuse(conn, f"malformed JSON: {error}")
        return
    except RecursionError:  # "[[[[...": within the size limit, but too deep to read
        room.refuse(conn, "malformed JSON: nested too deep")
        return
    try:
        read(message, CLIENT, expected=AFTER_HELLO)
    except BadMessage as error:
        room.refuse(conn, str(error))
        return
    HANDLERS[message["type"]](room, conn, message)


def _state(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    conn.send(room.state(conn.seat, view_of(room.game, conn.seat)))


def _rematch(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    try:
        if conn.seat is None:
            raise Refused(_("spectators cannot ask for a rematch: take a seat to play"))
        room.rematch(conn.seat)
    except Refused as refusal:
        room.refuse(conn, str(refusal))


def _ping(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    conn.send(build("pong", ply=room.ply))


def _move(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    """A move, answering the ply it was chosen at ("ply"; without it, the ply the match
    is at, as old clients sent it). A frame of another ply is refused as stale, unless it
    is this seat's last move sent again: then it is answered again (the state), not
    played twice."""
    if conn.seat is None:
        room.refuse(conn, _("spectators cannot move: take a seat to play"))
        return
    index, text, ply = message.get("index"), message.get("move"), message.get("ply", room.ply)
    named = {("index", index)} if isinstance(index, int) else {("move", text)} if isinstance(text, str) else set()
    try:
        if ply != room.ply:
            last = room.moved.get(conn.seat)
            if last is not None and last[0] == ply and named & last[1]:
                conn.send(room.state(conn.seat, view_of(room.game, conn.seat)))
                return
            raise Refused(_("this move was chosen at ply {ply}; the match is at ply {now}", ply=ply, now=room.ply))
        if index is not None:
            legal = room.game.legal_moves()
            if not 0 <= index < len(legal) and room.game.turn == conn.seat:
                raise Refused(_("there is no move {index}: the legal moves are numbered 0 to {last}", index=index,
                                 last=len(legal) - 1))
            # A seat not to act is refused by the engine's play(seat=), whatever it sent.
            played = room.play(conn.seat, legal[index] if 0 <= index < len(legal) else None)
        else:
            played = room.play(conn.seat, text)
        room.moved[conn.seat] = (ply, named | {("move", str(played))})
    except Refused as refusal:
        room.refuse(conn, str(refusal))


def _undo(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    """Ask for an undo (no "agree"), or answer one ("agree": true or false)."""
    agree = message.get("agree")
    try:
        if conn.seat is None:
            raise Refused(_("spectators cannot ask for or answer an undo: take a seat to play"))
        if agree is None:
            room.ask_undo(conn.seat)
        else:
            room.answer_undo(conn.seat, agree)
    except Refused as refusal:
        room.refuse(conn, str(refusal))


# What each message a client sends after its hello does (messages.py lists them, AFTER_HELLO).
HANDLERS: Dict[str, Callable[[Room, Connection, Mapping[str, Any]], None]] = {
    "move": _move, "state": _state, "rematch": _rematch, "undo": _undo, "ping": _ping,
}
