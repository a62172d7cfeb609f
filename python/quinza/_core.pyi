"""The compiled core of quinza: the Rust engine's classes and functions, which `quinza`
re-exports (import them from there).

`quinza.reference` is the same API in pure Python, the executable specification of
docs/rules.md.
"""

# Type stubs for the compiled Rust core (re-exported by `quinza`). Every docstring here is
# the runtime's, word for word (tests/test_stub_docs.py), so help() in an editor reads the same.

from typing import Any, ClassVar, Dict, Iterable, List, Literal, MutableSequence, Optional, Sequence, Tuple, Union, final

from typing_extensions import Self, disjoint_base

from ._view import View

# The classes are Rust types: they cannot be subclassed (@final), but for Game, whose
# two subclasses are the families' games.

_CardLike = Union["Card", str]
_MoveLike = Union["Move", str]

BACKEND: Literal["rust"]
BOT_NAMES: Tuple[str, ...]
__all__ = [
    "Card",
    "Move",
    "Rules",
    "Game",
    "FifteenGame",
    "QuinteGame",
    "DealResult",
    "Event",
    "Random",
    "RandomBot",
    "GreedyBot",
    "SearchBot",
    "PimcBot",
    "IsmctsBot",
    "bot",
    "match_seed",
    "seat_seed",
    "rule_sets",
    "Solution",
    "solve",
    "_simulate_chunk",
    "BACKEND",
    "BOT_NAMES",
    "encode_names",
    "action_count",
    "ENCODING_VERSION",
    "_VectorCore",
]

