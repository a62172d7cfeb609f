"""Batch simulation, shared by both backends: argument checks, the match loop for Python
bots, chunking, progress, Ctrl-C, the result arrays and the summary (the Ray backend is
_ray.py, over `run_local`; the entry that chooses between them is _run.py).

`quinza.simulate` hands whole chunks of core-bot matches to the Rust core (all cores, the
GIL released); `quinza.reference.simulate` plays every match with `play_match` below, in
pure Python. Both give the same `SimulationResult` for the same arguments
(docs/engine.md "Simulation").
"""

from __future__ import annotations

import math
import os
import secrets
import signal
import sys
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ._errors import BotError, IllegalMoveError, SimulationInterrupted
from ._words import check_threads, choice_text, quoted, whole

BACKENDS = ("local", "ray")
Z95 = 1.959963984540054  # the 97.5% quantile of the normal distribution

# The record arrays of a simulation: name -> dtype. Per match: winner (side, -1 a draw),
# scores (one column per side), deals, moves, first_dealer. Per deal, every match's deals
# one after the other: deal_points (one column per side), deal_dealer.
MATCH_ARRAYS = {"winner": np.int8, "scores": np.int64, "deals": np.uint32, "moves": np.uint32, "first_dealer": np.uint8}
DEAL_ARRAYS = {"deal_points": np.int32, "deal_dealer": np.uint8}
ARRAYS = {**MATCH_ARRAYS, **DEAL_ARRAYS}


# -- arguments ----------------------------------------------------------------------------


def check_rules(api: Any, rules: Any) -> Any:
    if isinstance(rules, str):
        return api.Rules(rules)
    if not all(hasattr(rules, a) for a in ("name", "players", "target", "options")):
        raise ValueError(f"rules must be a Rules or a rule-set name, not {quoted(rules)}")
    return api.Rules(rules.name, players=rules.players, target=rules.target, **rules.options)


def check_seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbits(64)
    if not whole(seed) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, not {quoted(seed)}")
    return int(seed)


def check_games(games: Any) -> int:
    # matches are numbered 0 .. games-1 and chunks end at most at `games`: all fit u64
    if not whole(games) or not 1 <= games < 2**64:
        raise ValueError(f"games must be a whole number from 1 to 2**64-1, not {quoted(games)}")
    return int(games)


# The points a deal hands out, all sides together: a typical figure per rule set (the
# mean of 20,000 matches of random and of greedy bots, rounded down: quinza and rb3ine
# always 100, escoba 5.0 to 6.8, quinte 140 to 248). It only sizes the arrays up front.
DEAL_POINTS = {"quinza": 100, "rb3ine": 100, "escoba": 5, "quinte": 140}
ARRAYS_LIMIT = 2**31  # bytes: the most `arrays=True` may be expected to hold (2 GiB)


