"""Keeping a match of `quinza play` for later: its record written to a file, every seat
named in it ("you", and each bot by its spec, parameters and all), so that
`quinza play --resume FILE` replays it to the same position with the same rules, seats,
bots, scores and hands. `q` asks first; Ctrl-C and Ctrl-D keep it without asking;
`--no-save` keeps nothing."""

from __future__ import annotations

import datetime
import os
import shlex
from typing import Any, Callable, List, Optional

from .._words import quoted
from ..words import N_, _

QUESTION = N_("Keep this match to resume later? [Y/n] ")
# The answers read as yes and as no, besides y and n (each language's own).
YES, NO = N_("yes"), N_("no")


def default_file(now: Optional[datetime.datetime] = None) -> str:
    """Where a match is kept if the player names no file: the current directory, a name
    of the time the match was started (no two matches share it; the rules are inside)."""
    return f"quinza-match-{(now or datetime.datetime.now()):%Y%m%d-%H%M%S}.txt"


def write(game: Any, labels: List[str], path: str) -> Optional[str]:
    """Write the match's record to `path`; None, or why it could not be written."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(game.record(players=list(labels)))
    except OSError as error:
        return _("cannot save to {file}: {error}", file=quoted(path), error=error.strerror or error)
    return None


def wanted(read: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """The player's answer to QUESTION: yes unless they say no. A player who ends the
    input or presses Ctrl-C instead of answering keeps the match, as those keys do."""
    while True:
        try:
            answer = read(_(QUESTION)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            say("")  # the line the key did not end
            return True
        if answer in ("", "y", "yes", _(YES).lower(), _(YES)[:1].lower()):
            return True
        if answer in ("n", "no", _(NO).lower(), _(NO)[:1].lower()):
            return False


def kept_line(path: str) -> str:
    """What the player is told once the match is kept."""
    where = os.path.abspath(path)
    return _("the match is kept in {file}\nto go on with it: quinza play --resume {quoted}", file=where,
             quoted=shlex.quote(where))