@final
class Card:
    """One card of the baraja or of the quinte deck; immutable, hashable, ordered by deck
    (baraja first), then id.

    >>> Card("7o"), Card("10C").rank, Card("12b").id
    (Card('7o'), 10, 39)
    >>> Card("ah", deck="quinte"), Card("7c", deck="quinte").suit, Card("JK", deck="quinte").id
    (Card('Ah'), 'c', 52)
    """

    def __new__(cls, text: str, deck: str = "baraja") -> Self: ...
    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> Card:
        """The card written `text` in `deck`: baraja notation such as "7o" or "12b", quinte
        notation such as "Ah" or "JK", in any case; anything else raises ValueError.
        """
    @classmethod
    def from_id(cls, card_id: int, deck: str = "baraja") -> Card:
        """The card of `deck` whose `id` is `card_id` (0..39 in the baraja, 0..52 in quinte);
        any other id raises ValueError.
        """
    @property
    def id(self) -> int:
        """A small integer unique within the deck: 10 * suit + rank index in the baraja (suits
        o, c, e, b), 0..39; 13 * suit + rank index in quinte (suits s, c, d, h), 0..51, and 52
        for the joker.
        """
    @property
    def deck(self) -> str:
        """"baraja" or "quinte"."""
    @property
    def suit(self) -> Optional[str]:
        """The suit letter; None for the joker."""
    @property
    def rank(self) -> int:
        """The printed number: 1..7, 10 (Sota), 11 (Caballo), 12 (Rey); in quinte 2..10,
        11 (J), 12 (Q), 13 (K), 14 (A), and 0 for the joker.
        """
    @property
    def is_joker(self) -> bool:
        """True for the joker of the quinte deck, False for every other card."""
    def _repr_svg_(self) -> str:
        """The card drawn as SVG text, for a notebook (`quinza._view.card_svg`)."""
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Move:
    """A move: (played card, captured set) of the fifteen family, a lay when the set is
    empty; or a quinte card or bid. Immutable and hashable.

    >>> Move.parse("6o x 5e 4c")
    Move('6o x 4c 5e')
    >>> Move("6o", ["4c", "5e"]) == Move.parse("6O X 4C 5E")
    True
    >>> Move.parse("Ah", deck="quinte"), Move("double", deck="quinte").card
    (Move('Ah'), None)
    """

    def __new__(cls, card: _CardLike, captures: Iterable[_CardLike] = (), deck: Optional[str] = None) -> Self: ...
    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> Move:
        """The move written `text`. In the baraja: the card played, then 'x' and the captured
        cards in any order ("6o x 4c 5e"), or the card alone for a lay ("6o"); with
        deck="quinte": one card ("Ah") or one bid (pass, double, redouble). Any case; anything
        else raises ValueError.
        """
    @property
    def card(self) -> Optional[Card]:
        """The card played; None for a quinte bid."""
    @property
    def captures(self) -> Tuple[Card, ...]:
        """The captured cards, sorted; empty for a lay and for every quinte move."""
    @property
    def bid(self) -> Optional[str]:
        """"pass", "double" or "redouble" for a quinte bid; None for a card."""
    def _repr_svg_(self) -> str:
        """The move drawn as SVG text, for a notebook (`quinza._view.move_svg`)."""
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Rules:
    """One rule set with its table settings; immutable, comparable, hashable.

    >>> Rules("escoba", players=4)
    Rules('escoba', players=4, target=21, escoba_on_last_card=False, opening_capture=True, setenta='prime')
    """

    def __new__(
        cls, name: str = "quinza", players: Optional[int] = None, target: Optional[int] = None, **options: Any
    ) -> Self: ...
    @property
    def name(self) -> str:
        """The rule set: "quinza", "rb3ine", "escoba" or "quinte" (read in any case, kept in
        lower case).
        """
    @property
    def players(self) -> int:
        """The number of players: 2 (the default), 3 or 4; quinte is played by 4 only."""
    @property
    def target(self) -> int:
        """The score the match is played to: unless given, 151 in quinza and rb3ine, 21 in
        escoba, 250 in quinte.
        """
    @property
    def sides(self) -> int:
        """Partnerships at 4 players (seats 0+2 and 1+3); every player alone at 2 or 3."""
    @property
    def options(self) -> Dict[str, Any]:
        """The options and their values, as a new dict in the rule set's order: escoba's
        escoba_on_last_card, opening_capture and setenta; {} in the other rule sets.
        """
    @property
    def deck(self) -> str:
        """The deck the rule set is played with: "baraja", or "quinte" for quinte."""
    @property
    def capture_total(self) -> Optional[int]:
        """15 or 40 in the fifteen family; None in quinte."""
    @property
    def values(self) -> Optional[Tuple[int, ...]]:
        """Value toward the capture total, by rank index (None in quinte)."""
    @property
    def escoba_on_last_card(self) -> bool:
        """Escoba's option: whether clearing the table with a player's final card of the deal
        scores an escoba (default False). AttributeError in a rule set without the option.
        """
    @property
    def opening_capture(self) -> bool:
        """Escoba's option: whether an opening table of 15 or 30 goes to the dealer with 1 or
        2 escobas (default True). AttributeError in a rule set without the option.
        """
    @property
    def setenta(self) -> str:
        """Escoba's option: how the setenta is won, "prime" (the default) or "sum".
        AttributeError in a rule set without the option.
        """
    def side_of(self, seat: int) -> int:
        """Partners at 4 players (seat % 2); every player alone at 2 or 3."""
    def to_dict(self) -> Dict[str, Any]:
        """The rules as a dict: name, players, target, then the options; `Rules.from_dict`
        reads it back.
        """
    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Rules:
        """The rules a dict such as `to_dict` gives describes: `Rules(**data)`, with its
        checks.
        """
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class DealResult:
    """What one finished deal gave each side. `piles`: per side, every card the side ended
    the deal with (leftovers included), sorted; `points`: per side, the deal's points,
    `details` how they are made up.
    """

    @property
    def deal_number(self) -> int:
        """The deal's number in the match, 1 for the first."""
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def piles(self) -> List[List[Card]]:
        """Per side, every card the side ended the deal with (leftovers included), sorted."""
    @property
    def points(self) -> List[int]:
        """Per side, the points the deal added to the match."""
    @property
    def details(self) -> List[Dict[str, int]]:
        """Per side, a dict of how the points are made up: quinza and rb3ine "gold" and
        "other"; escoba "cards", "oros", "seven_of_oros", "setenta" and "escobas"; quinte
        "quints" and "tricks".
        """
    @property
    def escobas(self) -> List[int]:
        """Per side, the deal's escobas (always 0 outside escoba)."""
    @property
    def last_capturer(self) -> Optional[int]:
        """The seat that made the deal's last capture (quinte: won its last trick), or None."""
    def to_dict(self) -> Dict[str, Any]:
        """The deal as a dict of plain values, the cards as text."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

_EventKind = Literal[
    "move", "escoba", "trick", "cachette", "last_cards", "deal_scored", "dealt", "opening_capture", "match_over"
]

@final
class Event:
    """One thing that happened in a match (docs/engine.md "Events"). `kind` says what;
    the other fields are None (`cards` empty) unless that kind carries them.

    >>> Event("escoba", seat=1, side=1)
    Event('escoba', seat=1, side=1)
    """

    def __new__(
        cls,
        kind: str,
        seat: Optional[int] = None,
        side: Optional[int] = None,
        cards: Optional[Iterable[Card]] = None,
        points: Optional[int] = None,
        deal: Optional[DealResult] = None,
        move: Optional[Move] = None,
    ) -> Self: ...
    @property
    def kind(self) -> _EventKind:
        """What happened: "move", "escoba", "trick", "cachette", "last_cards",
        "deal_scored", "dealt", "opening_capture" or "match_over".
        """
    @property
    def seat(self) -> Optional[int]:
        """The seat it happened to (who moved, swept, won, took), or None."""
    @property
    def side(self) -> Optional[int]:
        """The side of that seat, or the winner of the match; None if no side."""
    @property
    def cards(self) -> Tuple[Card, ...]:
        """The cards it moved, as a tuple (empty if none)."""
    @property
    def points(self) -> Optional[int]:
        """The quints a trick or the cachette scored, the escobas of an opening capture; else None."""
    @property
    def deal(self) -> Optional[DealResult]:
        """For "deal_scored": the DealResult of the deal, as `deals[-1]`; else None."""
    @property
    def move(self) -> Optional[Move]:
        """For "move": the Move played; else None."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Random:
    """SplitMix64: a 64-bit state, advanced by a constant and scrambled on each draw."""

    def __new__(cls, seed: int) -> Self: ...
    @property
    def state(self) -> int:
        """The current state: `Random(r.state)` continues exactly where `r` is."""
    def next_u64(self) -> int:
        """The next output of the generator (one SplitMix64 step), a whole number from 0 to
        2**64-1.
        """
    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling: no modulo bias)."""
    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates from the back, in place, on any mutable sequence."""

