"""`quinza serve`: the game server (quinza.server) run by uvicorn, on 127.0.0.1 unless
told otherwise. It needs the server extra: pip install "quinza[server]"."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from . import options


def parser() -> argparse.ArgumentParser:
    from ..server.limits import Limits  # the server extra's: serve_main has checked it is there
    from ..server.pool import Budget

    budget, limits = Budget(), Limits()  # create_app's defaults
    p = argparse.ArgumentParser(
        prog="quinza serve",
        description="Run the game server: rooms and seats over websockets (docs/howto/run-a-server.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--db", default=os.environ.get("QUINZA_DB", "quinza-games.sqlite"),
                   help="the SQLite file that keeps rooms, seats and moves (default $QUINZA_DB, else "
                   "quinza-games.sqlite; an existing one resumes its rooms; :memory: keeps nothing), or a "
                   "PostgreSQL database's postgresql:// URL (the postgres extra; its password from PGPASSWORD "
                   "or ~/.pgpass, not the URL, which others on the machine can read)")
    p.add_argument("--workers", type=int, default=1,
                   help="run this many workers on one database, on the ports from --port on, any of them "
                   "answering for any room (default 1; docs/howto/run-a-server.md)")
    p.add_argument("--cluster", action="store_true",
                   help="run one worker of several sharing --db (started elsewhere, each with --cluster); "
                   "implied by a PostgreSQL --db")
    p.add_argument("--peer-url", default=None,
                   help="the URL the other workers reach this one at (default http://HOST:PORT)")
    p.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits before it moves (default 0.5)")
    p.add_argument("--undo-wait", type=float, default=120.0,
                   help="seconds an undo waits for its answers at most before it lapses; the turn's end lapses it sooner (default 120)")
    p.add_argument("--bot-budget", type=float, default=budget.seconds,
                   help=f"the most seconds a bot's move may take: a search past them is stopped and the greedy bot "
                   f"moves, and a room's bot may ask for no more (default {budget.seconds:g})")
    p.add_argument("--bot-iterations", type=int, default=budget.iterations,
                   help=f"the most iterations an ismcts bot of a room may ask for (default {budget.iterations})")
    p.add_argument("--bot-worlds", type=int, default=budget.worlds,
                   help=f"the most worlds a pimc bot of a room may ask for (default {budget.worlds})")
    p.add_argument("--bot-threads", type=int, default=None,
                   help="how many bots think at once, the others waiting their turn (default: the machine's cores)")
    p.add_argument("--client-rooms", type=int, default=limits.client_rooms,
                   help=f"the rooms one client (an address) may create a minute (default {limits.client_rooms})")
    p.add_argument("--client-connections", type=int, default=limits.client_connections,
                   help=f"the websockets one client may have open at once (default {limits.client_connections})")
    p.add_argument("--room-spectators", type=int, default=limits.room_spectators,
                   help=f"the spectators a room may have (default {limits.room_spectators})")
    p.add_argument("--backlog", type=int, default=limits.backlog,
                   help=f"the messages a connection may leave unread before it is closed (default {limits.backlog})")
    p.add_argument("--idle-room", type=float, default=limits.idle_room,
                   help="seconds a room whose match is not over lives with no person connected, then it is "
                   f"abandoned (default {limits.idle_room:g})")
    options.add_engine_option(p)
    return p


def serve_main(argv: Sequence[str]) -> int:
    try:
        import uvicorn

        from ..server import create_app
        from ..server.databases import StoreError
        from ..server.logs import log_config
    except ImportError as error:
        return options.need_server_extra("serve", error)
    p = parser()
    args = p.parse_args(list(argv))
    if args.workers < 1:
        p.error(f"--workers is at least 1, not {args.workers}")
    if args.workers > 1:
        from .workers import run_workers

        return run_workers(list(argv), args.port, args.workers)
    cluster = None
    if args.cluster or args.db.startswith(("postgresql://", "postgres://")):
        if args.db == ":memory:":
            p.error("the workers of a cluster share their database: give --db a SQLite file or a PostgreSQL URL")
        if args.peer_url is None and args.host in ("0.0.0.0", "::", ""):
            p.error(f"the other workers cannot reach {args.host}: give --peer-url, this worker's address as they see it")
        cluster = args.peer_url or f"http://{args.host}:{args.port}"
    try:
        app = create_app(args.db, cluster=cluster, bot_delay=args.bot_delay, undo_wait=args.undo_wait, engine=args.engine,
                         bot_budget=args.bot_budget, bot_iterations=args.bot_iterations, bot_worlds=args.bot_worlds,
                         bot_threads=args.bot_threads, client_rooms=args.client_rooms,
                         client_connections=args.client_connections, room_spectators=args.room_spectators,
                         backlog=args.backlog, idle_room=args.idle_room)
    except (StoreError, ImportError, ValueError) as error:  # no database to be had: say which and why
        print(f"quinza serve: {error}", file=sys.stderr)
        return 2
    uvicorn.run(app, host=args.host, port=args.port, log_config=log_config())  # no token in the log
    return 0
