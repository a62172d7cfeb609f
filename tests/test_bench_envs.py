"""benches/envs.py's smoke run: quinza's own envs only (the third-party ones are bench-only
dependencies), checked to write every figure the full run reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

BENCH = Path(__file__).resolve().parent.parent / "benches" / "envs.py"


def test_envs_bench_quick_writes_the_figures(tmp_path: Path) -> None:
    out = tmp_path / "envs.json"
    run = subprocess.run([sys.executable, str(BENCH), "--quick", "--only-quinza", "--seconds", "0.05", "--repeat", "2", "--json", str(out)],
                         capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONHASHSEED="0"))
    assert run.returncode == 0, run.stderr
    assert "skipped PettingZoo's classic envs, RLCard and pgx: --only-quinza" in run.stdout
    got = json.loads(out.read_text())
    assert got["quick"] is True
    for label in ("escoba 2p", "quinte 4p"):
        for threads in (1, 2):
            for n in (1, 64):
                fig = got["vector"][f"{label} threads={threads} N={n}"]
                assert fig["steps"] > 0 and fig["steps"] % n == 0 and fig["steps_per_s"] > 0
                runs = fig["runs_steps_per_s"]  # --repeat 2: the median of two runs
                assert len(runs) == 2 and fig["steps_per_s"] == (runs[0] + runs[1]) / 2
        assert all(got["vector_2_over_1_thread"][f"{label} N={n}"] > 0 for n in (1, 64))
        for section in ("aec", "gym"):
            assert got[section][label]["steps"] > 0 and got[section][label]["steps_per_s"] > 0
        costs = got["encode_us"][label]
        for backend in ("rust", "reference"):
            for what in ("encode", "observation"):
                for when in ("start", "after 5 deals", "after 10 deals"):
                    assert costs[f"{backend} {what} {when}"] > 0
        r = got["ratios"][label]
        assert r["vector_best"] == max(v["steps_per_s"] for k, v in got["vector"].items() if k.startswith(label))
        assert r["encode_us"] == max(costs[f"rust encode {when}"] for when in ("start", "after 5 deals", "after 10 deals"))
        # nothing to compare with in an --only-quinza run
        assert r["vector_vs_pettingzoo"] is None and r["vector_vs_pgx_leduc"] is None
    assert "pettingzoo" not in got and "pgx" not in got
