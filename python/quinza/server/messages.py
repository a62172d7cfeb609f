"""The wire protocol's messages, both directions (docs/reference/wire.md "The websocket"): each
type with its fields, their JSON types, whether they are required, and what they mean.
This list is the protocol: the server reads every frame a client sends through `read`
and builds every message it sends through `build`, `quinza join`'s client builds its
frames and reads the server's through it, and docs/reference/messages.md is written from
it (scripts/make_messages_doc.py).

A field not listed is passed over when read (a newer client may send more), and never
sent: `build` refuses it, and a field of the wrong type, so a message that does not match
its entry fails where it is made.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, FrozenSet, Mapping, NamedTuple, Optional, Sequence, Tuple

Message = Dict[str, Any]

CLIENT, SERVER = "client", "server"  # who sends a message

# The JSON types, as a message's fields name them, and in words.
TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "array": "a list", "object": "an object", "null": "null"}


class Field(NamedTuple):
    """One field of a message: its JSON types ("integer", "string null", ...), whether a
    message always has it, and what it means (an error quotes the words before the first
    ";"). `parts`: the fields of an object, or of each object of a list; `pattern`: the
    regular expression a text matches whole."""

    name: str
    types: str
    required: bool
    meaning: str
    parts: Tuple["Field", ...] = ()
    pattern: Optional[str] = None


class Kind(NamedTuple):
    """A message type: who sends it, what it is, its fields (besides "type"), and
    (`one_of`) fields of which a message gives at least one."""

    name: str
    sender: str
    meaning: str
    fields: Tuple[Field, ...]
    one_of: Tuple[str, ...] = ()


def need(name: str, types: str, meaning: str, parts: Tuple[Field, ...] = ()) -> Field:
    return Field(name, types, True, meaning, parts)


def may(name: str, types: str, meaning: str, parts: Tuple[Field, ...] = (), pattern: Optional[str] = None) -> Field:
    return Field(name, types, False, meaning, parts, pattern)


PLY = need("ply", "integer", "the number of moves played in the match when it was sent")

# -- what a client sends ----------------------------------------------------------------------

LANG = r"[A-Za-z0-9-]{1,35}"

CLIENT_KINDS = (
    Kind("hello", CLIENT, "The first frame of a websocket, and only the first: who connects. No other frame "
         "is read before it, and a websocket whose first frame is no hello is told why and closed (code 4400).", (
             may("token", "string", "the seat's token (`POST /api/rooms/{ID}/seats` gave it); without it, or "
                 "with a token that is no seat of the room, the connection watches"),
             may("lang", "string", 'the language of the words this connection is sent, a language tag such as '
                 '"es" or "pt-BR": letters, digits and "-", at most 35', pattern=LANG),
         )),
    Kind("move", CLIENT, "A move of this seat, by its notation or by its index in the state's `legal_moves`.", (
        may("move", "string", 'the move\'s notation, such as "5e x 7c 3o"'),
        may("index", "integer", "the move at this index of the last state's `legal_moves`"),
        may("ply", "integer", 'the "ply" of the state the move was chosen from; a move of another ply is refused '
            'as stale, and one without "ply" is taken as chosen at the ply the match is at'),
    ), one_of=("move", "index")),
    Kind("state", CLIENT, "Asks for the whole state again.", ()),
    Kind("rematch", CLIENT, "A seat asks for a new match in the room, once this one is over.", ()),
    Kind("undo", CLIENT, "A seat asks to take back its last move and every move since, or answers another "
         "seat's request.", (
             may("agree", "boolean", "the answer to another seat's request (true agrees, false refuses); "
                 "without it, the seat asks"),
         )),
    Kind("ping", CLIENT, "Asks for a `pong`.", ()),
)

# -- what the server sends ------------------------------------------------------------------

NAME = need("name", "string null", "the name of the person sitting there, or null")
CONNECTED = need("connected", "boolean", "whether the seat has a connection now")
SEAT_INFO = (
    need("seat", "integer", "the seat's number, from 0"),
    NAME,
    need("bot", "string null", "the bot's spec, for a seat a bot plays, or null"),
    CONNECTED,
)
EVENT = (
    need("kind", "string", "what happened: the engine's `Event.kind` (move, escoba, trick, cachette, "
         "last_cards, opening_capture, dealt, deal_scored, match_over)"),
    may("seat", "integer", "the seat it happened to"),
    may("side", "integer", "the side it happened to"),
    may("points", "integer", "the points it made"),
    may("move", "string", "the move's notation"),
    may("cards", "array", "the cards it carries that this receiver may know"),
    may("hidden", "integer", "how many cards it carries that this receiver may not know, left out of `cards`"),
    may("deal", "object", "the deal scored: `DealResult.to_dict()` with the piles given by their sizes "
        "(`pile_sizes`)"),
)
PLAYED_FIELDS = (
    PLY,
    need("seat", "integer", "the seat that moved"),
    need("stand_in", "boolean", "true when the server's stand-in bot moved for a seat out of time"),
    need("events", "array", "what the move made happen, in order", EVENT),
)
REVIEWED_MOVE = (
    need("number", "integer", "the move's number in the match, from 1"),
    need("deal", "integer", "the deal it was played in"),
    need("move", "string", "the move played"),
    need("legal", "integer", "how many moves were legal"),
    need("value", "number null", "the value of the move played, points a deal for the mover's side"),
    need("best", "string null", "the best move found"),
    need("best_value", "number null", "the value of the best move found"),
    need("lost", "number null", "what the move gave up against the best one"),
    need("kind", "string", 'its class: "", "forced", "inaccuracy", "mistake" or "blunder"'),
)

SERVER_KINDS = (
    Kind("state", SERVER, "The whole state for this connection: on connecting, after every move, and when asked.", (
        PLY,
        need("room", "string", "the room's id"),
        need("match", "integer", "the match's number in the room, from 0"),
        need("seat", "integer null", "this connection's seat, or null for a spectator"),
        need("view", "object", "what this seat sees: `game.observation(seat)`; a spectator's is what every seat "
             'shares, without a hand and with "seat" null'),
        need("seats", "array", "every seat of the room", SEAT_INFO),
        need("waiting", "array", "the free seats the room waits for before its first move ([] once every seat "
             "is taken)"),
        need("timer", "number null", "the seconds a seat has for a move, or null"),
        need("time_left", "number null", "the seconds the seat to act has left, or null"),
        need("undo", "string", 'the room\'s undo mode: "consent", "practice" or "off"'),
        may("legal_moves", "array", "the moves' notation, in `legal_moves()` order, when this seat must move"),
    )),
    Kind("log", SERVER, "On connecting, before the first `state`: the story of the match in play as this "
         "connection's viewpoint was told it.", (
             PLY,
             need("match", "integer", "the match's number in the room"),
             need("from", "integer", "the ply of the first move told (1 unless the match is past the log's "
                  "limit)"),
             need("played", "array", "the `played` message of each move, oldest first, as it was sent live",
                  (need("type", "string", '"played"'),) + PLAYED_FIELDS),
         )),
    Kind("played", SERVER, "What a move made happen, before the new `state`.", PLAYED_FIELDS),
    Kind("seat", SERVER, "Someone sat down, connected or dropped.", (
        PLY,
        need("seat", "integer", "the seat"),
        NAME,
        CONNECTED,
    )),
    Kind("timeout", SERVER, "A seat ran out of time; the stand-in's move follows as a `played`.", (
        PLY,
        need("seat", "integer", "the seat out of time"),
    )),
    Kind("rematch", SERVER, "A seat started a new match in the room; its `state` follows.", (
        PLY,
        need("match", "integer", "the new match's number"),
        need("seat", "integer", "the seat that asked for it"),
    )),
    Kind("undo", SERVER, "Where an undo stands, to every connection.", (
        PLY,
        need("status", "string", '"asked", "agreed", "refused", "lapsed", "done" or "failed"'),
        need("asked_by", "integer", "the seat that asked"),
        need("back_to", "integer", "the ply the match goes back to"),
        need("waiting", "array", "the seats whose answer is still awaited"),
        may("seat", "integer", 'who answered (with "agreed" and "refused")'),
    )),
    Kind("review", SERVER, "Once the match is over, to each connection of a seat a person holds: the review of "
         "its moves.", (
             PLY,
             need("match", "integer", "the match reviewed"),
             need("seat", "integer", "the seat whose moves these are"),
             need("status", "string", '"ready", or "failed" with a `message`'),
             may("message", "string", "why there is no review"),
             may("bot", "string", "the search that valued the moves"),
             may("thresholds", "object", "what a move gives up to be an inaccuracy, a mistake, a blunder"),
             may("moves", "array", "this seat's moves", REVIEWED_MOVE),
             may("worst", "array", "the numbers of its costliest moves (at most 3)"),
             may("counts", "object", "how many of its moves are of each class"),
             may("average_lost", "number null", "what a move gave up on average"),
             may("forced", "integer", "how many of its moves had no choice"),
             may("valued", "integer", "how many of its moves were valued"),
         )),
    Kind("error", SERVER, "A frame refused, to its sender alone: the room is unchanged.", (
        PLY,
        need("message", "string", "what was wrong"),
    )),
    Kind("pong", SERVER, "The answer to a `ping`.", (PLY,)),
)

KINDS: Dict[str, Dict[str, Kind]] = {
    CLIENT: {k.name: k for k in CLIENT_KINDS},
    SERVER: {k.name: k for k in SERVER_KINDS},
}


# What a client may send once its hello is read.
AFTER_HELLO = tuple(name for name in KINDS[CLIENT] if name != "hello")


class BadMessage(ValueError):
    """A message that is not as its entry says: the words say what was wrong."""


def shown(value: Any) -> str:
    """A client's value in a message: as JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "..."


