"""What every game of the reference shares, whatever its family: the seat and side
checks, copies, the JSON envelope, the registry of families and that of the checks of a
given position (position.py fills it).

`Game(rules, seed)` builds the class of the rule set's family (`FifteenGame` in
fifteen.py for quinza, rb3ine and escoba; `QuinteGame` in quinte.py for quinte): each
family class registers itself here by subclassing `Game` with its family's name, so a new
family is one new module (and the checks of its given positions in position.py) and this
module imports neither.
"""

from __future__ import annotations

import copy as _copy
import json
from typing import Any, Callable, ClassVar, Dict, Iterable, List, Optional, Sequence, Tuple, Type, TypeVar, cast

from .. import _record
from .._errors import IllegalMoveError
from .events import Event
from .. import _view
from .._words import choice_text, fresh_seed, match_over_text, quoted, rules_beside_text
from . import _json
from .cards import Card
from .deal import DealResult
from .generator import Random
from . import history as _history
from .moves import Move
from . import encode as _encode
from .rules import RULE_SETS, Rules, row_of

JSON_FORMAT = "quinza-game"
JSON_VERSION = 1

_GameT = TypeVar("_GameT", bound="Game")

# family name (a rules row's `family`) -> the class that plays it
FAMILIES: Dict[str, Type["Game"]] = {}
# family name -> what checks a position given to from_position and builds its game there,
# called with the class asked for (position.py registers them: it reads the families'
# rules, so their modules cannot import it)
POSITIONS: Dict[str, Callable[..., "Game"]] = {}
# "sample_world" -> worlds.sample_world, which `world` deals with (worlds.py registers it:
# it is built on this module, so this one cannot import it)
WORLDS: Dict[str, Callable[["Game", int, Random], "Game"]] = {}


def _rules(rules: "Rules | str", players: Optional[int] = None, target: Optional[int] = None,
           **options: Any) -> Rules:
    """The Rules of `Game(rules, seed, players=..., target=..., **options)`: the keywords
    go with a rule-set name, as `Rules(name, ...)` takes them; a Rules object comes whole."""
    if not isinstance(rules, Rules):
        return Rules(rules, players, target, **options)
    given = {k: v for k, v in (("players", players), ("target", target)) if v is not None}
    given.update(options)
    if given:
        raise ValueError(rules_beside_text(rules.name, list(given.items())))
    return rules


def family_class(rules: Rules) -> Type["Game"]:
    """The class that plays `rules`: the registered class of its row's family."""
    return FAMILIES[row_of(rules).family]


