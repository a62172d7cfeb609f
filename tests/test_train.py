"""`quinza train` end to end on a tiny run: it writes a net in the documented format whose
whole-number scores follow the search's estimates (better than the same net untrained),
the same seed makes the same net whatever the processes, and a run stopped while making
positions or while fitting, then started again, makes the same net as one never stopped."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import quinza  # noqa: E402
import quinza.reference  # noqa: E402
from quinza.__main__ import main  # noqa: E402
from quinza.train.dataset import load  # noqa: E402
from quinza.train.features import inputs  # noqa: E402
from quinza.train.fit import Setup, initial  # noqa: E402
from quinza.train.positions import shard_count, shard_path  # noqa: E402
from quinza.train.qzn import header, quantize, to_bytes  # noqa: E402
from quinza.train.run import Settings, train  # noqa: E402

RUN = ["--rules", "escoba", "--positions", "400", "--iterations", "150", "--epochs", "4", "--seed", "5",
       "--progress", "never"]
ORDER = [("W1", np.int16), ("b1", np.int32), ("W2", np.int16), ("b2", np.int32), ("Wv", np.int16), ("bv", np.int32),
         ("A", np.int16), ("B", np.int16), ("c", np.int32), ("wp", np.int16), ("bp", np.int32)]


def read(data: bytes) -> Tuple[Dict[str, Any], Dict[str, np.ndarray]]:
    """A .qzn file as docs/reference/nets.md writes it, every byte accounted for."""
    assert data[:4] == b"QZN1"
    (length,) = struct.unpack("<I", data[4:8])
    head = json.loads(data[8:8 + length].decode("utf-8"))
    L, F, (H1, H2), P = head["observation_len"], head["move_features"], head["hidden"], head["move_hidden"]
    shapes = {"W1": (H1, L), "b1": (H1,), "W2": (H2, H1), "b2": (H2,), "Wv": (H2,), "bv": (1,), "A": (P, H2),
              "B": (P, F), "c": (P,), "wp": (P,), "bp": (1,)}
    at, arrays = 8 + length, {}
    for name, dtype in ORDER:
        count = int(np.prod(shapes[name]))
        arrays[name] = np.frombuffer(data, dtype=np.dtype(dtype).newbyteorder("<"), count=count, offset=at)
        arrays[name] = arrays[name].reshape(shapes[name]).astype(np.int64)
        at += count * np.dtype(dtype).itemsize
    assert at == len(data)
    return head, arrays


def scores(head: Dict[str, Any], w: Dict[str, np.ndarray], observation: np.ndarray, moves: List[List[int]]) -> List[float]:
    """Each move's score, computed in whole numbers as docs/reference/nets.md says."""
    IS, WS, CAP = head["input_shift"], head["weight_shift"], 2**16
    x = np.clip(np.floor(observation.astype(np.float64) * 2.0**IS + 0.5), -CAP, CAP).astype(np.int64)
    h1 = np.clip((w["W1"] @ x + w["b1"]) >> WS, 0, CAP)
    h2 = np.clip((w["W2"] @ h1 + w["b2"]) >> WS, 0, CAP)
    base = w["A"] @ h2 + w["c"]
    out = []
    for features in moves:
        u = np.clip((base + (w["B"][:, features].sum(axis=1) << IS)) >> WS, 0, CAP)
        out.append(int(w["wp"] @ u + w["bp"][0]) / 2**(IS + WS))
    return out


def agreement(head: Dict[str, Any], w: Dict[str, np.ndarray], directory: Path, positions: int) -> float:
    """The correlation of the net's scores with the search's estimates over the run's positions."""
    paths = [shard_path(str(directory), i) for i in range(shard_count(positions))]
    data = load(paths, positions, head["move_features"])
    found: List[float] = []
    wanted: List[float] = []
    for row in range(positions):
        span = slice(data.starts[row], data.starts[row] + data.counts[row])
        moves = [[f for f in features if f < head["move_features"]] for features in data.features[span]]
        found += scores(head, w, data.observations[row], moves)
        wanted += list(data.targets[span])
    return float(np.corrcoef(found, wanted)[0, 1])


