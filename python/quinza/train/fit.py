"""Fitting a net to the positions with JAX and optax, on the CPU (the `train` extra:
pip install "quinza[train]"). The model is the float counterpart of the whole-number
forward pass of docs/reference/nets.md: the same layers, the same clamps (an activation
lies in [0, 2**16 / 2**IS]), the inputs rounded as the net rounds them.

The loss, in the search's points over their spread: the squared error of each legal
move's score to the search's estimate of it (its gap to its position's mean, over the
spread within positions, and the mean's error, over the whole spread), of the value to
the position's value, and a cross-entropy of the scores' softmax to the move the search
plays (the net plays the move of greatest score, so their order matters most). Each
epoch ends with a checkpoint in the run's folder; a run started again goes on from the
last one. Every 20th position is held out, to measure the fit on positions it never saw."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import jax
import jax.numpy as jnp
import numpy as np
import optax  # type: ignore[import-untyped,unused-ignore]

from .dataset import Positions, save_arrays
from .qzn import INPUT_SHIFT

CAP = 2.0**16 / 2**INPUT_SHIFT  # the greatest activation, as a float
HOLD_OUT = 20  # every HOLD_OUT-th position is held out
CHECKPOINT = "fit.npz"
Params = Dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """What the fitting is made of; a checkpoint of another setup is not resumed."""

    observation_len: int
    move_features: int
    positions: int
    epochs: int
    seed: int
    hidden: Tuple[int, int] = (128, 128)
    move_hidden: int = 64
    batch: int = 256
    rate: float = 1e-3
    weight_decay: float = 1e-4
    policy: float = 1.0  # the weight of the cross-entropy term
    temperature: float = 0.5  # of the softmax, in units of the targets' spread within positions


def initial(setup: Setup) -> Dict[str, np.ndarray]:
    """He-initialised weights, biases at zero, from the seed."""
    rng = np.random.default_rng([setup.seed, 1])
    L, F, (H1, H2), P = setup.observation_len, setup.move_features, setup.hidden, setup.move_hidden

    def normal(shape: Tuple[int, ...], fan_in: int, gain: float = 2.0) -> np.ndarray:
        drawn: np.ndarray = rng.standard_normal(shape) * np.sqrt(gain / fan_in)
        return drawn.astype(np.float32)

    def zeros(n: int) -> np.ndarray:
        return np.zeros(n, dtype=np.float32)

    return {"W1": normal((H1, L), L), "b1": zeros(H1), "W2": normal((H2, H1), H1), "b2": zeros(H2),
            "Wv": normal((H2,), H2, 1.0), "bv": zeros(1), "A": normal((P, H2), H2), "B": normal((P, F), H2),
            "c": zeros(P), "wp": normal((P,), P, 1.0), "bp": zeros(1)}


def forward(params: Params, observations: Any, features: Any) -> Tuple[Any, Any]:
    """The value of each position (N) and the score of each of its moves (N x M)."""
    x = jnp.clip(jnp.floor(observations * 2.0**INPUT_SHIFT + 0.5) / 2.0**INPUT_SHIFT, -CAP, CAP)
    h1 = jnp.clip(x @ params["W1"].T + params["b1"], 0.0, CAP)
    h2 = jnp.clip(h1 @ params["W2"].T + params["b2"], 0.0, CAP)
    value = h2 @ params["Wv"] + params["bv"][0]
    base = h2 @ params["A"].T + params["c"]
    columns = jnp.concatenate([params["B"].T, jnp.zeros((1, params["B"].shape[0]))])  # the padding feature's: 0
    u = jnp.clip(base[:, None, :] + columns[features].sum(axis=2), 0.0, CAP)
    return value, u @ params["wp"] + params["bp"][0]


def losses(params: Params, batch: Dict[str, Any], scales: Tuple[float, float], setup: Setup) -> Dict[str, Any]:
    scale, within = scales
    value, scores = forward(params, batch["observations"], batch["features"])
    known = batch["known"]
    # The moves' gaps about their position's mean, in the spread within positions (what
    # orders them: a position's level would drown them), then the level in the whole spread.
    n = jnp.maximum(jnp.sum(known, axis=1), 1)
    mean_s, mean_t = jnp.sum(known * scores, axis=1) / n, jnp.sum(known * batch["targets"], axis=1) / n
    apart = (scores - mean_s[:, None]) - (batch["targets"] - mean_t[:, None])
    moves = (jnp.sum(known * (apart / within) ** 2) / jnp.maximum(jnp.sum(known), 1)
             + jnp.mean(((mean_s - mean_t) / scale) ** 2))
    values = jnp.mean(((value - batch["values"]) / scale) ** 2)
    logits = jnp.where(batch["legal"], scores / (within * setup.temperature), -1e9)
    policy = jnp.mean(optax.softmax_cross_entropy_with_integer_labels(logits, batch["best"]))
    agree = jnp.mean(jnp.argmax(jnp.where(batch["legal"], scores, -jnp.inf), axis=1) == batch["best"])
    return {"loss": moves + values + setup.policy * policy, "moves": moves, "values": values, "agree": agree}


_measured = jax.jit(losses, static_argnums=(2, 3))


def groups(positions: Positions, size: int) -> List[Tuple[int, np.ndarray]]:
    """The positions' rows by the width their batches are padded to: the least power of two
    at least a position's count of moves. A width with fewer than `size` positions joins
    the next wider one (the widest, the one before), so that each group makes whole
    batches and few shapes are compiled."""
    widths = 2 ** np.ceil(np.log2(np.maximum(positions.counts, 2))).astype(np.int64)
    found: List[Tuple[int, np.ndarray]] = []
    carried = np.zeros(0, dtype=np.int64)
    for width in np.unique(widths):
        rows = np.concatenate([carried, np.flatnonzero(widths == width)])
        if len(rows) < size:
            carried = rows
            continue
        found.append((int(width), rows))
        carried = np.zeros(0, dtype=np.int64)
    if len(carried):
        widest = int(widths[carried].max())
        found[-1:] = [(widest, np.sort(np.concatenate([found[-1][1], carried]))) if found else (widest, carried)]
    return found


def batches(parts: List[Tuple[int, np.ndarray]], size: int, rng: np.random.Generator) -> List[Tuple[int, np.ndarray]]:
    """An epoch's batches of `size` positions, each of one group, drawn at random: the
    rows that do not fill a batch wait for another epoch."""
    made = []
    for width, rows in parts:
        drawn = rng.permutation(rows)
        made += [(width, drawn[k * size:(k + 1) * size]) for k in range(len(rows) // size)]
    return [made[i] for i in rng.permutation(len(made))]


def split(positions: Positions) -> Tuple[Positions, Positions]:
    """The positions fitted and those held out."""
    rows = np.arange(len(positions))
    held = rows % HOLD_OUT == HOLD_OUT - 1
    return positions.take(rows[~held]), positions.take(rows[held])


def spread(positions: Positions) -> float:
    """The standard deviation of the search's estimates: the loss's unit."""
    return max(float(np.std(positions.targets[positions.known])), 1e-3)


def spread_within(positions: Positions) -> float:
    """The standard deviation of the search's estimates about each position's mean: the
    unit of the moves' gaps."""
    position = np.repeat(np.arange(len(positions)), positions.counts)[positions.known]
    targets = positions.targets[positions.known]
    mean = np.bincount(position, targets, len(positions)) / np.maximum(np.bincount(position, None, len(positions)), 1)
    return max(float(np.std(targets - mean[position])), 1e-3)


