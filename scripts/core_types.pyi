"""The compiled core of quinza: the Rust engine's classes and functions, which `quinza`
re-exports (import them from there).

`quinza.reference` is the same API in pure Python, the executable specification of
docs/rules.md.
"""

# The stub of the compiled Rust core (re-exported by `quinza`): python/quinza/_core.pyi is
# written by scripts/make_stub.py from scripts/core_types.pyi, the types, and the reference's
# docstrings (a name's is its twin's there; the module and the few names without a twin
# carry theirs in core_types.pyi). src/python/docstrings.rs, from the same script, gives
# the compiled core the same words.

import os
from typing import Any, ClassVar, Dict, Iterable, List, Literal, MutableSequence, Optional, Sequence, Tuple, Union, final

from typing_extensions import Self, disjoint_base

from ._view import View

# The classes are Rust types: they cannot be subclassed (@final), but for Game, whose
# two subclasses are the families' games.

_CardLike = Union["Card", str]
_MoveLike = Union["Move", str]

BACKEND: Literal["rust"]
BOT_NAMES: Tuple[str, ...]
SEARCH_BOTS: Dict[str, Optional[str]]  # each search bot, with the parameter its budget is counted in
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
    "NetBot",
    "Net",
    "bot",
    "match_seed",
    "seat_seed",
    "rule_sets",
    "Solution",
    "solve",
    "_simulate_chunk",
    "BACKEND",
    "BOT_NAMES",
    "SEARCH_BOTS",
    "encode_names",
    "action_count",
    "ENCODING_VERSION",
    "_VectorCore",
]

@final
class Card:
    def __new__(cls, text: str, deck: str = "baraja") -> Self: ...
    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> Card: ...
    @classmethod
    def from_id(cls, card_id: int, deck: str = "baraja") -> Card: ...
    @property
    def id(self) -> int: ...
    @property
    def deck(self) -> str: ...
    @property
    def suit(self) -> Optional[str]: ...
    @property
    def rank(self) -> int: ...
    @property
    def is_joker(self) -> bool: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Move:
    def __new__(cls, card: _CardLike, captures: Iterable[_CardLike] = (), deck: Optional[str] = None) -> Self: ...
    @classmethod
    def parse(cls, text: str, deck: str = "baraja") -> Move: ...
    @property
    def card(self) -> Optional[Card]: ...
    @property
    def captures(self) -> Tuple[Card, ...]: ...
    @property
    def bid(self) -> Optional[str]: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Rules:
    def __new__(
        cls, name: str = "quinza", players: Optional[int] = None, target: Optional[int] = None, **options: Any
    ) -> Self: ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def options(self) -> Dict[str, Any]: ...
    @property
    def deck(self) -> str: ...
    @property
    def capture_total(self) -> Optional[int]: ...
    @property
    def values(self) -> Optional[Tuple[int, ...]]: ...
    @property
    def escoba_on_last_card(self) -> bool: ...
    @property
    def opening_capture(self) -> bool: ...
    @property
    def setenta(self) -> str: ...
    def side_of(self, seat: int) -> int: ...
    def to_dict(self) -> Dict[str, Any]: ...
    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Rules: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class DealResult:
    @property
    def deal_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def piles(self) -> List[List[Card]]: ...
    @property
    def points(self) -> List[int]: ...
    @property
    def details(self) -> List[Dict[str, int]]: ...
    @property
    def escobas(self) -> List[int]: ...
    @property
    def last_capturer(self) -> Optional[int]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

_EventKind = Literal[
    "move", "escoba", "trick", "cachette", "last_cards", "deal_scored", "dealt", "opening_capture", "match_over"
]

@final
class Event:
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
    def kind(self) -> _EventKind: ...
    @property
    def seat(self) -> Optional[int]: ...
    @property
    def side(self) -> Optional[int]: ...
    @property
    def cards(self) -> Tuple[Card, ...]: ...
    @property
    def points(self) -> Optional[int]: ...
    @property
    def deal(self) -> Optional[DealResult]: ...
    @property
    def move(self) -> Optional[Move]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class Random:
    def __new__(cls, seed: int) -> Self: ...
    @property
    def state(self) -> int: ...
    def next_u64(self) -> int: ...
    def below(self, n: int) -> int: ...
    def shuffle(self, items: MutableSequence[Any]) -> None: ...