@pytest.fixture(scope="module")
def run(tmp_path_factory: Any) -> Tuple[Path, bytes]:
    folder = tmp_path_factory.mktemp("train")
    assert main(["train", *RUN, "--out", str(folder / "a.qzn"), "--dir", str(folder / "a"), "--processes", "2"]) == 0
    return folder, (folder / "a.qzn").read_bytes()


def without_date(data: bytes) -> Tuple[Dict[str, Any], Dict[str, bytes]]:
    head, arrays = read(data)
    assert isinstance(head["trained"].pop("date"), str)
    return head, {name: a.tobytes() for name, a in arrays.items()}


def test_the_net_is_in_the_format_and_learned_from_the_search(run: Tuple[Path, bytes]) -> None:
    folder, data = run
    head, trained = read(data)
    rules = quinza.Rules("escoba")
    assert head["format"] == 1 and head["rules"] == rules.to_dict() and head["encoding_version"] == quinza.ENCODING_VERSION
    assert head["observation_len"] == len(quinza.Game(rules, seed=0).encode(0)) and head["move_features"] == 80 + 16 + 7 + 10
    assert (head["input_shift"], head["weight_shift"]) == (8, 12)
    assert head["trained"]["command"] == ("quinza train --rules escoba --players 2 --set escoba_on_last_card=false "
                                          "--set opening_capture=true --set setenta=prime --positions 400 "
                                          "--iterations 150 --epochs 4 --seed 5")
    # The same architecture at its first weights, written the same way: the fit's starting point.
    setup = Setup(observation_len=head["observation_len"], move_features=80 + 16 + 7 + 10, positions=400, epochs=4, seed=5)
    arrays, shift = quantize(initial(setup))
    untrained = read(to_bytes(header(rules.to_dict(), 1, {"observation_len": setup.observation_len, "move_features": 80 + 16 + 7 + 10,
                                                          "hidden": [128, 128], "move_hidden": 64}, shift, {}), arrays))
    fitted = agreement(head, trained, folder / "a", 400)
    before = agreement(*untrained, folder / "a", 400)
    assert fitted > 0.5 and fitted > before + 0.3, (fitted, before)


def test_the_reference_twin_reads_the_net_and_computes_the_same(run: Tuple[Path, bytes]) -> None:
    from quinza.reference.net import Net

    folder, data = run
    net = Net.load(str(folder / "a.qzn"))
    head, w = read(data)
    assert net.header == head and Net.from_arrays(head, {k: a.astype(dtype) for (k, dtype), a in
                                                         zip(ORDER, w.values())}).to_bytes() == data
    game = quinza.reference.Game("escoba", seed=3)
    for _ in range(12):
        if game.count_legal_moves() >= 2:
            observation, moves = inputs(game)
            _, valued = net.evaluate(game)
            assert [score for _, score in valued] == scores(head, w, observation, moves)
        game.play(game.legal_moves()[0])


def test_the_same_seed_makes_the_same_net_on_any_number_of_processes(run: Tuple[Path, bytes], tmp_path: Path) -> None:
    folder, data = run
    assert main(["train", *RUN, "--out", str(tmp_path / "b.qzn"), "--dir", str(tmp_path / "b"), "--processes", "1"]) == 0
    assert without_date((tmp_path / "b.qzn").read_bytes()) == without_date(data)


class Stop:
    """A progress callback that stops the run with Ctrl-C once `stage` has done `at`."""

    def __init__(self, stage: str, at: int) -> None:
        self.stage, self.at = stage, at

    def __call__(self, stage: str, done: int, total: int, measures: Dict[str, float]) -> None:
        if stage == self.stage and done >= self.at:
            raise KeyboardInterrupt


