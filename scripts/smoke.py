"""The smoke test of an installed quinza: run by any Python that has it installed (a wheel
or `pip install .`), from any folder but the source tree, whose `python/` is not on the path.

    python scripts/smoke.py

It checks that the compiled core is the one imported and plays: an escoba match and a
quinte match on both twins from one seed, move by move with the same bots, agreeing on
every move and score; a search bot's move; an encoding written into a numpy array in place
(the buffer protocol or numpy's array interface, whichever the build lends); a short
simulation. It prints one line and exits 0, or raises. A few seconds; Python 3.9 and later.
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path
from typing import Any, List


def match(q: Any, rules: str, seed: int) -> List[str]:
    """A whole match between a greedy and a random bot, as the moves played, the scores last."""
    game = q.Game(rules, seed=seed)
    bots = [q.bot("greedy"), q.bot("random", seed=seed)]
    moves = []
    while not game.is_over:
        move = bots[game.turn % 2](game)
        game.play(move)
        moves.append(str(move))
    return moves + [f"scores {game.scores}", f"winner {game.winner}"]


def main() -> None:
    import numpy as np

    import quinza
    import quinza.reference as ref

    where = Path(quinza.__file__).resolve()
    assert quinza.BACKEND == "rust", quinza.BACKEND
    assert not (where.parents[2] / "pyproject.toml").exists(), f"the source tree's quinza was imported: {where}"

    plies = 0
    for rules in ("escoba", "quinte"):
        core, twin = match(quinza, rules, 7), match(ref, rules, 7)
        assert core == twin, f"{rules}: the twins part at move {next(i for i, (a, b) in enumerate(zip(core, twin)) if a != b)}"
        plies += len(core) - 2

    game = quinza.Game("escoba", seed=3)
    move = quinza.bot("ismcts", iterations=200, seed=1)(game)
    assert game.is_legal(move)
    out = np.zeros(game.encode(0).shape, dtype=game.encode(0).dtype)
    game.encode(0, out=out)
    assert np.array_equal(out, game.encode(0)) and out.any()

    result = quinza.simulate("quinza", 200, bots=["greedy", "random"], seed=7, threads=2)
    assert result.games == len(result.winner) == 200, result

    print(f"quinza {quinza.__version__} on {platform.python_implementation()} {platform.python_version()} "
          f"({platform.machine()}, {Path(quinza._core.__file__).name}): {plies} moves alike in both twins, "
          f"a search move, an encoding in place, 200 matches simulated")


if __name__ == "__main__":
    sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
    main()
