"""What the stable ABI (abi3) costs: the same Python-driven work timed on two builds of the
package (or more) side by side, in turns, in one run.

    maturin build --release -o /tmp/full     # before: Cargo.toml without the abi3 feature
    maturin build --release -o /tmp/abi3     # after
    python benches/abi3.py /tmp/full/quinza-*.whl /tmp/abi3/quinza-*.whl [--rounds 7] [--json OUT]
    python benches/abi3.py --instructions /tmp/full/quinza-*.whl /tmp/abi3/quinza-*.whl
    maturin build --release --features abi3-py39 -o /tmp/cp39   # the wheel for 3.9 and 3.10
    python benches/abi3.py /tmp/abi3/quinza-*.whl /tmp/cp39/quinza-*.whl

Each argument is a wheel (unpacked into a temporary folder) or a folder that holds a
`quinza` package, the first the one the others are compared with. Each round runs every
build once in a child process (PYTHONPATH first, so the child imports that build and
nothing else), in turns, and the best round of each is kept. Work, the same for every build:
- loop: random 2-player escoba matches driven from Python, `legal_moves()` then
  `play(move)` with a seeded `quinza.Random` choosing;
- text_loop: the same with every move given as text (`play(str(move))`);
- simulate: `simulate("escoba", games, bots="random", threads=1)`, the matches in the core;
- python_bot: `simulate` with a Python callable choosing at every seat.
Times are the child's CPU time (`time.process_time`), steadier than wall time on a
shared machine, yet still noisy there. `--instructions` counts instructions instead
(valgrind's callgrind, which a busy machine does not disturb): the loops run for 0 and
for `--matches` matches and the difference is divided by the moves played.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Callable, Dict, List


def loop(matches: int, as_text: bool) -> int:
    """Random escoba matches driven move by move from Python; returns the moves played."""
    import quinza

    pick = quinza.Random(1)
    moves = 0
    for seed in range(matches):
        g = quinza.Game("escoba", seed=seed)
        while not g.is_over:
            legal = g.legal_moves()
            move = legal[pick.below(len(legal))]
            g.play(str(move) if as_text else move)
            moves += 1
    return moves


def rate(run: Callable[[], int]) -> float:
    began = time.process_time()
    moves = run()
    return moves / (time.process_time() - began)


def work(quick: bool) -> Dict[str, Any]:
    """Run in the child: moves a second of the build it imported."""
    import quinza

    matches = 40 if quick else 400

    def first(game: Any) -> Any:
        return game.legal_moves()[0]

    def simulated(bots: Any, games: int) -> Callable[[], int]:
        return lambda: int(quinza.simulate("escoba", games=games, bots=bots, seed=1, threads=1).moves.sum())

    return {
        "module": quinza._core.__file__,
        "loop": rate(lambda: loop(matches, False)),
        "text_loop": rate(lambda: loop(matches, True)),
        "simulate": rate(simulated("random", matches * 50)),
        "python_bot": rate(simulated(first, matches // 4)),
    }


def unpacked(arg: str, into: Path) -> Path:
    path = Path(arg)
    if path.is_dir():
        return path
    target = into / path.stem
    with zipfile.ZipFile(path) as wheel:
        wheel.extractall(target)
    return target


def child(build: Path, *args: str, wrap: List[str] = []) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(build), os.environ.get("PYTHONPATH", "")]), PYTHONHASHSEED="0")
    return subprocess.run(wrap + [sys.executable, __file__, *args], env=env, check=True, capture_output=True, text=True)


def instructions(build: Path, matches: int, as_text: bool) -> float:
    """Instructions a move of the loop, under callgrind: (count at `matches` - count at 0) / moves."""
    counts, moves = [], 0
    for n in (0, matches):
        out = child(build, "--loop", str(n), *(["--text"] if as_text else []),
                    wrap=["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"])
        counts.append(int(re.search(r"Collected : (\d+)", out.stderr).group(1)))  # type: ignore[union-attr]
        moves = int(out.stdout.split()[0])
    return (counts[1] - counts[0]) / moves


def table(names: List[str], best: List[Dict[str, float]], what: str, digits: int = 0) -> List[Dict[str, float]]:
    for i, name in enumerate(names):
        print(f"build {i}: {name}")
    print(f"{what}; ratio to build 0 in brackets")
    print(f"{'':<14}" + "".join(f"{'build ' + str(i):>22}" for i in range(len(names))))
    ratios: List[Dict[str, float]] = [{} for _ in names]
    for key in best[0]:
        cells = []
        for i in range(len(names)):
            ratios[i][key] = best[i][key] / best[0][key]
            cells.append(f"{best[i][key]:>13,.{digits}f} ({ratios[i][key]:.3f})")
        print(f"{key:<14}" + "".join(f"{c:>22}" for c in cells))
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="*", help="wheels or folders holding a quinza package, the baseline first")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead of timing")
    parser.add_argument("--matches", type=int, default=100, help="matches of each loop under --instructions")
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--loop", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--text", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(work(args.quick)))
        return
    if args.loop is not None:
        print(loop(args.loop, args.text))
        return
    if len(args.builds) < 2:
        parser.error("give two builds or more: the baseline first")
    names = [Path(b).name for b in args.builds]
    with tempfile.TemporaryDirectory() as tmp:
        dirs = [unpacked(b, Path(tmp)) for b in args.builds]
        if args.instructions:
            matches = 10 if args.quick else args.matches
            best = [{"loop": instructions(d, matches, False), "text_loop": instructions(d, matches, True)} for d in dirs]
            ratios = table(names, best, f"instructions a move ({matches} matches, callgrind)")
        else:
            best = [{} for _ in dirs]
            for round_ in range(args.rounds):
                for i, d in enumerate(dirs):
                    figures = json.loads(child(d, "--worker", *(["--quick"] if args.quick else [])).stdout)
                    assert Path(figures.pop("module")).resolve().is_relative_to(Path(d).resolve()), "imported another build"
                    for key, value in figures.items():
                        best[i][key] = max(best[i].get(key, 0.0), value)
                print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
            ratios = table(names, best, f"moves a second of CPU time, best of {args.rounds} rounds")
    if args.json:
        Path(args.json).write_text(json.dumps({"builds": names, "figures": best, "ratio": ratios}, indent=2))


if __name__ == "__main__":
    main()
