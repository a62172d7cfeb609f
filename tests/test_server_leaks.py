"""Nothing hidden on the wire (docs/reference/wire.md "Security model"): whole matches of escoba
(2 and 4 players) and quinte, some seats played by the test with random moves, others by
the server's bots, and a spectator. Every frame each receiver got is scanned for cards:
each must be one that receiver could see at that ply. What it could see is worked out
here from its own observation (before and after the move the frame tells) and the move
itself, never from the whole game."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .leak_util import allowed_by_ply, card_texts, leaks, visible
from .server_util import Message, client, create, is_state, join, joined, over, to_move, until

import quinza  # noqa: E402

MATCHES = [
    ("escoba", 2, [0, 1], {}),
    ("escoba", 4, [0, 1], {"2": "random", "3": "greedy"}),
    ("quinte", 4, [0, 3], {"1": "random", "2": "greedy"}),
]


Frames = Dict[Optional[int], List[Message]]  # by receiver: a seat, or None for the spectator


def played_match(rules: str, players: int, people: List[int], bots: Dict[str, str], rng: random.Random,
                 target: Optional[int] = None, reconnect: float = 0.0, undo: Optional[str] = None,
                 ask: float = 0.0) -> Tuple[Frames, str]:
    """A whole match on the server, `people` played by the test at random (each, before a
    move, reconnecting with chance `reconnect`, and asking to undo with chance `ask` in a
    room of that `undo` mode), the other seats by `bots` or taken by someone who never
    connects (with a short timer, the stand-in moves for them, and for a person too slow), and a spectator: the
    frames each receiver got, and the match record."""
    body: Dict[str, Any] = {"players": players, "bots": bots}
    if undo is not None:
        body["undo"] = undo
    if target is not None:
        body["target"] = target
    if len(people) + len(bots) < players:
        body["timer"] = 0.2
    with client() as c:
        room = create(c, rules, **body)
        tokens = {s: join(c, room, f"p{s}", s) for s in people}
        for s in range(players):  # a room waits for every seat: the others sit and stay away
            if s not in people and str(s) not in bots:
                join(c, room, f"away{s}", s)
        frames: Dict[Optional[int], List[Message]] = {s: [] for s in [*people, None]}
        restored = 0  # connections that came in mid-match
        with contextlib.ExitStack() as watching:
            spectator = watching.enter_context(joined(c, f"/ws/{room}"))
            sockets = {s: joined(c, f"/ws/{room}", tokens[s]).__enter__() for s in people}
            try:
                while True:  # the spectator sees every state; the seat to move moves
                    came = rng.random() < reconnect / 2
                    if came:  # another spectator comes: its log, and the whole state
                        spectator = watching.enter_context(joined(c, f"/ws/{room}"))
                    state = until(spectator, is_state, frames[None])
                    restored += came and state["ply"] > 0
                    if over(state):
                        break
                    turn = state["view"]["turn"]
                    if turn in sockets:
                        if rng.random() < reconnect:  # the seat drops and comes back: the whole state, and its log
                            restored += state["ply"] > 0
                            sockets[turn].__exit__(None, None, None)
                            sockets[turn] = joined(c, f"/ws/{room}", tokens[turn]).__enter__()
                        m = until(sockets[turn], lambda m: to_move(m) and m["ply"] == state["ply"], frames[turn])
                        if rng.random() < ask:  # taken back (the spectator's next state tells it), or refused
                            sockets[turn].send_json({"type": "undo"})
                            told = until(sockets[turn], lambda m: m["type"] in ("undo", "error"), frames[turn])
                            if told["type"] == "undo":
                                continue
                        sockets[turn].send_json({"type": "move", "index": rng.randrange(len(m["legal_moves"]))})
                for s, ws in sockets.items():
                    until(ws, over, frames[s])
            finally:
                for ws in sockets.values():
                    ws.__exit__(None, None, None)
        record = c.get(f"/api/rooms/{room}/record").text
    logs = [m for got in frames.values() for m in got if m["type"] == "log" and m["played"]]
    assert len(logs) >= restored  # each restored log is among the frames scanned
    return frames, record


def scanned_match(rules: str, players: int, people: List[int], bots: Dict[str, str], rng: random.Random,
                  target: Optional[int] = None, reconnect: float = 0.0) -> None:
    """A whole match (`played_match`); then every frame each receiver got is scanned."""
    deck = "quinte" if rules == "quinte" else "baraja"
    frames, record = played_match(rules, players, people, bots, rng, target, reconnect)
    checked = 0
    for seat, got in frames.items():
        allowed = allowed_by_ply(record, seat)
        assert got and got[-1]["ply"] == len(allowed) - 1
        assert leaks(got, allowed, deck) == [], seat
        checked += sum(1 for m in got for _ in card_texts(m, deck))
    assert checked > 0
    # The scan can fail: another seat's hand at the start is caught.
    hidden = quinza.Game.from_json(quinza.Game.from_record(record).start_json()).observation(1)["hand"][0]
    assert leaks([{"type": "state", "ply": 0, "view": {"cards": [hidden]}}], allowed_by_ply(record, 0), deck)
    assert leaks([{"type": "played", "ply": 0, "move": f"{hidden} x 1o"}], allowed_by_ply(record, None), deck)
    told = {"type": "played", "ply": 0, "events": [{"kind": "move", "move": hidden}]}
    assert leaks([{"type": "log", "ply": 3, "played": [told]}], allowed_by_ply(record, 0), deck)


@pytest.mark.parametrize("rules, players, people, bots", MATCHES, ids=["escoba-2", "escoba-4", "quinte"])
def test_no_frame_holds_a_card_its_receiver_cannot_see(rules: str, players: int, people: List[int],
                                                       bots: Dict[str, str]) -> None:
    scanned_match(rules, players, people, bots, random.Random(players), reconnect=0.1)


GAMES = [(r["name"], n) for r in quinza.rule_sets() for n in r["players"]]
SHORT = {"quinza": 1, "rb3ine": 1, "escoba": 1, "quinte": 1}  # one deal or so: many matches, each short


@settings(max_examples=24)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.sampled_from(["random", "greedy", "pimc:worlds=2", None]))
def test_random_matches_of_every_rule_set_and_player_count_send_no_hidden_card(game: Any, seed: int,
                                                                              bot: Optional[str]) -> None:
    """Seats at random: people (reconnecting now and then), a bot, or taken by one who stays away (the stand-in
    moves when its time is out)."""
    rules, players = game
    rng = random.Random(seed)
    people = sorted(rng.sample(range(players), rng.randint(1, players)))
    others = [s for s in range(players) if s not in people]
    bots = {str(s): bot for s in others if bot is not None and rng.random() < 0.8}
    scanned_match(rules, players, people, bots, rng, target=SHORT[rules], reconnect=0.1)


def leaks_through_undos(frames: List[Message], record: str, seat: Optional[int], deck: str) -> Tuple[List[str], int]:
    """The cards in `frames` (all a receiver got, in order) that the receiver was never
    shown, in a match with takebacks: the match is followed as the frames tell it (each
    `played` move, each `done` undo back to its ply), and what the receiver may know is
    every card its view showed so far and every move's cards, taken back or not (a card
    played face up and taken back was seen). Also the number of undos done."""
    end = quinza.Game.from_record(record)
    game = quinza.Game.from_json(end.start_json())
    viewer = 0 if seat is None else seat
    known, ply, undos, found = visible(game.observation(viewer), seat), 0, 0, []
    # A connection's first frame is its log: the moves made before it came, told again.
    told = [p for m in frames[:1] for p in (m["played"] if m["type"] == "log" else [m])] + frames[1:]
    for m in told:
        if m["type"] == "played":
            move = next(e["move"] for e in m["events"] if e["kind"] == "move")
            taken = {str(c) for e in game.play(move) if e.kind == "cachette" for c in e.cards}
            ply += 1
            known |= visible(game.observation(viewer), seat) | set(card_texts(move, deck)) | taken
        elif m["type"] == "undo" and m["status"] == "done":
            while ply > m["back_to"]:
                game.undo()
                ply -= 1
            undos += 1
            known |= visible(game.observation(viewer), seat)
        assert m["ply"] == ply, m
        found += [f"{card} at ply {ply} in {json.dumps(m)[:200]}" for card in card_texts(m, deck) if card not in known]
    return found, undos


PRACTICE = [
    ("escoba", 2, [0], {"1": "greedy"}),
    ("quinte", 4, [0], {"1": "random", "2": "greedy", "3": "random"}),
]


@pytest.mark.parametrize("rules, players, people, bots", PRACTICE, ids=["escoba-2", "quinte"])
def test_in_practice_rooms_a_takeback_against_bots_shows_no_card_never_seen(
        rules: str, players: int, people: List[int], bots: Dict[str, str]) -> None:
    """A person takes moves back against the bots now and then: the bots' cards played and
    taken back were seen face up; no other card may reach anyone."""
    deck = "quinte" if rules == "quinte" else "baraja"
    frames, record = played_match(rules, players, people, bots, random.Random(players), undo="practice", ask=0.3)
    undos = 0
    for seat, got in frames.items():
        found, done = leaks_through_undos(got, record, seat, deck)
        assert found == [], seat
        undos = max(undos, done)
    assert undos > 0  # the takebacks happened
    # The scan can fail: a card of another seat's hand at the start, before it is shown.
    hidden = quinza.Game.from_json(quinza.Game.from_record(record).start_json()).observation(1)["hand"][0]
    assert leaks_through_undos([{"type": "state", "ply": 0, "view": {"cards": [hidden]}}], record, 0, deck)[0]