def test_a_run_stopped_and_started_again_makes_the_same_net(run: Tuple[Path, bytes], tmp_path: Path) -> None:
    folder, data = run
    settings = Settings(rules=quinza.Rules("escoba"), positions=400, iterations=150, epochs=4, seed=5,
                        out=str(tmp_path / "c.qzn"), directory=str(tmp_path / "c"), processes=1)
    with pytest.raises(KeyboardInterrupt):
        train(settings, Stop("positions", 128))
    made = sorted(p.name for p in (tmp_path / "c").glob("positions-*.npz"))
    assert made == ["positions-00000.npz"]
    with pytest.raises(KeyboardInterrupt):
        train(settings, Stop("fitting", 2))
    assert (tmp_path / "c" / "fit.npz").exists() and not (tmp_path / "c.qzn").exists()
    assert main(["train", *RUN, "--out", str(tmp_path / "c.qzn"), "--dir", str(tmp_path / "c")]) == 0
    assert without_date((tmp_path / "c.qzn").read_bytes()) == without_date(data)


def test_a_folder_of_other_positions_is_refused(run: Tuple[Path, bytes], capsys: Any) -> None:
    folder, _ = run
    other = [a if a != "150" else "151" for a in RUN]
    with pytest.raises(SystemExit) as info:
        main(["train", *other, "--out", str(folder / "d.qzn"), "--dir", str(folder / "a")])
    assert info.value.code == 2
    assert "holds positions made otherwise (iterations differ)" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--positions", "--iterations", "--epochs", "--processes"])
def test_counts_below_one_are_refused(option: str, tmp_path: Path, capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        main(["train", "--rules", "escoba", option, "0", "--out", str(tmp_path / "e.qzn")])
    assert info.value.code == 2 and f"{option} must be 1 or more, not 0" in capsys.readouterr().err
    assert not (tmp_path / "e.qzn").exists() and not (tmp_path / "e.train").exists()


def test_each_batch_pads_its_positions_to_its_own_width(run: Tuple[Path, bytes]) -> None:
    from quinza.train.fit import batches, groups

    folder, _ = run
    data = load([shard_path(str(folder / "a"), i) for i in range(shard_count(400))], 400, 80 + 16 + 7 + 10)
    parts = groups(data, 32)
    rows = np.concatenate([r for _, r in parts])
    assert sorted(rows.tolist()) == list(range(400))  # every position in one group
    for width, group in parts:
        assert len(group) >= 32 and width & (width - 1) == 0 and (data.counts[group] <= width).all()
    assert len({w for w, _ in parts}) >= 2  # not all padded to the widest
    drawn = batches(parts, 32, np.random.default_rng(0))
    assert all(len(r) == 32 for _, r in drawn) and len(drawn) == sum(len(g) // 32 for _, g in parts)
    width, some = drawn[0]
    batch = data.batch(some, width)
    for i, row in enumerate(some):
        span = slice(data.starts[row], data.starts[row] + data.counts[row])
        n = data.counts[row]
        assert batch["legal"][i].tolist() == [True] * n + [False] * (width - n)
        assert (batch["features"][i, :n] == data.features[span]).all() and (batch["features"][i, n:] == 80 + 16 + 7 + 10).all()
        assert (batch["targets"][i, :n] == data.targets[span]).all() and not batch["known"][i, n:].any()
    taken = data.take(some)
    assert (taken.batch(np.arange(32), width)["features"] == batch["features"]).all()


def test_a_guided_search_labels_the_same_positions_otherwise(run: Tuple[Path, bytes], tmp_path: Path,
                                                             capsys: Any) -> None:
    folder, _ = run
    guide = str(folder / "a.qzn")
    small = ["--rules", "escoba", "--positions", "128", "--iterations", "150", "--epochs", "1", "--seed", "5",
             "--progress", "never"]
    assert main(["train", *small, "--guide", guide, "--out", str(tmp_path / "g.qzn"), "--processes", "1"]) == 0
    head, _ = read((tmp_path / "g.qzn").read_bytes())
    assert head["trained"]["command"].endswith("--seed 5 --guide a.qzn") and len(head["trained"]["guide"]) == 64
    with np.load(shard_path(str(tmp_path / "g.train"), 0)) as guided, np.load(shard_path(str(folder / "a"), 0)) as alone:
        # the same self-play, the moves valued by another search
        assert (guided["observations"] == alone["observations"][:128]).all()
        assert not np.array_equal(guided["targets"], alone["targets"][:len(guided["targets"])], equal_nan=True)
    # what the guided search says of the first position, as the search guided by that net says it
    from quinza.train.positions import label
    game = quinza.Game("escoba", seed=9)
    bot = quinza.bot("ismcts", prior="net", weights=guide, iterations=150, seed=4)
    targets, best, value = label(quinza, game, 150, 4, guide)
    ranked = bot.analyse(game)
    assert game.legal_moves()[best] == ranked[0][0] and value == pytest.approx(ranked[0][1])
    assert sorted(t for t in targets if t == t) == pytest.approx(sorted(v for _, v in ranked))
    with pytest.raises(SystemExit):  # positions labelled by another guide are refused, not mixed
        main(["train", *small, "--guide", str(tmp_path / "g.qzn"), "--out", str(tmp_path / "g.qzn")])
    assert "holds positions made otherwise (guide differ)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", *small, "--players", "3", "--guide", "shipped", "--out", str(tmp_path / "h.qzn")])
    assert "the package ships no net for escoba with 3 players" in capsys.readouterr().err