@disjoint_base
class Game:
    def __new__(
        cls,
        rules: Union[Rules, str] = "quinza",
        seed: Optional[int] = None,
        *,
        players: Optional[int] = None,
        target: Optional[int] = None,
        **options: Any,
    ) -> Self: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def turn(self) -> Optional[int]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    def hand(self, seat: int) -> List[Card]: ...
    @property
    def table(self) -> List[Card]: ...
    @property
    def stock(self) -> int: ...
    def pile(self, side: int) -> List[Card]: ...
    def side_of(self, seat: int) -> int: ...
    @property
    def scores(self) -> List[int]: ...
    @property
    def escobas(self) -> List[int]: ...
    @property
    def last_capturer(self) -> Optional[int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def deals(self) -> List[DealResult]: ...
    def legal_moves(self) -> List[Move]: ...
    def count_legal_moves(self) -> int: ...
    def is_legal(self, move: _MoveLike) -> bool: ...
    def play(self, move: _MoveLike, seat: Optional[int] = None) -> Tuple[Event, ...]: ...
    @property
    def start_events(self) -> Tuple[Event, ...]: ...
    def copy(self) -> Self: ...
    def to_json(self) -> str: ...
    @classmethod
    def from_json(cls, text: str) -> Game: ...
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
    ) -> Game: ...
    def observation(self, seat: int) -> Dict[str, Any]: ...
    def view(self, seat: Optional[int] = None) -> View: ...
    def world(self, seat: int, seed: Optional[int] = None) -> Self: ...
    def to_svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    @property
    def seed(self) -> Optional[int]: ...
    @property
    def history(self) -> Tuple[Event, ...]: ...
    def undo(self) -> Move: ...
    def start_json(self) -> str: ...
    def record(self, players: Optional[Sequence[Any]] = None, date: Any = None) -> str: ...
    @classmethod
    def from_record(cls, text: str) -> Game: ...

    def encode(self, seat: int, out: Optional[Any] = None) -> Any: ...
    def action_mask(self, out: Optional[Any] = None) -> Any: ...
    def action_of(self, move: _MoveLike) -> int: ...
    def move_of(self, action: int) -> Move: ...
    @property
    def action_count(self) -> int: ...

    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

@final
class FifteenGame(Game):
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
    ) -> FifteenGame: ...

@final
class QuinteGame(Game):
    def __new__(
        cls,
        rules: Union[Rules, str] = "quinte",
        seed: Optional[int] = None,
        *,
        players: Optional[int] = None,
        target: Optional[int] = None,
        **options: Any,
    ) -> Self: ...
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
    ) -> QuinteGame: ...

    @property
    def phase(self) -> str: ...
    @property
    def trick(self) -> List[Tuple[int, Card]]: ...
    @property
    def leader(self) -> Optional[int]: ...
    @property
    def trick_number(self) -> int: ...
    @property
    def tricks_won(self) -> List[int]: ...
    @property
    def quints(self) -> List[int]: ...
    @property
    def bids(self) -> List[Tuple[int, str]]: ...
    @property
    def multiplier(self) -> int: ...
    @property
    def doubled_by(self) -> Optional[int]: ...
    @property
    def redoubled(self) -> bool: ...
    @property
    def played(self) -> List[Card]: ...

# -- bots and batch simulation (src/python/sim.rs) -------------------------------------

@final
class RandomBot:
    name: ClassVar[str]
    def __new__(cls, seed: Optional[int] = None) -> Self: ...
    @property
    def seed(self) -> int: ...
    @property
    def state(self) -> int: ...
    @property
    def params(self) -> dict[str, Any]: ...
    def __call__(self, game: Any) -> Move: ...

@final
class GreedyBot:
    name: ClassVar[str]
    def __new__(cls, seed: Optional[int] = None) -> Self: ...
    @property
    def params(self) -> dict[str, Any]: ...
    def __call__(self, game: Any) -> Move: ...