def deals_estimate(rules: Any) -> int:
    """The deals of a match as the arrays' estimate counts them: ceil(target * sides /
    DEAL_POINTS) + 1 (the leader needs at most its share of the points dealt out, and
    the last deal overshoots); above the measured means (docs/engine.md "simulate")."""
    return -(-rules.target * rules.sides // DEAL_POINTS[rules.name]) + 1


def arrays_estimate(rules: Any, games: int) -> int:
    """Bytes the record arrays of `games` matches would hold: per match winner (1),
    scores (8 a side), deals (4), moves (4), first_dealer (1); per deal deal_points
    (4 a side) and deal_dealer (1)."""
    per_match = 10 + 8 * rules.sides + deals_estimate(rules) * (4 * rules.sides + 1)
    return games * per_match


def check_arrays(rules: Any, games: int, arrays: bool) -> None:
    """Refuse, before any match is played, a run whose arrays would outgrow ARRAYS_LIMIT."""
    if not arrays:
        return
    need = arrays_estimate(rules, games)
    if need > ARRAYS_LIMIT:
        most = ARRAYS_LIMIT // arrays_estimate(rules, 1)
        raise ValueError(
            f"games={games} with arrays=True would keep about {need / 2**30:,.1f} GiB of per-match and "
            f"per-deal arrays (at about {deals_estimate(rules)} deals a match), more than the 2 GiB limit: "
            f"pass arrays=False to keep only the summary, or play at most {most} matches"
        )


def _unknown_bot(api: Any, bot: Any) -> ValueError:
    return ValueError(f"unknown bot {quoted(bot)}: choose {choice_text(api.BOT_NAMES)}, or pass a callable (game) -> move")


SEARCH_BOTS = ("pimc", "ismcts")

_REGISTRIES: Dict[int, Dict[type, str]] = {}  # id of a twin's module -> its bot classes -> kind


def _registry(twin: Any) -> Dict[type, str]:
    """A twin's bot classes, by kind: the class of `twin.bot(name)` for each of `twin.BOT_NAMES`."""
    if id(twin) not in _REGISTRIES:
        _REGISTRIES[id(twin)] = {type(twin.bot(name)): name for name in twin.BOT_NAMES}
    return _REGISTRIES[id(twin)]


def bot_kind(api: Any, bot: Any) -> Optional[str]:
    """The kind of a core bot: a name of `api.BOT_NAMES`, or a bot object of a class in
    either twin's bot registry (so a reference bot given to the core plays in Rust, and
    the other way round); None for any other callable."""
    if isinstance(bot, str):
        if bot not in api.BOT_NAMES:
            raise _unknown_bot(api, bot)
        return bot
    # The bot's twin: quinza._core, or quinza.reference.bots for a class of any module of
    # the reference (its search bots live in pimc.py and ismcts.py).
    module = type(bot).__module__
    twin = sys.modules.get("quinza.reference.bots" if module.startswith("quinza.reference.") else module)
    if twin is not None and hasattr(twin, "BOT_NAMES") and hasattr(twin, "bot"):
        kind = _registry(twin).get(type(bot))
        if kind is not None:
            if kind not in api.BOT_NAMES:
                raise _unknown_bot(api, kind)
            return kind
    if not callable(bot):
        raise _unknown_bot(api, bot)
    return None


def bot_params(bot: Any) -> Dict[str, Any]:
    """The parameters of a core bot besides its seed: none for a name, `bot.params` for
    a bot object."""
    return {} if isinstance(bot, str) else dict(bot.params)


def bot_text(kind: str, params: Dict[str, Any], defaults: Dict[str, Any]) -> str:
    """A core bot as the command writes it: its name, then the parameters that differ
    from the defaults (`pimc:worlds=32,depth=0`)."""
    changed = [f"{k}={v}" for k, v in params.items() if defaults.get(k) != v]
    return kind + (":" + ",".join(changed) if changed else "")


def _value(text: str) -> Any:
    # A parameter's value as the command writes it; the bot's own checks word a refusal.
    if text == "None":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def split_bots(text: str) -> List[str]:
    """A comma-separated list of bots, where a bot may carry parameters:
    "ismcts:iterations=2000,c=1,greedy" is ["ismcts:iterations=2000,c=1", "greedy"]."""
    out: List[str] = []
    for token in (t.strip() for t in text.split(",")):
        if "=" in token and ":" not in token and out and ":" in out[-1]:
            out[-1] += "," + token
        else:
            out.append(token)
    return out


def bot_from_text(api: Any, text: str) -> Any:
    """`"pimc:worlds=8,depth=1"` as `api.bot("pimc", worlds=8, depth=1)`; a plain name stays a name."""
    name, colon, rest = text.partition(":")
    if not colon:
        return text
    params: Dict[str, Any] = {}
    for item in (p.strip() for p in rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"bot parameters are written name=value, not {quoted(item)} (in {quoted(text)})")
        params[key.strip()] = _value(value.strip())
    return api.bot(name.strip(), **params)


def bot_name(api: Any, bot: Any) -> str:
    kind = bot_kind(api, bot)
    if kind is not None:
        return bot_text(kind, bot_params(bot), dict(api.bot(kind).params))
    return str(getattr(bot, "__qualname__", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def check_bots(api: Any, bots: Any, rules: Any) -> List[Any]:
    """One bot per seat. `bots` is one bot (every seat), a comma-separated string of names,
    or a sequence of 1, one per side or one per seat; seat k gets bots[k % len(bots)]."""
    if isinstance(bots, str):
        bots = split_bots(bots)
    elif not isinstance(bots, (list, tuple)):
        bots = [bots]
    bots = [bot_from_text(api, b) if isinstance(b, str) else b for b in bots]
    for b in bots:
        bot_kind(api, b)
    n, sides = rules.players, rules.sides
    allowed = sorted({1, sides, n})
    if len(bots) not in allowed:
        words = " or ".join(str(a) for a in allowed)
        raise ValueError(
            f"bots: give {words} bots for {n} players (one for every seat, one per side or one per seat), "
            f"not {len(bots)}"
        )
    return [bots[seat % len(bots)] for seat in range(n)]


# -- one match, move by move ----------------------------------------------------------------


def seat_players(api: Any, seat_bots: Sequence[Any], match_seed: int) -> List[Any]:
    """The bots of one match: core bots new for the match, each seeded with its seat's
    seed (the greedy bot only checks it); Python callables as they are."""
    players = []
    for seat, b in enumerate(seat_bots):
        kind = bot_kind(api, b)
        players.append(b if kind is None else api.bot(kind, api.seat_seed(match_seed, seat), **bot_params(b)))
    return players


def play_match(api: Any, rules: Any, seat_bots: Sequence[Any], match_seed: int, index: Optional[int] = None) -> Tuple[Any, int]:
    """Play the match seeded `match_seed` to its end: `Game(rules, seed=match_seed)`, each
    seat's bot choosing in turn. A Python bot gets a copy of the game (it cannot change
    the match); what it returns is played, and an illegal move or an exception raises
    `BotError` naming the bot, the seat, the match and the move. Returns (game, moves)."""
    players = seat_players(api, seat_bots, match_seed)
    game = api.Game(rules, seed=match_seed)
    moves = 0
    where = f"match {index} (match seed {match_seed})" if index is not None else f"the match seeded {match_seed}"
    while not game.is_over:
        seat = game.turn
        bot = players[seat]
        if bot_kind(api, seat_bots[seat]) is not None:
            game.play(bot(game))
        else:
            name = bot_name(api, bot)
            try:
                move = bot(game.copy())
            except Exception as error:
                raise BotError(
                    f"bot {name} at seat {seat} raised {type(error).__name__}: {error} in {where}",
                    bot=name, seat=seat, match_seed=match_seed, index=index,
                ) from error
            try:
                game.play(move)
            except IllegalMoveError as error:
                shown = str(move) if type(move).__name__ == "Move" else repr(move)
                raise BotError(
                    f"bot {name} at seat {seat} played an illegal move {shown} in {where}: {error}",
                    bot=name, seat=seat, match_seed=match_seed, index=index, move=move,
                ) from None
        moves += 1
    return game, moves


def records_of(games: Sequence[Tuple[Any, int]], sides: int) -> Dict[str, np.ndarray]:
    """The record arrays of finished matches, in order."""
    winner, scores, deals, moves, first_dealer, points, dealer = [], [], [], [], [], [], []
    for game, n_moves in games:
        results = game.deals
        winner.append(-1 if game.winner is None else game.winner)
        scores.append(game.scores)
        deals.append(len(results))
        moves.append(n_moves)
        first_dealer.append(results[0].dealer if results else game.dealer)
        for d in results:
            points.append(d.points)
            dealer.append(d.dealer)
    return shape_records(
        {
            "winner": winner, "scores": scores, "deals": deals, "moves": moves,
            "first_dealer": first_dealer, "deal_points": points, "deal_dealer": dealer,
        },
        sides,
    )


def shape_records(raw: Dict[str, Any], sides: int) -> Dict[str, np.ndarray]:
    out = {}
    for key, dtype in ARRAYS.items():
        value = raw[key]
        a = np.frombuffer(value, dtype=np.dtype(dtype).newbyteorder("<")) if isinstance(value, bytes) else np.array(value, dtype=dtype)
        a = a.astype(dtype, copy=False)
        if key in ("scores", "deal_points"):
            a = a.reshape(-1, sides)
        out[key] = a
    return out


def empty_records(sides: int) -> Dict[str, np.ndarray]:
    return shape_records({k: [] for k in ARRAYS}, sides)


def concat_records(parts: Sequence[Dict[str, np.ndarray]], sides: int) -> Dict[str, np.ndarray]:
    if not parts:
        return empty_records(sides)
    return {k: np.concatenate([p[k] for p in parts]) for k in ARRAYS}


# -- the running summary ----------------------------------------------------------------------


def side_of_seat(seat: Any, players: int) -> Any:
    """The side of a seat (or of a numpy array of seats), as `Rules.side_of` says:
    partners at 4 players (seats 0 and 2, 1 and 3), every player alone at 2 or 3. For
    the tallies and summaries, which hold no Rules."""
    return seat % 2 if players == 4 else seat


def seat_sides(players: int) -> List[int]:
    """The side of every seat."""
    return [side_of_seat(seat, players) for seat in range(players)]


def side_lineup(s: Dict[str, Any]) -> Tuple[List[List[int]], List[str]]:
    """The seats of every side of a summary and their bots' names joined by commas (each
    name once, in seat order)."""
    seat_side = seat_sides(s["rules"]["players"])
    side_seats = [[seat for seat, side in enumerate(seat_side) if side == k] for k in range(len(s["wins"]))]
    side_bots = [",".join(sorted({s["bots"][seat] for seat in seats}, key=lambda b: s["bots"].index(b)))
                 for seats in side_seats]
    return side_seats, side_bots


class Tally:
    """Exact integer totals of finished matches, updated chunk by chunk (memory stays flat
    however many matches are played) and merged across shards."""

    def __init__(self, players: int, sides: int) -> None:
        self.players, self.sides = players, sides
        self.matches = 0
        self.wins = [0] * sides
        self.draws = 0
        self.wins_by_first = [0] * players  # by seat relative to the first dealer
        self.deals = self.deals_sq = self.moves = self.moves_sq = 0
        self.pos_points = [0] * players  # by seat relative to each deal's dealer
        self.pos_points_sq = [0] * players
        self.side_points = [0] * sides
        self.side_points_sq = [0] * sides
        self.hist = np.zeros((sides, 1), dtype=np.int64)  # deal points per side

    def side_of(self, seat: Any) -> Any:
        return side_of_seat(seat, self.players)

    def add(self, rec: Dict[str, np.ndarray]) -> None:
        n = len(rec["winner"])
        if n == 0:
            return
        w = rec["winner"].astype(np.int64)
        self.matches += n
        for side in range(self.sides):
            self.wins[side] += int(np.count_nonzero(w == side))
        self.draws += int(np.count_nonzero(w < 0))
        fd = rec["first_dealer"].astype(np.int64)
        for r in range(self.players):
            self.wins_by_first[r] += int(np.count_nonzero(w == self.side_of((fd + r) % self.players)))
        d = rec["deals"].astype(np.int64)
        m = rec["moves"].astype(np.int64)
        self.deals += int(d.sum())
        self.deals_sq += int((d * d).sum())
        self.moves += int(m.sum())
        self.moves_sq += int((m * m).sum())
        pts = rec["deal_points"].astype(np.int64)
        dealer = rec["deal_dealer"].astype(np.int64)
        rows = np.arange(len(dealer))
        for r in range(self.players):
            p = pts[rows, self.side_of((dealer + r) % self.players)]
            self.pos_points[r] += int(p.sum())
            self.pos_points_sq[r] += int((p * p).sum())
        for side in range(self.sides):
            p = pts[:, side]
            self.side_points[side] += int(p.sum())
            self.side_points_sq[side] += int((p * p).sum())
        if len(pts):
            top = int(pts.max()) + 1
            if top > self.hist.shape[1]:
                self.hist = np.pad(self.hist, ((0, 0), (0, top - self.hist.shape[1])))
            for side in range(self.sides):
                c = np.bincount(np.clip(pts[:, side], 0, None), minlength=self.hist.shape[1])
                self.hist[side] += c

    def merge(self, other: "Tally") -> None:
        for key in ("matches", "draws", "deals", "deals_sq", "moves", "moves_sq"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        for key in ("wins", "wins_by_first", "pos_points", "pos_points_sq", "side_points", "side_points_sq"):
            setattr(self, key, [a + b for a, b in zip(getattr(self, key), getattr(other, key))])
        width = max(self.hist.shape[1], other.hist.shape[1])
        pad = lambda h: np.pad(h, ((0, 0), (0, width - h.shape[1])))  # noqa: E731
        self.hist = pad(self.hist) + pad(other.hist)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tally) and self.state() == other.state()

    def state(self) -> Dict[str, Any]:
        s = {k: v for k, v in vars(self).items() if k != "hist"}
        s["hist"] = self.hist[:, : _width(self.hist)].tolist()
        return s


def _width(hist: np.ndarray) -> int:
    nz = np.nonzero(hist.sum(axis=0))[0]
    return int(nz[-1]) + 1 if len(nz) else 0


def wilson(k: float, n: int) -> Dict[str, float]:
    """A proportion k/n with its 95% Wilson score interval (k may end in .5: a draw
    counted as half a win)."""
    if n == 0:
        return {"rate": math.nan, "low": math.nan, "high": math.nan}
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval always holds the rate itself (rounding could leave 1.0 just outside)
    return {"rate": p, "low": max(0.0, min(p, centre - half)), "high": min(1.0, max(p, centre + half))}


def mean_ci(total: int, total_sq: int, n: int) -> Dict[str, float]:
    """A mean with its 95% normal interval (sample variance)."""
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan}
    mean = total / n
    var = (total_sq - total * total / n) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(max(var, 0.0) / n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def position_label(r: int) -> str:
    """A seat from the dealer as the summary's table names it (the one after the dealer
    plays first)."""
    return position_name(r) + (" (plays first)" if r == 1 else "")


def position_name(r: int) -> str:
    if r == 0:
        return "dealer"
    return f"dealer+{r}"


def summarize(t: Tally, *, rules: Any, seed: int, bots: Sequence[str], requested: int, interrupted: bool) -> Dict[str, Any]:
    n, players = t.matches, t.players
    seat_side = [t.side_of(s) for s in range(players)]
    return {
        "rules": {"name": rules.name, "players": rules.players, "target": rules.target, **rules.options},
        "seed": seed,
        "bots": list(bots),
        "games": n,
        "requested": requested,
        "interrupted": interrupted,
        "wins": list(t.wins),
        "draws": t.draws,
        "win_rate_by_side": [wilson(t.wins[s], n) for s in range(t.sides)],
        "win_rate_by_seat": [wilson(t.wins[seat_side[s]], n) for s in range(players)],
        "win_rate_by_first_position": [
            {"position": position_name(r), **wilson(t.wins_by_first[r], n)} for r in range(players)
        ],
        "draw_rate": wilson(t.draws, n),
        "points_per_deal_by_position": [
            {"position": position_name(r), **mean_ci(t.pos_points[r], t.pos_points_sq[r], t.deals)}
            for r in range(players)
        ],
        "points_per_deal_by_side": [mean_ci(t.side_points[s], t.side_points_sq[s], t.deals) for s in range(t.sides)],
        "deals_per_match": mean_ci(t.deals, t.deals_sq, n),
        "moves_per_match": mean_ci(t.moves, t.moves_sq, n),
        "deals": t.deals,
        "moves": t.moves,
    }


# -- the result ---------------------------------------------------------------------------------


class SimulationResult:
    """What `simulate` returns: the summary of every finished match and, unless
    `arrays=False`, their records as numpy arrays.

    Matches are numbered from 0; the result holds matches `0 .. len(result) - 1` (fewer
    than asked when it comes from an interrupted or failed run). Per match: `winner`
    (int8: the side, -1 for a draw), `scores` (int64, one column per side), `deals`
    (uint32), `moves` (uint32), `first_dealer` (uint8). Per deal, the deals of match 0
    first: `deal_points` (int32, one column per side), `deal_dealer` (uint8),
    `deal_match` (the match of each deal); `deal_offsets` (match i's deals are rows
    `deal_offsets[i]` up to `deal_offsets[i + 1]`).

    Also: `summary` (the dict that `str(result)` prints and `to_json` writes), `rules`,
    `seed`, `bots` (as text), `requested` (the matches asked for), `interrupted`,
    `seconds`, `backend` ("local" or "ray") and `engine` (the twin's `BACKEND`).
    """

    def __init__(self, *, rules: Any, seed: int, bots: Sequence[str], requested: int, tally: Tally,
                 records: Optional[Dict[str, np.ndarray]], backend: str, engine: str,
                 interrupted: bool = False, seconds: float = 0.0) -> None:
        self.rules = rules
        self.seed = seed
        self.bots = list(bots)
        self.requested = requested
        self.tally = tally
        self.backend = backend
        self.engine = engine
        self.interrupted = interrupted
        self.seconds = seconds
        self._records = records
        self.summary = summarize(tally, rules=rules, seed=seed, bots=bots, requested=requested, interrupted=interrupted)

    def __len__(self) -> int:
        return self.tally.matches

    @property
    def games(self) -> int:
        """How many matches finished: `len(result)`."""
        return self.tally.matches

    def _array(self, key: str) -> np.ndarray:
        if self._records is None:
            raise ValueError("the arrays were not kept: run simulate(..., arrays=True)")
        return self._records[key]

    # Each array raises ValueError when the run kept none (arrays=False).
    winner = property(lambda self: self._array("winner"), doc="Per match, the winning side (int8); -1 for a draw.")
    scores = property(lambda self: self._array("scores"), doc="Per match, the final score of each side (int64, one column per side).")
    deals = property(lambda self: self._array("deals"), doc="Per match, how many deals it took (uint32).")
    moves = property(lambda self: self._array("moves"), doc="Per match, how many moves were played (uint32).")
    first_dealer = property(lambda self: self._array("first_dealer"), doc="Per match, the dealer of its first deal (uint8).")
    deal_points = property(
        lambda self: self._array("deal_points"),
        doc="Per deal, the points each side made (int32, one column per side); match 0's deals first.",
    )
    deal_dealer = property(lambda self: self._array("deal_dealer"), doc="Per deal, its dealer (uint8); match 0's deals first.")

    @property
    def deal_match(self) -> np.ndarray:
        """Per deal, the match it belongs to (int64)."""
        return np.repeat(np.arange(len(self), dtype=np.int64), self.deals.astype(np.int64))

    @property
    def deal_offsets(self) -> np.ndarray:
        """The deals of match i are rows deal_offsets[i] .. deal_offsets[i + 1] - 1."""
        out = np.zeros(len(self) + 1, dtype=np.int64)
        np.cumsum(self.deals, out=out[1:])
        return out

    @property
    def has_arrays(self) -> bool:
        """Whether the per-match and per-deal arrays were kept (`simulate(..., arrays=True)`)."""
        return self._records is not None

    def arrays(self) -> Dict[str, np.ndarray]:
        """Every record array by name (`winner`, `scores`, ..., `deal_dealer`)."""
        return {k: self._array(k) for k in ARRAYS}

    def match_seed(self, index: int) -> int:
        """The seed of match `index`: `Game(rules, seed=result.match_seed(i))` replays it."""
        from .reference.bots import match_seed  # one formula for both backends

        return match_seed(self.seed, index)

    @property
    def points_histogram(self) -> np.ndarray:
        """hist[side, p]: how many deals gave that side p points."""
        return self.tally.hist[:, : _width(self.tally.hist)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        if self.summary != other.summary or self.tally != other.tally or self.has_arrays != other.has_arrays:
            return False
        if self._records is None or other._records is None:
            return True
        return all(np.array_equal(self._records[k], other._records[k]) for k in ARRAYS)

    def __repr__(self) -> str:
        return (
            f"<SimulationResult {self.rules.name} {self.rules.players}p: {len(self)} of {self.requested} matches, "
            f"seed {self.seed}, bots {','.join(self.bots)}>"
        )

    def to_json(self, **kw: Any) -> str:
        """The summary as JSON text (NaN, where nothing was counted, as null); `kw` go to `json.dumps`."""
        import json

        return json.dumps(_jsonable(self.summary), **kw)

    def __str__(self) -> str:
        return format_summary(self.summary, seconds=self.seconds)

    def plot(self, path: str) -> None:
        """Draw the win rates with their intervals and the points per deal into the image file
        `path` (needs matplotlib: `pip install "quinza[plot]"`)."""
        plot_result(self, path)


def _jsonable(x: Any) -> Any:
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_jsonable(v) for v in x]
    return x


# -- text and plot ------------------------------------------------------------------------------


def _pct(d: Dict[str, float]) -> str:
    if math.isnan(d["rate"]):
        return "-"
    return f"{100 * d['rate']:6.2f}%  [{100 * d['low']:6.2f}, {100 * d['high']:6.2f}]"


def _mean(d: Dict[str, float], digits: int = 2) -> str:
    if math.isnan(d["mean"]):
        return "-"
    return f"{d['mean']:.{digits}f}  [{d['low']:.{digits}f}, {d['high']:.{digits}f}]"


def format_summary(s: Dict[str, Any], seconds: float = 0.0) -> str:
    r = s["rules"]
    players = r["players"]
    opts = "".join(f", {k}={v}" for k, v in r.items() if k not in ("name", "players", "target"))
    lines = [
        f"{r['name']}, {players} players, target {r['target']}{opts}; seed {s['seed']}",
        f"{s['games']:,} matches" + (f" of {s['requested']:,} (interrupted)" if s["interrupted"] else "")
        + (f" in {seconds:.1f} s ({s['games'] / seconds:,.0f} matches/s, {s['moves'] / seconds:,.0f} moves/s)" if seconds > 0 and s["games"] else ""),
    ]
    side_seats, side_bots = side_lineup(s)
    # The bots column grows for bots written with their parameters (pimc:worlds=32).
    width = max([18] + [len(b) + 1 for b in side_bots])
    lines += ["", f"{'side':<6}{'seats':<8}{'bots':<{width}}{'wins':>12}   {'win rate  [95% CI]':<28}"]
    for side, (seats, bots) in enumerate(zip(side_seats, side_bots)):
        lines.append(
            f"{side:<6}{' '.join(map(str, seats)):<8}{bots:<{width}}{s['wins'][side]:>12,}   {_pct(s['win_rate_by_side'][side])}"
        )
    lines.append(f"{'draws':<{14 + width}}{s['draws']:>12,}   {_pct(s['draw_rate'])}")
    lines += [
        "",
        f"{'seat from the dealer':<24}{'win rate, seated so':<34}{'points per deal'}",
        f"{'':<24}{'in the first deal  [95% CI]':<34}{'[95% CI]'}",
    ]
    for r in range(players):
        label = position_label(r)
        lines.append(
            f"{label:<24}{_pct(s['win_rate_by_first_position'][r]):<34}{_mean(s['points_per_deal_by_position'][r])}"
        )
    lines += [
        "",
        f"deals per match  {_mean(s['deals_per_match'])}",
        f"moves per match  {_mean(s['moves_per_match'], 1)}",
    ]
    return "\n".join(lines)


def check_plot(path: str) -> None:
    """What `plot_result(result, path)` needs, checked before a run: matplotlib, a file
    type it writes, and a folder that exists. A ValueError says what is missing."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise ValueError("plotting needs matplotlib: pip install 'quinza[plot]'") from None
    kinds = FigureCanvasBase.get_supported_filetypes()
    ext = os.path.splitext(path)[1].lstrip(".").lower()
    if ext not in kinds:
        said = f"a file type {quoted(ext)}" if ext else "no file type"
        raise ValueError(f"cannot plot to {quoted(path)}: it has {said}; matplotlib writes "
                         f"{choice_text(['.' + k for k in sorted(kinds)])}")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise ValueError(f"cannot plot to {quoted(path)}: there is no folder {quoted(folder)}")


def plot_result(result: SimulationResult, path: str) -> None:
    """Win rates with their intervals, and the distribution of points per deal."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("plotting needs matplotlib: pip install 'quinza[plot]'") from None
    s = result.summary
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    labels: List[str] = []
    rates: List[float] = []
    errs: List[List[float]] = [[], []]
    for side, w in enumerate(s["win_rate_by_side"]):
        seats = [seat for seat in range(s["rules"]["players"]) if (seat % 2 if s["rules"]["players"] == 4 else seat) == side]
        labels.append(f"side {side}\n{s['bots'][seats[0]]}")
        rates.append(w["rate"])
        errs[0].append(w["rate"] - w["low"])
        errs[1].append(w["high"] - w["rate"])
    labels.append("draw")
    d = s["draw_rate"]
    rates.append(d["rate"])
    errs[0].append(d["rate"] - d["low"])
    errs[1].append(d["high"] - d["rate"])
    a.bar(labels, rates, yerr=errs, capsize=4, color=["C0", "C1", "C2", "C3"][: len(labels) - 1] + ["grey"])
    a.set_ylabel("share of matches (95% CI)")
    a.set_title(f"{len(result):,} matches of {s['rules']['name']}, {s['rules']['players']} players")
    hist = result.points_histogram
    x = np.arange(hist.shape[1])
    for side in range(hist.shape[0]):
        total = hist[side].sum()
        if total:
            b.step(x, hist[side] / total, where="mid", label=f"side {side}")
    b.set_xlabel("points in a deal")
    b.set_ylabel("share of deals")
    b.set_title("points per deal")
    b.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -- the run ------------------------------------------------------------------------------------


class _StopOnCtrlC:
    """The first Ctrl-C asks the run to stop after the chunk in progress; a second one
    interrupts at once. Only in the main thread (elsewhere Ctrl-C is not delivered)."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None

    def __enter__(self) -> "_StopOnCtrlC":
        if threading.current_thread() is threading.main_thread():
            self._old = signal.getsignal(signal.SIGINT)
            signal.signal(signal.SIGINT, self._handler)
        return self

    def _handler(self, signum: int, frame: Any) -> None:
        if self.requested:
            self._restore()
            raise KeyboardInterrupt
        self.requested = True

    def _restore(self) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            self._old = None

    def __exit__(self, *exc: Any) -> None:
        self._restore()


def run_local(api: Any, rules: Any, seat_bots: List[Any], seed: int, start: int, games: int,
              threads: Optional[int], progress: Optional[Callable[[int, int], Any]], arrays: bool) -> SimulationResult:
    """Matches `start .. start + games`, chunk by chunk, on this machine."""
    sides = rules.sides
    names = [bot_name(api, b) for b in seat_bots]
    fast = getattr(api, "_simulate_chunk", None)
    all_core = all(bot_kind(api, b) is not None for b in seat_bots)
    tally = Tally(rules.players, sides)
    parts: List[Dict[str, np.ndarray]] = []
    began = time.perf_counter()
    done = 0

    def result(interrupted: bool) -> SimulationResult:
        return SimulationResult(
            rules=rules, seed=seed, bots=names, requested=games, tally=tally,
            records=concat_records(parts, sides) if arrays else None, backend="local",
            engine=getattr(api, "BACKEND", "?"), interrupted=interrupted, seconds=time.perf_counter() - began,
        )

    def keep(rec: Dict[str, np.ndarray]) -> None:
        tally.add(rec)
        if arrays:
            parts.append(rec)

    # A search bot's match takes milliseconds: start small, then aim at a quarter second.
    searching = any(bot_kind(api, b) in SEARCH_BOTS for b in seat_bots)
    chunk = 4 if searching else 256
    with _StopOnCtrlC() as stop:
        while done < games and not stop.requested:
            count = min(chunk, games - done)
            t0 = time.perf_counter()
            if fast is not None and all_core:
                raw = fast(rules, seat_bots, seed, start + done, count, threads or 0)
                rec = shape_records(dict(zip(ARRAYS, raw)), sides)
            else:
                played = []
                try:
                    for i in range(start + done, start + done + count):
                        played.append(play_match(api, rules, seat_bots, api.match_seed(seed, i), i))
                        if stop.requested:
                            break
                except BotError as error:
                    keep(records_of(played, sides))
                    error.result = result(interrupted=False)
                    raise
                rec = records_of(played, sides)
            keep(rec)
            done += len(rec["winner"])
            if progress is not None:
                progress(done, games)
            # aim at about a quarter of a second a chunk: progress stays live, Ctrl-C quick
            took = max(time.perf_counter() - t0, 1e-6)
            chunk = int(min(max(count * 0.25 / took, 4 if searching else 16), 1 << 20))
    out = result(interrupted=done < games)
    if out.interrupted:
        raise SimulationInterrupted(f"simulation interrupted after {done} of {games} matches", result=out)
    return out
