"""A private PostgreSQL server for the tests and benches of the PostgreSQL store (`quinza
serve --db postgresql://...`): its own cluster in a directory of its own, on a free
loopback port, with nothing but Debian's packages (`apt-get install postgresql`, which
`install()` runs as root when no PostgreSQL is found). Debian's own "main" cluster, if
any, is never used.

    python scripts/local_postgres.py DIR    # a cluster in DIR: prints its URL, runs until Ctrl-C

From Python (scripts/ on sys.path):

    with LocalPostgres() as pg:
        url = pg.database()                 # a fresh database: postgresql://quinza@127.0.0.1:PORT/NAME

fsync and synchronous_commit stay on, as in production: the server's promise is that a
move it told is on disk, and a bench without it would measure another server. initdb and
postgres refuse to run as root, so as root (CI) they run as Debian's `postgres` user
through runuser. A watchdog process stops the cluster (and removes its temporary
directory) when the process that started it dies without stopping it, even by SIGKILL.
"""

from __future__ import annotations

import argparse
import atexit
import glob
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from types import TracebackType
from typing import Any, List, Optional, Type
from urllib.parse import quote

from apt_install import apt_install, can_install  # scripts/apt_install.py, beside this file

RUN_TIMEOUT = 120  # seconds for initdb, and for pg_ctl's own wait to start or stop
SUPERUSER = "quinza"
PSYCOPG_MISSING = 'psycopg (3) is needed to talk to PostgreSQL: pip install "psycopg[binary]"'

# Run by the watchdog process: it waits for its stdin to close. Told "done" first, the
# cluster was stopped; else its starter died, and it stops the cluster itself.
WATCHDOG = """
import json, shutil, signal, subprocess, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGHUP, signal.SIG_IGN)
stop, remove = json.loads(sys.argv[1]), sys.argv[2]
if sys.stdin.buffer.read() != b"done":
    for mode in ("fast", "immediate"):
        if subprocess.run(stop + ["-m", mode], capture_output=True, timeout=120).returncode == 0:
            break
    if remove:
        shutil.rmtree(remove, ignore_errors=True)
"""


def bin_dir() -> Optional[Path]:
    """The folder of initdb, pg_ctl and postgres: Debian's newest /usr/lib/postgresql/*/bin,
    else the one on PATH; None when there is no PostgreSQL."""
    def version(path: str) -> List[int]:
        return [int(p) for p in Path(path).parent.name.split(".") if p.isdigit()]

    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if debian:
        return Path(debian[-1]).parent
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found and shutil.which("pg_ctl") else None


