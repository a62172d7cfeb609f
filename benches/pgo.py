"""A profile-guided build of the core (PGO), timed beside the plain build, JSON out.

    python benches/pgo.py [--rounds 3] [--out pgo.json]

1. Builds a wheel whose core counts the branches and calls it runs (rustc
   `-Cprofile-generate`), in `target/pgo/`.
2. Runs `train` on it: every rule set simulated with random, greedy and search bots,
   open-hand solves of 2-player and quinte positions, and random play driven from Python.
3. Merges the counts with `llvm-profdata`: `$LLVM_PROFDATA`, else the one of rustup's
   `llvm-tools` component, else `llvm-profdata-N` or `llvm-profdata` on the PATH (the
   first that reads them: its LLVM must be as new as the profile format of rustc's).
4. Builds the wheel optimised by them (`-Cprofile-use`) in `target/wheels-pgo/`, and the
   plain one (`maturin build --release`) in `target/pgo/plain/`.
5. Times both, each installed apart (`pip install --target`), in turns: `measure`, the best
   of `--rounds` rounds of each figure, and the ratio PGO / plain.

Install the optimised wheel with `pip install --force-reinstall target/wheels-pgo/quinza-*.whl`.
It is not the default build (`pip install .`): a profile fits one version of the code
(functions changed since are optimised without it) and is read only by a rustc whose LLVM
is as new as the profile's, so it is made where the wheel is built, by this script.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "pgo"


# --- the workloads, run in a child process on one build ----------------------------------

def play_random(q: Any, name: str, deals: int, seed: int) -> int:
    """Random play driven from Python, one deal each; the moves played."""
    rng, moves = random.Random(seed), 0
    for s in range(deals):
        g = q.Game(name, seed=seed + s)
        while g.deal_number == 1 and g.turn is not None:
            g.play(rng.choice(g.legal_moves()))
            moves += 1
    return moves


def stock_spent(q: Any, name: str, deals: int) -> List[Any]:
    """The 2-player positions once the stock is spent, along random play."""
    rng, out = random.Random(1), []
    for seed in range(deals):
        g = q.Game(name, seed=seed)
        while g.deal_number == 1 and g.turn is not None:
            if g.stock == 0:
                out.append(g.copy())
            g.play(rng.choice(g.legal_moves()))
    return out


def train(q: Any) -> None:
    """What the profile is made of: the core's every hot path, at small budgets."""
    from solver import quinte_from  # benches/solver.py, over the build imported
    rule_sets = [q.Rules(n) for n in ("quinza", "rb3ine", "escoba")]
    rule_sets += [q.Rules("quinza", players=4), q.Rules("escoba", players=4), q.Rules("quinte")]
    for rules in rule_sets:
        q.simulate(rules, 300, bots=["random"], seed=1, threads=1)
        q.simulate(rules, 60, bots=["greedy", "random"], seed=2, threads=1)
        q.simulate(rules, 2, bots=["ismcts:iterations=300", "greedy"], seed=3, threads=1)
        q.simulate(rules, 2, bots=["pimc:worlds=4", "greedy"], seed=4, threads=1)
    for name in ("quinza", "rb3ine", "escoba", "quinte"):
        play_random(q, name, 40, 5)
    for name in ("quinza", "rb3ine", "escoba"):
        for g in stock_spent(q, name, 30):
            q.solve(g)
        q.solve(q.Game(name, seed=6), moves="best")
    for seed in range(4):
        q.solve(quinte_from(100 + seed, 8))
    for seed in range(20, 23):
        try:
            q.solve(quinte_from(seed, 12), moves="best", time_limit=3)
        except ValueError:
            pass  # the time limit: what it searched is counted all the same


def rate(work: Callable[[], int]) -> float:
    """Units a second of one run of `work` (which returns its units)."""
    t = time.perf_counter()
    n = work()
    return n / (time.perf_counter() - t)


def seconds(work: Callable[[], Any]) -> float:
    t = time.perf_counter()
    work()
    return time.perf_counter() - t


def measure(q: Any) -> Dict[str, float]:
    """One round of each figure: rates ("a second", higher is faster) and times."""
    from solver import quinte_from
    sim = lambda rules, games, bots: lambda: q.simulate(rules, games, bots=bots, seed=7, threads=1).summary["moves"]  # noqa: E731
    spent = stock_spent(q, "escoba", 40)
    openings = [q.Game("escoba", seed=s) for s in range(10)]
    ismcts = q.bot("ismcts", seed=1)
    firsts = [quinte_from(s, 12) for s in range(6)]

    def first_leads() -> float:
        times = []
        for g in firsts:
            try:
                times.append(seconds(lambda: q.solve(g, moves="best", time_limit=8)))
            except ValueError:
                times.append(float("inf"))
        return statistics.median(times)

    return {
        "simulate quinza 2p random, moves a second": rate(sim("quinza", 6000, ["random"])),
        "simulate quinte random, moves a second": rate(sim("quinte", 1500, ["random"])),
        "simulate escoba 2p greedy, moves a second": rate(sim("escoba", 2000, ["greedy"])),
        "random play from Python, moves a second": rate(lambda: play_random(q, "quinza", 150, 8)),
        "ismcts escoba 2p (default budget), first move, ms a move": 1000 * seconds(lambda: [ismcts(g) for g in openings]) / len(openings),
        "solve escoba 2p once the stock is spent, us a position": 1e6 * seconds(lambda: [q.solve(g) for g in spent]) / len(spent),
        "solve quinte from the first lead, best, 1 thread, median s (6 deals)": first_leads(),
    }


def child(job: str) -> None:
    import quinza as q

    if job == "train":
        train(q)
    else:
        print(json.dumps(measure(q)))


