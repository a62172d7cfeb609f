"""Match records (docs/reference/json.md "Match records"): a whole match as text, in the spirit of
PGN, written and read once here for both backends.

This module imports neither backend: it works over the public API of the `Game` class
(and its `Rules`) it is handed: `Game(rules, seed)`, `from_json`, `play`, `history`,
`start_json`, `seed` and the text of a `Move`. So both backends write the same bytes.

A record is lines: `;` comments, `[Key value]` headers (the value is one JSON value), then
the moves, deal by deal: a line `deal N dealer D` where each deal begins, then one line
per move, the seat and the move's text (`1 7o x 3c 5e`). Writing is pure Python: a
record is written once per match kept, never on the simulation path, so the core does
not need to.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._jsontext import loads
from ._words import quoted

FORMAT = "quinza-record"
VERSION = 1
UNFINISHED = "unfinished"
DRAW = "draw"

TITLE = f'; quinza match record, format {VERSION} (docs/reference/json.md "Match records")'
# What the record tells beyond the moves: every card, because the seed (or the start
# position with its generator) deals them all. The header says so.
HIDDEN_SEED = "; the seed deals every card: this record shows all hands to whoever replays it"
HIDDEN_POSITION = (
    "; the start position holds every hand and the stock, and its generator deals the later deals: "
    "this record shows all hands to whoever replays it"
)

# Headers that are not options of the rule set, in the order they are written.
KNOWN = ("Format", "Version", "Rules", "Seed", "Position", "Seat0", "Seat1", "Seat2", "Seat3", "Date",
         "Result", "Scores")
_HEADER = re.compile(r"\[([A-Za-z][A-Za-z0-9_]*) (.*)\]")
_OPTION = re.compile(r"[a-z][a-z0-9_]*")
_DEAL = re.compile(r"deal ([0-9]+) dealer ([0-9]+)")
_MOVE = re.compile(r"([0-9]+) +(\S.*)")


# -- writing ----------------------------------------------------------------------------------


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def result_text(game: Any) -> str:
    """The Result header of a game: "side N wins", "draw" or "unfinished"."""
    if not game.is_over:
        return UNFINISHED
    return DRAW if game.winner is None else f"side {game.winner} wins"


def _players(players: Any, seats: int) -> List[str]:
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise ValueError(f"players must be a list of {seats} names, one per seat, not {quoted(players)}")
    names = [str(p) for p in players]
    if len(names) != seats:
        raise ValueError(f"players must be a list of {seats} names, one per seat, not {len(names)}")
    return names


def _date(date: Any) -> str:
    if isinstance(date, str):
        return date
    if isinstance(date, datetime.date):
        return date.isoformat()
    raise ValueError(f"date must be a text or a datetime.date, not {quoted(date)}")


def _points(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def record(game: Any, players: Any = None, date: Any = None) -> str:
    """`game.record(players, date)`: the record text of `game` (docs/reference/json.md "Match records")."""
    rules = game.rules
    names = None if players is None else _players(players, rules.players)
    day = None if date is None else _date(date)
    start = game.start_json()
    seed = game.seed
    # A match dealt from its seed says just the seed; any other start (a position, a game
    # read from JSON) carries its JSON.
    dealt = seed is not None and type(game)(rules, seed).to_json() == start
    lines = [TITLE, HIDDEN_SEED if dealt else HIDDEN_POSITION]
    spec = rules.to_dict()
    head: List[Tuple[str, str]] = [("Format", _value(FORMAT)), ("Version", _value(VERSION)),
                                   ("Rules", _value(spec["name"]))]
    head += [(key, _value(value)) for key, value in spec.items() if key != "name"]
    head.append(("Seed", _value(seed)) if dealt else ("Position", start))
    head += [(f"Seat{i}", _value(name)) for i, name in enumerate(names or ())]
    if day is not None:
        head.append(("Date", _value(day)))
    head += [("Result", _value(result_text(game))), ("Scores", _value(list(game.scores)))]
    lines += [f"[{key} {value}]" for key, value in head]
    lines.append("")

    state = json.loads(start)
    deal_number, dealer = state["deal_number"], state["dealer"]
    if state["turn"] is not None:
        lines.append(f"deal {deal_number} dealer {dealer}")
    events = game.history
    begun = len(game.start_events)
    for i, e in enumerate(events):
        if e.kind == "move":
            lines.append(f"{e.seat} {e.move}")
        elif e.kind == "escoba":
            lines[-1] += " ; escoba"
        elif e.kind == "opening_capture":
            lines.append(f"; opening capture: the dealer, seat {e.seat}, takes the table, {e.points} escoba"
                         + ("s" if e.points != 1 else ""))
        elif e.kind == "deal_scored":
            lines.append(f"; deal {e.deal.deal_number} scored: points {_points(e.deal.points)}")
        elif e.kind == "match_over":
            lines.append("; match over: " + ("a draw" if e.side is None else f"side {e.side} wins"))
        elif e.kind == "dealt" and e.seat is not None and i >= begun:  # a new deal (not a refill)
            deal_number = min(deal_number + 1, 2**64 - 1)
            lines.append(f"deal {deal_number} dealer {e.seat}")
    return "\n".join(lines) + "\n"


# -- reading ----------------------------------------------------------------------------------


def _at(line: int, message: str) -> ValueError:
    return ValueError(f"line {line}: {message}")


def from_record(cls: Any, rules_class: Any, text: Any) -> Any:
    """`cls.from_record(text)`: the game a record describes, replayed; `rules_class` is the
    backend's Rules."""
    if not isinstance(text, str):
        raise ValueError(f"a match record is text (a str), not {type(text).__name__}")
    lines = _lines(text)
    headers, first_move = _read_headers(lines)
    game, result = _start(cls, rules_class, headers, first_move)
    last = _replay(game, lines, first_move)
    _check_end(game, headers, result, last)
    return game