@final
class NetBot:
    """The net bot: the net rates every legal move of the seat to act from what that seat
    may know, and the bot plays the first move of the greatest score. It draws nothing and
    does not search (docs/reference/nets.md).
    """

    name: ClassVar[str]
    def __new__(cls, weights: Optional[Union[str, "os.PathLike[str]"]] = None, seed: Optional[int] = None) -> Self: ...
    @property
    def weights(self) -> Optional[str]:
        """The path of the bot's .qzn file, or None: the net the package ships for the game's rules."""
    @property
    def params(self) -> dict[str, Any]:
        """The bot's parameters (all but the seed) by name, in the order of its signature."""
    def __call__(self, game: Any) -> Move: ...

@final
class Net:
    """A net (docs/reference/nets.md): a small network that reads what the seat to act may
    know and rates its position and each of its legal moves, in whole numbers, as both twins
    compute them.
    """

    @classmethod
    def load(cls, source: Union[str, bytes, "os.PathLike[str]"]) -> Net:
        """The net of a .qzn file, given by its path or as its bytes; a file that is not a net
        is a ValueError that says what is wrong."""
    @classmethod
    def for_rules(cls, rules: Union[Rules, str]) -> Net:
        """The net the package ships for these rules (escoba, quinza and rb3ine with two
        players, and quinte); a ValueError for other rules."""
    @property
    def header(self) -> dict[str, Any]:
        """The file's header: the rules it was trained for, its sizes and shifts, how it was made."""
    def to_bytes(self) -> bytes:
        """The .qzn file, as read."""
    def fits(self, rules: Union[Rules, str]) -> bool:
        """Whether the net fits games of these rules: the same rule set and players, and the
        observation's length, move features and encoding version it reads."""
    def evaluate(self, game: Any) -> tuple[float, list[tuple[Move, float]]]:
        """The net's value of the position for the seat to act (its points of the deal over
        the best other side's), and each legal move with its score, in legal-move order; a
        match that is over, or a game the net does not fit, is a ValueError."""

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
    def __call__(self, game: Any) -> Move: ...
    def analyse(self, game: Any) -> list[tuple[Move, float]]:
        """Every legal move with the bot's estimate of it (this deal's points of the side to
        move minus the best of the others', on average), in the order the bot ranks them: pimc
        by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
        ties in legal-move order. The same search, and the same draws, as choosing a move: a
        single legal move is not searched (NaN).
        """

@final
class PimcBot(SearchBot):
    def __new__(
        cls,
        worlds: Optional[int] = 256,
        depth: Optional[int] = 0,
        exact: Optional[int] = 0,
        time_limit: Optional[float] = None,
        seed: Optional[int] = 0,
    ) -> Self: ...
    @property
    def worlds(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def exact(self) -> int: ...

@final
class IsmctsBot(SearchBot):
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
    def iterations(self) -> int: ...
    @property
    def c(self) -> float: ...
    @property
    def rollout(self) -> str: ...
    @property
    def infer(self) -> str: ...
    @property
    def opponents(self) -> str: ...

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

def encode_names(rules: Union[Rules, str]) -> List[str]: ...

def action_count(rules: Union[Rules, str]) -> int: ...

def rule_sets() -> list[dict[str, Any]]: ...
def bot(name: str, seed: Optional[int] = None, **params: Any) -> Union[RandomBot, GreedyBot, PimcBot, IsmctsBot, NetBot]: ...
def match_seed(seed: int, index: int) -> int: ...
def seat_seed(match_seed: int, seat: int) -> int: ...
@final
class Solution:
    @property
    def value(self) -> int: ...
    @property
    def moves(self) -> list[Tuple[Move, int]]: ...
    @property
    def nodes(self) -> int: ...

def solve(
    game: Game,
    *,
    max_nodes: Optional[int] = None,
    time_limit: Optional[float] = None,
    moves: Literal["all", "best"] = "all",
    threads: Optional[int] = 1,
) -> Solution: ...
def _simulate_chunk(
    rules: Union[Rules, str], bots: Sequence[str], seed: int, start: int, count: int, threads: int
) -> Tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes]:
    """Play matches `start .. start + count` with core bots (one name per seat) on `threads`
    threads (0: every core), the GIL released. Returns the records as little-endian bytes:
    (winner i8, scores i64, deals u32, moves u32, first_dealer u8, deal_points i32,
    deal_dealer u8).
    """
