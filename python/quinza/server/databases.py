"""The databases a server's store may live in: a SQLite file (the standard library's: the
embedded default) or a PostgreSQL server (`postgresql://...`, with psycopg 3: the
`postgres` extra), behind one small interface, so the store writes its SQL once.

The store's SQL is written for both: `?` placeholders (psycopg's `%s` here), `ON CONFLICT`
upserts, DOUBLE PRECISION for times, and `now_s()` for the database's clock in seconds
since the epoch. SQLite's `now_s()` is this machine's clock (a SQLite file is shared only
by the processes of one machine); PostgreSQL's is the database server's, so workers on
several machines agree on when a lease runs out whatever their own clocks say.

Every failure of the database comes out as `StoreError`: the callers (a move, a seat)
refuse what they were asked and keep the room as it was.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from typing import Any, Iterator, List, Optional, Sequence, Tuple

Row = Tuple[Any, ...]

# SQLite waits this long for another process's write to end (workers on one file).
BUSY_MS = 5000


class StoreError(Exception):
    """The database could not do what it was asked (nothing of it was written)."""


class Fenced(StoreError):
    """This worker no longer holds the room it wrote to: another took it over (its lease
    ran out), so the write was refused."""


def is_postgres(db: str) -> bool:
    """Whether `db` names a PostgreSQL database (a postgresql:// or postgres:// URL)."""
    return db.startswith(("postgresql://", "postgres://"))


class Database:
    """One connection: `run` a statement (committed at once), or several in a
    `transaction()`. `lock` ends a SELECT that locks the rows it reads until the
    transaction ends (PostgreSQL's FOR UPDATE; SQLite's transactions lock the whole file)."""

    lock = ""
    shared = True  # whether other processes can open it too

    def run(self, sql: str, params: Sequence[Any] = ()) -> List[Row]:
        """Run a statement: the rows it read (none for a write)."""
        raise NotImplementedError

    def count(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a write: the rows it changed."""
        raise NotImplementedError

    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of `rows`, at once (PostgreSQL: in one round trip's
        pipeline, not one a row)."""
        raise NotImplementedError

    def transaction(self) -> "contextlib.AbstractContextManager[None]":
        """The statements of the block, committed together at its end (or none, if it
        raises); within another transaction, part of that one."""
        raise NotImplementedError

    def script(self, sql: str) -> None:
        """Statements separated by `;` (none within a string), in order."""
        for statement in sql.split(";"):
            if statement.strip():
                self.run(statement)

    def close(self) -> None:
        """Close the connection."""
        raise NotImplementedError


class SqliteDatabase(Database):
    """A SQLite file (or ":memory:"). Writes go to the WAL journal, committed at once:
    what a method returned from survives the process being killed. synchronous=NORMAL
    syncs the WAL to the disk at checkpoints, not at each commit (a power cut may lose the
    last moves, never the file's consistency): FULL waits for the disk on every move, on
    the event loop, and held back every room (benches/server.py,
    docs/explanation/server-at-scale.md "What one process holds")."""

    def __init__(self, path: str) -> None:
        # The app runs on one event loop, but not always in the thread that made it.
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.shared = path != ":memory:"
        if self.shared:
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.create_function("now_s", 0, time.time)
        self._depth = 0

    def run(self, sql: str, params: Sequence[Any] = ()) -> List[Row]:
        try:
            return self._db.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as error:
            raise StoreError(str(error)) from None

    def count(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return self._db.execute(sql, tuple(params)).rowcount
        except sqlite3.Error as error:
            raise StoreError(str(error)) from None

    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self._db.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.Error as error:
            raise StoreError(str(error)) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        if self._depth:  # within one already: it is part of that one
            yield
            return
        try:  # IMMEDIATE: the file's write lock from the start, so what is read stays so
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StoreError(str(error)) from None
        self._depth += 1
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        else:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                self._db.execute("ROLLBACK")
                raise StoreError(str(error)) from None
        finally:
            self._depth -= 1

    def close(self) -> None:
        self._db.close()


class PostgresDatabase(Database):
    """A PostgreSQL database by its URL, over one psycopg connection in autocommit (a
    statement is its own transaction unless in `transaction()`). Its commits wait for the
    disk (synchronous_commit as the server has it: on by default), so a move told is a
    move kept. A connection lost (the database restarted) is made again at the next call."""

    lock = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError as error:
            raise ImportError('a PostgreSQL store needs psycopg: pip install "quinza[postgres]"') from error
        self._psycopg = psycopg
        self._url = url
        self._db: Any = None
        self._depth = 0
        self._connect()

    def _connect(self) -> None:
        try:
            self._db = self._psycopg.connect(self._url, autocommit=True, connect_timeout=10)
        except self._psycopg.Error as error:
            raise StoreError(f"could not connect to PostgreSQL: {_first_line(error)}") from None

    def _connection(self) -> Any:
        """The connection, made again if it was lost, but not within a transaction (whose
        statements went with it)."""
        if self._db is None or self._db.closed:
            if self._depth:
                raise StoreError("the connection to PostgreSQL was lost")
            self._connect()
        return self._db

    def _execute(self, sql: str, params: Sequence[Any]) -> Any:
        db = self._connection()
        try:
            return db.execute(_placeholders(sql), tuple(params))
        except self._psycopg.Error as error:
            raise StoreError(_first_line(error)) from None

    def run(self, sql: str, params: Sequence[Any] = ()) -> List[Row]:
        cursor = self._execute(sql, params)
        return list(cursor.fetchall()) if cursor.description is not None else []

    def count(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(self._execute(sql, params).rowcount)

    def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        db = self._connection()
        try:
            with db.cursor() as cursor:
                cursor.executemany(_placeholders(sql), [tuple(r) for r in rows])
        except self._psycopg.Error as error:
            raise StoreError(_first_line(error)) from None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        if self._depth:
            yield
            return
        if self._db is None or self._db.closed:
            self._connect()
        self._depth += 1
        try:
            with self._db.transaction():
                yield
        except self._psycopg.Error as error:
            raise StoreError(_first_line(error)) from None
        finally:
            self._depth -= 1

    def close(self) -> None:
        if self._db is not None:
            self._db.close()


def _placeholders(sql: str) -> str:
    """The store's `?` placeholders as psycopg's `%s` (the store's SQL has no `%` nor `?` in text)."""
    return re.sub(r"\?", "%s", sql)


def _first_line(error: Exception) -> str:
    return str(error).strip().split("\n")[0]


def open_database(db: str) -> Database:
    """The database `db` names: a postgresql:// URL, else a SQLite file (":memory:" keeps
    nothing past the process)."""
    return PostgresDatabase(db) if is_postgres(db) else SqliteDatabase(db)


def clock_function(database: Database) -> Optional[str]:
    """The SQL that makes `now_s()` in a database that has no such function yet
    (PostgreSQL's: SQLite's is the connection's own)."""
    if isinstance(database, PostgresDatabase):
        return ("CREATE OR REPLACE FUNCTION now_s() RETURNS DOUBLE PRECISION "
                "AS 'SELECT extract(epoch FROM clock_timestamp())::double precision' LANGUAGE SQL VOLATILE")
    return None