def _lines(text: str) -> List[str]:
    return [line.strip() for line in text.split("\n")]


def read_headers(text: str) -> Dict[str, Tuple[int, Any, str]]:
    """The headers of a record's text, checked as `from_record` checks them: key -> (line
    number, value, value text)."""
    return _read_headers(_lines(text))[0]


def seat_names(headers: Dict[str, Tuple[int, Any, str]], players: int) -> List[Optional[str]]:
    """Each seat's name in a record's headers (`read_headers`): its Seat header, or None."""
    return [headers[f"Seat{s}"][1] if f"Seat{s}" in headers else None for s in range(players)]


def record_start(cls: Any, rules_class: Any, text: str) -> Any:
    """The game a record starts from (its Seed's first deal, or its Position), before any
    of its moves: checked as `from_record` checks it."""
    lines = _lines(text)
    headers, first_move = _read_headers(lines)
    return _start(cls, rules_class, headers, first_move)[0]


def _read_headers(lines: List[str]) -> Tuple[Dict[str, Tuple[int, Any, str]], int]:
    """key -> (line number, value, value text), and the index of the first line after them."""
    headers: Dict[str, Tuple[int, Any, str]] = {}
    i = 0
    while i < len(lines):
        line, n = lines[i], i + 1
        if not line or line.startswith(";"):
            i += 1
            continue
        if not line.startswith("["):
            break
        match = _HEADER.fullmatch(line)
        if match is None:
            raise _at(n, f"bad header {quoted(line)}: write [Key value], the value in JSON, e.g. [Seed 7]")
        key, raw = match.group(1), match.group(2).strip()
        if key not in KNOWN and not _OPTION.fullmatch(key):
            raise _at(n, f"unknown header {quoted(key)}")
        if key in headers:
            raise _at(n, f"a second {key} header (the first is on line {headers[key][0]})")
        try:
            value = loads(raw)
        except ValueError as error:
            raise _at(n, f"the value of the {key} header is not JSON ({error})") from None
        headers[key] = (n, value, raw)
        i += 1
    end = max((h[0] for h in headers.values()), default=1)
    format_ = headers.get("Format")
    if format_ is None or format_[1] != FORMAT:
        where = format_[0] if format_ is not None else end
        raise _at(where, f'not a quinza match record: it needs the header [Format "{FORMAT}"]')
    for key in ("Version", "Rules", "Result"):
        if key not in headers:
            raise _at(end, f"the headers end without a {key} header")
    n, version, _ = headers["Version"]
    if version != VERSION:
        raise _at(n, f"record format version {quoted(version)} is not known: this quinza reads version {VERSION}")
    if ("Seed" in headers) == ("Position" in headers):
        raise _at(end, "a record starts from a Seed or from a Position: give exactly one of them")
    return headers, i


def _rules(rules_class: Any, headers: Dict[str, Tuple[int, Any, str]]) -> Any:
    """The Rules of the headers, built one header at a time so that an error names its line."""
    n, name, _ = headers["Rules"]
    if not isinstance(name, str):
        raise _at(n, f"the Rules header names a rule set, not {quoted(name)}")
    kwargs: Dict[str, Any] = {}
    try:
        rules = rules_class(name)
    except ValueError as error:
        raise _at(n, str(error)) from None
    order = ["players", "target"] + sorted(k for k in headers if _OPTION.fullmatch(k) and k not in ("players", "target"))
    for key in order:
        if key not in headers:
            continue
        n, value, _ = headers[key]
        kwargs[key] = value
        try:
            rules = rules_class(name, **kwargs)
        except (ValueError, TypeError) as error:
            raise _at(n, str(error)) from None
    return rules