def names(kinds: Sequence[str]) -> str:
    """"a, b or c"."""
    return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]


def a(name: str) -> str:
    """"a move", "an undo"."""
    return ("an " if name[0] in "aeiou" else "a ") + name


# The Python types of each JSON type (a bool is no integer nor number, though Python's
# bool is an int: it is told apart first).
PYTHON: Dict[str, Tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float),
                                       "boolean": (), "array": (list, tuple), "object": (dict,),
                                       "null": (type(None),)}


def _python(types: str) -> Tuple[Tuple[type, ...], bool]:
    """The Python types of `types` ("integer null"), and whether true and false are."""
    found = _PYTHON.get(types)
    if found is None:
        words = types.split()
        found = _PYTHON[types] = tuple(t for n in words for t in PYTHON[n]), "boolean" in words
    return found


_PYTHON: Dict[str, Tuple[Tuple[type, ...], bool]] = {}


def _is(value: Any, types: str) -> bool:
    allowed, bools = _python(types)
    return bools if value is True or value is False else isinstance(value, allowed)


def _listed(fields: Tuple[Field, ...]) -> FrozenSet[str]:
    """The names `fields` give, and "type" (kept by the tuple's id: the lists live as
    long as the module, and a tuple of fields is slow to hash)."""
    found = _LISTED.get(id(fields))
    if found is None:
        found = _LISTED[id(fields)] = frozenset(f.name for f in fields) | {"type"}
    return found