@disjoint_base
class Game:
    """One whole match of any rule set: `Game(rules, seed)` is a `FifteenGame` for
    quinza, rb3ine and escoba and a `QuinteGame` for quinte.

    >>> type(Game("escoba", seed=1)).__name__, type(Game("quinte", seed=1)).__name__
    ('FifteenGame', 'QuinteGame')
    """

    def __new__(cls, rules: Union[Rules, str] = "quinza", seed: Optional[int] = None) -> Self: ...
    @property
    def rules(self) -> Rules:
        """The Rules of the match."""
    @property
    def turn(self) -> Optional[int]:
        """The seat to play, or None when the match is over."""
    @property
    def dealer(self) -> int:
        """The seat that dealt the deal in progress (once the match is over, the last deal)."""
    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, 1 for the first deal of the match."""
    def hand(self, seat: int) -> List[Card]:
        """The cards in the hand of `seat`, sorted; a seat outside 0..players-1 raises
        ValueError.
        """
    @property
    def table(self) -> List[Card]:
        """The cards face up on the table, sorted (quinte: the cards of the trick in progress,
        sorted; `trick` has them in play order).
        """
    @property
    def stock(self) -> int:
        """How many cards are still to be dealt (quinte: the cards of the cachette not yet
        taken: 5, or 0 once the winner of trick 12 has it).
        """
    def pile(self, side: int) -> List[Card]:
        """The cards this side has captured in this deal, sorted (quinte: the cards of the
        tricks it won, and the cachette once it has taken it).
        """
    def side_of(self, seat: int) -> int:
        """The side `seat` plays for: partners at 4 players (seat % 2), every player alone at
        2 or 3; a seat outside 0..players-1 raises ValueError.
        """
    @property
    def scores(self) -> List[int]:
        """The match totals per side."""
    @property
    def escobas(self) -> List[int]:
        """Escobas per side in this deal (always 0 outside escoba)."""
    @property
    def last_capturer(self) -> Optional[int]:
        """The seat that made the last capture in this deal, or None while no one has
        (quinte: the seat that won the last trick, which leads the next).
        """
    @property
    def is_over(self) -> bool:
        """Whether the match is over (then `turn` is None)."""
    @property
    def winner(self) -> Optional[int]:
        """The side that won, or None (the match goes on, or ended in a draw)."""
    @property
    def deals(self) -> List[DealResult]:
        """The finished deals of the match as DealResult, oldest first."""
    def legal_moves(self) -> List[Move]:
        """Every legal move once, in the documented order (docs/engine.md); none once the match
        is over. Fifteen family: per hand card in id order, its capture groups ordered by the
        number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
        bids in the order pass, double, redouble; cards in id order (the joker last).
        """
    def count_legal_moves(self) -> int:
        """The number of legal moves, `len(legal_moves())`; the fifteen family counts its
        capture groups without listing them.
        """
    def is_legal(self, move: _MoveLike) -> bool:
        """Whether `move` (a Move or its text) is legal now: False for anything that is no move."""
    def play(self, move: _MoveLike) -> Tuple[Event, ...]:
        """Play one move (in quinte a bid or a card) for the seat whose turn it is; an illegal
        move raises IllegalMoveError and changes nothing. A finished deal is scored and the
        next one dealt inside this call. Returns what happened, in order: a tuple of Event
        (docs/engine.md "Events"), the "move" first.
        """
    @property
    def start_events(self) -> Tuple[Event, ...]:
        """What happened before the first move, as a tuple of Event: the first deal dealt,
        and escoba's opening capture if there was one. Empty for a game from
        `from_json` or `from_position`; kept by `copy` and pickling.
        """
    def copy(self) -> Self:
        """An independent copy of the game: playing on one leaves the other as it was."""
    def to_json(self) -> str:
        """The whole game as compact JSON text, the same text from both backends;
        `Game.from_json` gives the game back exactly.
        """
    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game back from its `to_json` text, of the class of its rules' family;
        `FifteenGame.from_json` and `QuinteGame.from_json` refuse a game of the other family.
        """
    @classmethod
    def from_position(
        cls,
        rules: Union[Rules, str],
        hands: Sequence[Iterable[_CardLike]],
        table: Iterable[_CardLike] = (),
        stock: Iterable[_CardLike] = (),
        dealer: int = 0,
        turn: Optional[int] = None,
        scores: Optional[Sequence[int]] = None,
        piles: Optional[Sequence[Iterable[_CardLike]]] = None,
        escobas: Optional[Sequence[int]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
        *,
        bids: Optional[Iterable[Union[Move, str]]] = None,
        quints: Optional[Sequence[int]] = None,
        played: Optional[Iterable[_CardLike]] = None,
    ) -> Game:
        """A position from explicit cards, of any rule set, read as its family's class reads it
        (`FifteenGame.from_position`, `QuinteGame.from_position`); a parameter of the other
        family is refused. In quinte `table` is the trick in progress, `stock` the cachette,
        and `bids`, `quints` and `played` belong to it alone.
        """
    def observation(self, seat: int) -> Dict[str, Any]:
        """What `seat` may know (docs/engine.md "observation(seat)"): its own hand, the sizes
        of the others, never the stock order; in quinte also everything played, never the
        cachette before it is taken (then it is in a pile). Its cost does not grow with the
        match: the deal history is `deals`.
        """
    def view(self, seat: Optional[int] = None) -> View:
        """A picture of the game for one seat, or the open view (every hand) when `seat` is
        None: a `View`, whose str is text and whose `_repr_svg_` draws it. A seat's view
        reads only `observation(seat)`; a seat that does not exist raises ValueError.
        """
    def _repr_svg_(self) -> str:
        """The open view drawn as SVG text, for a notebook (`quinza._view.game_svg`)."""
    @property
    def seed(self) -> Optional[int]:
        """The seed the match was dealt from: `Game(rules, seed)`'s, or the one drawn when it
        was left out; for `from_position` its `seed` argument (where its generator starts);
        None for a game from `from_json` (the JSON keeps the generator's state, not the
        seed). Kept by `copy`, pickling and `undo`.
        """
    @property
    def history(self) -> Tuple[Event, ...]:
        """Every Event since the match began, as a tuple: `start_events` first (what happened
        before the first move), then each move's events in order (what `play` returned). A
        game from `from_json` or `from_position` begins there: its history holds what was
        played since. `undo` takes the last move's events off; `copy` and pickling keep it.
        """
    def undo(self) -> Move:
        """Take back the last move exactly, across the end of a deal or of the match too: the
        game, its `history` and `to_json()` are as they were before it. Returns the Move
        taken back. With no move to take back (a new match, a game just read from JSON or a
        position) raises ValueError and changes nothing.
        """
    def start_json(self) -> str:
        """The game before the first move of its `history`, as JSON: what `to_json()` gave when
        the game was made, and what `undo` goes back to in the end.
        """
    def record(self, players: Optional[Sequence[Any]] = None, date: Any = None) -> str:
        """The match as a record (docs/engine.md "Match records"): headers (format version,
        rules and every option, the seed or the start position, players, result, scores),
        then every move, deal by deal; the same text from both backends. `players`: None,
        or one name per seat (such as the bots' text); `date`: None, a text or a
        `datetime.date`. `Game.from_record` replays it.
        """
    @classmethod
    def from_record(cls, text: str) -> Game:
        """The game a match record describes (docs/engine.md "Match records"), replayed move
        by move: the same `to_json()` and `history` as the game that wrote it. A bad record
        raises ValueError naming its line ("line N: ...").
        """

    def encode(self, seat: int, out: Optional[Any] = None) -> Any:
        """What `seat` may know as a numpy float32 vector (docs/engine.md "Encodings"): its
        shape is fixed by the rule set and player count, each entry named by
        `encode_names(rules)`. Written into `out` (a float32 array of that shape) when given.
        """
    def action_mask(self, out: Optional[Any] = None) -> Any:
        """A numpy int8 array of `action_count` entries: 1 at the id of every legal move, else
        0 (all 0 once the match is over). Written into `out` when given.
        """
    def action_of(self, move: _MoveLike) -> int:
        """The action id of a legal move (a Move or its text); an illegal one is a ValueError."""
    def move_of(self, action: int) -> Move:
        """The legal Move of an action id; an id out of range or masked off is a ValueError."""
    @property
    def action_count(self) -> int:
        """The number of action ids of the rule set: the size of `action_mask()`."""

    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class FifteenGame(Game):
    """One whole match of quinza, rb3ine or escoba: what `Game(rules, seed)` builds for them.

    >>> g = Game("quinza", seed=7)
    >>> type(g).__name__, g.turn == (g.dealer + 1) % 2, len(g.hand(g.turn)), len(g.table), g.stock
    ('FifteenGame', True, 3, 4, 30)
    """

    @classmethod
    def from_position(  # type: ignore[override]  # its own family's parameters
        cls,
        rules: Union[Rules, str],
        hands: Sequence[Iterable[_CardLike]],
        table: Iterable[_CardLike] = (),
        stock: Iterable[_CardLike] = (),
        dealer: int = 0,
        turn: Optional[int] = None,
        scores: Optional[Sequence[int]] = None,
        piles: Optional[Sequence[Iterable[_CardLike]]] = None,
        escobas: Optional[Sequence[int]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
    ) -> FifteenGame:
        """A position from explicit cards; the stock is dealt in the order given and later
        deals are shuffled by the generator started at `seed`.
        """

@final
class QuinteGame(Game):
    """One whole match of quinte: what `Game("quinte", seed)` builds.

    >>> g = Game("quinte", seed=1)
    >>> g.phase, g.turn == (g.dealer + 1) % 4, [len(g.hand(s)) for s in range(4)], g.stock
    ('doubling', True, [12, 12, 12, 12], 5)
    >>> [str(m) for m in g.legal_moves()]
    ['pass', 'double']
    """

    def __new__(cls, rules: Union[Rules, str] = "quinte", seed: Optional[int] = None) -> Self: ...
    @classmethod
    def from_position(  # type: ignore[override]  # its own family's parameters
        cls,
        rules: Union[Rules, str],
        hands: Sequence[Iterable[_CardLike]],
        table: Iterable[_CardLike] = (),
        stock: Iterable[_CardLike] = (),
        dealer: int = 0,
        turn: Optional[int] = None,
        scores: Optional[Sequence[int]] = None,
        piles: Optional[Sequence[Iterable[_CardLike]]] = None,
        last_capturer: Optional[int] = None,
        deal_number: int = 1,
        seed: int = 0,
        *,
        bids: Optional[Iterable[Union[Move, str]]] = None,
        quints: Optional[Sequence[int]] = None,
        played: Optional[Iterable[_CardLike]] = None,
    ) -> QuinteGame:
        """A quinte position from explicit cards (docs/engine.md "Quinte: from_position").

        `table` is the trick in progress in play order, `stock` the cachette, `piles` the cards
        each side has won, `last_capturer` the seat that won the last trick (it leads the
        current one), `bids` the bid words from the seat after the dealer, `quints` the quint
        points each side scored this deal (already part of `scores`), `played` every card
        played this deal in play order.
        """

    @property
    def phase(self) -> str:
        """"doubling", "play", or "over" when the match is over."""
    @property
    def trick(self) -> List[Tuple[int, Card]]:
        """The trick in progress as (seat, card) in play order."""
    @property
    def leader(self) -> Optional[int]:
        """The seat that leads (or led) the current trick; None when the match is over."""
    @property
    def trick_number(self) -> int:
        """The trick in progress or about to start, 1..12."""
    @property
    def tricks_won(self) -> List[int]:
        """Tricks each side has won in this deal; the cachette counts as a thirteenth trick
        once taken.
        """
    @property
    def quints(self) -> List[int]:
        """Quint points each side scored in this deal (already in `scores`)."""
    @property
    def bids(self) -> List[Tuple[int, str]]:
        """The bids so far as (seat, word), the first by the seat after the dealer."""
    @property
    def multiplier(self) -> int:
        """What a trick is worth in fives: 1, 2 when doubled, 4 when redoubled."""
    @property
    def doubled_by(self) -> Optional[int]:
        """The side that doubled in this deal, or None."""
    @property
    def redoubled(self) -> bool:
        """Whether the double was redoubled in this deal."""
    @property
    def played(self) -> List[Card]:
        """Every card played this deal, in play order."""

# -- bots and batch simulation (src/python/sim.rs) -------------------------------------

@final
class RandomBot:
    """Uniform over the legal moves: `below(len(legal_moves))` from a generator of its own,
    one draw a move (even when there is only one), picking in legal-move order.
    """

    name: ClassVar[str]
    def __new__(cls, seed: Optional[int] = None) -> Self: ...
    @property
    def seed(self) -> int:
        """The seed the bot started from."""
    @property
    def state(self) -> int:
        """The generator's state now."""
    @property
    def params(self) -> dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
    def __call__(self, game: Any) -> Move:
        """Call self as a function."""

@final
class GreedyBot:
    """The move worth most right away (its key: docs/engine.md "Bots",
    `quinza.reference.bots.greedy_key`); of equal moves, the first in legal-move order.
    It draws nothing: `seed` is only checked.
    """

    name: ClassVar[str]
    def __new__(cls, seed: Optional[int] = None) -> Self: ...
    @property
    def params(self) -> dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
    def __call__(self, game: Any) -> Move: ...

@disjoint_base
class SearchBot:
    """What every search bot shares: its spec, its seed and its generator."""

    name: ClassVar[str]
    @property
    def seed(self) -> int:
        """The seed the bot started from."""
    @property
    def state(self) -> int:
        """The generator's state now."""
    @property
    def time_limit(self) -> Optional[float]:
        """Seconds a move may take (then as many worlds or iterations as fit, at least one), or None."""
    @property
    def params(self) -> dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
    def __call__(self, game: Any) -> Move:
        """Call self as a function."""
    def analyse(self, game: Any) -> list[tuple[Move, float]]:
        """Every legal move with the bot's estimate of it (this deal's points of the side to
        move minus the best of the others', on average), in the order the bot ranks them: pimc
        by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
        ties in legal-move order. The same search, and the same draws, as choosing a move: a
        single legal move is not searched (NaN).
        """

@final
class PimcBot(SearchBot):
    """Perfect-information Monte Carlo: every legal move valued in `worlds` worlds (the
    hidden cards dealt again from the bot's generator), the move of greatest total
    played (ties in legal-move order); `analyse` gives each move's mean.

    In a world a move is worth this deal's points of the side to move minus the best of
    the other sides' (paranoid with three sides): the open-hand solver's exact value
    when at most `exact` cards are still to be played (the hands, and the stock in the
    fifteen family), else a minimax `depth` moves deep below the move whose positions
    are worth a greedy playout (every seat the greedy move to the end of the deal).
    With `time_limit` seconds, `worlds` is ignored: worlds are taken one after another
    until the time is up (at least one; the clock is read between worlds). A single
    legal move is played without searching and draws nothing.

    >>> from quinza.reference import Game
    >>> g = Game("escoba", seed=4)
    >>> bot = PimcBot(worlds=2, depth=0, exact=0, seed=1)
    >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
    (True, True)
    """

    def __new__(
        cls,
        worlds: Optional[int] = 256,
        depth: Optional[int] = 0,
        exact: Optional[int] = 0,
        time_limit: Optional[float] = None,
        seed: Optional[int] = 0,
    ) -> Self: ...
    @property
    def worlds(self) -> int:
        """How many worlds a move is searched in (without a time limit)."""
    @property
    def depth(self) -> int:
        """Moves searched below each root move before a greedy playout."""
    @property
    def exact(self) -> int:
        """At most this many cards left to play: each world is solved exactly."""

@final
class IsmctsBot(SearchBot):
    """Single-observer ISMCTS: `iterations` walks of one tree of moves, each in a world
    newly sampled from the bot's generator (the hidden cards dealt again); the root's
    most visited move is played (ties in legal-move order), `analyse` gives each move's
    mean value.

    A node is chosen by `(sum / n) / scale + c * sqrt(ln(availability) / n)`, `scale`
    the largest absolute value backed up so far in the search (at least 1); a value is
    the deal's points of the side of the seat that made the move minus the best of the
    other sides'. With `time_limit` seconds, `iterations` is ignored: iterations run
    until the time is up (at least one; the clock is read between iterations). A single
    legal move is played without searching and draws nothing. With `infer="greedy"` (the
    default) a world is one in which the other seats' moves this round are greedy moves
    (of up to 16 drawn, the first that fits; none: the first drawn); `"greedy_first"`
    asks for the greedy bot's very moves; `"off"` takes any world (docs/engine.md
    "Worlds fitted to the play"). With `opponents="fitted"` (the default) the tree plays
    the other sides' greedy moves in the worlds that fit their play this round, as `infer`
    tests it, and chooses their moves by UCB in the others, as it does the seat's own;
    `"greedy"` plays their greedy moves in every world, `"search"` chooses by UCB in every
    world (docs/engine.md "ismcts").

    >>> from quinza.reference import Game
    >>> g = Game("quinza", seed=2)
    >>> bot = IsmctsBot(iterations=20, seed=3)
    >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
    (True, True)
    """

    def __new__(
        cls,
        iterations: Optional[int] = 8000,
        c: Optional[float] = 0.7,
        rollout: Optional[str] = "greedy",
        infer: Optional[str] = "greedy",
        opponents: Optional[str] = "fitted",
        time_limit: Optional[float] = None,
        seed: Optional[int] = 0,
    ) -> Self: ...
    @property
    def iterations(self) -> int:
        """How many iterations a move is searched with (without a time limit)."""
    @property
    def c(self) -> float:
        """The weight of the exploration term of UCB."""
    @property
    def rollout(self) -> str:
        """How an iteration plays on to the end of the deal: 'greedy' (every seat the greedy
        move) or 'random' (every seat a uniform legal move from the bot's generator).
        """
    @property
    def infer(self) -> str:
        """What the worlds assume of the other seats' play: 'greedy' (each world one in
        which their moves this round are greedy moves, when one is found in a few tries),
        'greedy_first' (the greedy bot's own moves, its tie-break too) or 'off' (any world
        consistent with what the seat saw).
        """
    @property
    def opponents(self) -> str:
        """How the tree plays the seats of the other sides: 'search' (by UCB, as the seat's
        own moves), 'greedy' (their greedy move in each world) or 'fitted' (greedy in the
        worlds that fit their play this round, by UCB in the others)."""

ENCODING_VERSION: int

@final
class _VectorCore:
    """N matches of one seat against core bots, stepped in Rust (`quinza.envs.VectorEnv`)."""

    def __new__(
        cls, rules: Union[Rules, str], num_envs: int, seat: int, opponents: List[Any], reward: str,
        max_deals: Optional[int], threads: int,
    ) -> Self: ...
    def reset(self, seed: int, observations: Any, masks: Any, rewards: Any, terminated: Any, truncated: Any) -> None:
        """Start every env from `seed`; write observations and masks into the arrays."""
    def step(
        self, actions: Any, observations: Any, masks: Any, rewards: Any, terminated: Any, truncated: Any
    ) -> None:
        """One action per env (an int64 array); everything checked before any env moves."""
    def legal_actions(self, offsets: Any, ids: Any) -> int:
        """The legal ids of every env as the last call left them (the ids its mask row has
        set, in `legal_moves` order): env `i`'s are `ids[offsets[i]..offsets[i + 1]]`.
        Writes the N + 1 offsets, and the ids when they fit in `ids`; returns their count
        (more than `ids` holds: call again with a larger array)."""
    def game(self, i: int) -> Game:
        """A copy of env `i`'s match."""
    def _pin_blocks(self, envs: Optional[int]) -> None:
        """Every call shared with the workers in blocks of `envs` envs, whatever the times say
        (None: as they say); for tests."""
    def _blocks(self) -> int:
        """The blocks the last call was cut into (1: the calling thread alone); for tests."""

def encode_names(rules: Union[Rules, str]) -> List[str]:
    """The names of every entry of a seat's encoding under `rules` (a Rules or a rule set's
    name), in order; `len(encode_names(rules))` is the length of `game.encode(seat)`.

    >>> names = encode_names("escoba")
    >>> len(names), names[0], names[-1]
    (217, 'hand:1o', 'winner[+1]')
    """

def action_count(rules: Union[Rules, str]) -> int:
    """The number of action ids under `rules` (a Rules or a rule set's name): the size of
    `game.action_mask()`.

    >>> action_count("quinza"), action_count("rb3ine"), action_count("quinte")
    (76364, 40960, 56)
    """

def rule_sets() -> list[dict[str, Any]]:
    """The rules table, one dict per rule set, in the order quinza, rb3ine, escoba, quinte.

    >>> [(r["name"], r["capture_total"], r["default_target"]) for r in rule_sets()][:2]
    [('quinza', 15, 151), ('rb3ine', 40, 151)]
    """
def bot(name: str, seed: Optional[int] = None, **params: Any) -> Union[RandomBot, GreedyBot, PimcBot, IsmctsBot]:
    """A new bot by name, with its parameters: `bot("random", seed=7)` is a `RandomBot`,
    `bot("greedy")` a `GreedyBot`, `bot("pimc", worlds=8)` a `PimcBot`,
    `bot("ismcts", iterations=200)` an `IsmctsBot`. An unknown name, an unknown
    parameter (checked in the order given) or a bad value (checked in the order of the
    bot's signature) raises ValueError.
    """
def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` of a simulation seeded `seed`: output number `index` (from
    0) of `Random(seed)`, reached in one step (the state after `index` draws is
    `seed + index * GAMMA` modulo 2**64, where GAMMA = 0x9E3779B97F4A7C15 is the
    generator's increment; docs/engine.md "Seeding").
    """
def seat_seed(match_seed: int, seat: int) -> int:
    """The seed of the bot at `seat` (0..3) in the match seeded `match_seed`: output number
    `seat` of `Random(match_seed XOR BOT_STREAM)`, where BOT_STREAM = 0x6A09E667F3BCC909;
    a stream apart from the match's own draws.
    """
@final
class Solution:
    """The exact value of the deal in progress and of every legal move (`quinza.solve`)."""

    @property
    def value(self) -> int:
        """Under best play by every side from here: this deal's points of the side to move
        minus the best of the other sides' points.
        """
    @property
    def moves(self) -> list[Tuple[Move, int]]:
        """Every legal move with its exact value for the side to move, as (Move, value)
        pairs: best first, equal values in legal-move order. Solved with moves="best":
        only the first of them.
        """
    @property
    def nodes(self) -> int:
        """The positions the search visited (the reference counts its own way)."""

def solve(
    game: Game,
    *,
    max_nodes: Optional[int] = None,
    time_limit: Optional[float] = None,
    moves: Literal["all", "best"] = "all",
    threads: Optional[int] = 1,
) -> Solution:
    """The exact open-hand solution of the deal in progress, as a `Solution`
    (docs/engine.md "Search: the open-hand solver").

    Every card is known (the hands, the stock in dealing order, the cachette).
    `moves="all"` values every legal move; `moves="best"` gives only the first legal move
    of the best value (the one "all" lists first), for less work. `threads`: how many
    threads share the search (None: every core); the value and moves are the same on
    any number, the nodes are not. A limit that is reached raises ValueError; Ctrl-C
    raises KeyboardInterrupt.
    """
def _simulate_chunk(
    rules: Union[Rules, str], bots: Sequence[str], seed: int, start: int, count: int, threads: int
) -> Tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes]:
    """Play matches `start .. start + count` with core bots (one name per seat) on `threads`
    threads (0: every core), the GIL released. Returns the records as little-endian bytes:
    (winner i8, scores i64, deals u32, moves u32, first_dealer u8, deal_points i32,
    deal_dealer u8).
    """