def measure(params: Params, positions: Positions, scales: Tuple[float, float], setup: Setup) -> Dict[str, float]:
    """The losses and the share of positions whose best-scored move is the search's."""
    totals: Dict[str, float] = {}
    for width, group in groups(positions, 1):
        for start in range(0, len(group), 1024):
            rows = group[start:start + 1024]
            part = _measured(params, positions.batch(rows, width), scales, setup)
            for name, number in part.items():
                totals[name] = totals.get(name, 0.0) + float(number) * len(rows)
    return {name: total / max(len(positions), 1) for name, total in totals.items()}


def fit(positions: Positions, setup: Setup, directory: str,
        progress: Optional[Callable[[int, int, Dict[str, float]], None]] = None) -> Tuple[Dict[str, np.ndarray], Dict[str, float]]:
    """The fitted weights (float32 numpy arrays by name) and the last epoch's measures on the
    positions held out. `progress(epochs done, epochs, measures)` after each epoch."""
    train, held = split(positions)
    scales = spread(train), spread_within(train)
    size = min(setup.batch, max(16, len(train) // 8))  # a few steps an epoch, however few the positions
    parts = groups(train, size)
    steps = sum(len(rows) // size for _, rows in parts)
    optimizer = optax.adamw(optax.cosine_decay_schedule(setup.rate, steps * setup.epochs, alpha=0.05),
                            weight_decay=setup.weight_decay)
    params = {name: jnp.asarray(array) for name, array in initial(setup).items()}
    state = optimizer.init(params)
    epoch, params, state = resume(os.path.join(directory, CHECKPOINT), setup, params, state)

    @jax.jit
    def step(params: Params, state: Any, batch: Dict[str, Any]) -> Tuple[Params, Any]:
        grads = jax.grad(lambda p: losses(p, batch, scales, setup)["loss"])(params)
        updates, state = optimizer.update(grads, state, params)
        return optax.apply_updates(params, updates), state

    measures = measure(params, held, scales, setup)
    if progress:
        progress(epoch, setup.epochs, measures)
    while epoch < setup.epochs:
        for width, rows in batches(parts, size, np.random.default_rng([setup.seed, 2, epoch])):
            params, state = step(params, state, train.batch(rows, width))
        epoch += 1
        save(os.path.join(directory, CHECKPOINT), setup, epoch, params, state)
        measures = measure(params, held, scales, setup)
        if progress:
            progress(epoch, setup.epochs, measures)
    return {name: np.asarray(array, dtype=np.float32) for name, array in params.items()}, measures


def _fingerprint(setup: Setup) -> str:
    return json.dumps(asdict(setup), sort_keys=True)


def save(path: str, setup: Setup, epoch: int, params: Params, state: Any) -> None:
    """The checkpoint after `epoch` epochs: the weights and the optimizer's state, exactly."""
    arrays = {f"param_{name}": np.asarray(value) for name, value in params.items()}
    arrays.update({f"state_{i}": np.asarray(leaf) for i, leaf in enumerate(jax.tree_util.tree_leaves(state))})
    save_arrays(path, {"setup": np.array(_fingerprint(setup)), "epoch": np.array(epoch), **arrays})


def resume(path: str, setup: Setup, params: Params, state: Any) -> Tuple[int, Params, Any]:
    """The epochs done, the weights and the optimizer's state of this setup's checkpoint,
    or 0 and those given where there is none (or one of another setup)."""
    if not os.path.exists(path):
        return 0, params, state
    with np.load(path) as saved:
        if str(saved["setup"]) != _fingerprint(setup):
            return 0, params, state
        leaves, tree = jax.tree_util.tree_flatten(state)
        kept = [jnp.asarray(saved[f"state_{i}"], dtype=leaf.dtype) for i, leaf in enumerate(leaves)]
        return (int(saved["epoch"]), {name: jnp.asarray(saved[f"param_{name}"]) for name in params},
                jax.tree_util.tree_unflatten(tree, kept))
