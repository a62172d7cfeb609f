"""The worlds a remote bot is given (quinza.server.client): games built on the client from
a seat's messages alone, which that seat cannot tell from the real game.

A world from the view (`world`): the seat's hand, the table or the trick, the piles, the
scores and everything else the `view` shows as it shows them, and every card the seat has
not seen (the others' hands, the stock or quinte's cachette) dealt at random in the sizes
the view gives. In quinte the bids and the cards played this deal (in play order) come
with it, and the hidden cards are dealt by `Game.world`, which keeps the voids the play
showed.

A world of the round in play (`Heard.world`, fifteen family): when the seat has been told
the whole round (the moves since the hands were last dealt: it was connected when they
were), the world is built at the round's start, each other seat holding the cards it has
played since, and the round's moves are played on it: ismcts fits its worlds to them
("Worlds fitted to the play", docs/reference/search.md). Otherwise, or when the replay does not
give the view now, the world from the view.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from ..engines import Engine
from .messages import Message, heard


def deck(api: Engine, rules: Any) -> List[str]:
    """Every card of the rules' deck, in id order: the ids `Card.from_id` takes."""
    cards: List[str] = []
    while True:
        try:
            cards.append(str(api.Card.from_id(len(cards), deck=rules.deck)))
        except ValueError:
            return cards


def _deal_hidden(api: Engine, rules: Any, view: Message, seen: Set[str], held: Mapping[int, Sequence[str]],
                 rng: random.Random) -> Tuple[List[List[str]], List[str]]:
    """The hands and the stock of a world of `view`: the seat's hand as the view shows it;
    each other seat's the cards it is known to hold (`held`), then cards not `seen`
    (which holds those), shuffled by `rng`, to its size in the view; the rest the stock."""
    pool = [c for c in deck(api, rules) if c not in seen]  # in id order: nothing of the real places
    rng.shuffle(pool)
    hands: List[List[str]] = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == view["seat"]:
            hands.append(list(view["hand"]))
            continue
        known = list(held.get(seat, ()))
        if len(known) > size:
            raise ValueError(f"seat {seat} is known to hold {len(known)} cards, more than its {size}")
        hands.append(known + pool[: size - len(known)])
        del pool[: size - len(known)]
    if len(pool) != view["stock"]:
        raise ValueError(f"the view does not add up: {len(pool)} unseen cards left for a stock of {view['stock']}")
    return hands, pool


def _piled(view: Message) -> Set[str]:
    return {c for pile in view["piles"] for c in pile}


def _position(api: Engine, rules: Any, view: Message, hands: List[List[str]], stock: List[str],
              rng: random.Random) -> Any:
    """The Game of `view`'s position with these hands and stock (quinte: cachette)."""
    common = dict(dealer=view["dealer"], turn=view["turn"], scores=view["scores"], piles=view["piles"],
                  last_capturer=view["last_capturer"], deal_number=view["deal_number"], seed=rng.getrandbits(63))
    if "trick" in view:  # played in tricks (quinte's family): the trick in progress, the bids
        return api.Game.from_position(rules, hands=hands, table=[card for _, card in view["trick"]], stock=stock,
                                      bids=[word for _, word in view["bids"]], quints=view["quints"],
                                      played=view["played"], **common)
    return api.Game.from_position(rules, hands=hands, table=view["table"], stock=stock, escobas=view["escobas"], **common)


def world(api: Engine, view: Message, rng: random.Random) -> Any:
    """A Game the seat of `view` cannot tell from the real one: what it sees as it is, every
    other card dealt from those it has not seen, at random by `rng`."""
    rules = api.Rules.from_dict(view["rules"])
    tricks = "trick" in view  # played in tricks: the trick in progress is in `played`
    shown = view["played"] if tricks else view["table"]
    hands, stock = _deal_hidden(api, rules, view, set(view["hand"]) | set(shown) | _piled(view), {}, rng)
    game = _position(api, rules, view, hands, stock, rng)
    if tricks:
        # The fill above may give a seat a suit it showed it has none of: the engine's
        # world deals the hidden cards again keeping the voids the play showed (it reads
        # them back from `played`), so no bot, a user's own included, sees a hand the
        # play rules out.
        return game.world(view["seat"], seed=rng.getrandbits(63))
    return game


