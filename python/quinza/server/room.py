"""A room: one match, its seats, the connections that watch it, and the turn.

Every change runs on the app's event loop, in plain (not async) methods, so a move is
checked, played, written to the store and told to everyone without anything else in
between. Only a bot's search leaves the loop (the bots' pool, pool.py: the core releases
the GIL), and its move is played only if the match has not moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from typing import Any, Dict, List, Optional, Set, Tuple

from .databases import StoreError
from .._words import fresh_seed
from ..words import Later, later
from .connection import Connection, Settings
from .refusal import Refused, Unsaved
from .takebacks import Takebacks
from .players import Player, player, stand_in, thinks
from .store import Store, token_hash
from .undo import DEFAULT_MODE, PRACTICE_NOTE, UndoRequest, undo_message
from .reviews import Entry, match_over, on_connect
from .story import log_message, seen, told
from .messages import Message, build
from .wire import Viewpoint, error_message, view_of

log = logging.getLogger("quinza.server")
STORE_RETRY = 1.0  # seconds before a bot whose move the store could not keep chooses again


def seats_words(seats: List[int]) -> Later:
    """Seats in words: "seat 1", "seats 1 and 3", "seats 0, 1 and 3"."""
    numbers = [str(s) for s in seats]
    if len(numbers) == 1:
        return later("seat {seat}", seat=numbers[0])
    return later("seats {seats} and {last}", seats=", ".join(numbers[:-1]), last=numbers[-1])


class Seat:
    """A seat: who sits there (a name and the hash of its token), or which bot plays it."""

    def __init__(self, name: Optional[str] = None, token: Optional[str] = None, bot: Optional[str] = None) -> None:
        self.name = name
        self.token = token  # the token's hash
        self.bot = bot
        self.player: Optional[Player] = None


class Room(Takebacks):
    """One match and everything connected to it (its undo by consent: takebacks.py)."""

    def __init__(self, room_id: str, rules: Any, seeds: List[int], timer: Optional[float], bots: Dict[int, str],
                 store: Store, settings: Settings, undo_mode: str = DEFAULT_MODE) -> None:
        self.id = room_id
        self.rules = rules
        self.seeds = seeds  # one a match: the first, then each rematch's
        self.timer = timer
        self.store = store
        self.settings = settings
        self.seats = [Seat(bot=bots.get(s)) for s in range(rules.players)]
        self.connections: List[Connection] = []
        self.undo_mode = undo_mode  # off, consent or practice (undo.py)
        self._task: "Optional[asyncio.Task[None]]" = None  # the turn's: a bot's move, or the timer
        self._lapse: "Optional[asyncio.Task[None]]" = None  # the undo's that waits
        self._deadline: Optional[float] = None  # the loop's clock when the seat to act runs out
        self.undo: Optional[UndoRequest] = None  # an undo asked and not yet settled
        self.asked: Set[int] = set()  # seats that asked to undo since their last move
        self.reviews: Dict[int, Entry] = {}  # each match's review by its number (reviews.py)
        # seat -> (the ply its last move frame was chosen at, the ways that frame named
        # the move): a frame sent again is answered again, not played twice
        self.moved: Dict[int, Tuple[int, Set[Tuple[str, Any]]]] = {}
        self._deal()

    @property
    def match(self) -> int:
        """The number of the match in play: 0, then 1 after a rematch, ..."""
        return len(self.seeds) - 1

    def _deal(self) -> None:
        """Start the match of the last seed, with new bots seeded from it."""
        seed = self.seeds[-1]
        self.game = self.settings.api.Game(self.rules, seed=seed)
        self.ply = 0  # the moves played in the match
        for s, seat in enumerate(self.seats):
            if seat.bot is not None:
                seat.player = player(self.settings.api, seat.bot, seed, s)

    @classmethod
    def from_store(cls, stored: Any, store: Store, settings: Settings) -> "Room":
        """A room of the store, its moves played again."""
        r = stored.rules
        options = {k: v for k, v in r.items() if k not in ("name", "players", "target")}
        rules = settings.api.Rules(r["name"], players=r["players"], target=r["target"], **options)
        room = cls(stored.id, rules, list(stored.seeds), stored.timer, stored.bots, store, settings, stored.undo_mode)
        for seat, (name, hashed) in stored.seats.items():
            room.seats[seat].name, room.seats[seat].token = name, hashed
        for move in stored.moves:
            room.game.play(move)
        room.ply = len(stored.moves)
        if stored.undo is not None:  # asked before the restart: it waits again, the turn's time anew
            seat, back_to, waiting = stored.undo
            room.undo = UndoRequest(seat, back_to, set(waiting))
        return room

    # -- seats ---------------------------------------------------------------------------

    def free_seats(self) -> List[int]:
        if self.game.is_over:
            return []
        return [s for s, seat in enumerate(self.seats) if seat.bot is None and seat.name is None]

    def waiting(self) -> List[int]:
        """The seats the room waits for: it plays its first move once every seat is taken
        (a room resumed mid-match, from a store of before this rule, plays on)."""
        return self.free_seats() if self.match == 0 and self.ply == 0 else []

    def sit(self, name: str, seat: Optional[int]) -> Tuple[int, str]:
        """Seat `name` (at `seat`, or the first free one): its seat and its token."""
        free = self.free_seats()
        if self.game.is_over:
            raise Refused(later("the match in this room is over: no seat is free"))
        if seat is None:
            if not free:
                raise Refused(later("every seat of this room is taken"))
            seat = free[0]
        elif seat not in free:
            who = self.seats[seat]
            raise Refused(later("seat {seat} is taken by the bot {bot}", seat=seat, bot=who.bot) if who.bot else
                          later("seat {seat} is taken by {name}", seat=seat, name=str(who.name)))
        starts = self.waiting() == [seat]
        token = secrets.token_urlsafe(32)
        try:
            self.store.add_seat(self.id, seat, name, token)
        except StoreError as error:
            log.error("room %s: a seat could not be stored: %s", self.id, error)
            raise Refused(later("the seat could not be saved: try again")) from None
        self.seats[seat].name, self.seats[seat].token = name, token_hash(token)
        self.tell_seat(seat)
        if starts:  # the last seat taken: the room starts, and everyone is told
            self.schedule()
            for c in self.connections:
                c.send(self.state(c.seat, view_of(self.game, c.seat)))
        return seat, token

    def seat_for(self, token: str) -> Optional[int]:
        """The seat whose token this is, or None."""
        hashed = token_hash(token)
        for s, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, hashed):
                return s
        return None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def seats_public(self) -> List[Message]:
        return [{"seat": s, "name": seat.name, "bot": seat.bot, "connected": self.connected(s)}
                for s, seat in enumerate(self.seats)]

    def tell_seat(self, seat: int) -> None:
        """Tell everyone who sits at `seat` and whether it is connected."""
        message = build("seat", ply=self.ply, seat=seat, name=self.seats[seat].name, connected=self.connected(seat))
        for c in self.connections:
            c.send(message)

    def connect(self, conn: Connection) -> None:
        """A new connection: it gets the whole state; a seat coming back is told to all."""
        back = conn.seat is not None and not self.connected(conn.seat)
        self.connections.append(conn)
        conn.send(log_message(self, conn.seat))  # what happened, then where it stands (as played, then state)
        conn.send(self.state(conn.seat, view_of(self.game, conn.seat)))
        if self.undo is not None:  # a seat coming back mid-request is asked again
            conn.send(undo_message(self.ply, "asked", self.undo))
        on_connect(self, conn)  # a person's review, once the match is over
        if back and conn.seat is not None:
            self.tell_seat(conn.seat)

    def disconnect(self, conn: Connection) -> None:
        self.connections.remove(conn)
        if conn.seat is not None and not self.connected(conn.seat):
            self.tell_seat(conn.seat)

    # -- messages ------------------------------------------------------------------------

    def info(self) -> Message:
        """The room as the lobby lists it: no seed, no card."""
        return {"room": self.id, "rules": self.rules.to_dict(), "seats": self.seats_public(),
                "free": self.free_seats(), "waiting": self.waiting(), "match": self.match, "ply": self.ply,
                "over": self.game.is_over, "timer": self.timer, "undo": self.undo_mode}

    def state(self, seat: Viewpoint, view: Dict[str, Any]) -> Message:
        """The whole state for `seat`, its `view` given."""
        waiting = self.waiting()
        mine: Message = {}
        if seat is not None and self.game.turn == seat and not waiting:
            mine["legal_moves"] = [str(m) for m in self.game.legal_moves()]
        return build("state", ply=self.ply, room=self.id, match=self.match, seat=seat, view=view,
                     seats=self.seats_public(), waiting=waiting, timer=self.timer, time_left=self.time_left(),
                     undo=self.undo_mode, **mine)

    def time_left(self) -> Optional[float]:
        if self._deadline is None:
            return None
        return round(max(0.0, self._deadline - asyncio.get_running_loop().time()), 3)

    def record(self, match: Optional[int] = None) -> str:
        """The record of a match (the one in play if None), seats named by their players
        (a bot by its spec), a practice room's saying so in a comment. Refused while that
        match is not over: a record shows every hand."""
        game = self.game
        if match is not None and match != self.match:
            if not 0 <= match < self.match:
                raise LookupError(f"no match {match} in room {self.id}: its matches are 0 to {self.match}")
            game = self.settings.api.Game(self.rules, seed=self.seeds[match])
            for move in self.store.moves(self.id, match):
                game.play(move)
        if not game.is_over:
            raise Refused(later("the match is not over: its record (which shows every hand) is given once it is"))
        names = [s.name if s.name is not None else (f"bot {s.bot}" if s.bot else "-") for s in self.seats]
        text: str = game.record(players=names)
        if self.undo_mode == "practice":  # after the two comments that open a record
            lines = text.split("\n")
            text = "\n".join([*lines[:2], PRACTICE_NOTE, *lines[2:]])
        return text

    def rematch(self, seat: int) -> None:
        """A new match in the room, once the last is over, asked by `seat`: the same
        seats, tokens and bots, a new seed. Everyone is told, then gets the new state."""
        if not self.game.is_over:
            raise Refused(later("a rematch starts once the match is over"))
        seed = fresh_seed()
        try:
            self.store.add_match(self.id, self.match + 1, seed)
        except StoreError as error:
            log.error("room %s: a rematch could not be stored: %s", self.id, error)
            raise Refused(later("the rematch could not be saved: try again")) from None
        self.seeds.append(seed)
        self.asked.clear()
        self.moved.clear()
        self._deal()
        self.schedule()
        told = build("rematch", ply=0, match=self.match, seat=seat)
        for c in self.connections:
            c.send(told)
            c.send(self.state(c.seat, view_of(self.game, c.seat)))

    # -- moves ---------------------------------------------------------------------------

    def play(self, seat: int, move: Any, stand_in: bool = False) -> Any:
        """Play `move` for `seat`: checked, played, stored, then told to everyone, each
        from its viewpoint. While an undo waits, only the seat to act may move (its time
        runs on: no request may keep it from moving), and its move ends the request.
        Refused (the room unchanged) when the engine refuses it (`Game.play(move, seat=)`:
        not `seat`'s turn, the match over, an illegal move). The move played."""
        if self.undo is not None and seat != self.game.turn:
            raise Refused(later("seat {seat} asked to undo: moves wait until it is answered", seat=self.undo.seat))
        waiting = self.waiting()
        if waiting:
            raise Refused(later("the room waits for {seats} to be taken: the match starts once every seat is",
                                  seats=seats_words(waiting)))
        game = self.game
        viewpoints: Set[Viewpoint] = {c.seat for c in self.connections}
        before = {v: seen(game, v) for v in viewpoints}
        try:
            events = game.play(move, seat=seat)
        except (ValueError, TypeError) as error:  # IllegalMoveError, or a bot's odd return value
            raise Refused(str(error)) from None
        played = events[0].move
        try:
            self.store.add_move(self.id, self.match, self.ply + 1, seat, str(played), stand_in)
        except StoreError as error:
            game.undo()
            log.error("room %s: a move could not be stored: %s", self.id, error)
            raise Unsaved(later("the move could not be saved: try again")) from None
        if self.undo is not None:  # the seat to act moved on: the request lapses
            self._settle("lapsed", moved=True)
        self.ply += 1
        self.asked.discard(seat)
        self.schedule()
        for v in viewpoints:
            after = view_of(game, v)
            messages = [told(self.ply, seat, events, before[v], after, stand_in), self.state(v, after)]
            for c in self.connections:
                if c.seat == v:
                    for m in messages:
                        c.send(m)
        if game.is_over:
            match_over(self)  # the people's reviews are made
        if game.is_over and self.settings.on_match_end is not None:
            try:
                self.settings.on_match_end(self.id, game.winner, self.record())
            except Exception:  # the embedder's hook: its failure is its own
                log.exception("room %s: on_match_end failed", self.id)
        return played

    def refuse(self, conn: Connection, text: Any) -> None:
        """Tell `conn` alone why its request is refused (`text`: words, or `words.later`)."""
        conn.send(error_message(self.ply, text))

    # -- the turn: bots and the timer -------------------------------------------------------

    def schedule(self) -> None:
        """Start a turn: a bot's move, or the timer of a seat (its whole time from now),
        and the lapse of an undo that waits (after a restart). Runs on the loop; a task of
        an older loop (an app served again) is dropped."""
        loop = asyncio.get_running_loop()
        self._cancel(self._task)
        self._cancel(self._lapse)
        self._task = self._lapse = self._deadline = None
        seat = self.game.turn
        if seat is not None and not self.waiting():  # else the match is over, or not started
            if self.seats[seat].player is not None:
                self._task = loop.create_task(self._bot_turn(seat, self.ply))
            elif self.timer is not None:
                self._deadline = loop.time() + self.timer
                self._task = loop.create_task(self._timeout(seat, self.ply))
        if self.undo is not None:
            self._lapse = loop.create_task(self._undo_lapse(self.undo))

    def _resume(self) -> None:
        """After an undo settled without taking back: a bot to act that gave up its move
        while the request waited chooses again. A timer runs on as it was."""
        seat = self.game.turn
        if seat is not None and self.seats[seat].player is not None and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._bot_turn(seat, self.ply))

    @staticmethod
    def _cancel(task: "Optional[asyncio.Task[None]]") -> None:
        if task is not None and task is not asyncio.current_task() and task.get_loop() is asyncio.get_running_loop():
            task.cancel()

    def stop(self) -> None:
        for task in (self._task, self._lapse):
            if task is not None and not task.done():
                task.cancel()
        self._task = self._lapse = None

    def world(self, seat: int) -> Any:
        """What a bot of `seat` is given: a world of the seat (`Game.world`), never the
        game, so no bot holds a card its seat cannot see. Seeded by the room, the match's
        seed, the seat and the ply, so a room played again gives its bots the same worlds."""
        return self.game.world(seat, seed=self.settings.api.seat_seed(self.seeds[-1] ^ self.ply, seat))

    async def _bot_turn(self, seat: int, ply: int) -> None:
        await asyncio.sleep(self.settings.bot_delay)
        bot = self.seats[seat].player
        assert bot is not None
        try:
            world = self.world(seat)
            move = await self._think(seat, bot, world) if thinks(self.settings.api, bot) else bot(world)
        except TimeoutError as error:  # a search past the server's budget: the stand-in moves
            log.warning("room %s: the bot of seat %s was stopped (%s); the stand-in moves", self.id, seat, error)
            move = None
        except Exception:  # a Python bot that fails: the stand-in moves instead
            log.exception("room %s: the bot of seat %s failed; the stand-in moves", self.id, seat)
            move = None
        if self.ply != ply or self._task is not asyncio.current_task():  # moved on, or undone
            return
        if self.undo is not None:  # bots wait while an undo waits: _resume asks again
            return
        try:
            if move is not None:
                try:
                    self.play(seat, move)
                    return
                except Unsaved:
                    raise
                except Refused as refusal:
                    log.error("room %s: the bot of seat %s played an illegal move (%s); the stand-in moves",
                              self.id, seat, refusal)
            self.play(seat, stand_in(self.settings.api)(self.world(seat)), stand_in=True)
        except Unsaved:  # said by play: the worker lost the room (then it is dropped), or the store is down
            await asyncio.sleep(STORE_RETRY)
            if self.ply == ply and self._task is asyncio.current_task():
                # the bot chooses again; not schedule(), which would start an undo's wait anew
                self._task = asyncio.get_running_loop().create_task(self._bot_turn(seat, ply))

    async def _think(self, seat: int, bot: Player, world: Any) -> Any:
        """A searching bot's move: on a peer with a thread free when this worker's pool is
        busy (peer_bots.py), else on the pool here."""
        if self.settings.borrow is not None:
            move = await self.settings.borrow(self, seat)
            if move is not None:
                return move
        return await self.settings.pool.think(bot, world)

    async def _undo_lapse(self, request: UndoRequest) -> None:
        """A request lapses after undo_wait, or at the end of the turn's time: a person's
        seat's timer lapses it (_timeout); with a bot to act, the room's timer bounds it."""
        wait = self.settings.undo_wait
        if self.timer is not None and self._deadline is None:
            wait = min(wait, self.timer)
        await asyncio.sleep(wait)
        if self.undo is request and self._lapse is asyncio.current_task():
            self._settle("lapsed")

    async def _timeout(self, seat: int, ply: int) -> None:
        assert self.timer is not None
        await asyncio.sleep(self.timer)
        if self.ply != ply or self._task is not asyncio.current_task():
            return
        if self.undo is not None:  # a request lapses at the turn's end
            self._settle("lapsed")
        message = build("timeout", ply=self.ply, seat=seat)
        for c in self.connections:
            c.send(message)
        while True:
            try:
                self.play(seat, stand_in(self.settings.api)(self.world(seat)), stand_in=True)
                return
            except Unsaved:  # said by play: the stand-in moves once the store keeps its move
                await asyncio.sleep(STORE_RETRY)
                if self.ply != ply or self._task is not asyncio.current_task():
                    return
