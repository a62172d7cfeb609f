"""A whole training run: the positions (made where the folder lacks them), the fitting
(from the folder's checkpoint where there is one), the .qzn file. The same settings and
seed give the same file, whatever the number of processes and however often the run was
stopped and started again."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Tuple

from ..engines import engine
from . import positions as made
from .dataset import load, write_whole
from .features import sizes
from .fit import Setup, fit  # JAX: this module is imported by `quinza train` alone
from .qzn import header, quantize, to_bytes

# progress(stage, done, total, measures): stage "positions" (positions made) or "fitting"
# (epochs done, with the measures on the positions held out).
Progress = Callable[[str, int, int, Dict[str, float]], None]


@dataclass
class Settings:
    rules: Any  # a Rules of the compiled core
    positions: int
    iterations: int  # the teacher's budget: ismcts's iterations, pimc's worlds
    epochs: int
    seed: int
    out: str
    directory: str
    processes: Optional[int] = None
    engine: str = "rust"  # the twin that plays and searches (both make the same positions)
    hidden: Tuple[int, int] = (128, 128)
    move_hidden: int = 64
    guide: Optional[str] = None  # the path of a net that guides the search labelling the positions
    teacher: str = made.DEFAULT_TEACHER  # the search labelling them: one of made.TEACHERS
    measures: Dict[str, float] = field(default_factory=dict)


def command(s: Settings) -> str:
    """The command that makes this net again (the paths aside: they do not change it)."""
    rules = s.rules.to_dict()
    options = "".join(f" --set {key}={str(value).lower() if isinstance(value, bool) else value}"
                      for key, value in rules.items() if key not in ("name", "players", "target"))
    budget = (f"--iterations {s.iterations}" if s.teacher == made.DEFAULT_TEACHER
              else f"--teacher {s.teacher} --{made.TEACHERS[s.teacher][0]} {s.iterations}")
    return (f"quinza train --rules {rules['name']} --players {rules['players']}{options} --positions {s.positions} "
            f"{budget} --epochs {s.epochs} --seed {s.seed}"
            + (f" --guide {os.path.basename(s.guide)}" if s.guide else ""))


def train(s: Settings, progress: Optional[Progress] = None) -> bytes:
    """Make the net and write it to `s.out`; its bytes. `s.measures` is left holding the
    fit's measures on the positions held out. Needs the `train` extra (JAX, optax)."""
    api = engine(s.engine)
    observation_len, move_features = sizes(api, s.rules)
    plan = made.Plan(rules=s.rules.to_dict(), iterations=s.iterations, seed=s.seed,
                     guide=made.guide_digest(s.guide) if s.guide else "", teacher=s.teacher)

    def made_so_far(done: int, total: int) -> None:
        if progress:
            progress("positions", done, total, {})

    paths = made.generate(plan, s.directory, s.positions, s.processes, made_so_far, s.engine, s.guide)
    data = load(paths, s.positions, move_features)
    setup = Setup(observation_len=observation_len, move_features=move_features, positions=s.positions,
                  epochs=s.epochs, seed=s.seed, hidden=s.hidden, move_hidden=s.move_hidden)

    def fitted_so_far(done: int, total: int, measures: Dict[str, float]) -> None:
        if progress:
            progress("fitting", done, total, measures)

    params, s.measures = fit(data, setup, s.directory, fitted_so_far)
    arrays, shift = quantize(params)
    trained = {"command": command(s), "seed": s.seed, "positions": s.positions, "iterations": s.iterations,
               "epochs": s.epochs, "date": datetime.date.today().isoformat(),
               **({"guide": plan.guide} if s.guide else {}),
               **({"teacher": s.teacher} if s.teacher != made.DEFAULT_TEACHER else {}),
               "held_out": {"agree": round(s.measures["agree"], 4), "moves_loss": round(s.measures["moves"], 4)}}
    net_sizes = {"observation_len": observation_len, "move_features": move_features, "hidden": s.hidden,
                 "move_hidden": s.move_hidden}
    data_bytes = to_bytes(header(s.rules.to_dict(), api.ENCODING_VERSION, net_sizes, shift, trained), arrays)
    write_whole(s.out, data_bytes)
    return data_bytes
