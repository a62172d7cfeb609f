"""Helpers of the tests of the PostgreSQL store: a private PostgreSQL server a session
(scripts/local_postgres.py: Debian's PostgreSQL, installed by apt-get when missing and the
tests run as root), and a fresh database a test.

Without PostgreSQL or psycopg the tests skip, saying why, except under CI (CI=true), where
they fail instead: CI must test the store, never skip it unseen. Under pytest-xdist each
worker that needs one starts its own server, in a folder and on a port of its own.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Iterator, NoReturn

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import local_postgres  # noqa: E402  (scripts/local_postgres.py: a private PostgreSQL cluster)
from local_postgres import LocalPostgres  # noqa: E402

__all__ = ["LocalPostgres", "local_postgres", "pg_url", "postgres", "unavailable"]


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail under CI, for want of PostgreSQL."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is needed under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres() -> Iterator[LocalPostgres]:
    """A started private PostgreSQL server (Debian's, installed by apt-get when missing and
    this runs as root), stopped at the end of the session."""
    if importlib.util.find_spec("psycopg") is None:
        unavailable(local_postgres.PSYCOPG_MISSING)
    if local_postgres.bin_dir() is None and local_postgres.as_root() and shutil.which("apt-get"):
        try:
            local_postgres.install()
        except Exception as e:  # apt-get failed or took too long
            unavailable(f"apt-get install postgresql failed: {e}")
    if local_postgres.bin_dir() is None:
        unavailable("PostgreSQL is not installed (apt-get install postgresql)")
    server = LocalPostgres()
    try:
        server.start()
    except (RuntimeError, OSError) as e:
        unavailable(f"could not start a PostgreSQL server: {e}")
    with server:
        yield server


@pytest.fixture
def pg_url(postgres: LocalPostgres) -> str:
    """The URL of a new, empty database of the session's server."""
    return postgres.database()
