"""What the package needs of a backend: the module `quinza` (the Rust core) or
`quinza.reference` (the pure-Python twin). The simulation, the commands and the envs are
written once over this protocol and handed either module (`_engines.backend` picks it)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Protocol, Tuple, Type

from ._errors import SimulationInterrupted


class Backend(Protocol):
    """A twin's module, as the package uses it. Its classes are typed loosely (`Type[Any]`):
    each twin has its own, with the same methods (tests/test_parity.py holds them equal)."""

    @property
    def __name__(self) -> str: ...

    @property
    def BACKEND(self) -> str: ...

    @property
    def BOT_NAMES(self) -> Tuple[str, ...]: ...

    @property
    def Rules(self) -> Type[Any]: ...

    @property
    def Game(self) -> Type[Any]: ...

    @property
    def Card(self) -> Type[Any]: ...

    @property
    def Move(self) -> Type[Any]: ...

    @property
    def SimulationInterrupted(self) -> Type[SimulationInterrupted]: ...

    @property
    def simulate(self) -> Callable[..., Any]: ...

    def bot(self, name: str, seed: Optional[int] = None, **params: Any) -> Any: ...

    def review(self, game: Any, bot: Any = None, seed: Any = 0, hindsight: Any = ...,
               progress: Optional[Callable[[int, int], Any]] = None) -> Any: ...

    def match_seed(self, seed: int, index: int) -> int: ...

    def seat_seed(self, match_seed: int, seat: int) -> int: ...

    def rule_sets(self) -> List[Dict[str, Any]]: ...

    def encode_names(self, rules: Any) -> List[str]: ...

    def action_count(self, rules: Any) -> int: ...

    def solve(self, game: Any, *, max_nodes: Any = None, time_limit: Any = None, moves: Any = "all",
              threads: Any = 1) -> Any: ...
