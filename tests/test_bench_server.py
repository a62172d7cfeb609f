"""benches/server.py's smoke runs: the server in processes of its own (one, or two workers
of one database) and a few clients playing at a fast pace, short matches so that rooms ask
for rematches; checked for no error, no move lost and no disconnect (the timings are the
bench's, not asserted here, but for the takeover's bound).

With workers killed (`--takeover`), what counts as lost: a move a client sent whose ply
never reached every seat of its room, a ply told two different moves, or a move told that
the database does not hold at its ply. Not lost: a move sent to a worker killed before it
played it (its seat, connected again, is asked for that ply again and moves again: the
server never acknowledged it), and a move refused while its room changed hands (an error
saying "try again", with the room unchanged: the client sends it again); both are counted
apart."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from .pg_util import local_postgres, unavailable

pytest.importorskip("uvicorn")
pytest.importorskip("httpx")
pytest.importorskip("websockets.asyncio.client")  # websockets 13 and later

BENCH = Path(__file__).resolve().parent.parent / "benches" / "server.py"
SHORT = ["--quick", "--seconds", "6", "--target", "1"]


def bench(tmp_path: Path, *args: str) -> Dict[str, Any]:
    out = tmp_path / "server.json"
    run = subprocess.run([sys.executable, str(BENCH), *args, "--json", str(out)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    got: Dict[str, Any] = json.loads(out.read_text())["run"]
    return got


def check_clean(got: Dict[str, Any]) -> None:
    assert got["moves_sent"] > 0 and got["rematches"] > 0, got
    assert got["errors_total"] == 0 and got["lost_total"] == 0 and got["disconnects_total"] == 0, got
    assert got["told_twice"] == 0 and got["audit"]["told_not_stored"] == 0 and got["audit"]["told_checked"] > 0, got
    steady = got["rows"][0]
    assert steady["moves"] > 0 and steady["errors"] == 0 and steady["lost"] == 0, steady


def test_server_bench_quick_plays_without_error_or_loss(tmp_path: Path) -> None:
    got = bench(tmp_path, *SHORT, "--clients", "24", "--think", "0.1")
    assert got["clients"] >= 24 and not got["cluster"], got
    check_clean(got)


def test_server_bench_two_workers_on_sqlite(tmp_path: Path) -> None:
    # rooms made on each worker in turn, each client on the next worker: half the
    # websockets reach a worker that forwards them to the room's
    got = bench(tmp_path, *SHORT, "--clients", "40", "--think", "0.15", "--workers", "2")
    assert got["workers"] == 2 and got["cluster"] and got["store"] == "sqlite", got
    check_clean(got)


def need_postgres() -> None:
    """Skip (fail under CI) where the bench could not start its PostgreSQL."""
    if importlib.util.find_spec("psycopg") is None:
        unavailable(local_postgres.PSYCOPG_MISSING)
    if local_postgres.bin_dir() is None and not (local_postgres.as_root() and shutil.which("apt-get")):
        unavailable("PostgreSQL is not installed (apt-get install postgresql)")


def test_server_bench_two_workers_on_postgres_with_takeovers(tmp_path: Path) -> None:
    need_postgres()
    got = bench(tmp_path, "--quick", "--seconds", "4", "--clients", "40", "--think", "0.3", "--store", "postgres",
                "--workers", "2", "--takeover", "1")
    assert got["workers"] == 2 and got["store"] == "postgres", got
    assert got["rows"][0]["db_cpu"] is not None, got["rows"][0]
    shaken = got["takeover_phase"]
    assert shaken is not None and shaken["reconnects"] > 0 and shaken["moves"] > 0, shaken
    # errors only while rooms changed hands (refused, the room unchanged, and sent again)
    assert got["rows"][0]["errors"] == 0 and got["errors_total"] == shaken["errors"] >= got["refused"], got
    assert got["lost_total"] == 0 and got["disconnects_total"] == 0, got
    assert got["told_twice"] == 0 and got["audit"]["told_not_stored"] == 0, got["audit"]
    done: List[Dict[str, Any]] = got["takeovers"]
    assert [d["how"] for d in done] == ["dead", "restart", "stop"], done
    for d in done:
        assert d["rooms"] > 0, d
        for key in ("owned", "served", "played"):
            assert d[key] is not None and d[key] < 15, (key, d)
    summary = got["takeover_summary"]
    assert set(summary) == {"dead", "restart", "stop"} and summary["dead"]["owned"]["median"] is not None, summary
