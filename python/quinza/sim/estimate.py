"""How long a run with search bots will take, said before it starts (`quinza simulate`):
the search bots' moves are timed on a short pilot (the first moves of a match of this
run's rules, at this budget), the moves a match from a quick greedy run of the same rules,
and the two put together over the matches and threads asked for."""

from __future__ import annotations

import os
import time
from typing import Any, List, Optional, Sequence

from ..engines import Engine
from .._words import plural
from ..bots import bot_from_text, bot_kind, budget, split_bots

PILOT_SECONDS = 2.0  # the most the pilot searches (after its first searched move)
PILOT_MOVES = 12  # searched moves timed at most
SAMPLE_MATCHES = 20  # greedy matches that tell the moves of a match


class Estimate:
    """A run's expected length: `seconds`, and the words to say it."""

    def __init__(self, seconds: float, per_move: float, timed: int, moves: float, searched: Sequence[str],
                 smaller: Sequence[str], games: int, threads: int) -> None:
        self.seconds = seconds
        self.per_move = per_move
        self.timed = timed
        self.moves = moves
        self.searched = list(searched)
        self.smaller = list(smaller)
        self.games = games
        self.threads = threads

    def words(self) -> str:
        ms = self.per_move * 1000
        speed = f"{ms:.1f}" if ms < 10 else f"{ms:,.0f}"
        shorter = f", such as {' or '.join(self.smaller)}" if self.smaller else ""
        bots = " and ".join(self.searched)
        return (
            f"{bots} search{'es' if len(self.searched) == 1 else ''} every move: about {duration(self.seconds)} "
            f"for {plural(self.games, 'match', 'matches')} on {plural(self.threads, 'thread')} ({speed} ms a "
            f"searched move here, timed on {plural(self.timed, 'move')}; about {self.moves:.0f} moves a match). "
            f"To make it shorter: fewer --games, or a smaller budget{shorter}, or time_limit=SECONDS a move."
        )


def smaller_budget(api: Engine, bot: Any) -> Optional[str]:
    """A search bot at a quarter of its budget (iterations or worlds), as text; None when
    it has a time limit instead, or nothing to lower."""
    kind = bot_kind(api, bot)
    key = budget(api, kind)
    if kind is None or key is None:
        return None
    params = dict(api.bot(kind).params if isinstance(bot, str) else bot.params)
    if params.get("time_limit") is not None or not params.get(key) or params[key] < 8:
        return None
    return f"{kind}:{key}={params[key] // 4}"


def duration(seconds: float) -> str:
    """A length of time as a person says it: "40 seconds", "3 minutes", "1 hour 20 minutes"."""
    if seconds < 90:
        return plural(max(1, round(seconds)), "second")
    minutes = round(seconds / 60)
    if minutes < 90:
        return plural(minutes, "minute")
    hours, minutes = divmod(minutes, 60)
    return plural(hours, "hour") + (f" {plural(minutes, 'minute')}" if minutes else "")


def estimate(api: Engine, rules: Any, bots: Optional[str], games: int, threads: Optional[int],
             seed: Optional[int]) -> Optional[Estimate]:
    """The run's expected length when a bot of `bots` (the text `simulate` reads) searches;
    None when none does, or `bots` is not text (nothing to time)."""
    if not isinstance(bots, str):
        return None
    texts = split_bots(bots)
    made = [bot_from_text(api, t) for t in texts]
    searched: List[str] = []
    smaller: List[str] = []
    for text, bot in zip(texts, made):
        kind = bot_kind(api, bot) if not hasattr(bot, "make") else None
        if kind in api.SEARCH_BOTS and text not in searched:
            searched.append(text)
            lower = smaller_budget(api, bot)
            if lower is not None:
                smaller.append(lower)
    if not searched:
        return None
    seats = [made[s % len(made)] for s in range(rules.players)]
    searching = [s for s in range(rules.players) if texts[s % len(texts)] in searched]
    players = [api.bot(b) if isinstance(b, str) else b for b in seats]
    game = api.Game(rules, seed=0 if seed is None else seed)
    spent, timed, began = 0.0, 0, time.perf_counter()
    while game.turn is not None and timed < PILOT_MOVES and (timed == 0 or time.perf_counter() - began < PILOT_SECONDS):
        seat = game.turn
        start = time.perf_counter()
        move = players[seat](game)
        if seat in searching:
            spent += time.perf_counter() - start
            timed += 1
        game.play(move)
    if timed == 0:
        return None
    sample = api.simulate(rules, SAMPLE_MATCHES, bots="greedy", seed=1, threads=1)
    moves = float(sample.summary["moves_per_match"]["mean"])
    workers = max(1, min(threads or os.cpu_count() or 1, games))
    per_move = spent / timed
    seconds = games * moves * len(searching) / rules.players * per_move / workers
    return Estimate(seconds, per_move, timed, moves, searched, smaller, games, workers)
