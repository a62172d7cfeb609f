"""A worked example: a masked policy-gradient agent for 2-player escoba, trained with
`quinza.envs.VectorEnv` (numpy and matplotlib only; no deep-learning library).

    python examples/reinforce_escoba.py            # the full run: a few minutes on 2 cores
    python examples/reinforce_escoba.py --quick    # a smoke run of a few seconds

What it does:

- Environment: `VectorEnv("escoba", num_envs=N, opponents="random", reward="deal",
  max_deals=1)`: N matches stepped in Rust, the agent at seat 0, one deal an episode.
- Reward: the deal's points, the agent's minus the opponent's. A match is won by piling up
  deal points (21, two ahead), so this is the quantity the agent controls; it arrives after
  18 decisions, where the match's +1/-1 comes after about 100 (5 to 6 deals), a much
  noisier signal for the same compute. In 2-player escoba every deal is exactly 18 agent
  moves, so the N episodes run in lockstep and a batch is N whole deals. The price:
  training never sees a score other than 0-0, so the agent does not play the match score
  (it plays every deal for points).
- Policy: escoba has 84,488 action ids, a position a few legal ones. Only the legal
  ones are scored: logit(s, a) = phi(s, a) . u(s), with u(s) = W2 tanh(W1 x(s) + b1) + b2
  (one hidden layer over the seat's `encode` vector x) and phi(s, a) the move's features:
  the card played (one-hot, laid or capturing), the cards captured (multi-hot), whether
  it sweeps the table, and the table's total after it (one-hot: what the opponent may
  sweep). The card and captured set of every id come from a table built once from the
  documented id scheme (docs/reference/encodings.md "Action ids") and checked against `action_of`.
  The softmax runs over the legal actions alone: the mask is the support.
- Speed: numpy's BLAS is held to one thread (see below), and the 84,488-byte mask rows
  are scanned 8 bytes at a time.
- Learning: REINFORCE with a learned baseline (a linear value of x), advantages
  normalised per batch, a small entropy bonus, Adam. Gradients are written out by hand.
- Evaluation: whole matches (no max_deals) against "random" and "greedy", seat-swapped on
  the same deals (the same seeds with the agent at seat 0, then at seat 1), the agent
  playing its most probable move; win rates with 95% Wilson intervals and points a deal
  (agent minus opponent) with a paired 95% interval, as benches/strength.py reports them.

Writes the learning curve (`--png`, default examples/reinforce_escoba.png) and the figures
(`--json`, default examples/reinforce_escoba.json).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

# numpy's matrix products here are small; BLAS threads spinning beside the vector env's
# Rust threads made every step 2 to 10 times slower on 2 cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import quinza  # noqa: E402
from quinza.envs import VectorEnv  # noqa: E402

RULES = "escoba"
Z95 = 1.959963984540054
HERE = Path(__file__).resolve().parent


# ---- the action table: what every id means -------------------------------------------

def action_table(rules: Any) -> Tuple[np.ndarray, np.ndarray]:
    """(played, captured): for every action id, the card played (its id) and the cards it
    captures (bool, 40 per id), by the flat scheme of docs/reference/encodings.md "Action ids": card
    c's block is its lay, then every set of the other 39 cards whose values make the
    capture total with c, ranked by deciding cards 0..39 in order, leaving a card out
    before taking it. A depth-first walk that tries "out" before "in" lists them in rank
    order."""
    rules = quinza.Rules(rules) if isinstance(rules, str) else rules
    values = [rules.values[i % 10] for i in range(40)]
    played: List[int] = []
    sets: List[int] = []
    for c in range(40):
        found: List[int] = []

        def walk(i: int, left: int, bits: int) -> None:
            if left == 0:
                found.append(bits)
            elif i < 40 and left > 0:
                if i != c:
                    walk(i + 1, left, bits)
                    walk(i + 1, left - values[i], bits | (1 << i))
                else:
                    walk(i + 1, left, bits)

        walk(0, rules.capture_total - values[c], 0)
        played += [c] * (1 + len(found))
        sets += [0] + found  # the lay first
    if len(played) != quinza.action_count(rules):
        raise RuntimeError(f"the table has {len(played)} ids, the engine {quinza.action_count(rules)}")
    bits = np.array(sets, dtype=np.uint64)
    captured = (bits[:, None] >> np.arange(40, dtype=np.uint64)) & np.uint64(1) == 1
    return np.array(played, dtype=np.int64), captured


def check_table(played: np.ndarray, captured: np.ndarray, matches: int = 20, seed: int = 0) -> int:
    """Play `matches` random matches and check every legal move of every position against
    the table (`action_of`): the same card, the same captured set. Returns the moves
    checked; a mismatch raises."""
    rng = np.random.default_rng(seed)
    checked = 0
    for _ in range(matches):
        g = quinza.Game(RULES, seed=int(rng.integers(2**63)))
        while not g.is_over:
            moves = g.legal_moves()
            for move in moves:
                assert move.card is not None  # every escoba move plays a card
                a = g.action_of(move)
                caps = np.zeros(40, dtype=bool)
                caps[[c.id for c in move.captures]] = True
                if played[a] != move.card.id or not np.array_equal(captured[a], caps):
                    raise RuntimeError(f"action {a}: the table says another move than {move}")
                checked += 1
            g.play(moves[int(rng.integers(len(moves)))])
    return checked


# ---- features --------------------------------------------------------------------------

class Features:
    """x(s): the seat's `encode` vector scaled to about [0, 1]; phi(s, a): a move's features
    (see the module's docstring), for many (env, action) pairs at once."""

    def __init__(self, rules: Any) -> None:
        rules = quinza.Rules(rules) if isinstance(rules, str) else rules
        self.names = quinza.encode_names(rules)
        where = {n: i for i, n in enumerate(self.names)}
        cards = [str(quinza.Card.from_id(i)) for i in range(40)]
        self.table_at = np.array([where[f"table:{c}"] for c in cards])
        self.deal_at = where["deal_number"]
        scale = {"hand_size": 3, "stock": 36, "escobas": 4, "deal_number": 10}
        self.scale = np.array([1.0 / scale.get(n.split("[")[0], 1) for n in self.names], dtype=np.float32)
        self.values = np.array([rules.values[i % 10] for i in range(40)], dtype=np.float32)
        self.played, self.captured = action_table(rules)
        self.lay: np.ndarray = np.logical_not(self.captured.any(axis=1))
        self.captured_sum = self.captured.astype(np.float32) @ self.values
        eye = np.eye(40, dtype=np.float32)[self.played]
        # The part of phi that is the id's alone, built once: card laid, card capturing, captured.
        self.static = np.concatenate([eye * self.lay[:, None], eye * ~self.lay[:, None], self.captured], axis=1).astype(np.uint8)
        self.total = rules.capture_total
        self.size = self.static.shape[1] + 1 + (self.total + 2)

    def x(self, obs: np.ndarray) -> np.ndarray:
        return obs * self.scale

    def phi(self, obs: np.ndarray, env_of: np.ndarray, act: np.ndarray) -> np.ndarray:
        table_sum = obs[env_of][:, self.table_at] @ self.values
        lay = self.lay[act]
        after = np.where(lay, table_sum + self.values[self.played[act]], table_sum - self.captured_sum[act])
        sweep = ~lay & (after == 0)
        left = np.zeros((len(act), self.total + 2), dtype=np.float32)
        left[np.arange(len(act)), np.minimum(after, self.total + 1).astype(np.int64)] = 1.0
        return np.concatenate([self.static[act], sweep[:, None], left], axis=1, dtype=np.float32)


def legal_actions(mask: np.ndarray) -> np.ndarray:
    """The flat indices (env * action_count + id) of the 1s of the (N, action_count) int8
    mask, in order. The mask is ~99.99% zeros: look at it 8 bytes at a time, and at
    blocks of 59 such words first, instead of byte by byte (about 15 times faster here).
    Escoba's rows (84,488 bytes) are whole 8-byte words, and 10,561 = 59 x 179 of them."""
    flat = mask.reshape(-1)
    words = flat.view(np.uint64)
    block = 59 if len(words) % 59 == 0 else 1
    hot = np.flatnonzero(words.reshape(-1, block).max(axis=1))
    w = (hot[:, None] * block + np.arange(block)).ravel()
    w = w[words[w] != 0]
    b = (w[:, None] * 8 + np.arange(8)).ravel()
    return b[flat[b] != 0]


# ---- the policy and its gradient ---------------------------------------------------------

class Adam:
    def __init__(self, params: Dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def ascend(self, params: Dict[str, np.ndarray], grads: Dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9 ** self.t)
            v = self.v[k] / (1 - 0.999 ** self.t)
            params[k] += self.lr * m / (np.sqrt(v) + 1e-8)


class Policy:
    """logit(s, a) = phi(s, a) . (W2 tanh(W1 x + b1) + b2); value(s) = c . x + c0."""

    def __init__(self, inputs: int, features: int, hidden: int, rng: np.random.Generator) -> None:
        self.p = {
            "W1": (rng.standard_normal((inputs, hidden)) / math.sqrt(inputs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "W2": (0.01 * rng.standard_normal((hidden, features))).astype(np.float32),  # start near uniform
            "b2": np.zeros(features, np.float32),
        }
        self.v = {"c": np.zeros(inputs, np.float32), "c0": np.zeros(1, np.float32)}

    def u(self, x: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.p["W1"] + self.p["b1"])
        return h, h @ self.p["W2"] + self.p["b2"]

    def value(self, x: np.ndarray) -> np.ndarray:
        return x @ self.v["c"] + self.v["c0"]


def segments(decision: np.ndarray, count: int) -> np.ndarray:
    """Where each decision's rows start (rows sorted by decision, every decision >= 1 row)."""
    return np.searchsorted(decision, np.arange(count))


def choose(logits: np.ndarray, decision: np.ndarray, starts: np.ndarray, rng: Optional[np.random.Generator]) -> np.ndarray:
    """One row per decision: a sample of the softmax over its rows (the Gumbel-max trick),
    or its largest logit when rng is None."""
    key = logits if rng is None else logits - np.log(-np.log(rng.random(len(logits))))
    order = np.lexsort((-key, decision))  # by decision, then the largest key first
    return order[starts]


def log_softmax(z: np.ndarray, decision: np.ndarray, starts: np.ndarray) -> np.ndarray:
    top = np.maximum.reduceat(z, starts)[decision]
    e = np.exp(z - top)
    return z - top - np.log(np.add.reduceat(e, starts))[decision]


# ---- playing -------------------------------------------------------------------------

def act(policy: Policy, feats: Features, obs: np.ndarray, mask: np.ndarray,
        rng: Optional[np.random.Generator]) -> Tuple[np.ndarray, Dict[str, np.ndarray]]:
    """Every env's action (sampled, or the most probable when rng is None), and what the
    gradient needs of this step."""
    n, count = mask.shape
    legal = legal_actions(mask)
    env_of, ids = legal // count, legal % count
    starts = segments(env_of, n)
    phi = feats.phi(obs, env_of, ids)
    x = feats.x(obs)
    _, u = policy.u(x)
    logits = np.einsum("rf,rf->r", phi, u[env_of])
    pick = choose(logits, env_of, starts, rng)
    return ids[pick], {"x": x, "phi": phi, "env_of": env_of, "pick": pick}


def batch(steps: List[Dict[str, np.ndarray]], returns: np.ndarray, valid: np.ndarray) -> Dict[str, np.ndarray]:
    """One batch from a rollout: steps[t] as `act` returns them, returns[t, i] the return
    of env i's episode at step t, valid[t, i] whether that step counts. Decision d = t * N
    + i; its legal actions are the rows `decision == d` (contiguous), `pick[d]` its move."""
    n = valid.shape[1]
    offsets = np.cumsum([0] + [len(s["phi"]) for s in steps[:-1]])
    decision = np.concatenate([s["env_of"] + t * n for t, s in enumerate(steps)])
    w = valid.reshape(-1).astype(np.float32)
    return {
        "X": np.concatenate([s["x"] for s in steps]),
        "Phi": np.concatenate([s["phi"] for s in steps]),
        "decision": decision,
        "starts": segments(decision, valid.size),
        "pick": np.concatenate([s["pick"] + o for s, o in zip(steps, offsets)]),
        "G": returns.reshape(-1).astype(np.float32),
        "w": w / max(float(w.sum()), 1.0),  # the mean over the steps that count
    }


def advantages(policy: Policy, b: Dict[str, np.ndarray]) -> np.ndarray:
    """The return minus the baseline, normalised over the batch."""
    adv = b["G"] - policy.value(b["X"])
    mean = float(np.sum(b["w"] * adv))
    std = math.sqrt(float(np.sum(b["w"] * (adv - mean) ** 2))) + 1e-6
    return (adv - mean) / std


def policy_gradient(policy: Policy, b: Dict[str, np.ndarray], A: np.ndarray,
                    entropy_coef: float) -> Tuple[float, Dict[str, np.ndarray], Dict[str, float]]:
    """The objective sum_d w_d (A_d log pi(a_d|s_d) + entropy_coef H(pi(.|s_d))), its
    gradient with respect to the policy's parameters (by hand), and its parts."""
    X, Phi, decision, starts, pick, w = b["X"], b["Phi"], b["decision"], b["starts"], b["pick"], b["w"]
    H, U = policy.u(X)
    z = np.einsum("rf,rf->r", Phi, U[decision])
    logp = log_softmax(z, decision, starts)
    p = np.exp(logp)
    entropy = -np.add.reduceat(p * logp, starts)
    # d/du of log pi(a|s): phi(a) - E_pi[phi]; of the entropy: sum_j -p_j (log p_j + H) phi_j.
    expected = np.add.reduceat(p[:, None] * Phi, starts)
    d_ent = np.add.reduceat((-p * (logp + entropy[decision]))[:, None] * Phi, starts)
    dU = (w * A)[:, None] * (Phi[pick] - expected) + entropy_coef * w[:, None] * d_ent
    dpre = (dU @ policy.p["W2"].T) * (1 - H * H)
    grads = {"W2": H.T @ dU, "b2": dU.sum(0), "W1": X.T @ dpre, "b1": dpre.sum(0)}
    surrogate = float(np.sum(w * A * logp[pick]))
    mean_entropy = float(np.sum(w * entropy))
    return surrogate + entropy_coef * mean_entropy, grads, {"policy_loss": -surrogate, "entropy": mean_entropy}


def train_step(policy: Policy, opt: Adam, vopt: Adam, b: Dict[str, np.ndarray], entropy_coef: float) -> Dict[str, float]:
    """One REINFORCE update: the policy up its gradient, the baseline towards the returns."""
    A = advantages(policy, b)
    _, grads, stats = policy_gradient(policy, b, A, entropy_coef)
    opt.ascend(policy.p, grads)
    miss = b["G"] - policy.value(b["X"])
    err = b["w"] * miss  # ascend on minus half the squared error
    vopt.ascend(policy.v, {"c": b["X"].T @ err, "c0": np.array([err.sum()], np.float32)})
    return {**stats, "value_loss": float(np.sum(err * miss))}


def rollout(env: Any, policy: Policy, feats: Features, obs: np.ndarray, mask: np.ndarray,
            rng: np.random.Generator) -> Tuple[List[Dict[str, np.ndarray]], np.ndarray, np.ndarray, np.ndarray]:
    """Play until every env has finished one episode; a step counts for its env until that
    env's episode ends (with max_deals=1 all of them end together, after 18 moves).
    Returns the steps, the returns and the valid flags (steps x envs) and the episodes'
    rewards. `obs` and `mask` are the env's own buffers, which every step rewrites."""
    n = env.num_envs
    steps, valid = [], []
    running = np.zeros(n, np.float32)
    final = np.full(n, np.nan, np.float32)
    while np.isnan(final).any():
        actions, step = act(policy, feats, obs, mask, rng)
        steps.append(step)
        valid.append(np.isnan(final))
        obs, r, term, trunc, info = env.step(actions)
        mask = info["action_mask"]
        running += r
        done = (term | trunc) & np.isnan(final)
        final[done] = running[done]
        running[term | trunc] = 0.0
    V = np.array(valid)
    G = np.broadcast_to(final, V.shape).astype(np.float32)
    return steps, G, V, final


# ---- evaluation -----------------------------------------------------------------------

def wilson(k: float, n: int) -> Dict[str, float]:
    """k/n with its 95% Wilson score interval."""
    p, z2 = k / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"rate": p, "low": max(0.0, centre - half), "high": min(1.0, centre + half), "n": n}


def mean_interval(x: np.ndarray) -> Dict[str, float]:
    half = Z95 * float(np.std(x, ddof=1)) / math.sqrt(len(x))
    return {"mean": float(np.mean(x)), "low": float(np.mean(x)) - half, "high": float(np.mean(x)) + half, "n": len(x)}


def play_matches(policy: Policy, feats: Features, opponent: str, seat: int, envs: int, per_env: int,
                 seed: int, threads: Optional[int]) -> Tuple[np.ndarray, np.ndarray]:
    """The first `per_env` whole matches of each of `envs` envs, the agent at `seat`
    playing its most probable move: (points difference, deals) of each match, in the
    order (env, match). Counting each env's first matches, not every match that ends
    in a step budget, keeps short matches from being over-counted."""
    env = VectorEnv(RULES, num_envs=envs, seat=seat, opponents=opponent, reward="deal", threads=threads)
    obs, info = env.reset(seed=seed)
    diff = np.zeros((envs, per_env))
    deals = np.zeros((envs, per_env))
    done = np.zeros(envs, dtype=np.int64)
    running = np.zeros(envs)
    while (done < per_env).any():
        actions, _ = act(policy, feats, obs, info["action_mask"], None)
        deal_number = obs[:, feats.deal_at].copy()  # the deal that a step ending the match ends
        obs, r, term, trunc, info = env.step(actions)
        running += r
        for i in np.flatnonzero(term | trunc):
            if done[i] < per_env:
                diff[i, done[i]], deals[i, done[i]] = running[i], deal_number[i]
            done[i] += 1
            running[i] = 0.0
    env.close()
    return diff.reshape(-1), deals.reshape(-1)


def evaluate(policy: Policy, feats: Features, opponent: str, matches: int, seed: int,
             threads: Optional[int]) -> Dict[str, Any]:
    """`matches` whole matches against `opponent`, half with the agent at seat 0, half on
    the same seeds at seat 1. A match's winner is the side ahead at its end (escoba ends
    with one side at the target and two ahead), so the sign of the summed deal rewards
    is the result."""
    half = max(1, matches // 2)
    envs = min(half, 128)
    per_env = -(-half // envs)
    runs = [play_matches(policy, feats, opponent, seat, envs, per_env, seed, threads) for seat in (0, 1)]
    (d0, n0), (d1, n1) = runs
    diff, deals = np.concatenate([d0, d1]), np.concatenate([n0, n1])
    if (diff == 0).any() or (deals < 1).any():
        raise RuntimeError("a finished escoba match with no winner: the evaluation misread the env")
    wins = int((diff > 0).sum())
    return {
        "opponent": opponent,
        "matches": int(len(diff)),
        "wins": wins,
        "win_rate": wilson(wins, len(diff)),
        # per seed, the mean of its two matches' points a deal, agent minus opponent
        "points_per_deal": mean_interval((d0 / n0 + d1 / n1) / 2),
        "deals_per_match": float(deals.mean()),
    }


def reference_rate(opponent_a: str, opponent_b: str, matches: int, seed: int) -> Dict[str, float]:
    """For scale: bot a against bot b, seat-swapped, by `quinza.simulate`."""
    half = max(1, matches // 2)
    first = quinza.simulate(RULES, games=half, bots=[opponent_a, opponent_b], seed=seed)
    second = quinza.simulate(RULES, games=half, bots=[opponent_b, opponent_a], seed=seed)
    wins = int((first.winner == 0).sum() + (second.winner == 1).sum())
    return wilson(wins, 2 * half)


# ---- the run ---------------------------------------------------------------------------

def run(args: argparse.Namespace) -> Dict[str, Any]:
    t_start = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    feats = Features(RULES)
    checked = check_table(feats.played, feats.captured, matches=2 if args.quick else 20, seed=args.seed)
    policy = Policy(len(feats.names), feats.size, args.hidden, rng)
    opt, vopt = Adam(policy.p, args.lr), Adam(policy.v, args.lr)
    env = VectorEnv(RULES, num_envs=args.envs, seat=0, opponents=args.opponent, reward="deal",
                    max_deals=1, threads=args.threads)
    obs, info = env.reset(seed=args.seed)  # obs and info's mask: buffers every step rewrites
    curve: List[Dict[str, float]] = []
    checkpoints: List[Dict[str, Any]] = []
    agent_steps = 0
    train_seconds = 0.0
    print(f"escoba, {args.envs} envs vs {args.opponent}, {args.updates} updates of {args.envs} deals; "
          f"action table: {len(feats.played)} ids, {checked} legal moves checked against action_of")
    # Evaluate before training, then at updates spaced geometrically (learning is fastest early).
    at = {0, args.updates} | {int(round(args.updates ** (k / args.checkpoints))) for k in range(1, args.checkpoints)}

    def checkpoint(update: int) -> Dict[str, Any]:
        row: Dict[str, Any] = {"update": update, "agent_steps": agent_steps, "seconds": train_seconds}
        for opponent in ("random", "greedy"):
            row[opponent] = evaluate(policy, feats, opponent, args.checkpoint_matches, args.seed + 1, args.threads)
        checkpoints.append(row)
        recent = f"{np.mean([c['deal_points'] for c in curve[-10:]]):+.2f}" if curve else "-"
        print(f"update {update:4d}  {agent_steps:8d} moves  {train_seconds:6.1f} s  "
              f"deal points vs {args.opponent} {recent}  win rate vs random "
              f"{row['random']['win_rate']['rate']:.2f}, vs greedy {row['greedy']['win_rate']['rate']:.2f}", flush=True)
        return row

    checkpoint(0)
    for update in range(1, args.updates + 1):
        t = time.perf_counter()
        steps, G, valid, final = rollout(env, policy, feats, obs, info["action_mask"], rng)
        stats = train_step(policy, opt, vopt, batch(steps, G, valid), args.entropy)
        train_seconds += time.perf_counter() - t
        agent_steps += int(valid.sum())
        curve.append({"update": update, "agent_steps": agent_steps, "seconds": train_seconds,
                      "deal_points": float(final.mean()), **stats})
        if update in at:
            checkpoint(update)
    env.close()
    t = time.perf_counter()
    final_eval = {o: evaluate(policy, feats, o, args.eval_matches, args.seed + 2, args.threads) for o in ("random", "greedy")}
    eval_seconds = time.perf_counter() - t
    scale = {"greedy_vs_random": reference_rate("greedy", "random", args.eval_matches, args.seed + 2)}
    result = {
        "rules": RULES, "encoding_version": quinza.ENCODING_VERSION,
        # What the figures depend on besides the seed: sums in another order train another agent.
        "numpy": np.__version__, "blas": blas_name(),
        "config": {k: v for k, v in vars(args).items() if k not in ("png", "json")},
        "train_seconds": train_seconds, "eval_seconds": eval_seconds,
        "total_seconds": time.perf_counter() - t_start, "agent_steps": agent_steps,
        "steps_per_second": agent_steps / train_seconds,
        "final": final_eval, "scale": scale, "checkpoints": checkpoints, "curve": curve,
    }
    return result


def blas_name() -> str:
    """numpy's BLAS, as its build configuration names it (name and version)."""
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        return f"{blas['name']} {blas.get('version', '')}".strip()
    except (TypeError, KeyError):  # numpy before 1.26 has no mode="dicts"
        return "unknown"


def plot(result: Dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve, checks = result["curve"], result["checkpoints"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8))
    x = np.array([c["agent_steps"] for c in curve])
    y = np.array([c["deal_points"] for c in curve])
    k = max(1, len(y) // 30)
    smooth = np.convolve(y, np.ones(k) / k, mode="valid")
    left.plot(x, y, color="0.8", lw=0.8, label="each batch")
    left.plot(x[k - 1:], smooth, color="C0", label=f"mean of {k} batches")
    left.axhline(0, color="0.5", lw=0.6)
    left.set(xscale="log", xlabel="agent moves", ylabel="deal points, agent - opponent",
             title=f"training vs {result['config']['opponent']}, {result['config']['envs']} deals a batch")
    left.legend(loc="upper left", fontsize=8)
    # Update 0 (untrained) has no place on a log axis: it is in the legend.
    trained = [c for c in checks if c["update"] > 0]
    untrained = checks[0] if checks and checks[0]["update"] == 0 else None
    cx = np.array([c["agent_steps"] for c in trained])
    for opponent, colour in (("random", "C2"), ("greedy", "C3")):
        r = [c[opponent]["win_rate"] for c in trained]
        mid = np.array([w["rate"] for w in r])
        err = np.array([[w["rate"] - w["low"] for w in r], [w["high"] - w["rate"] for w in r]])
        label = f"vs {opponent}"
        if untrained is not None:
            label += f" (untrained {100 * untrained[opponent]['win_rate']['rate']:.0f}%)"
        right.errorbar(cx, mid, yerr=err, marker="o", ms=3, capsize=2, color=colour, label=label)
    n = checks[-1]["random"]["matches"]
    right.axhline(0.5, color="0.5", lw=0.6)
    right.set(xscale="log", xlabel="agent moves", ylabel="match win rate", ylim=(0, 1),
              title=f"whole matches, seat-swapped ({n} each, 95% intervals)")
    right.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def rounded(x: Any) -> Any:
    """Floats to 5 significant digits, for a JSON file a person can read."""
    if isinstance(x, float):
        return float(f"{x:.5g}")
    if isinstance(x, dict):
        return {k: rounded(v) for k, v in x.items()}
    if isinstance(x, list):
        return [rounded(v) for v in x]
    return x


def text(rate: Dict[str, float]) -> str:
    return f"{100 * rate['rate']:.1f}% [95%: {100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    ap.add_argument("--updates", type=int, default=None, help="batches of ENVS deals (default 300, --quick 6)")
    ap.add_argument("--envs", type=int, default=None, help="envs stepped together (default 256, --quick 32)")
    ap.add_argument("--opponent", default="random", help="the training opponent, a core bot (default random)")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    ap.add_argument("--eval-matches", type=int, default=None, help="final evaluation, per opponent (default 2000, --quick 32)")
    ap.add_argument("--checkpoints", type=int, default=None, help="evaluations along the way (default 10, --quick 3)")
    ap.add_argument("--checkpoint-matches", type=int, default=None, help="per opponent (default 256, --quick 32)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=None, help="the vector env's threads (default every core)")
    ap.add_argument("--png", type=Path, default=None,
                    help="the curve (default examples/reinforce_escoba.png; --quick: in the temporary folder)")
    ap.add_argument("--json", type=Path, default=None,
                    help="every figure (default examples/reinforce_escoba.json; --quick: in the temporary folder)")
    args = ap.parse_args(argv)
    # A smoke run must not overwrite the figures the repository keeps.
    folder = Path(tempfile.gettempdir()) if args.quick else HERE
    args.png = args.png or folder / "reinforce_escoba.png"
    args.json = args.json or folder / "reinforce_escoba.json"
    quick = {"updates": 6, "envs": 32, "eval_matches": 32, "checkpoint_matches": 32, "checkpoints": 3}
    full = {"updates": 300, "envs": 256, "eval_matches": 2000, "checkpoint_matches": 256, "checkpoints": 10}
    for k, v in (quick if args.quick else full).items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    for k in ("updates", "envs", "eval_matches", "checkpoint_matches", "checkpoints", "hidden"):
        if getattr(args, k) < 1:
            ap.error(f"--{k.replace('_', '-')} must be at least 1")

    result = run(args)
    plot(result, args.png)
    args.json.write_text(json.dumps(rounded(result), indent=1) + "\n")
    f = result["final"]
    print(f"trained {result['agent_steps']:,} agent moves in {result['train_seconds']:.0f} s "
          f"({result['steps_per_second']:,.0f} a second); evaluated in {result['eval_seconds']:.0f} s; "
          f"{result['total_seconds']:.0f} s in all")
    for o in ("random", "greedy"):
        p = f[o]["points_per_deal"]
        print(f"vs {o:<7} win rate {text(f[o]['win_rate'])} over {f[o]['matches']} matches; "
              f"points a deal {p['mean']:+.2f} [{p['low']:+.2f}, {p['high']:+.2f}]")
    print(f"for scale, greedy vs random: {text(result['scale']['greedy_vs_random'])}")
    print(f"wrote {args.png} and {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
