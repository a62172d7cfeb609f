"""The engine protocol: what a twin is (`Engine`). Public through `quinza.engines`; a
module of its own, importing nothing, so that everything written over an engine (sim,
study, cli, server, envs) imports it without importing a twin."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping, Optional, Protocol, Tuple, Type, runtime_checkable


@runtime_checkable
class Engine(Protocol):
    """What a twin is, as everything above the twins uses it. The classes are typed
    loosely (`Type[Any]`): each twin has its own, with the same methods
    (tests/test_parity.py holds them equal)."""

    @property
    def name(self) -> str:
        """The engine's name: "rust" or "reference" (the twin's `BACKEND`)."""

    # The rules and the game.
    @property
    def Rules(self) -> Type[Any]: ...

    @property
    def Game(self) -> Type[Any]: ...

    @property
    def Card(self) -> Type[Any]: ...

    @property
    def Move(self) -> Type[Any]: ...

    def rule_sets(self) -> List[Dict[str, Any]]: ...

    # The bots: the built-in ones by name, which of them search (each with the parameter
    # its budget is counted in), a bot by name, and the seeds simulate gives them.
    @property
    def BOT_NAMES(self) -> Tuple[str, ...]: ...

    @property
    def SEARCH_BOTS(self) -> Mapping[str, Optional[str]]: ...

    def bot(self, name: str, seed: Optional[int] = None, **params: Any) -> Any: ...

    def match_seed(self, seed: int, index: int) -> int: ...

    def seat_seed(self, match_seed: int, seat: int) -> int: ...

    # The open-hand solver.
    def solve(self, game: Any, *, max_nodes: Any = None, time_limit: Any = None, moves: Any = "all",
              threads: Any = 1) -> Any: ...

    # The encodings for learning agents.
    @property
    def ENCODING_VERSION(self) -> int: ...

    def encode_names(self, rules: Any) -> List[str]: ...

    def action_count(self, rules: Any) -> int: ...

    # The nets (docs/reference/nets.md): read from a .qzn file, or the one shipped for a
    # rule set, and what one says of a position.
    @property
    def Net(self) -> Type[Any]: ...

    # Whole chunks of matches between built-in bots, played inside the engine at once
    # (None: every match is played move by move in Python).
    @property
    def simulate_chunk(self) -> Optional[Callable[..., Any]]: ...

    # What the package writes once over an engine, bound to this one (quinza/_twin.py):
    # the twin's package exposes these as its own functions.
    @property
    def simulate(self) -> Callable[..., Any]: ...

    @property
    def ladder(self) -> Callable[..., Any]: ...

    @property
    def play_match(self) -> Callable[..., Any]: ...

    @property
    def analyze(self) -> Callable[..., Any]: ...

    @property
    def review(self) -> Callable[..., Any]: ...