def test_pimc_teaches_the_same_positions_otherwise(run: Tuple[Path, bytes], tmp_path: Path, capsys: Any) -> None:
    folder, _ = run
    small = ["--rules", "escoba", "--positions", "128", "--epochs", "1", "--seed", "5", "--progress", "never"]
    assert main(["train", *small, "--teacher", "pimc", "--worlds", "24", "--out", str(tmp_path / "p.qzn"),
                 "--processes", "1"]) == 0
    head, _ = read((tmp_path / "p.qzn").read_bytes())
    assert head["trained"]["command"].endswith("--positions 128 --teacher pimc --worlds 24 --epochs 1 --seed 5")
    assert head["trained"]["teacher"] == "pimc" and head["trained"]["iterations"] == 24
    with np.load(shard_path(str(tmp_path / "p.train"), 0)) as taught, np.load(shard_path(str(folder / "a"), 0)) as alone:
        assert (taught["observations"] == alone["observations"][:128]).all()  # the same self-play
        assert not np.isnan(taught["targets"]).any()  # pimc values every legal move
    # what pimc says of a position, as the pimc bot says it
    from quinza.train.positions import label
    game = quinza.Game("escoba", seed=9)
    targets, best, value = label(quinza, game, 24, 4, teacher="pimc")
    ranked = quinza.bot("pimc", worlds=24, seed=4).analyse(game)
    assert game.legal_moves()[best] == ranked[0][0] and value == pytest.approx(ranked[0][1])
    assert sorted(targets) == pytest.approx(sorted(v for _, v in ranked))
    for wrong, said in ((["--teacher", "pimc", "--iterations", "9"], "--iterations goes with --teacher ismcts, not pimc"),
                        (["--worlds", "9"], "--worlds goes with --teacher pimc, not ismcts"),
                        (["--teacher", "pimc", "--guide", "shipped"], "--guide: a guide guides ismcts"),
                        (["--teacher", "pimc", "--worlds", "0"], "--worlds must be 1 or more, not 0")):
        with pytest.raises(SystemExit):
            main(["train", *small, *wrong, "--out", str(tmp_path / "q.qzn")])
        assert said in capsys.readouterr().err
    from quinza.train.positions import Plan
    with pytest.raises(ValueError, match="a guide guides ismcts"):  # the trainer's own rule, not the CLI's alone
        Plan(rules={}, iterations=9, seed=1, guide="ab", teacher="pimc")
    with pytest.raises(ValueError, match="the teacher is one of ismcts, pimc"):
        Plan(rules={}, iterations=9, seed=1, teacher="solver")
    with pytest.raises(SystemExit):  # positions another teacher labelled are refused, not mixed
        main(["train", *small, "--out", str(tmp_path / "p.qzn")])
    assert "holds positions made otherwise (iterations, teacher differ)" in capsys.readouterr().err
