"""Positions for a net to learn from: self-play matches of the rules between a mix of bots
(with a few random moves for variety), and at sampled positions of the seat to act (with
two legal moves or more) what that seat may know (`features.inputs`) and the engine's own
search's estimate of each legal move from that seat (the teacher's `analyse`: ismcts's,
or pimc's): the deal's points, its side's over the best other side's. The ismcts teacher
may be guided by a net (a `guide`, ismcts with `prior="net"`): a net's positions teach
the next net, and the guided search at the same cost plays better than the search alone.
pimc, though it plays better than ismcts at the same cost in quinte, teaches worse there:
its values are those of open hands (docs/howto/train-a-net.md).

The positions come in shards of `CHUNK`, each made from a seed of its own (the run's seed
and the shard's number), so a shard is the same whichever process makes it and however
many there are; a shard is written whole (to a temporary name, then renamed), so a run
stopped and started again keeps the shards it finished and makes the others."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
from dataclasses import asdict, dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import numpy as np

from ..engines import engine
from .._words import quoted
from .dataset import save_arrays
from .features import inputs

CHUNK = 128  # positions a shard
SAMPLE = 0.25  # the share of the eligible positions of a match that are recorded
RANDOM_MOVE = 0.1  # the share of the moves played at random instead of by the seat's bot
# The bots of the self-play matches, one drawn for each seat of each match: weak and
# strong, so that the positions are those of many kinds of play.
PLAYERS: Tuple[Tuple[str, Dict[str, int]], ...] = (
    ("greedy", {}),
    ("pimc", {"worlds": 16}),
    ("ismcts", {"iterations": 200}),
)
PLAN = "plan.json"
# The searches that may value the moves: each one's budget (its option's name) and default.
TEACHERS: Dict[str, Tuple[str, int]] = {"ismcts": ("iterations", 1000), "pimc": ("worlds", 256)}
DEFAULT_TEACHER = "ismcts"  # also the one a guide guides


@dataclass(frozen=True)
class Plan:
    """What the shards of a folder are made from; a folder holds one plan's shards."""

    rules: Dict[str, Any]
    iterations: int  # the teacher's budget: ismcts's iterations, pimc's worlds
    seed: int
    chunk: int = CHUNK
    sample: float = SAMPLE
    random_move: float = RANDOM_MOVE
    guide: str = ""  # the SHA-256 of the net guiding the search, or "" for the search alone
    teacher: str = DEFAULT_TEACHER  # the search that values the moves: one of TEACHERS

    def __post_init__(self) -> None:
        error = teacher_error(self.teacher, bool(self.guide))
        if error:
            raise ValueError(error)


def teacher_error(teacher: str, guided: bool) -> str:
    """What is wrong with this teacher (and a guide or none), or "": one of TEACHERS, and a
    guide guides DEFAULT_TEACHER alone."""
    if teacher not in TEACHERS:
        return f"the teacher is one of {', '.join(TEACHERS)}, not {quoted(teacher)}"
    if guided and teacher != DEFAULT_TEACHER:
        return f"a guide guides {DEFAULT_TEACHER}: it goes with the teacher {DEFAULT_TEACHER} alone"
    return ""


def guide_digest(path: str) -> str:
    """The SHA-256 of a net's file: what a plan keeps of its guide (positions made with
    another net are another plan's)."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def shard_path(directory: str, index: int) -> str:
    return os.path.join(directory, f"positions-{index:05d}.npz")


def shard_count(positions: int) -> int:
    return -(-positions // CHUNK)


def claim(directory: str, plan: Plan) -> None:
    """Make the folder this plan's, or check it is: shards of another plan are refused."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, PLAN)
    mine = asdict(plan)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            theirs = {"guide": "", "teacher": DEFAULT_TEACHER, **json.load(f)}  # made before guides and teachers
        if theirs != mine:
            differ = ", ".join(sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k)))
            raise ValueError(f"the folder {quoted(directory)} holds positions made otherwise ({differ} differ): "
                             "choose another folder, or empty it")
    else:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(mine, f, indent=1, sort_keys=True)
    for name in os.listdir(directory):  # what a stopped run left unfinished
        if ".tmp" in name:
            os.remove(os.path.join(directory, name))


def _bot(api: Any, rng: np.random.Generator) -> Any:
    name, params = PLAYERS[int(rng.integers(len(PLAYERS)))]
    return api.bot(name, seed=int(rng.integers(2**31)), **params)


