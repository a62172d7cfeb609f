"""The log of `quinza serve`: uvicorn's, with no secret in it.

No token travels in a URL (the hello frame carries it), but a client may still put one
there (an old client, a mistake), and uvicorn logs every request's and websocket's path
with its query. `HideQueries` writes each query's values as "*" (the names stay:
`/ws/ID?token=*`), in every line uvicorn writes; an app embedded elsewhere can add it to
its own server's log handlers. The server's own lines (the "quinza.server" logger) name
rooms and seats, never a token.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any, Dict

import uvicorn.config

_QUERY = re.compile(r"\?[^\s\"]*")


def _hidden(match: "re.Match[str]") -> str:
    return "?" + "&".join(part.split("=", 1)[0] + ("=*" if "=" in part else "") for part in match.group()[1:].split("&"))


class HideQueries(logging.Filter):
    """A log filter: the values of any URL query in a record's arguments (and message)
    written as "*"."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_QUERY.sub(_hidden, a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = _QUERY.sub(_hidden, record.msg)
        return True


def log_config() -> Dict[str, Any]:
    """uvicorn's logging configuration, every handler hiding queries, and the server's
    own lines (INFO and up) beside uvicorn's."""
    config: Dict[str, Any] = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_queries"] = {"()": HideQueries}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_queries")
    config["loggers"]["quinza"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
