"""Learning environments' speed side by side, in one run: agent steps a second; JSON out.

An agent step is one action of a learning agent, chosen at random among the legal ones
(masked). In the single-agent envs (quinza's vector env and Gymnasium env) the opponents
are core bots ("random") that move inside `step`: their moves are not agent steps. In the
multi-agent envs (quinza's and PettingZoo's AEC envs, RLCard, pgx) every seat is an agent,
so every action is an agent step.

- quinza.envs.VectorEnv on 2-player escoba and 4-player quinte, threads 1 and 2, N = 1,
  64, 1024 envs: the actions of all envs drawn at once in numpy from the env's sparse
  legal ids (`env.legal_actions()`: a random index into each env's ids); and, for
  comparison, drawn from the dense masks (`info["action_mask"]`, N=64, one thread). With
  `--repeat R` each figure is timed R times, 1 and 2 threads in turns, and is the median;
  `vector_2_over_1_thread` is the median of the runs' ratios (2 threads over 1);
- quinza.envs.pettingzoo_env (AEC) and quinza.envs.gym_env, the action drawn from the
  dense mask (np.flatnonzero then a random index), as a PettingZoo or Gymnasium user does;
- PettingZoo's classic card envs (leduc_holdem_v4, texas_holdem_v4,
  texas_holdem_no_limit_v6), the same AEC loop. The AEC envs, quinza's and these, run in
  turns: 6 short runs of each (`--seconds` / 2 long), the best kept, so a load that comes
  and goes on a shared machine hits both sides of the AEC ratio alike;
- RLCard's leduc-holdem and uno: `env.step` on a random key of `state["legal_actions"]`;
- pgx on CPU (leduc_holdem, sparrow_mahjong): `jit(vmap(step))` with auto-reset and the
  random masked action drawn inside the jitted function, batch 1024 and 8192 (the compile
  is untimed);
- `encode`: µs a call of `game.encode(seat, out=buf)` through the Rust core and the
  reference, and of `game.observation(seat)`, at the start of a match and after 5 and 10
  deals (the ratios take the worst stage of the Rust core); each the best of many short
  timings (2 ms) taken in turns.

Each figure runs for a fixed wall time (`--seconds`, default 3). A missing optional
library is skipped with a line saying so. Then the ratios against their bars.

    python benches/envs.py [--seconds 3] [--json envs.json] [--quick] [--only-quinza] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
import timeit
from typing import Any, Callable, Dict, List, Optional

import numpy as np

import quinza

TARGETS = {
    "vector_vs_pettingzoo": 300.0,  # at least
    "vector_vs_pgx_leduc": 1.0,  # more than
    "aec_vs_pettingzoo": 5.0,  # at least
    "encode_us": 1.0,  # under
}
VECTOR_GAMES = {"escoba 2p": ("escoba", 2), "quinte 4p": ("quinte", 4)}
PETTINGZOO_CLASSIC = ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6")
AEC_ROUNDS = 6  # short runs of each AEC env, in turns (each seconds / 2 long)


def timed(seconds: float, batch: Callable[[], int]) -> Dict[str, Any]:
    """Call `batch` (it returns the agent steps it made) until `seconds` have passed."""
    steps, start = 0, time.perf_counter()
    while True:
        steps += batch()
        took = time.perf_counter() - start
        if took >= seconds:
            return {"steps": steps, "seconds": round(took, 3), "steps_per_s": steps / took}


def skip(what: str, why: str) -> Dict[str, Any]:
    print(f"skipped {what}: {why}", flush=True)
    return {"skipped": why}


def mask_sample(rng: np.random.Generator, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask.view(np.bool_))  # 0/1 bytes as bool: 10x faster than int8 on escoba's 84,488
    return int(legal[rng.integers(len(legal))])


# -- quinza --------------------------------------------------------------------------------


def vector_env(rules: str, players: int, n: int, threads: int, seconds: float, seed: int, dense: bool = False) -> Dict[str, Any]:
    from quinza.envs import VectorEnv

    env = VectorEnv(quinza.Rules(rules, players=players), num_envs=n, opponents="random", threads=threads)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    masks = env._masks

    def sparse() -> int:
        ids, offsets = env.legal_actions()
        pick = offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int64)
        env.step(ids[pick])
        return n

    def from_masks() -> int:
        # one random key per entry, the largest legal one per row: an escoba row is 84,488 entries
        env.step(np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1))
        return n

    out = timed(seconds, from_masks if dense else sparse)
    env.close()
    return out


def aec_loop(env: Any, seconds: float, seed: int) -> Dict[str, Any]:
    """PettingZoo's AEC loop with a random masked action for every agent."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)

    def batch() -> int:
        made = 0
        for _ in range(200):
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                if not env.agents or all(env.terminations[a] or env.truncations[a] for a in env.agents):
                    env.reset()
                    continue
                env.step(None)
                continue
            env.step(mask_sample(rng, obs["action_mask"]))
            made += 1
        return made

    return timed(seconds, batch)


