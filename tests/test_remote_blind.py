"""The remote bot (quinza.server.client.Seat) is blind to the cards its seat cannot see
(docs/howto/run-a-server.md "Remote bots"): fed the messages a seat receives, built as the server builds them
(quinza.server.wire), from two games that differ only in the cards that seat cannot see,
it is given the same world and chooses the same move, for the built-in bots and both
families. And in the fifteen family its world holds the moves of the round in play."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Tuple

import pytest

pytest.importorskip("starlette")  # quinza.server is the server extra

from quinza.server.client import Seat  # noqa: E402
from quinza.server.messages import build  # noqa: E402
from quinza.server.wire import cards_in, played_message, shown_cards, view_of  # noqa: E402

from .conftest import redeal, replays  # noqa: E402

Message = Dict[str, Any]


def on_wire(message: Message) -> Message:
    """A message as the client reads it: JSON text read back."""
    read: Message = json.loads(json.dumps(message, ensure_ascii=False))
    return read


def state_message(game: Any, seat: int, ply: int) -> Message:
    """A "state" for `seat` as the room builds one (Room.state: every field the list of
    messages gives it, which the client checks)."""
    mine = {"legal_moves": [str(m) for m in game.legal_moves()]} if game.turn == seat else {}
    seats = [{"seat": s, "name": f"p{s}", "bot": None, "connected": True} for s in range(game.rules.players)]
    return on_wire(build("state", ply=ply, room="r", match=0, seat=seat, view=view_of(game, seat), seats=seats,
                         waiting=[], timer=None, time_left=None, undo="consent", **mine))


def told(game: Any, seat: int, move: str, ply: int) -> List[Message]:
    """`move` played, and what `seat` is sent of it (as Room.play sends it): the "played"
    message with the cards its views before and after show, then the state."""
    before = cards_in(view_of(game, seat))
    mover = game.turn
    events = game.play(move)
    known = before | cards_in(view_of(game, seat)) | shown_cards(events)
    return [on_wire(played_message(ply, mover, events, known, False)), state_message(game, seat, ply)]


class Match:
    """A match played at random from its start until `seat` is to move after at least
    `plies` moves: the messages `seat` was sent, the moves (seat, notation), and the start
    of the round in play (its ply, the game's JSON then, the messages sent by then)."""

    def __init__(self, q: Any, rules: Any, seed: int, seat: int, plies: int) -> None:
        self.game = game = q.Game(rules, seed=seed)
        self.seat = seat
        rng = random.Random(seed)
        self.messages = [state_message(game, seat, 0)]
        self.moves: List[Tuple[int, str]] = []
        self.start: Tuple[int, str, int] = (0, game.to_json(), 1)
        while len(self.moves) < plies or game.turn != seat:
            mover, move = game.turn, str(rng.choice(game.legal_moves()))
            self.moves.append((mover, move))
            self.messages += told(game, seat, move, len(self.moves))
            if any(e["kind"] == "dealt" for e in self.messages[-2]["events"]):
                self.start = (len(self.moves), game.to_json(), len(self.messages))

    def twin(self, q: Any, seed: int) -> Tuple[Any, List[Message]]:
        """The same match for `seat`, the cards it cannot see dealt otherwise: the hidden
        cards now dealt again (conftest.redeal: consistent with what the seat saw), the
        round in play played from its start on the hands that gives, each seat holding
        the cards it played since. Its messages: the same until the round's start (the
        seat saw nothing else then), then those of the twin's moves."""
        game, deck = self.game, self.game.rules.deck
        now = json.loads(redeal(q, game, self.seat, seed).to_json())
        ply, start_json, sent = self.start
        start = json.loads(start_json)
        hands = [list(h) for h in now["hands"]]
        for mover, move in self.moves[ply:]:
            card = q.Move.parse(move, deck=deck).card
            if card is not None:
                hands[mover].append(str(card))
        start["hands"] = [sorted(h, key=lambda c: q.Card(c, deck).id) for h in hands]
        start["stock"] = now["stock"]  # no hands are dealt within a round
        twin = q.Game.from_json(json.dumps(start))
        messages = self.messages[:sent]
        for i, (_, move) in enumerate(self.moves[ply:]):
            messages += told(twin, self.seat, move, ply + 1 + i)
        return twin, messages


def hidden(game: Any, seat: int) -> Any:
    state = json.loads(game.to_json())
    return [h for s, h in enumerate(state["hands"]) if s != seat], state["stock"]


def fail(text: str) -> None:
    pytest.fail(f"the client said: {text}")


def seat_choice(q: Any, messages: List[Message], kind: str, params: Dict[str, Any]) -> Tuple[str, str]:
    """The move a remote bot `kind` chooses having heard `messages`, and the world it was given."""
    bot = q.bot(kind, seed=7, **params)
    worlds: List[str] = []

    def recorded(world: Any) -> Any:
        worlds.append(world.to_json())
        return bot(world)

    seat = Seat(q, recorded, 3, fail)
    for message in messages:
        seat.hear(message)
    return seat.choose(messages[-1]), worlds[0]


GAMES = [("escoba", 2), ("quinza", 3), ("escoba", 4), ("quinte", 4)]
BOTS = [("greedy", {}), ("pimc", {"worlds": 4}), ("ismcts", {"iterations": 40})]


@pytest.mark.parametrize("kind,params", BOTS, ids=[b for b, _ in BOTS])
@pytest.mark.parametrize("name,players", GAMES)
def test_the_remote_bot_cannot_tell_games_apart_by_the_cards_it_cannot_see(
        q: Any, name: str, players: int, kind: str, params: Dict[str, Any]) -> None:
    rules = q.Rules(name, players=players, target=10**6)
    differed = 0
    for seed, plies in ((1, 2), (2, 9), (3, 30), (4, 70)):  # bids, tricks, a later deal
        seat = seed % players
        match = Match(q, rules, seed, seat, plies)
        twin, messages = match.twin(q, seed)
        assert twin.observation(seat) == match.game.observation(seat)
        differed += hidden(twin, seat) != hidden(match.game, seat)
        assert seat_choice(q, match.messages, kind, params) == seat_choice(q, messages, kind, params)
    assert differed  # the test has teeth: the twins' hidden cards are dealt otherwise


def moves_of(world: Any) -> List[Tuple[int, str]]:
    return [(e.seat, str(e.move)) for e in world.history if e.kind == "move"]


@pytest.mark.parametrize("name,players", [("escoba", 2), ("quinza", 3), ("rb3ine", 4)])
def test_the_world_is_the_round_in_play_played_again(q: Any, name: str, players: int) -> None:
    for seed in range(1, 6):
        match = Match(q, q.Rules(name, players=players, target=10**6), seed, 0, 3 * seed)
        worlds: List[Any] = []
        told_all, told_now = (Seat(q, lambda w: worlds.append(w) or w.legal_moves()[0], 1, fail) for _ in "ab")
        for message in match.messages:
            told_all.hear(message)
        told_now.hear(match.messages[-1])  # a seat that came back mid-round
        for seat in (told_all, told_now):
            seat.choose(match.messages[-1])
        replayed, position = worlds
        for world in worlds:
            assert world.observation(0) == match.game.observation(0)
        assert moves_of(replayed) == match.moves[match.start[0]:]
        assert moves_of(position) == []


@pytest.mark.parametrize("name,players,seed", [("escoba", 2, 0), ("escoba", 2, 3), ("escoba", 4, 1), ("quinza", 3, 1)])
def test_every_round_of_a_match_is_played_again(q: Any, name: str, players: int, seed: int) -> None:
    """Through deals' ends (and escoba's opening captures, the table after them), each
    world of a seat told everything holds the moves since hands were last dealt."""
    game = q.Game(q.Rules(name, players=players, target=10**6), seed=seed)
    rng = random.Random(seed)
    worlds: List[Any] = []
    seat = Seat(q, lambda w: worlds.append(w) or w.legal_moves()[0], 1, fail)
    state = state_message(game, 0, 0)
    seat.hear(state)
    since: List[Tuple[int, str]] = []
    kinds = {e.kind for e in game.start_events}
    for ply in range(1, 200):
        if "legal_moves" in state:
            seat.choose(state)
            assert moves_of(worlds[-1]) == since
            assert worlds[-1].observation(0) == game.observation(0)
        mover, move = game.turn, str(rng.choice(game.legal_moves()))
        played, state = told(game, 0, move, ply)
        seat.hear(played)
        seat.hear(state)
        events = {e["kind"] for e in played["events"]}
        since = [] if "dealt" in events else since + [(mover, move)]
        kinds |= events
    assert {"deal_scored", "dealt"} <= kinds and (name != "escoba" or "opening_capture" in kinds)


def test_a_round_that_does_not_play_again_falls_back_to_the_position_and_says_so_once(q: Any) -> None:
    match = Match(q, q.Rules("escoba", target=10**6), 4, 0, 3)
    assert match.moves[match.start[0]:]
    start = match.messages[match.start[2] - 1]
    start["view"]["table"] = start["view"]["table"][1:]  # the round's start misheard
    said: List[str] = []
    worlds: List[Any] = []
    seat = Seat(q, lambda w: worlds.append(w) or w.legal_moves()[0], 1, said.append)
    for message in match.messages:
        seat.hear(message)
    seat.choose(match.messages[-1])
    seat.choose(match.messages[-1])
    assert len(said) == 1 and "could not be played again" in said[0]
    assert all(w.observation(0) == match.game.observation(0) and moves_of(w) == [] for w in worlds)


def test_an_undone_move_is_forgotten(q: Any) -> None:
    """A state of an earlier ply (sent after an undo) drops what was heard after it."""
    match = Match(q, q.Rules("escoba", target=10**6), 5, 0, 4)
    ply, start = len(match.moves), match.start[0]
    assert ply > start + 1
    seat = Seat(q, lambda w: w.legal_moves()[0], 1, fail)
    for message in match.messages:
        seat.hear(message)
    assert seat.heard.round_in_play(ply) is not None
    back = [m for m in match.messages if m["type"] == "state" and m["ply"] == start + 1][0]
    seat.hear(back)
    assert seat.heard.round_in_play(ply) is None  # the moves after it are gone until told again
    heard = seat.heard.round_in_play(start + 1)
    assert heard is not None and heard[1] == match.moves[start:start + 1]


def test_a_quinte_world_keeps_the_voids_the_play_showed(q: Any) -> None:
    """Every hidden card of a remote quinte world is where the play allows it: the deal
    could have been played as it was with these hands and this cachette (`replays`)."""
    from quinza.server.worlds import world

    checked = 0
    for seed in range(12):
        g = q.Game(q.Rules("quinte", target=10**6), seed=seed)
        rng = random.Random(seed)
        while g.deal_number == 1 and len(g.played) < 36:
            g.play(rng.choice(g.legal_moves()))
        seat = g.turn
        for draw in range(3):
            w = world(q, json.loads(json.dumps(view_of(g, seat))), random.Random(draw))
            state = json.loads(w.to_json())
            assert w.observation(seat) == g.observation(seat)
            assert replays(g, state["hands"], state["stock"]), (seed, draw)
            checked += 1
    assert checked == 36