# --- the builds ----------------------------------------------------------------------------

def run(cmd: List[str], **kw: Any) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=True, cwd=ROOT, **kw)


def rustflags(extra: List[str]) -> str:
    # RUSTFLAGS replaces .cargo/config.toml's flags: keep its POPCNT on x86-64.
    base = ["-C", "target-feature=+popcnt"] if platform.machine() in ("x86_64", "AMD64") else []
    return " ".join(base + extra)


def wheel(out: Path, flags: Optional[str], target: Optional[Path]) -> Path:
    """Build a release wheel into `out` (RUSTFLAGS `flags` and its own target folder, if
    given, so that the plain release build is left as it is)."""
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ)
    env.pop("RUSTFLAGS", None)
    if flags is not None:
        env["RUSTFLAGS"] = flags
    if target is not None:
        env["CARGO_TARGET_DIR"] = str(target)
    run([sys.executable, "-m", "maturin", "build", "--release", "--interpreter", sys.executable, "-o", str(out)], env=env)
    (found,) = glob.glob(str(out / "quinza-*.whl"))
    return Path(found)


def install(whl: Path, into: Path) -> Path:
    shutil.rmtree(into, ignore_errors=True)
    run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(into), str(whl)])
    return into


def in_build(site: Path, job: str, env: Optional[Dict[str, str]] = None) -> str:
    """Run `child(job)` with the build installed in `site` first on the path."""
    e = dict(os.environ, PYTHONPATH=str(site), **(env or {}))
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'benches')!r}); import pgo, quinza; " \
           f"assert quinza.__file__.startswith({str(site)!r}), quinza.__file__; pgo.child({job!r})"
    return subprocess.run([sys.executable, "-c", code], check=True, env=e, stdout=subprocess.PIPE, text=True).stdout


def profdata_tools() -> List[str]:
    """llvm-profdata candidates, the likeliest first."""
    found = [os.environ["LLVM_PROFDATA"]] if os.environ.get("LLVM_PROFDATA") else []
    try:
        sysroot = subprocess.run(["rustc", "--print", "sysroot"], stdout=subprocess.PIPE, text=True).stdout.strip()
        found += glob.glob(os.path.join(sysroot, "lib", "rustlib", "*", "bin", "llvm-profdata"))
    except OSError:
        pass  # no rustc on the PATH: the build will say so
    versioned = []
    for d in os.environ.get("PATH", "").split(os.pathsep) + glob.glob("/usr/lib/llvm-*/bin"):
        for p in glob.glob(os.path.join(d, "llvm-profdata*")):
            tail = os.path.basename(p)[len("llvm-profdata"):].lstrip("-")
            versioned.append((int(tail) if tail.isdigit() else 0, p))
    found += [p for _, p in sorted(versioned, reverse=True)]
    return list(dict.fromkeys(found))


def merge(raw: List[str], out: Path) -> str:
    """Merge the counts with the first llvm-profdata that reads them; which one did."""
    for tool in profdata_tools():
        if subprocess.run([tool, "merge", "-o", str(out)] + raw, stderr=subprocess.DEVNULL).returncode == 0:
            return tool
    sys.exit("no llvm-profdata here reads rustc's profiles: `rustup component add llvm-tools`, "
             "or install an LLVM as new as `rustc -vV` says, or set LLVM_PROFDATA")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each figure per build, in turns")
    ap.add_argument("--out", default=None, help="write the figures as JSON here")
    a = ap.parse_args()

    profiles = WORK / "profiles"
    instrumented = wheel(WORK / "instrumented", rustflags([f"-Cprofile-generate={profiles}"]), WORK / "target-instrumented")
    site = install(instrumented, WORK / "site-instrumented")
    # The build's own scripts, instrumented too, left counts there: only training's count.
    shutil.rmtree(profiles, ignore_errors=True)
    profiles.mkdir(parents=True)
    in_build(site, "train", {"LLVM_PROFILE_FILE": str(profiles / "%p-%m.profraw")})
    merged = WORK / "quinza.profdata"
    tool = merge(glob.glob(str(profiles / "*.profraw")), merged)
    # A function changed since the profile was made is optimised without it: no warning.
    optimised = wheel(ROOT / "target" / "wheels-pgo",
                      rustflags([f"-Cprofile-use={merged}", "-Cllvm-args=-no-pgo-warn-mismatch"]),
                      WORK / "target-optimised")
    plain = wheel(WORK / "plain", None, None)
    sites = {"plain": install(plain, WORK / "site-plain"), "pgo": install(optimised, WORK / "site-pgo")}

    rounds: Dict[str, List[Dict[str, float]]] = {k: [] for k in sites}
    for r in range(a.rounds):
        for k, s in sites.items():
            rounds[k].append(json.loads(in_build(s, "measure")))
            print(f"round {r + 1} {k}: done", file=sys.stderr)
    best = {}
    for k, rs in rounds.items():
        best[k] = {m: (max if m.endswith("a second") else min)(x[m] for x in rs) for m in rs[0]}
    result = {"llvm_profdata": tool, "rounds": a.rounds, "wheel": str(optimised.relative_to(ROOT)),
              "plain": best["plain"], "pgo": best["pgo"],
              "pgo_over_plain": {m: best["pgo"][m] / best["plain"][m] for m in best["plain"]}}
    for m, x in result["pgo_over_plain"].items():
        print(f"{m:72} plain {best['plain'][m]:12.4g}  pgo {best['pgo'][m]:12.4g}  pgo/plain {x:.3f}")
    if a.out:
        with open(a.out, "w") as f:
            f.write(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