def quinza_aec(rules: str, players: int) -> Any:
    from quinza.envs import pettingzoo_env

    return pettingzoo_env(quinza.Rules(rules, players=players))


def in_turns(envs: Dict[str, Any], seconds: float, seed: int, rounds: int) -> Dict[str, Dict[str, Any]]:
    """The AEC loop of every env, `rounds` short runs each taken in turns, the best kept:
    a load that comes and goes on a shared machine then hits every env alike, so their
    ratios hold (one long run of each, minutes apart, would meet different loads)."""
    best: Dict[str, Dict[str, Any]] = {}
    for _ in range(rounds):
        for key, env in envs.items():
            got = aec_loop(env, seconds / rounds, seed)
            if key not in best or got["steps_per_s"] > best[key]["steps_per_s"]:
                best[key] = got
    for got in best.values():
        got["rounds"] = rounds
    return best


def quinza_gym(rules: str, players: int, seconds: float, seed: int) -> Dict[str, Any]:
    from quinza.envs import gym_env

    env = gym_env(quinza.Rules(rules, players=players), opponents="random")
    rng = np.random.default_rng(seed)
    state = {"info": env.reset(seed=seed)[1]}

    def batch() -> int:
        for _ in range(200):
            _obs, _r, terminated, truncated, info = env.step(mask_sample(rng, state["info"]["action_mask"]))
            state["info"] = env.reset()[1] if terminated or truncated else info
        return 200

    return timed(seconds, batch)


ENCODE_STAGES = (0, 5, 10)  # finished deals before an encode figure


def encode_costs(rules: str, players: int, seconds: float, seed: int) -> Dict[str, Any]:
    """µs a call at the start of a match and after 5 and 10 deals (a match whose target is
    too high to end it), each of those late positions some moves into the next deal, so a
    quinte trick history is there too."""
    from quinza import reference

    out: Dict[str, Any] = {}
    for backend_name, api in (("rust", quinza), ("reference", reference)):
        r = api.Rules(rules, players=players, target=10**6)
        g = api.Game(r, seed=seed)
        rng = np.random.default_rng(seed)

        def play(moves: int) -> None:
            for _ in range(moves):
                legal = g.legal_moves()
                g.play(legal[int(rng.integers(len(legal)))])

        positions = {}
        for deals in ENCODE_STAGES:
            while len(g.deals) < deals:
                play(1)
            if deals:
                play(30 if rules == "quinte" else 9)  # into the next deal: 7 tricks of quinte
            positions["start" if deals == 0 else f"after {deals} deals"] = g.copy()
        buf = np.zeros(len(api.encode_names(r)), dtype=np.float32)
        calls: Dict[str, timeit.Timer] = {}
        for label, pos in positions.items():
            names = {"pos": pos, "seat": pos.turn if pos.turn is not None else 0, "buf": buf}
            calls[f"{backend_name} encode {label}"] = timeit.Timer("pos.encode(seat, out=buf)", globals=names)
            calls[f"{backend_name} observation {label}"] = timeit.Timer("pos.observation(seat)", globals=names)
        out.update(best_us(calls, seconds / 4 if backend_name == "rust" else seconds / 8))
    return out


def best_us(calls: Dict[str, timeit.Timer], seconds: float, timing: float = 0.002) -> Dict[str, float]:
    """µs a call of each, the best of many short timings (`timing` seconds each) taken in
    turns, about `seconds` in all for each: a short timing often runs unpreempted on a
    loaded machine, a long one never does, and the best is the least disturbed."""
    number = {}
    for k, t in calls.items():  # calls in one timing
        n = 1
        while t.timeit(number=n) < timing and n < 10**7:
            n *= 2
        number[k] = n
    best = {k: float("inf") for k in calls}
    for _ in range(max(8, int(seconds / timing))):
        for k, t in calls.items():
            best[k] = min(best[k], t.timeit(number=number[k]) / number[k] * 1e6)
    return {k: round(v, 3) for k, v in best.items()}