_LISTED: Dict[int, FrozenSet[str]] = {}


_MISSING = object()


def _fits(fields: Tuple[Field, ...], message: Any, strict: bool) -> bool:
    """Whether `message` is as `fields` say (`_check_fields` without the words: a message
    is built for each connection at each move, and most are right)."""
    if type(message) is not dict:
        return False
    for field in fields:
        value = message.get(field.name, _MISSING)
        if value is _MISSING:
            if field.required:
                return False
            continue
        allowed, bools = _PYTHON.get(field.types) or _python(field.types)
        if not (bools if value is True or value is False else isinstance(value, allowed)):
            return False
        if field.pattern is not None and not re.fullmatch(field.pattern, value):
            return False
        if field.parts:
            for item in value:
                if not _fits(field.parts, item, True):
                    return False
    if strict:
        listed = _listed(fields)
        for key in message:
            if key not in listed:
                return False
    return True


def brief(field: Field) -> str:
    """What a field means, in the words before the first ";"."""
    return field.meaning.split(";")[0]


def type_words(field: Field) -> str:
    return " or ".join(TYPE_WORDS[t] for t in field.types.split())


def _check_field(field: Field, value: Any, path: str) -> None:
    """`value` as `field` says; `path`: where the field is ("" at the top, "events[0].")."""
    if not _is(value, field.types):
        raise BadMessage(f'"{path}{field.name}" is {type_words(field)}, not {shown(value)} ({brief(field)})')
    if field.pattern is not None and isinstance(value, str) and not re.fullmatch(field.pattern, value):
        raise BadMessage(f'"{path}{field.name}" is {field.meaning}, not {shown(value)}')
    if field.parts and isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check_fields(field.parts, item, f"{path}{field.name}[{i}]", strict=True)


