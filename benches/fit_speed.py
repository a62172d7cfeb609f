"""The time `quinza train` takes to fit a net to positions already made: the first
`--positions` of a run's folder (`--dir`, made by `quinza train`), `--epochs` epochs of
the fitting, in a scratch folder so that nothing is resumed. Give `--src` the `python`
folder of another checkout to time its fitting on the same positions (the figures of two
checkouts are comparable within one run: run them in turns).

    python benches/fit_speed.py --dir escoba.train --positions 100000 --epochs 3 [--src OTHER/python]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import tempfile
import time


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", required=True, help="a run's folder of positions")
    p.add_argument("--positions", type=int, default=100_000)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--src", default=None, help="the python folder of the checkout to time (default: this one)")
    args = p.parse_args()
    if args.src:
        sys.path.insert(0, args.src)
    import quinza
    from quinza.train.dataset import load
    from quinza.train.features import sizes
    from quinza.train.fit import Setup, fit

    with open(os.path.join(args.dir, "plan.json"), encoding="utf-8") as f:
        rules = quinza.Rules.from_dict(json.load(f)["rules"])
    L, F = sizes(quinza, rules)
    paths = sorted(glob.glob(os.path.join(args.dir, "positions-*.npz")))
    start = time.perf_counter()
    data = load(paths, args.positions, F)
    loaded = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        _, measures = fit(data, Setup(observation_len=L, move_features=F, positions=args.positions,
                                      epochs=args.epochs, seed=1), scratch)
    done = time.perf_counter()
    print(f"{quinza.__file__}: read {loaded - start:.1f} s, fitted {args.epochs} epochs in {done - loaded:.1f} s "
          f"(held out: agrees {100 * measures['agree']:.1f}%)")


if __name__ == "__main__":
    main()