# -- the others ----------------------------------------------------------------------------


def pettingzoo_classic(name: str) -> Any:
    """A PettingZoo classic env, or the skip figure saying why there is none."""
    import importlib

    try:
        return importlib.import_module(f"pettingzoo.classic.{name}").env()
    except Exception as error:  # rlcard missing, or a removed env
        return skip(f"pettingzoo {name}", f"{type(error).__name__}: {error}")


def rlcard_env(name: str, seconds: float, seed: int) -> Dict[str, Any]:
    try:
        import rlcard
    except ImportError as error:
        return skip(f"rlcard {name}", f"{error} (pip install rlcard)")
    env = rlcard.make(name, config={"seed": seed})
    rng = np.random.default_rng(seed)
    holder = {"state": env.reset()[0]}

    def batch() -> int:
        for _ in range(200):
            legal = list(holder["state"]["legal_actions"].keys())
            holder["state"] = env.step(legal[int(rng.integers(len(legal)))])[0]
            if env.is_over():
                holder["state"] = env.reset()[0]
        return 200

    return timed(seconds, batch)


def pgx_env(name: str, batch_size: int, seconds: float, seed: int) -> Dict[str, Any]:
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError as error:
        return skip(f"pgx {name}", f"{error} (pip install pgx jax)")
    env = pgx.make(name)

    def one(state: Any, key: Any) -> Any:
        k_act, k_reset = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_act, logits)
        return auto_reset(env.step, env.init)(state, action, k_reset)

    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(one))
    key = jax.random.PRNGKey(seed)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, batch_size))
    key, sub = jax.random.split(key)
    state = step(state, jax.random.split(sub, batch_size))  # the compile, untimed
    state.current_player.block_until_ready()
    holder = {"state": state, "key": key}

    def batch() -> int:
        k, sub = jax.random.split(holder["key"])
        holder["key"] = k
        holder["state"] = step(holder["state"], jax.random.split(sub, batch_size))
        holder["state"].current_player.block_until_ready()
        return batch_size

    out = timed(seconds, batch)
    out["batch"] = batch_size
    return out


# -- the run -------------------------------------------------------------------------------


def median_run(runs: List[Dict[str, Any]]) -> Dict[str, Any]:
    """The runs of one figure as one: the steps and seconds added, the median rate."""
    out = {"steps": sum(r["steps"] for r in runs), "seconds": round(sum(r["seconds"] for r in runs), 3),
           "steps_per_s": statistics.median(r["steps_per_s"] for r in runs)}
    if len(runs) > 1:
        out["runs_steps_per_s"] = [r["steps_per_s"] for r in runs]
    return out


def rate(x: Any) -> Optional[float]:
    return x.get("steps_per_s") if isinstance(x, dict) else None


def best(figures: Dict[str, Any], prefix: str = "") -> Optional[float]:
    rates = [r for k, v in figures.items() if k.startswith(prefix) and (r := rate(v)) is not None]
    return max(rates) if rates else None