def _check_fields(fields: Tuple[Field, ...], message: Any, whose: str, strict: bool) -> None:
    """Each field of `message` (`whose`: "a move", or where it is inside one) as `fields`
    say; `strict`: a field they do not list is wrong too."""
    if not isinstance(message, Mapping):
        raise BadMessage(f"{whose} is an object, not {shown(message)}")
    path = "" if whose.startswith(("a ", "an ")) else whose + "."
    for field in fields:
        if field.name in message:
            _check_field(field, message[field.name], path)
        elif field.required:
            raise BadMessage(f'{whose} gives "{field.name}" ({brief(field)})')
    if strict:
        listed = {f.name for f in fields} | {"type"}
        extra = [json.dumps(k) for k in message if k not in listed]
        if extra:
            raise BadMessage(f"{whose} has no {names(extra)}: its fields are {names(sorted(listed))}")


def _check(fields: Tuple[Field, ...], message: Any, whose: str, strict: bool) -> None:
    """`message` as `fields` say, or a BadMessage with the words of what is wrong."""
    if not _fits(fields, message, strict):
        _check_fields(fields, message, whose, strict)
        raise BadMessage(f"{whose} is not as the list of messages has it")  # an object not a dict


def read(message: Any, sender: str = CLIENT, expected: Sequence[str] = ()) -> Message:
    """`message` (parsed JSON) checked as a message `sender` sends; `expected`: the types
    it may be (all of the sender's by default). Refused with the words of what is wrong
    (BadMessage); fields not listed are passed over."""
    kinds = list(expected) or list(KINDS[sender])
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BadMessage(f'a message is a JSON object with a "type": {names(kinds)}')
    kind = KINDS[sender].get(message["type"])
    if kind is None:
        raise BadMessage(f"unknown message type {shown(message['type'])}: send {names(kinds)}")
    if kind.name not in kinds:
        raise BadMessage(f"{a(kind.name)} is not sent here: send {names(kinds)}")
    _check(kind.fields, message, a(kind.name), strict=False)
    if kind.one_of and not any(name in message for name in kind.one_of):
        given = {f.name: f for f in kind.fields}
        raise BadMessage(f"{a(kind.name)} gives " + " or ".join(f'"{n}" ({brief(given[n])})' for n in kind.one_of))
    return message


def build(kind: str, sender: str = SERVER, /, **fields: Any) -> Message:
    """The message of type `kind` with these fields, checked against its entry: a field
    it does not list, or of the wrong type, is a BadMessage (a bug where it is made)."""
    entry = KINDS[sender].get(kind)
    if entry is None:
        raise BadMessage(f"no {sender} message has the type {kind!r}")
    message: Message = {"type": kind, **fields}
    _check(entry.fields, message, f"{a(kind)} message", strict=True)
    return message


def heard(message: Any) -> Optional[Message]:
    """A message from the server as a client reads it: checked against its entry, or
    None for a type this list does not know (a newer server's: passed over)."""
    if isinstance(message, dict) and message.get("type") not in KINDS[SERVER]:
        return None
    return read(message, SERVER)
