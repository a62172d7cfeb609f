"""benches/server.py's smoke run: a server in its own process and a few clients playing at a
fast pace, short matches so that rooms ask for rematches; checked for no error, no move
lost and no disconnect (the timings are the bench's, not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("httpx")
pytest.importorskip("websockets.asyncio.client")  # websockets 13 and later

BENCH = Path(__file__).resolve().parent.parent / "benches" / "server.py"


def test_server_bench_quick_plays_without_error_or_loss(tmp_path: Path) -> None:
    out = tmp_path / "server.json"
    run = subprocess.run([sys.executable, str(BENCH), "--quick", "--clients", "24", "--seconds", "6", "--think", "0.1",
                          "--target", "1", "--json", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    got = json.loads(out.read_text())["run"]
    assert got["clients"] >= 24 and got["moves_sent"] > 0 and got["rematches"] > 0, got
    assert got["errors_total"] == 0 and got["lost_total"] == 0 and got["disconnects_total"] == 0, got
    steady = got["rows"][0]
    assert steady["moves"] > 0 and steady["errors"] == 0 and steady["lost"] == 0, steady