def _as_sent(view: Mapping[str, Any]) -> Any:
    """A view as it reads back from the wire (JSON: tuples become lists)."""
    return json.loads(json.dumps(view))


def replayed(api: Engine, start: Message, moves: Sequence[Tuple[int, str]], rng: random.Random) -> Any:
    """A world at the round's start (`start`, the seat's view then) with the round's moves
    (seat, notation) played on it: each other seat's hand then holds the cards it has
    played since, and the other hidden cards are dealt at random by `rng`."""
    rules = api.Rules.from_dict(start["rules"])
    held: Dict[int, List[str]] = {}
    for seat, move in moves:
        if seat != start["seat"]:
            held.setdefault(seat, []).append(str(api.Move.parse(move).card))
    seen = set(start["hand"]) | set(start["table"]) | _piled(start) | {c for cards in held.values() for c in cards}
    hands, stock = _deal_hidden(api, rules, start, seen, held, rng)
    game = _position(api, rules, start, hands, stock, rng)
    for seat, move in moves:
        game.play(move, seat=seat)
    return game


class Heard:
    """What a seat has been told of the match in play, by ply: its views when hands were
    dealt (the match's start, and each move that dealt), and every move (seat, notation).
    A state of an earlier ply (an undo) forgets what came after it; a new match, all."""

    def __init__(self, api: Engine, rng: random.Random, say: Callable[[str], None]) -> None:
        self.api = api
        self.rng = rng
        self.say = say
        self.match: Any = None
        self.starts: Dict[int, Message] = {}  # ply -> the view when the round's hands were dealt
        self.moves: Dict[int, Tuple[int, str]] = {}  # ply -> (seat, move) of the move that made it
        self.dealt: Set[int] = set()  # the plies whose move dealt hands
        self.told_fallback = False

    def hear(self, frame: Any) -> Optional[Message]:
        """A frame from the server (parsed JSON), read as messages.py lists it: the
        message, or None for a type it does not know."""
        message = heard(frame)
        if message is None:
            return None
        kind = message["type"]
        if kind == "played":
            ply = message["ply"]
            kinds = [e["kind"] for e in message["events"]]
            self.moves[ply] = (message["seat"], message["events"][kinds.index("move")]["move"])
            if "dealt" in kinds:
                self.dealt.add(ply)
            else:
                self.dealt.discard(ply)
        elif kind == "state":
            ply = message["ply"]
            if message["match"] != self.match:
                self.match = message["match"]
                self.starts, self.moves, self.dealt = {}, {}, set()
            for known in (self.starts, self.moves):
                for later in [p for p in known if p > ply]:
                    del known[later]
            self.dealt = {p for p in self.dealt if p <= ply}
            if ply == 0 or ply in self.dealt:
                self.starts[ply] = message["view"]
        return message

    def round_in_play(self, ply: int) -> Optional[Tuple[Message, List[Tuple[int, str]]]]:
        """The view at the start of the round in play at `ply` and its moves since, if the
        seat has been told them all."""
        start = max((p for p in self.starts if p <= ply), default=None)
        if start is None or any(p not in self.moves for p in range(start + 1, ply + 1)):
            return None
        return self.starts[start], [self.moves[p] for p in range(start + 1, ply + 1)]

    def world(self, state: Message) -> Any:
        """The world for the seat that must move in `state`: of the round in play when
        it can be built and played to the view now, else of the view."""
        view = state["view"]
        heard = None if "trick" in view else self.round_in_play(state["ply"])
        # A trick game's worlds need no replay: its view lists the deal's cards in play order,
        # from which its worlds are read ("Worlds: what a seat may know").
        if heard is not None and heard[1]:
            try:
                game = replayed(self.api, heard[0], heard[1], self.rng)
                if _as_sent(game.observation(view["seat"])) == view:
                    return game
                problem = "it does not give the view now"
            except ValueError as error:
                problem = str(error)
            if not self.told_fallback:
                self.say(f"the round's moves could not be played again ({problem}); the bot is given the position")
                self.told_fallback = True
        return world(self.api, view, self.rng)