def label(api: Any, game: Any, iterations: int, seed: int, guide: Optional[str] = None,
          teacher: str = DEFAULT_TEACHER) -> Tuple[np.ndarray, int, float]:
    """The teacher's estimate of each legal move (NaN where it never tried one), the index
    of the move it would play, and that move's estimate: the position's value.
    `iterations`: ismcts's iterations or pimc's worlds; `guide`: the path of a net that
    guides ismcts."""
    moves = game.legal_moves()
    if teacher == "pimc":
        search = api.bot("pimc", seed=seed, worlds=iterations)
    else:
        guided = {"prior": "net", "weights": guide} if guide else {}
        search = api.bot("ismcts", seed=seed, iterations=iterations, **guided)
    ranked = search.analyse(game)
    targets = np.full(len(moves), np.nan, dtype=np.float32)
    for move, value in ranked:
        targets[moves.index(move)] = value
    best = moves.index(ranked[0][0])
    return targets, best, float(ranked[0][1])


def make_shard(plan: Plan, index: int, count: int, twin: str = "rust",
               guide: Optional[str] = None) -> Dict[str, np.ndarray]:
    """The `count` positions of shard `index`, as arrays (see `write_shard`), made by the
    engine `twin` (the twins make the same); `guide`, the path of the plan's guiding net."""
    api = engine(twin)
    rules = api.Rules.from_dict(plan.rules)
    rng = np.random.default_rng([plan.seed, index])
    observations: List[np.ndarray] = []
    features: List[List[int]] = []
    counts: List[int] = []
    targets: List[np.ndarray] = []
    values: List[float] = []
    best: List[int] = []
    while len(observations) < count:
        game = api.Game(rules, seed=int(rng.integers(2**62)))
        players = [_bot(api, rng) for _ in range(rules.players)]
        while not game.is_over and len(observations) < count:
            moves = game.legal_moves()
            if len(moves) >= 2 and rng.random() < plan.sample:
                observation, move_features = inputs(game)
                estimates, chosen, value = label(api, game, plan.iterations, int(rng.integers(2**31)), guide,
                                                 plan.teacher)
                observations.append(observation)
                features.extend(move_features)
                counts.append(len(moves))
                targets.append(estimates)
                values.append(value)
                best.append(chosen)
            if len(moves) >= 2 and rng.random() < plan.random_move:
                game.play(moves[int(rng.integers(len(moves)))])
            else:
                game.play(players[game.turn](game))
    width = max(len(f) for f in features)
    padded = np.full((len(features), width), -1, dtype=np.int32)
    for row, f in enumerate(features):
        padded[row, :len(f)] = f
    return {"observations": np.stack(observations), "counts": np.array(counts, dtype=np.int32),
            "features": padded, "targets": np.concatenate(targets), "values": np.array(values, dtype=np.float32),
            "best": np.array(best, dtype=np.int32)}


def write_shard(path: str, arrays: Dict[str, np.ndarray]) -> None:
    """A shard's arrays: `observations` (one row a position), `counts` (its legal moves),
    `features` (one row a move, its feature indices padded with -1), `targets` (one a
    move), `values` and `best` (one a position)."""
    save_arrays(path, arrays)


# the plan, the shard's number, its positions, its path, the engine, the guiding net's path
Job = Tuple[Plan, int, int, str, str, Optional[str]]


def _job(job: Job) -> int:
    plan, index, count, path, twin, guide = job
    write_shard(path, make_shard(plan, index, count, twin, guide))
    return count


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def generate(plan: Plan, directory: str, positions: int, processes: Optional[int] = None,
             progress: Optional[Callable[[int, int], None]] = None, twin: str = "rust",
             guide: Optional[str] = None) -> List[str]:
    """The paths of the shards holding the first `positions` positions of the plan, made
    where missing on `processes` processes (default: every core); `guide`, the path of
    the net whose digest is the plan's `guide`."""
    if (guide_digest(guide) if guide else "") != plan.guide:
        raise ValueError("the guiding net is not the plan's")
    claim(directory, plan)
    jobs = [(plan, i, min(CHUNK, positions - i * CHUNK), shard_path(directory, i), twin, guide)
            for i in range(shard_count(positions))]
    done = sum(job[2] for job in jobs if _usable(job[3], job[2]))
    todo = [job for job in jobs if not _usable(job[3], job[2])]
    if progress:
        progress(done, positions)
    for count in _run(todo, processes or os.cpu_count() or 1):
        done += count
        if progress:
            progress(done, positions)
    return [job[3] for job in jobs]


def _usable(path: str, count: int) -> bool:
    """A shard already made with at least the positions asked of it (the last shard of a
    smaller run has fewer: it is made again)."""
    if not os.path.exists(path):
        return False
    with np.load(path) as shard:
        return len(shard["counts"]) >= count


def _run(todo: List[Job], processes: int) -> Iterator[int]:
    if processes <= 1 or len(todo) <= 1:
        yield from map(_job, todo)
        return
    # spawn, not fork: the compiled core's threads do not survive a fork.
    pool = multiprocessing.get_context("spawn").Pool(min(processes, len(todo)), initializer=_quiet_worker)
    try:
        yield from pool.imap_unordered(_job, todo)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