def _start(cls: Any, rules_class: Any, headers: Dict[str, Tuple[int, Any, str]], first_move: int) -> Tuple[Any, str]:
    """The game the record starts from, and its Result header."""
    rules = _rules(rules_class, headers)
    for i in range(rules.players, 4):
        if f"Seat{i}" in headers:
            raise _at(headers[f"Seat{i}"][0], f"Seat{i} names no seat: {rules.name} here has {rules.players} players")
    for i in range(rules.players):
        if f"Seat{i}" in headers and not isinstance(headers[f"Seat{i}"][1], str):
            raise _at(headers[f"Seat{i}"][0], f"Seat{i} is a name (a JSON string)")
    if "Date" in headers and not isinstance(headers["Date"][1], str):
        raise _at(headers["Date"][0], "Date is a text (a JSON string)")
    n, result, _ = headers["Result"]
    if not isinstance(result, str) or not re.fullmatch(r"side [0-9] wins|draw|unfinished", result):
        raise _at(n, f"the Result is 'side N wins', 'draw' or 'unfinished', not {quoted(result)}")
    if "Seed" in headers:
        n, seed, _ = headers["Seed"]
        try:
            return cls(rules, seed), result
        except ValueError as error:
            raise _at(n, str(error)) from None
    n, _, raw = headers["Position"]
    try:
        game = cls.from_json(raw)
    except ValueError as error:
        raise _at(n, str(error)) from None
    if game.rules != rules:
        raise _at(n, f"the Position is a game of {game.rules!r}, but the headers say {rules!r}")
    return game, result


def _replay(game: Any, lines: List[str], first: int) -> int:
    """Play the record's moves on `game`; the number of the last line read."""
    deal_line = not game.is_over  # a deal line must come before the next move
    last = first
    for i in range(first, len(lines)):
        n = i + 1
        line = lines[i].split(";", 1)[0].strip()
        if not line:
            continue
        last = n
        if line.startswith("["):
            raise _at(n, "a header after the moves: the headers come first")
        deal = _DEAL.fullmatch(line)
        if deal is not None:
            _check_deal(game, n, int(deal.group(1)), int(deal.group(2)), deal_line)
            deal_line = False
            continue
        move = _MOVE.fullmatch(line)
        if move is None:
            raise _at(n, f"{quoted(line)} is no move line: write the seat and the move, e.g. '1 7o x 3c 5e', "
                         "or 'deal N dealer D'")
        seat, text = int(move.group(1)), move.group(2)
        if game.is_over:
            raise _at(n, f"a move after the match end (the moves before it end the match: {_end_text(game)})")
        if deal_line:
            raise _at(n, f"deal {game.deal_number} begins here: write 'deal {game.deal_number} dealer {game.dealer}' "
                         "before its moves")
        if seat != game.turn:
            raise _at(n, f"seat {seat} plays {quoted(text)}, but it is seat {game.turn}'s turn")
        try:
            events = game.play(text)
        except ValueError as error:
            if str(error).startswith("invalid move"):
                raise _at(n, f"unknown move {quoted(text)} of seat {seat}: {error}") from None
            raise _at(n, f"seat {seat} cannot play {text} here: {error}") from None
        deal_line = any(e.kind == "dealt" and e.seat is not None for e in events)
    return last


def _check_deal(game: Any, n: int, number: int, dealer: int, expected: bool) -> None:
    if game.is_over:
        raise _at(n, f"deal {number} after the match end ({_end_text(game)})")
    if not expected:
        if number == game.deal_number:
            raise _at(n, f"deal {number} has begun already")
        raise _at(n, f"deal {number} begins while deal {game.deal_number} is not over: deal {game.deal_number} "
                     "is cut short")
    if (number, dealer) != (game.deal_number, game.dealer):
        raise _at(n, f"this is deal {game.deal_number}, dealt by seat {game.dealer}, not deal {number} "
                     f"dealt by seat {dealer}")


def _end_text(game: Any) -> str:
    return "a draw" if game.winner is None else f"side {game.winner} wins"


def _check_end(game: Any, headers: Dict[str, Tuple[int, Any, str]], result: str, last: int) -> None:
    """The moves are all read: the Result and Scores headers must say what they gave."""
    n = headers["Result"][0]
    if not game.is_over and result != UNFINISHED:
        raise _at(last, f"the record ends in deal {game.deal_number} before the match is over, but its Result "
                        f"(line {n}) says {quoted(result)}: it is cut short")
    if game.is_over and result != result_text(game):
        raise _at(n, f"the Result says {quoted(result)}, but the moves end the match: {_end_text(game)}")
    if "Scores" in headers:
        n, scores, _ = headers["Scores"]
        if scores != list(game.scores) or not all(type(s) is int for s in scores):
            raise _at(n, f"the Scores header says {quoted(scores)}, but the moves give {list(game.scores)}")
