"""The engine object of a twin (`Twin`, an `Engine`) and the public functions written once
over an engine: simulate, ladder, play_match, analyze and review. Each twin's package
makes its `ENGINE` here and exposes the functions bound to it as its own
(`quinza.simulate`, `quinza.reference.simulate`): same signature, same docstring."""


from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Type

from ._protocol import Engine
from . import sim as _sim
from .sim import PLAY_MATCH_DOC, SIMULATE_DOC, SimulationResult
from .study import lab as _lab, ladder as _ladder, review as _review
from .study.lab import ANALYZE_DOC
from .study.ladder import LADDER_DOC, LadderResult
from .study.review import HINDSIGHT_NODES, REVIEW_DOC, Review


class Twin:
    """The engine of one twin: its classes and functions under the names of `Engine`, and
    the functions above it bound to it (`simulate`, `ladder`, `play_match`, `analyze`,
    `review`). Each twin's package makes one (`ENGINE`); `quinza.engines.engine(name)`
    finds it. `module` is the twin's package, the `__module__` its functions show."""

    simulate: Callable[..., SimulationResult]
    ladder: Callable[..., LadderResult]
    play_match: Callable[..., Any]
    analyze: Callable[..., Any]
    review: Callable[..., Review]

    def __init__(self, name: str, module: str, *, Rules: Type[Any], Game: Type[Any], Card: Type[Any], Move: Type[Any],
                 rule_sets: Callable[[], List[Dict[str, Any]]], BOT_NAMES: Tuple[str, ...],
                 SEARCH_BOTS: Mapping[str, Optional[str]], bot: Callable[..., Any],
                 match_seed: Callable[[int, int], int], seat_seed: Callable[[int, int], int],
                 solve: Callable[..., Any], ENCODING_VERSION: int, encode_names: Callable[[Any], List[str]],
                 action_count: Callable[[Any], int], Net: Type[Any],
                 simulate_chunk: Optional[Callable[..., Any]] = None) -> None:
        self.name = name
        self.Rules, self.Game, self.Card, self.Move = Rules, Game, Card, Move
        self.rule_sets = rule_sets
        self.BOT_NAMES, self.SEARCH_BOTS = BOT_NAMES, dict(SEARCH_BOTS)
        self.bot, self.match_seed, self.seat_seed = bot, match_seed, seat_seed
        self.solve = solve
        self.ENCODING_VERSION, self.encode_names, self.action_count = ENCODING_VERSION, encode_names, action_count
        self.Net = Net
        self.simulate_chunk = simulate_chunk
        self.simulate, self.ladder, self.play_match, self.analyze, self.review = _bound(self, module)

    def __repr__(self) -> str:
        return f"<quinza engine {self.name!r}>"

    def __reduce__(self) -> Tuple[Callable[[str], Engine], Tuple[str]]:
        # Sent to another process (a Ray task, a review apart) by name, and found there again.
        from .engines import engine

        return (engine, (self.name,))


def _bound(engine: Engine, module: str) -> Tuple[Callable[..., SimulationResult], Callable[..., LadderResult],
                                                  Callable[..., Any], Callable[..., Any], Callable[..., Review]]:
    """simulate, ladder, play_match, analyze and review, written once, over `engine`."""

    def simulate(
        rules: Any,
        games: int,
        bots: Any = ("random",),
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        backend: str = "local",
        progress: Optional[Callable[[int, int], Any]] = None,
        arrays: bool = True,
        ray_address: Optional[str] = None,
        records: Any = None,
    ) -> SimulationResult:
        return _sim.simulate(engine, rules, games, bots, seed, threads, backend, progress, arrays, ray_address, records)

    def ladder(
        bots: Any,
        rules: Any = "escoba",
        games: int = 100,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        backend: str = "local",
        state: Any = None,
        progress: Optional[Callable[[int, int], Any]] = None,
        ray_address: Optional[str] = None,
        intervals: Optional[str] = None,
        resamples: int = _ladder.RESAMPLES,
    ) -> LadderResult:
        return _ladder.ladder(engine, bots, rules, games, seed, threads, backend, state, progress, ray_address,
                              intervals, resamples)

    def play_match(rules: Any, bots: Any, match_seed: int) -> Any:
        return _sim.play_match(engine, rules, bots, match_seed)

    def analyze(
        rules: Any = "escoba",
        sets: Any = (),
        level: Any = "greedy",
        games: Optional[int] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        duplicates: Optional[int] = None,
        targets: Any = None,
        contrast: Any = None,
        headroom: Optional[int] = None,
        fair: Any = None,
        progress: Optional[Callable[[str], Any]] = None,
    ) -> Any:
        return _lab.analyze(engine, rules, sets, level, games, seed, threads, duplicates, targets, contrast, headroom, fair,
                        progress)

    def review(game: Any, bot: Any = None, seed: Any = 0, hindsight: Any = HINDSIGHT_NODES,
               progress: Optional[Callable[[int, int], Any]] = None) -> Review:
        return _review.review(engine, game, bot, seed, hindsight, progress)

    for function, doc in ((simulate, SIMULATE_DOC), (ladder, LADDER_DOC), (play_match, PLAY_MATCH_DOC),
                          (analyze, ANALYZE_DOC), (review, REVIEW_DOC)):
        function.__doc__, function.__module__, function.__qualname__ = doc, module, function.__name__
    return simulate, ladder, play_match, analyze, review