def as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def install() -> None:
    """Debian's PostgreSQL with apt-get, when none is found and this runs as root."""
    if bin_dir() is None and can_install():
        apt_install(["postgresql"], lambda: bin_dir() is None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class LocalPostgres:
    """A private cluster, started by `start()` or `with`: in `directory` (made and kept
    when given; else a temporary one, removed on stop), its superuser `quinza` trusted
    without a password, reached at `url` over TCP on 127.0.0.1."""

    def __init__(self, directory: Optional[str] = None, max_connections: int = 200) -> None:
        self.given = directory
        self.max_connections = max_connections
        self.root: Optional[Path] = None
        self.port = 0
        self.watchdog: Optional["subprocess.Popen[bytes]"] = None

    @property
    def url(self) -> str:
        """The URL of the cluster's `postgres` database."""
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        if self.root is None:
            raise RuntimeError("the PostgreSQL cluster is not started")
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{quote(database, safe='')}"

    def command(self, program: str, *args: str) -> List[str]:
        """`program` of PostgreSQL with `args`, as the `postgres` user when this is root."""
        found = bin_dir()
        if found is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        line = [str(found / program), *args]
        return ["runuser", "-u", "postgres", "--", *line] if as_root() else line

    def run(self, what: str, line: List[str], cwd: Path, log: Optional[Path] = None) -> None:
        """`line` in `cwd` (as postgres, the caller's folder may be out of reach), in bounded
        time; a RuntimeError saying what failed, with its output and the log's tail."""
        try:
            done = subprocess.run(line, cwd=cwd, capture_output=True, text=True, timeout=RUN_TIMEOUT + 30)
        except subprocess.TimeoutExpired as e:
            raise RuntimeError(f"{what} took over {RUN_TIMEOUT + 30} s: {shlex.join(line)}") from e
        if done.returncode != 0:
            told = (done.stdout + done.stderr).strip()[-2000:]
            raise RuntimeError(f"{what} failed (exit {done.returncode}): {shlex.join(line)}\n{told}"
                               + (f"\n-- the end of {log}:\n{tail(log)}" if log else ""))

    def start(self) -> "LocalPostgres":
        if self.root is not None:
            return self
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        root = Path(self.given or tempfile.mkdtemp(prefix=f"quinza-pg-{worker}-")).resolve()
        root.mkdir(parents=True, exist_ok=True)
        self.root = root
        try:
            self.prepare(root)
            self.watch(root)
            self.launch(root)
        except BaseException:
            self.stop()
            raise
        atexit.register(self.stop)
        return self

    def prepare(self, root: Path) -> None:
        """The cluster's folders, its data made by initdb unless there from a former run."""
        (root / "socket").mkdir(exist_ok=True)
        if as_root():
            for path in (root, root / "socket"):
                shutil.chown(path, "postgres", "postgres")
            self.run(f"the postgres user reaching {root} (its parents must be searchable)",
                     ["runuser", "-u", "postgres", "--", "test", "-w", str(root)], root)
        if not (root / "data" / "PG_VERSION").exists():
            self.run("initdb", self.command("initdb", "-D", str(root / "data"), "-A", "trust", "-U", SUPERUSER,
                                            "-E", "UTF8", "--locale=C", "--no-sync"), root)

    def watch(self, root: Path) -> None:
        stop = self.command("pg_ctl", "stop", "-D", str(root / "data"), "-w")
        self.watchdog = subprocess.Popen(
            [sys.executable, "-c", WATCHDOG, json.dumps(stop), "" if self.given else str(root)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            cwd=root, start_new_session=True)

    def launch(self, root: Path, tries: int = 5) -> None:
        """pg_ctl start on a free port; again on another when a process took it meanwhile."""
        log = root / "postgres.log"
        for attempt in range(tries):
            self.port = free_port()
            options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1",
                       f"-k {shlex.quote(str(root / 'socket'))}", "-c fsync=on", "-c synchronous_commit=on",
                       f"-c max_connections={self.max_connections}"]
            try:
                self.run("pg_ctl start", self.command("pg_ctl", "start", "-D", str(root / "data"), "-l", str(log),
                                                      "-w", "-t", str(RUN_TIMEOUT), "-o", " ".join(options)), root, log)
                return
            except RuntimeError:
                if attempt == tries - 1 or "already in use" not in tail(log, 5):
                    raise

    def database(self, name: Optional[str] = None) -> str:
        """A new, empty database (named `name`, else a name of its own): its URL."""
        try:
            import psycopg
            from psycopg import sql
        except ImportError as e:
            raise ImportError(PSYCOPG_MISSING) from e
        name = name or f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url_of(name)

    def stop(self) -> None:
        """Stop the cluster (fast: sessions are cut, what was committed is kept) and remove
        a temporary folder; a second call does nothing."""
        root, self.root = self.root, None
        atexit.unregister(self.stop)
        if root is None:
            return
        try:
            if (root / "data" / "postmaster.pid").exists():
                data = str(root / "data")
                try:
                    self.run("pg_ctl stop", self.command("pg_ctl", "stop", "-D", data, "-m", "fast", "-w"), root)
                except RuntimeError:
                    self.run("pg_ctl stop", self.command("pg_ctl", "stop", "-D", data, "-m", "immediate", "-w"), root)
        except BaseException:
            self.release(stopped=False)  # the watchdog tries in its turn
            raise
        self.release(stopped=True)
        if self.given is None:
            shutil.rmtree(root, ignore_errors=True)

    def release(self, stopped: bool) -> None:
        watchdog, self.watchdog = self.watchdog, None
        if watchdog is not None:
            assert watchdog.stdin is not None
            watchdog.stdin.write(b"done" if stopped else b"")
            watchdog.stdin.close()
            if stopped:
                watchdog.wait(timeout=30)

    def __enter__(self) -> "LocalPostgres":
        return self.start()

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException],
                 trace: Optional[TracebackType]) -> None:
        self.stop()


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description="Run a private PostgreSQL cluster in DIR until Ctrl-C or SIGTERM.")
    parser.add_argument("directory", metavar="DIR", help="the cluster's folder (made if missing, kept after)")
    args = parser.parse_args(argv)

    def stopped(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stopped)
    install()
    with LocalPostgres(args.directory) as pg:
        print(pg.url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
