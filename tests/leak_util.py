"""What a receiver of the server's frames may see, worked out from its own observation
(before and after each move) and the move itself, never from the whole game; and the scan
of frames for any other card (tests/test_server_leaks.py, tests/test_server_cluster.py)."""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Iterable, List, Optional, Set

import quinza

Message = Dict[str, Any]

CARD = {
    "baraja": re.compile(r"(1[0-2]|[1-7])[oceb]\Z"),
    "quinte": re.compile(r"((10|[2-9]|[JQKA])[hdsc]|JK)\Z"),
}


def card_texts(value: Any, deck: str) -> Iterable[str]:
    """Every card in a frame: a JSON string that is a card, or a word of one (a move's
    notation "5e x 7c 3o")."""
    if isinstance(value, str):
        yield from (w for w in value.split() if CARD[deck].match(w))
    elif isinstance(value, dict):
        for v in value.values():
            yield from card_texts(v, deck)
    elif isinstance(value, list):
        for v in value:
            yield from card_texts(v, deck)


def visible(obs: Dict[str, Any], seat: Optional[int]) -> Set[str]:
    """The cards an observation shows face up, and the hand for a seat (None: a spectator)."""
    cards = set(obs.get("table", [])) | set(obs.get("played", []))
    cards |= {c for pile in obs["piles"] for c in pile}
    cards |= {c for _, c in obs.get("trick", [])}
    if seat is not None:
        cards |= set(obs["hand"])
    return cards


def allowed_by_ply(record: str, seat: Optional[int]) -> List[Set[str]]:
    """For each ply, the cards `seat` (or a spectator) may have been told of by then: what
    its view showed before and after the move, and what the move showed everyone."""
    end = quinza.Game.from_record(record)
    game = quinza.Game.from_json(end.start_json())
    moves = [e.move for e in end.history if e.kind == "move"]
    viewer = 0 if seat is None else seat
    seen = [visible(game.observation(viewer), seat)]
    allowed = [set(seen[0])]
    for move in moves:
        shown = {str(c) for c in move.captures} | ({str(move.card)} if move.card is not None else set())
        # quinte: the cachette the last trick takes is turned up (docs/reference/wire.md "Security model")
        shown |= {str(c) for e in game.play(move) if e.kind == "cachette" for c in e.cards}
        seen.append(visible(game.observation(viewer), seat))
        allowed.append(seen[-2] | seen[-1] | shown)
    return allowed


def leaks(frames: List[Message], allowed: List[Set[str]], deck: str) -> List[str]:
    """The cards of `frames` not allowed at their ply. A log (the story told again to a
    connection that comes in) is scanned as the `played` messages it holds, each at its
    own ply, and must not tell a ply to come."""
    found = []
    for m in frames:
        if m["type"] == "log":
            assert all(p["ply"] <= m["ply"] for p in m["played"]), m
            found += leaks(m["played"], allowed, deck)
            m = {k: v for k, v in m.items() if k != "played"}
        for card in card_texts(m, deck):
            if card not in allowed[m["ply"]]:
                found.append(f"{card} at ply {m['ply']} in {json.dumps(m)[:200]}")
    return found