class Game:
    """One whole match of any rule set: `Game(rules, seed)` is a `FifteenGame` for
    quinza, rb3ine and escoba and a `QuinteGame` for quinte. `rules` is a Rules or a
    rule-set name; with a name, the keywords of `Rules` come too:
    `Game("escoba", 5, players=4, setenta="sum")` is
    `Game(Rules("escoba", players=4, setenta="sum"), 5)` (beside a Rules object they are
    refused). None for `seed` draws one.

    >>> type(Game("escoba", seed=1)).__name__, type(Game("quinte", seed=1)).__name__
    ('FifteenGame', 'QuinteGame')
    """

    _FAMILY: ClassVar[str] = ""  # set by each family's class: the rules rows whose `family` it plays

    # What every family keeps; each family's class adds the state of its deal.
    _rules: Rules
    _rng: Random
    _scores: List[int]  # per side, over the match
    _deals: List[DealResult]
    _winner: Optional[int]
    _turn: Optional[int]  # None once the match is over
    _deal_number: int
    _dealer: int
    _hands: List[List[Card]]  # per seat
    _piles: List[List[Card]]  # per side, the cards it has won this deal
    _last_capturer: Optional[int]
    # What happened: the events of the move being played (docs/reference/events.md "Events"), and
    # those before the first move (none for a game from JSON or a position).
    _log: List[Event]
    _start_events: Tuple[Event, ...] = ()
    # The start, the seed and every move since (history.py); None until a position's
    # first use (a position has drawn nothing from its generator before its first move).
    _hist: Optional[_history.History] = None

    def __init_subclass__(cls, family: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if family:
            cls._FAMILY = family
            FAMILIES[family] = cls

    def __new__(cls: Type[_GameT], rules: "Rules | str" = "quinza", seed: Optional[int] = None, *,
                players: Optional[int] = None, target: Optional[int] = None, **options: Any) -> _GameT:
        # Game(...) builds the family's class; a family's class is built as asked (its
        # __init__ checks the rules: copies and pickles come through here without them).
        if cls is Game:
            return cast(_GameT, object.__new__(family_class(_rules(rules, players, target, **options))))
        return object.__new__(cls)

    def __init__(self, rules: "Rules | str" = "quinza", seed: Optional[int] = None, *,
                 players: Optional[int] = None, target: Optional[int] = None, **options: Any) -> None:
        self._rules = self._check_family(_rules(rules, players, target, **options))
        if seed is None:
            seed = fresh_seed()
        self._rng = Random(seed)
        self._scores = [0] * self._rules.sides
        self._deals = []
        self._winner = None
        self._turn = None
        self._deal_number = 0
        self._dealer = self._rng.below(self._rules.players)
        self._log = []
        self._start_deal(first=True)
        self._start_events, self._log = tuple(self._log), []
        self._hist = _history.begin(self, seed)

    @classmethod
    def _check_family(cls, rules: Rules) -> Rules:
        if cls._FAMILY and row_of(rules).family != cls._FAMILY:
            names = tuple(name for name, row in RULE_SETS.items() if row.family == cls._FAMILY)
            raise ValueError(f"{cls.__name__} plays {choice_text(names)}, not {rules.name}")
        return rules

    # -- the state, read-only ------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The Rules of the match."""
        return self._rules

    @property
    def turn(self) -> Optional[int]:
        """The seat to play, or None when the match is over."""
        return self._turn

    @property
    def dealer(self) -> int:
        """The seat that dealt the deal in progress (once the match is over, the last deal)."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, 1 for the first deal of the match."""
        return self._deal_number

    def hand(self, seat: int) -> List[Card]:
        """The cards in the hand of `seat`, sorted; a seat outside 0..players-1 raises
        ValueError."""
        return sorted(self._hands[self._seat(seat)])

    @property
    def table(self) -> List[Card]:
        """The cards face up on the table, sorted (quinte: the cards of the trick in progress,
        sorted; `trick` has them in play order)."""
        raise NotImplementedError

    @property
    def stock(self) -> int:
        """How many cards are still to be dealt (quinte: the cards of the cachette not yet
        taken: 5, or 0 once the winner of trick 12 has it)."""
        raise NotImplementedError

    def pile(self, side: int) -> List[Card]:
        """The cards this side has captured in this deal, sorted (quinte: the cards of the
        tricks it won, and the cachette once it has taken it)."""
        return sorted(self._piles[self._side(side)])

    def side_of(self, seat: int) -> int:
        """The side `seat` plays for: partners at 4 players (seat % 2), every player alone at
        2 or 3; a seat outside 0..players-1 raises ValueError."""
        return self._rules.side_of(self._seat(seat))

    @property
    def scores(self) -> List[int]:
        """The match totals per side."""
        return list(self._scores)

    @property
    def escobas(self) -> List[int]:
        """Escobas per side in this deal (always 0 outside escoba)."""
        raise NotImplementedError

    @property
    def last_capturer(self) -> Optional[int]:
        """The seat that made the last capture in this deal, or None while no one has
        (quinte: the seat that won the last trick, which leads the next)."""
        return self._last_capturer

    @property
    def is_over(self) -> bool:
        """Whether the match is over (then `turn` is None)."""
        return self._turn is None

    @property
    def winner(self) -> Optional[int]:
        """The side that won, or None (the match goes on, or ended in a draw)."""
        return self._winner

    @property
    def deals(self) -> List[DealResult]:
        """The finished deals of the match as DealResult, oldest first."""
        return list(self._deals)

    def _seat(self, seat: int) -> int:
        return index(seat, self._rules.players, "seat")

    def _side(self, side: int) -> int:
        return index(side, self._rules.sides, "side")

    # -- moves, each family's own ------------------------------------------------------

    def legal_moves(self) -> List[Move]:
        """Every legal move once, in the documented order (docs/reference/game.md); none once the match
        is over. Fifteen family: per hand card in id order, its capture groups ordered by the
        number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
        bids in the order pass, double, redouble; cards in id order (the joker last)."""
        raise NotImplementedError

    def count_legal_moves(self) -> int:
        """The number of legal moves, `len(legal_moves())`; the fifteen family counts its
        capture groups without listing them."""
        raise NotImplementedError

    def is_legal(self, move: "Move | str") -> bool:
        """Whether `move` (a Move or its text) is legal now: False for anything that is no move."""
        try:
            checked = self._to_move(move)
        except ValueError:  # what is no move at all is no legal move either
            return False
        return self._illegal_reason(checked) is None

    @property
    def start_events(self) -> Tuple[Event, ...]:
        """What happened before the first move, as a tuple of Event: the first deal dealt,
        and escoba's opening capture if there was one. Empty for a game from
        `from_json` or `from_position`; kept by `copy` and pickling."""
        return self._start_events

    def play(self, move: "Move | str", seat: Optional[int] = None) -> Tuple[Event, ...]:
        """Play one move (in quinte a bid or a card) for the seat whose turn it is; an illegal
        move raises IllegalMoveError and changes nothing. A finished deal is scored and the
        next one dealt inside this call. Returns what happened, in order: a tuple of Event
        (docs/reference/events.md "Events"), the "move" first. `move` is a Move (the other twin's
        too, read by its notation, as a bot of that twin returns it) or its text.

        `seat`, when given, is the seat the move is played for (a server passes the seat
        of the player who sent it): a seat that is not to act is refused before the move
        is read, with IllegalMoveError ("it is seat 1's turn, not seat 0's"; "the match is
        over"), and a seat that does not exist with ValueError."""
        if seat is not None:
            self._check_mover(self._seat(seat))
        try:
            checked = self._to_move(move)
        except IllegalMoveError:
            raise
        except ValueError as error:  # text that is no move
            raise IllegalMoveError(str(error)) from None
        reason = self._illegal_reason(checked)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._log = []
        hist = self._history()  # before the move: a position's history starts here
        self._apply(checked)
        events, self._log = tuple(self._log), []
        self._hist = hist.pushed(checked, events)
        return events

    def _check_mover(self, seat: int) -> None:
        """Refuse a move for `seat` when it is not to act."""
        if self.turn is None:
            raise IllegalMoveError("the match is over")
        if seat != self.turn:
            raise IllegalMoveError(f"it is seat {self.turn}'s turn, not seat {seat}'s")

    def _note(self, kind: str, seat: Optional[int] = None, side: Optional[int] = None,
              cards: Sequence[Card] = (), points: Optional[int] = None, deal: Optional[DealResult] = None,
              move: Optional[Move] = None) -> None:
        """Tell what happened, in the order it happened (what `play` returns)."""
        self._log.append(Event(kind, seat, side, tuple(cards), points, deal, move))

    def observation(self, seat: int) -> Dict[str, Any]:
        """What `seat` may know (docs/reference/game.md "observation(seat)"): its own hand, the sizes
        of the others, never the stock order; in quinte also everything played, never the
        cachette before it is taken (then it is in a pile). Its cost does not grow with the
        match: the deal history is `deals`."""
        raise NotImplementedError

    def _to_move(self, move: "Move | str") -> Move:
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return Move.parse(move, deck=self._rules.deck)
        if type(move).__name__ == "Move" and type(move).__module__ == "quinza._core":
            return Move.parse(str(move), deck=self._rules.deck)  # the other twin's Move, by its notation
        raise IllegalMoveError(f"expected a Move or its text, not {type(move).__name__}")

    def _apply(self, move: Move) -> None:
        # The family's move, once `play` has found it legal.
        raise NotImplementedError

    def _illegal_reason(self, move: Move) -> Optional[str]:
        if self._turn is None:
            return "the match is over"
        card = move.card
        if card is not None and card.deck != self._rules.deck:
            return f"{card} is a {card.deck} card, not a {self._rules.deck} card"
        return self._family_reason(move, self._turn)

    def _family_reason(self, move: Move, seat: int) -> Optional[str]:
        # Why the family refuses a move of its deck by `seat`, the seat to play; None if legal.
        raise NotImplementedError

    def _start_deal(self, first: bool = False) -> None:
        raise NotImplementedError

    def _state_dict(self) -> Dict[str, Any]:
        """The family's part of the JSON, after the envelope."""
        raise NotImplementedError

    # -- copies, positions, JSON --------------------------------------------------------

    def copy(self) -> "Game":
        """An independent copy of the game: playing on one leaves the other as it was."""
        return _copy.deepcopy(self)

    def to_json(self) -> str:
        """The game's state as compact JSON text, the same text from both backends, which
        `Game.from_json` reads back exactly. It is a position (as a FEN is in chess): it
        keeps no moves, not even those of the deal in progress, which the ismcts bot reads
        (what a seat saw the others play), so a bot may choose otherwise in the game read
        back; `record()` and `Game.from_record` keep them."""
        return json.dumps(self._to_dict(), separators=(",", ":"))

    def _to_dict(self) -> Dict[str, Any]:
        envelope = {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "rules": self._rules.to_dict(),
            "rng": f"{self._rng.state:016x}",
        }
        return {**envelope, **self._state_dict()}

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game back from its `to_json` text, of the class of its rules' family;
        `FifteenGame.from_json` and `QuinteGame.from_json` refuse a game of the other family.
        The game begins at that position, with no moves before it (a bot sees none of the
        deal in progress); `Game.from_record` replays a match, moves and all."""
        game = _json.game_from_json(text, FAMILIES)
        try:
            cls._check_family(game.rules)  # FifteenGame.from_json reads only its own family
        except ValueError as error:
            raise ValueError(f"invalid game JSON: {error}") from None
        game._hist = _history.begin(game, None)  # JSON keeps the generator's state, not the seed
        return cast(Game, game)

    @classmethod
    def from_position(
        cls,
        rules: "Rules | str",
        hands: Sequence[Iterable["Card | str"]],
        table: Iterable["Card | str"] = (),
        stock: Iterable["Card | str"] = (),
        dealer: int = 0,
        turn: Optional[int] = None,
        scores: Optional[Sequence[int]] = None,
        piles: Optional[Sequence[Iterable["Card | str"]]] = None,
        escobas: Optional[Sequence[int]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
        *,
        bids: Optional[Iterable[Any]] = None,
        quints: Optional[Sequence[int]] = None,
        played: Optional[Iterable["Card | str"]] = None,
    ) -> "Game":
        """A position from explicit cards, of any rule set, read as its family's class reads it
        (`FifteenGame.from_position`, `QuinteGame.from_position`); a parameter of the other
        family is refused. In quinte `table` is the trick in progress, `stock` the cachette,
        and `bids`, `quints` and `played` belong to it alone."""
        rules = _rules(rules)
        return POSITIONS[row_of(rules).family](
            family_class(rules), rules, hands, table, stock, dealer, turn, scores, piles, escobas,
            last_capturer, deal_number, seed, bids=bids, quints=quints, played=played,
        )

    @classmethod
    def _read_json(cls, data: Dict[str, Any]) -> "Game":
        """The game of this family in JSON `data` (raises `_json.Bad`)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Game {self._rules!r} deal {self._deal_number} turn {self._turn} scores {self._scores}>"

    def _over_text(self) -> str:
        """How `str(game)` says the match ended: the winning side, or a draw."""
        return match_over_text(self._winner)

    def view(self, seat: Optional[int] = None) -> "_view.View":
        """A picture of the game for one seat, or the open view (every hand) when `seat` is
        None: a `View`, whose str is text, whose `to_svg()` draws it and whose `save(path)`
        writes that picture. A seat's view reads only `observation(seat)`; a seat that does
        not exist raises ValueError."""
        return _view.view(self, seat)

    def world(self, seat: int, seed: Optional[int] = None) -> "Game":
        """A world for `seat` (docs/reference/search.md "Worlds"): this game with every card the seat
        cannot see (the other hands, the stock or the cachette) dealt again at random from
        `seed` (None draws one), consistent with what it saw; a new game, this one unchanged.

        Give a bot a world, not the game, and it holds no card its seat cannot see: the
        hidden cards are taken in card-id order before they are dealt again, so the same
        seat and seed give the same world whatever the hidden cards really were. The world
        begins where it is made (its `history` and `start_events` are empty, `seed` is
        None: nothing of the real deal can be undone or read back), and it keeps the round
        in play that search bots fit their worlds to."""
        seat = self._seat(seat)
        world = WORLDS["sample_world"](self, seat, Random(fresh_seed() if seed is None else seed))
        world._start_events = ()
        world._hist = _history.begin(world, None)
        return world

    def to_svg(self) -> str:
        """The open view (every hand shown) drawn as SVG text: `view().to_svg()`
        (`quinza._view.game_svg`)."""
        return _view.game_svg(self)

    def _repr_svg_(self) -> str:
        """The open view drawn as SVG text, for a notebook: `to_svg()`."""
        return _view.game_svg(self)

    # -- history, undo, records (the work is in history.py and quinza/_record.py) ----------

    def _history(self) -> _history.History:
        if self._hist is None:  # a position, before its first move: its generator is at its seed
            self._hist = _history.begin(self, self._rng.state)
        return self._hist

    @property
    def seed(self) -> Optional[int]:
        """The seed the match was dealt from: `Game(rules, seed)`'s, or the one drawn when it
        was left out; for `from_position` its `seed` argument (where its generator starts);
        None for a game from `from_json` (the JSON keeps the generator's state, not the
        seed). Kept by `copy`, pickling and `undo`."""
        return self._history().seed

    @property
    def history(self) -> Tuple[Event, ...]:
        """Every Event since the match began, as a tuple: `start_events` first (what happened
        before the first move), then each move's events in order (what `play` returned). A
        game from `from_json` or `from_position` begins there: its history holds what was
        played since. `undo` takes the last move's events off; `copy` and pickling keep it."""
        return self._start_events + self._history().all_events()

    def undo(self) -> Move:
        """Take back the last move exactly, across the end of a deal or of the match too: the
        game, its `history` and `to_json()` are as they were before it. Returns the Move
        taken back. With no move to take back (a new match, a game just read from JSON or a
        position) raises ValueError and changes nothing."""
        hist = self._history()
        if hist.last is None or hist.move is None:
            raise ValueError(_history.NOTHING_TO_UNDO)
        self.__dict__ = hist.last.replay().__dict__
        return hist.move

    def start_json(self) -> str:
        """The game before the first move of its `history`, as JSON: what `to_json()` gave when
        the game was made, and what `undo` goes back to in the end."""
        start: Game = self._history().start  # history.py cannot import this class to say so
        return start.to_json()

    def record(self, players: Optional[Sequence[Any]] = None, date: Any = None) -> str:
        """The match as a record (docs/reference/json.md "Match records"): headers (format version,
        rules and every option, the seed or the start position, players, result, scores),
        then every move, deal by deal; the same text from both backends. `players`: None,
        or one name per seat (such as the bots' text); `date`: None, a text or a
        `datetime.date`. `Game.from_record` replays it."""
        return _record.record(self, players, date)

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """The game a match record describes (docs/reference/json.md "Match records"), replayed move
        by move: the same `to_json()` and `history` as the game that wrote it. A bad record
        raises ValueError naming its line ("line N: ...")."""
        return cast(Game, _record.from_record(cls, Rules, text))

    # -- encodings for learning agents (encode.py; docs/reference/encodings.md "Encodings") -------------

    def encode(self, seat: int, out: Any = None) -> Any:
        """What `seat` may know as a numpy float32 vector (docs/reference/encodings.md "Encodings"): its
        shape is fixed by the rule set and player count, each entry named by
        `encode_names(rules)`. Written into `out` (a float32 array of that shape) when given."""
        vector = _encode.encode_observation(self._rules, self.observation(seat), type(self)._voids_shown)
        return _encode.into(out, vector, "float32", "the encoding")

    def action_mask(self, out: Any = None) -> Any:
        """A numpy int8 array of `action_count` entries: 1 at the id of every legal move, else
        0 (all 0 once the match is over). Written into `out` when given."""
        return _encode.into(out, _encode.action_mask(self), "int8", "the action mask")

    def action_of(self, move: "Move | str") -> int:
        """The action id of a legal move (a Move or its text); an illegal one is a ValueError."""
        if not isinstance(move, (Move, str)):
            raise ValueError(f"expected a Move or its text, not {type(move).__name__}")
        return _encode.action_of(self, self._to_move(move))

    def move_of(self, action: int) -> Move:
        """The legal Move of an action id; an id out of range or masked off is a ValueError."""
        return _encode.move_of(self, action)

    @property
    def action_count(self) -> int:
        """The number of action ids of the rule set: the size of `action_mask()`."""
        return _encode.action_count(self._rules)

    _voids_shown: ClassVar[Any] = None  # quinte's, for the voids of its encoding


# -- the check of a seat or side number, from_position's too (position.py) ---------------------


def index(value: Any, size: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise ValueError(f"{name} must be 0..{size - 1}, not {quoted(value)}")
    return value
