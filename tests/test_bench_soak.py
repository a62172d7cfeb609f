"""The smoke runs of the benches that soak the twins (the long runs are bench-only):
benches/twins_soak.py, random built positions of both families compared between the
twins, and benches/mutate.py, mutants of game JSON and of from_position fed to both; each
with a summary that counts them, run as a user runs it, over the installed package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCHES = Path(__file__).resolve().parent.parent / "benches"
BENCH = BENCHES / "twins_soak.py"


def test_the_twins_soak_quick_finds_no_difference(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    run = subprocess.run([sys.executable, str(BENCH), "--quick", "--seed", "3", "--json", str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    got = json.loads(out.read_text())
    for family in ("fifteen", "quinte"):
        counts = got["families"][family]
        assert counts["differences"] == 0 and counts["compared"] >= 8, counts


def test_the_mutation_run_finds_no_disagreement(tmp_path: Path) -> None:
    out = tmp_path / "mutate.json"
    run = subprocess.run([sys.executable, str(BENCHES / "mutate.py"), "--seconds", "3", "--seed", "5",
                          "--out", str(out)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    counts = json.loads(out.read_text())["counts"]
    assert counts["mutants"] >= 100 and counts["disagreements"] == 0, counts
    assert counts["accepted"] + counts["refused"] == counts["mutants"]
