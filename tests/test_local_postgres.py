"""The private PostgreSQL of the store's tests (tests/pg_util.py, scripts/local_postgres.py):
a database a test, each its own; commits that wait for the disk; a server stopped is gone,
also when the process that started it is killed; a failed start says why."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from .pg_util import LocalPostgres, local_postgres, pg_url, postgres, unavailable  # noqa: F401

SCRIPT = Path(local_postgres.__file__).resolve()


def reachable(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            conn.execute("SELECT 1")
    except psycopg.OperationalError:
        return False
    return True


def gone(url: str, seconds: float = 60) -> bool:
    end = time.monotonic() + seconds
    while reachable(url):
        if time.monotonic() > end:
            return False
        time.sleep(0.2)
    return True


def test_a_row_written_is_read_back(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url) as conn:
        conn.execute("CREATE TABLE moves (ply integer PRIMARY KEY, move text NOT NULL)")
        conn.execute("INSERT INTO moves VALUES (%s, %s), (%s, %s)", (1, "7o x 8c", 2, "1e"))
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT ply, move FROM moves ORDER BY ply").fetchall()
    assert rows == [(1, "7o x 8c"), (2, "1e")]


def test_each_database_is_its_own(postgres: LocalPostgres) -> None:
    import psycopg

    first, second, named = postgres.database(), postgres.database(), postgres.database("Named db")
    assert len({first, second, named}) == 3 and named.endswith("/Named%20db")
    with psycopg.connect(first) as conn:
        conn.execute("CREATE TABLE rooms (id text)")
        conn.execute("INSERT INTO rooms VALUES ('r1')")
    for other in (second, named):
        with psycopg.connect(other) as conn:
            assert conn.execute("SELECT to_regclass('rooms')").fetchone() == (None,)
            assert conn.execute("SELECT current_database()").fetchone() != ("postgres",)


def test_commits_wait_for_the_disk(pg_url: str, postgres: LocalPostgres) -> None:
    import psycopg

    with psycopg.connect(pg_url) as conn:
        shown = {name: conn.execute(f"SHOW {name}").fetchone() for name in
                 ("fsync", "synchronous_commit", "max_connections", "listen_addresses", "server_encoding")}
    assert shown == {"fsync": ("on",), "synchronous_commit": ("on",), "max_connections": ("200",),
                     "listen_addresses": ("127.0.0.1",), "server_encoding": ("UTF8",)}
    assert postgres.url == f"postgresql://quinza@127.0.0.1:{postgres.port}/postgres"


def test_a_server_stopped_is_gone(postgres: LocalPostgres) -> None:
    with LocalPostgres() as other:
        url, root = other.database(), other.root
        assert other.port != postgres.port and root is not None
        assert reachable(url)
    assert not reachable(url) and not root.exists()
    other.stop()  # a second time does nothing
    with pytest.raises(RuntimeError, match="not started"):
        other.url
    assert reachable(postgres.url)


def test_the_script_runs_a_server_until_sigterm_and_one_killed_leaves_none(postgres: LocalPostgres) -> None:
    # The folder is /tmp's: as root the cluster is the postgres user's, who cannot reach
    # pytest's tmp_path (under /tmp/pytest-of-root, root's alone).
    with tempfile.TemporaryDirectory(prefix="quinza-pg-script-") as where:
        for ending in (signal.SIGTERM, signal.SIGKILL):
            script = subprocess.Popen([sys.executable, str(SCRIPT), where], stdout=subprocess.PIPE, text=True)
            try:
                assert script.stdout is not None
                url = script.stdout.readline().strip()
                assert url.startswith("postgresql://quinza@127.0.0.1:") and reachable(url)
                os.kill(script.pid, ending)
                assert script.wait(timeout=60) == (0 if ending == signal.SIGTERM else -signal.SIGKILL)
            finally:
                if script.poll() is None:
                    script.kill()
            # Killed, it stopped nothing itself: its watchdog did.
            assert gone(url), f"the server at {url} outlived the script ({ending.name})"
            assert (Path(where) / "data" / "PG_VERSION").exists()  # kept, and used again next time


def test_a_failed_start_says_why(postgres: LocalPostgres) -> None:
    with tempfile.TemporaryDirectory(prefix="quinza-pg-bad-") as where:
        (Path(where) / "data").write_text("not a folder")
        server = LocalPostgres(where)
        with pytest.raises(RuntimeError, match="initdb failed"):
            server.start()
        assert server.root is None and server.watchdog is None


def test_without_postgresql_ci_fails_and_elsewhere_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="needed under CI: no server"):
        unavailable("no server")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no server"):
        unavailable("no server")
