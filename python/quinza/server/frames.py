"""A client's frame read: a move, or a request for the state, or a ping. Anything else is
an error told to that client alone; the room is unchanged and the connection kept.

    {"type": "move", "move": "5e x 7c 3o", "ply": 6}   a move by its notation, chosen at ply 6
    {"type": "move", "index": 2, "ply": 6}             the move at that index of "legal_moves"
    {"type": "state"}                        the whole state again
    {"type": "rematch"}                      a new match, once this one is over (a seat)
    {"type": "undo"}                         ask to take back this seat's last move
    {"type": "undo", "agree": true}          answer another seat's undo (false: refuse it)
    {"type": "ping"}                         {"type": "pong"}
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .connection import Connection
from .refusal import Refused
from .room import Room
from .wire import view_of



def _shown(value: Any) -> str:
    """A client's value in a message: as JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "..."


def handle_frame(room: Room, conn: Connection, frame: Mapping[str, Any], clock: float) -> None:
    """Read one websocket frame (an ASGI "websocket.receive" message) that came at `clock`."""
    settings = room.settings
    if not conn.take(settings, clock):
        if not conn.throttled:  # one error a flood, not one a frame
            conn.throttled = True
            room.refuse(conn, f"too many messages: at most {settings.rate:g} a second; these are ignored")
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
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "move":
        _move(room, conn, message)
    elif kind == "state":
        conn.send(room.state(conn.seat, view_of(room.game, conn.seat)))
    elif kind == "rematch":
        try:
            if conn.seat is None:
                raise Refused("spectators cannot ask for a rematch: take a seat to play")
            room.rematch(conn.seat)
        except Refused as refusal:
            room.refuse(conn, str(refusal))
    elif kind == "undo":
        _undo(room, conn, message)
    elif kind == "ping":
        conn.send({"type": "pong", "ply": room.ply})
    elif not isinstance(message, dict) or "type" not in message:
        room.refuse(conn, 'a message is a JSON object with a "type": move, state, rematch, undo or ping')
    else:
        room.refuse(conn, f"unknown message type {_shown(kind)}: send move, state, rematch, undo or ping")


def _move(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    """A move, answering the ply it was chosen at ("ply"; without it, the ply the match
    is at, as old clients sent it). A frame of another ply is refused as stale, unless it
    is this seat's last move sent again: then it is answered again (the state), not
    played twice."""
    if conn.seat is None:
        room.refuse(conn, "spectators cannot move: take a seat to play")
        return
    index, text, ply = message.get("index"), message.get("move"), message.get("ply", room.ply)
    named = {("index", index)} if isinstance(index, int) else {("move", text)} if isinstance(text, str) else set()
    try:
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise Refused(f'"ply" is the ply the move was chosen at (the state\'s "ply"), a whole number, not {_shown(ply)}')
        if ply != room.ply:
            last = room.moved.get(conn.seat)
            if last is not None and last[0] == ply and named & last[1]:
                conn.send(room.state(conn.seat, view_of(room.game, conn.seat)))
                return
            raise Refused(f"this move was chosen at ply {ply}; the match is at ply {room.ply}")
        if index is not None:
            if isinstance(index, bool) or not isinstance(index, int):
                raise Refused(f'"index" is a whole number, not {_shown(index)}')
            legal = room.game.legal_moves()
            if not 0 <= index < len(legal) and room.game.turn == conn.seat:
                raise Refused(f"there is no move {index}: the legal moves are numbered 0 to {len(legal) - 1}")
            # A seat not to act is refused by the engine's play(seat=), whatever it sent.
            played = room.play(conn.seat, legal[index] if 0 <= index < len(legal) else None)
        elif isinstance(text, str):
            played = room.play(conn.seat, text)
        else:
            raise Refused('a move gives "move" (its notation, such as "5e x 7c 3o") or "index"')
        room.moved[conn.seat] = (ply, named | {("move", str(played))})
    except Refused as refusal:
        room.refuse(conn, str(refusal))


def _undo(room: Room, conn: Connection, message: Mapping[str, Any]) -> None:
    """Ask for an undo (no "agree"), or answer one ("agree": true or false)."""
    agree = message.get("agree")
    try:
        if conn.seat is None:
            raise Refused("spectators cannot ask for or answer an undo: take a seat to play")
        if agree is None:
            room.ask_undo(conn.seat)
        elif isinstance(agree, bool):
            room.answer_undo(conn.seat, agree)
        else:
            raise Refused(f'"agree" is true or false, not {_shown(agree)}')
    except Refused as refusal:
        room.refuse(conn, str(refusal))
