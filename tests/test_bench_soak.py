"""benches/twins_soak.py's smoke run: random built positions of both families compared
between the twins, with a summary that counts them (the soak itself is bench-only)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benches" / "twins_soak.py"


def test_the_twins_soak_quick_finds_no_difference(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    run = subprocess.run([sys.executable, str(BENCH), "--quick", "--seed", "3", "--json", str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    got = json.loads(out.read_text())
    for family in ("fifteen", "quinte"):
        counts = got["families"][family]
        assert counts["differences"] == 0 and counts["compared"] >= 8, counts