def ratio(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return None if a is None or b is None or b == 0 else a / b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=None, help="wall time of each figure (default 3; --quick 0.2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="OUT", default=None)
    ap.add_argument("--quick", action="store_true", help="a smoke run: N = 1 and 64, pgx batch 1024 only")
    ap.add_argument("--only-quinza", action="store_true", help="skip PettingZoo's classic envs, RLCard and pgx")
    ap.add_argument("--repeat", type=int, default=1, metavar="R",
                    help="time every vector env figure R times, 1 and 2 threads in turns; report the medians")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, not {args.repeat}")
    seconds = args.seconds if args.seconds is not None else (0.2 if args.quick else 3.0)
    sizes = (1, 64) if args.quick else (1, 64, 1024)
    results: Dict[str, Any] = {
        "machine": {"python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_before": os.getloadavg()},
        "seconds_each": seconds,
        "quick": args.quick,
        "agent_step": "one action of a learning agent; opponents' moves inside an env are not counted",
    }

    def show(section: str, key: str, value: Any) -> None:
        results.setdefault(section, {})[key] = value
        if rate(value) is not None:
            print(f"{section:>11} {key:<34} {rate(value):>14,.0f} steps/s", flush=True)

    for label, (rules, players) in VECTOR_GAMES.items():
        for n in sizes:
            # 1 and 2 threads in turns, so a load that comes and goes weighs on both alike
            runs: Dict[int, List[Dict[str, Any]]] = {1: [], 2: []}
            for r in range(args.repeat):
                for threads in (1, 2) if r % 2 == 0 else (2, 1):
                    runs[threads].append(vector_env(rules, players, n, threads, seconds, args.seed))
            for threads in (1, 2):
                show("vector", f"{label} threads={threads} N={n}", median_run(runs[threads]))
            two_over_one = statistics.median(rate(b) / rate(a) for a, b in zip(runs[1], runs[2]))
            results.setdefault("vector_2_over_1_thread", {})[f"{label} N={n}"] = two_over_one
            print(f"{'vector':>11} {label + f' N={n} 2 threads / 1':<34} {two_over_one:>14.2f}", flush=True)
        show("vector", f"{label} threads=1 N=64 dense-mask sampler",
             vector_env(rules, players, 64, 1, seconds, args.seed, dense=True))
        show("gym", label, quinza_gym(rules, players, seconds, args.seed))
        results.setdefault("encode_us", {})[label] = costs = encode_costs(rules, players, seconds, args.seed)
        for k, v in costs.items():
            print(f"{'encode':>11} {label + ' ' + k:<44} {v:>10.3f} µs", flush=True)

    # The AEC envs, quinza's and PettingZoo's classic card envs, in turns.
    aec_envs: Dict[str, Any] = {f"aec|{label}": quinza_aec(rules, players) for label, (rules, players) in VECTOR_GAMES.items()}
    if not args.only_quinza:
        for name in PETTINGZOO_CLASSIC:
            env = pettingzoo_classic(name)
            if isinstance(env, dict):
                show("pettingzoo", name, env)
            else:
                aec_envs[f"pettingzoo|{name}"] = env
    for key, value in in_turns(aec_envs, seconds * AEC_ROUNDS / 2, args.seed, AEC_ROUNDS).items():
        section, name = key.split("|")
        show(section, name, value)

    if args.only_quinza:
        print("skipped PettingZoo's classic envs, RLCard and pgx: --only-quinza", flush=True)
    else:
        for name in ("leduc-holdem", "uno"):
            show("rlcard", name, rlcard_env(name, seconds, args.seed))
        for name in ("leduc_holdem", "sparrow_mahjong"):
            for b in (1024,) if args.quick else (1024, 8192):
                show("pgx", f"{name} batch={b}", pgx_env(name, b, seconds, args.seed))

    pz = best(results.get("pettingzoo", {}))
    pgx_leduc = best(results.get("pgx", {}), "leduc_holdem")
    ratios: Dict[str, Any] = {}
    for label in VECTOR_GAMES:
        vec = best(results["vector"], label)
        aec = rate(results["aec"][label])
        costs = results["encode_us"][label]
        enc = [v for k, v in costs.items() if k.startswith("rust encode ")]  # every stage: the worst
        ratios[label] = {
            "vector_best": vec,
            "vector_vs_pettingzoo": ratio(vec, pz),
            "vector_vs_pgx_leduc": ratio(vec, pgx_leduc),
            "aec_vs_pettingzoo": ratio(aec, pz),
            "encode_us": max(enc),
        }
    results["ratios"] = ratios
    results["targets"] = TARGETS
    results["machine"]["load_after"] = os.getloadavg()

    print(f"\nagainst their bars (PettingZoo's fastest classic card env: {fmt(pz)} steps/s, "
          f"pgx leduc: {fmt(pgx_leduc)}; load {results['machine']['load_before'][0]:.1f} -> "
          f"{results['machine']['load_after'][0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'':<12}{'vector / PZ':>14}{'vector / pgx':>14}{'AEC / PZ':>12}{'encode µs':>12}")
    print(f"{'target':<12}{'>= 300':>14}{'> 1':>14}{'>= 5':>12}{'< 1':>12}")
    for label, r in ratios.items():
        print(f"{label:<12}{fmt(r['vector_vs_pettingzoo'], 1):>14}{fmt(r['vector_vs_pgx_leduc'], 2):>14}"
              f"{fmt(r['aec_vs_pettingzoo'], 2):>12}{fmt(r['encode_us'], 3):>12}")

    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)
        print(f"written to {args.json}")


def fmt(x: Optional[float], digits: int = 0) -> str:
    return "-" if x is None else f"{x:,.{digits}f}"


if __name__ == "__main__":
    main()
