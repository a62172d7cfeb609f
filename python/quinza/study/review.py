"""A review of a match, move by move (docs/reference/study.md "Reviewing a match"), written once
over the public API of either twin: `quinza.review` and `quinza.reference.review` hand
it their module.

Each move is valued from the mover's seat by a search bot's `analyse` on the position
before it (the *fair* column: the bot samples its worlds from that seat's view, so it
never reads a card the seat could not see), and, where the open-hand solver settles
the position within a node budget, by the solver (the *hindsight* column: every card
known). The text and the chart are in review_report.py.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import _record
from ..engines import Engine
from .._registry import bot_text
from .. import _phrases
from .._words import check_seed_value, choice_text, quoted, whole
from ..words import _
from ..bots import bot_from_text, bot_kind, bot_params

# The fair search's default: ismcts with a quarter of its default budget (about as strong
# against greedy: benches/README.md) keeps a whole escoba match's review within a few
# seconds (benches/review.py).
DEFAULT_BOT = "ismcts:iterations=2000"
# The hindsight column's budget: the solver's nodes for one position (about 0.01 s in the
# core; in escoba it settles the positions with up to about 26 of a deal's 36 cards still
# to play); a position it cannot settle within them is left empty.
HINDSIGHT_NODES = 50_000
# The classes, each from a share of the rule set's points a deal (`deal_points` of
# `rule_sets()`: 5 in escoba, 100 in quinza and rb3ine, 140 in quinte): a move that gave
# up at least that share of a deal's points is an inaccuracy, a mistake, a blunder.
CLASS_SHARES = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
CLASSES = ("inaccuracy", "mistake", "blunder")

REVIEW_DOC = """A review of every move of a match: a `Review`.

`game` is a `Game` (of either twin) or the text of a match record (`Game.from_record`
reads it; its error, naming the line, is raised as it is). Every move is valued from the
mover's seat on the position before it:

- *fair*: `bot` (text as `simulate` takes it, or a pimc or ismcts bot object; default
  "ismcts:iterations=2000") made anew with `seed` for each position, and its `analyse`:
  it samples worlds of the cards that seat could not see, so the value uses what the
  seat knew then, and nothing more. The *best* move is the one the bot would play (its
  first); its estimate and the played move's are this deal's points of the mover's side
  minus the best of the other sides' (a deal's margin, in points a deal). *Lost* is best
  minus played (at least 0): a point handed to the other side instead of taken costs 2.
- *class*: lost at least 5% of the rule set's points a deal (`deal_points` of
  `rule_sets()`: 0.25 in escoba, 5 in quinza and rb3ine, 7 in quinte) is an inaccuracy,
  10% a mistake, 20% a blunder. A move that was the only legal one is *forced*
  (not searched, no value).
- *hindsight* (marked so: every card known): the open-hand solver's value of the
  played and the best move where it solves the position within `hindsight` nodes
  (default 50,000; 0: none), else empty.

`progress(done, total)` is called after each move. A bot that is no search bot, a bad
budget, seed or `hindsight` is a ValueError before any move is valued.
"""


class MoveReview:
    """One move of a match, reviewed: where it was played, by whom, what it was, and its
    two columns (fair and hindsight). Values are points a deal for the mover's side."""

    def __init__(self, number: int, deal: int, seat: int, side: int, move: str, words: str, legal: int) -> None:
        self.number, self.deal, self.seat, self.side = number, deal, seat, side
        self.move, self.words, self.legal = move, words, legal
        self.value: Optional[float] = None  # the fair column: the move played
        self.best: Optional[str] = None
        self.best_value: Optional[float] = None
        self.lost: Optional[float] = None
        self.kind = ""  # "", "forced", "inaccuracy", "mistake" or "blunder"
        self.hindsight_value: Optional[int] = None  # the hindsight column (open hand)
        self.hindsight_best: Optional[str] = None
        self.hindsight_best_value: Optional[int] = None

    @property
    def hindsight_lost(self) -> Optional[int]:
        """What the solver says the move gave up, every card known; None where not solved."""
        if self.hindsight_value is None or self.hindsight_best_value is None:
            return None
        return self.hindsight_best_value - self.hindsight_value

    def to_dict(self) -> Dict[str, Any]:
        """The move as plain data, as `Review.to_json` writes it (None where a column has no value)."""
        keys = ("number", "deal", "seat", "side", "move", "words", "legal", "value", "best", "best_value", "lost",
                "kind")
        out = {k: getattr(self, k) for k in keys}
        out["hindsight"] = {"value": self.hindsight_value, "best": self.hindsight_best,
                            "best_value": self.hindsight_best_value, "lost": self.hindsight_lost}
        return out

    def __repr__(self) -> str:
        # For programmers: notation and the fields' names, never the words of a language.
        parts = [f"number={self.number}", f"deal={self.deal}", f"seat={self.seat}", f"move={self.move!r}",
                 f"kind={self.kind!r}"]
        if self.kind != "forced":
            parts += [f"value={_short(self.value)}", f"best={self.best!r}", f"best_value={_short(self.best_value)}",
                      f"lost={_short(self.lost)}"]
        if self.hindsight_value is not None:
            parts += [f"hindsight_value={self.hindsight_value}", f"hindsight_best={self.hindsight_best!r}",
                      f"hindsight_lost={self.hindsight_lost}"]
        return f"MoveReview({', '.join(parts)})"


class SeatReview:
    """One seat's summary in a review (`Review.seats`): its `name` (from the record, else
    None), how many `moves` it played, `forced` and `valued`; `average_lost`, the points
    lost a valued move (fair), and `hindsight_average_lost` over its `hindsight_solved`
    moves; `counts` of each class; `worst`, the numbers of its worst moves (most lost
    first, at most 3 that lost anything). None where there is no value."""

    KEYS = ("seat", "name", "moves", "forced", "valued", "average_lost", "hindsight_average_lost",
            "hindsight_solved", "counts", "worst")

    def __init__(self, seat: int, name: Optional[str], moves: List[MoveReview]) -> None:
        valued = [m for m in moves if m.lost is not None]
        solved = [m.hindsight_lost for m in moves if m.hindsight_lost is not None and m.kind != "forced"]
        self.seat, self.name = seat, name
        self.moves, self.forced, self.valued = len(moves), sum(m.kind == "forced" for m in moves), len(valued)
        self.average_lost = _mean([m.lost or 0.0 for m in valued])
        self.hindsight_average_lost = _mean([float(x) for x in solved])
        self.hindsight_solved = len(solved)
        self.counts = {k: sum(m.kind == k for m in valued) for k in CLASSES}
        self.worst = [m.number for m in sorted((m for m in valued if m.lost), key=lambda m: -(m.lost or 0.0))[:3]]

    def to_dict(self) -> Dict[str, Any]:
        """The summary as plain data, as `Review.to_json` writes it."""
        out = {k: getattr(self, k) for k in self.KEYS}
        out["counts"], out["worst"] = dict(self.counts), list(self.worst)
        return out

    def __getitem__(self, key: str) -> Any:
        """`seat["moves"]` as well as `seat.moves`: the seats were plain dicts before."""
        if key not in self.KEYS:
            raise KeyError(f"a seat's review has {', '.join(self.KEYS)}, not {key!r}")
        return self.to_dict()[key]

    def __repr__(self) -> str:
        shown = {k: _short(v) if isinstance(v, float) else repr(v) for k, v in self.to_dict().items()}
        return f"SeatReview({', '.join(f'{k}={v}' for k, v in shown.items())})"


class Review:
    """The review of a match (`review(...)`): `moves`, a `MoveReview` per move in the order
    played; `seats`, a `SeatReview` per seat; `str()` is the text a person reads,
    `to_json()` the same as JSON, `plot(path)` draws the evaluation chart, and Jupyter
    shows the tables and the chart."""

    def __init__(self, rules: Any, outcome: str, names: List[Optional[str]], bot: str, seed: int,
                 hindsight: int, thresholds: Dict[str, float], moves: List[MoveReview], seconds: float) -> None:
        self.rules = rules
        self.outcome = outcome
        self.names = names
        self.bot = bot
        self.seed = seed
        self.hindsight = hindsight
        self.thresholds = thresholds
        self.moves = moves
        self.seconds = seconds

    @property
    def seats(self) -> List[SeatReview]:
        """A `SeatReview` per seat: its name, moves played, forced, valued; the average
        points lost a valued move (fair, and hindsight over the solved ones); how many of
        each class; the numbers of its worst moves."""
        return [SeatReview(seat, self.names[seat], [m for m in self.moves if m.seat == seat])
                for seat in range(self.rules.players)]

    def to_dict(self) -> Dict[str, Any]:
        """The review as plain data (what `to_json` writes)."""
        return {
            "rules": self.rules.to_dict(), "outcome": self.outcome, "bot": self.bot, "seed": self.seed,
            "hindsight_nodes": self.hindsight, "thresholds": dict(self.thresholds),
            "seats": [s.to_dict() for s in self.seats], "moves": [m.to_dict() for m in self.moves],
        }

    def to_json(self) -> str:
        """The review as JSON: the match's rules and outcome, how it was reviewed (bot, seed,
        hindsight budget, thresholds in points a deal), the summary per seat and every move
        (None where a column has no value)."""
        import json

        return json.dumps(self.to_dict(), indent=1)

    def __str__(self) -> str:
        from .review_report import review_text

        return review_text(self)

    def __repr__(self) -> str:
        return f"<Review of {len(self.moves)} moves of {self.rules.name}, by {self.bot}>"

    def plot(self, path: str) -> None:
        """Draw the evaluation chart to `path` (PNG, SVG or another type matplotlib writes,
        by its suffix): above, each move's value (fair: played and best found; hindsight as
        dots) for side 0 (the mover's side in a game of three sides); below, the points each
        move lost, a bar coloured by the seat that made it, with the class thresholds; each
        deal's start a labelled line. Needs matplotlib."""
        from .review_plot import plot_review

        plot_review(self, path)

    def figure(self) -> Any:
        """The evaluation chart (`plot`) as a matplotlib Figure, to show or change before
        saving. Needs matplotlib."""
        from .review_plot import review_figure

        return review_figure(self)

    def _repr_html_(self) -> str:
        # Jupyter's view: the seats and the moves as tables, the chart inline (if matplotlib is there).
        from .review_html import review_html

        return review_html(self)


def _mean(values: List[float]) -> Optional[float]:
    return sum(values) / len(values) if values else None


def _short(value: Optional[float]) -> str:
    """A value in a repr, to the hundredth the text shows."""
    return "None" if value is None else f"{value:.2f}"


def thresholds(api: Engine, rules: Any) -> Dict[str, float]:
    """The least points a deal of each class, for these rules (CLASS_SHARES)."""
    deal_points = next(row["deal_points"] for row in api.rule_sets() if row["name"] == rules.name)
    return {kind: share * deal_points for kind, share in reversed(CLASS_SHARES)}


def classify(lost: float, limits: Dict[str, float]) -> str:
    """The class of a move that lost `lost` points a deal: the gravest whose threshold it reaches."""
    for kind, _ in CLASS_SHARES:
        if lost >= limits[kind] - 1e-9:
            return kind
    return ""


def search_bot(api: Engine, bot: Any) -> Tuple[str, Dict[str, Any]]:
    """The kind ("pimc" or "ismcts") and parameters of the fair search: `bot` as text or a
    bot object. A bot that is no search bot, or a bad parameter, is a ValueError."""
    if bot is None:
        bot = DEFAULT_BOT
    made = bot_from_text(api, bot) if isinstance(bot, str) else bot
    kind = bot_kind(api, made)
    if kind is None or kind not in api.SEARCH_BOTS:
        raise ValueError(f"a review needs a search bot that values every move ({choice_text(list(api.SEARCH_BOTS))}), "
                         f"not {quoted(bot if isinstance(bot, str) else type(bot).__name__)}")
    params = bot_params(made)
    api.bot(kind, **params)  # its budget checked now, not at the first move
    return kind, params


def _words(rules: Any, move: Any) -> str:
    """A move in words: "takes 3c 5e with 7o", "lays 4b", "plays Ah" (a trick game's card),
    "passes", "doubles"."""
    if move.card is None:
        return {"pass": _("passes"), "double": _("doubles"), "redouble": _("redoubles")}.get(
            str(move.bid), _("bids {bid}", bid=move.bid))
    if move.captures:
        return _("takes {cards} with {card}", cards=" ".join(map(str, move.captures)), card=move.card)
    return _("plays {card}", card=move.card) if _phrases.tricks(rules) else _("lays {card}", card=move.card)


def review(api: Engine, game: Any, bot: Any = None, seed: Any = 0, hindsight: Any = HINDSIGHT_NODES,
           progress: Optional[Callable[[int, int], Any]] = None) -> Review:
    """REVIEW_DOC, for the twin `api`."""
    kind, params = search_bot(api, bot)
    seed = check_seed_value(seed)
    if not whole(hindsight) or hindsight < 0:
        raise ValueError(f"hindsight must be a whole number of solver nodes from 0 (0: none), not {quoted(hindsight)}")
    names: List[Optional[str]] = []
    if isinstance(game, str):
        record = game
        game = api.Game.from_record(record)
        names = list(_record.seat_names(_record.read_headers(record), game.rules.players))
    elif not isinstance(game, api.Game):
        game = api.Game.from_record(game.record())  # a game of the other twin
    rules = game.rules
    names = names or [None] * rules.players
    limits = thresholds(api, rules)
    played = [e for e in game.history if e.kind == "move"]
    started = time.perf_counter()
    position = api.Game.from_json(game.start_json())
    moves: List[MoveReview] = []
    for number, event in enumerate(played, 1):
        legal = position.legal_moves()
        row = MoveReview(number, position.deal_number, event.seat, rules.side_of(event.seat), str(event.move),
                         _words(rules, event.move), len(legal))
        if len(legal) == 1:
            row.kind = "forced"
        else:
            _fair(row, api.bot(kind, seed=seed, **params).analyse(position), limits)
            if hindsight:
                _hindsight(row, api, position, hindsight)
        moves.append(row)
        position.play(event.move)
        if progress is not None:
            progress(number, len(played))
    text = bot_text(kind, params, dict(api.bot(kind).params))
    return Review(rules, _outcome(game), names, text, seed, hindsight, limits, moves,
                  time.perf_counter() - started)


def _fair(row: MoveReview, analysed: List[Tuple[Any, float]], limits: Dict[str, float]) -> None:
    """The fair column from the bot's analysis: its first move is the best it found."""
    values = {str(m): v for m, v in analysed}
    best, best_value = analysed[0]
    value = values.get(row.move, math.nan)
    row.best = str(best)
    row.best_value = None if math.isnan(best_value) else best_value
    row.value = None if math.isnan(value) else value
    if row.value is not None and row.best_value is not None:
        row.lost = max(0.0, row.best_value - row.value)
        row.kind = classify(row.lost, limits)


def _hindsight(row: MoveReview, api: Engine, position: Any, nodes: int) -> None:
    """The hindsight column: the open-hand solver's values, when it settles the position."""
    try:
        solution = api.solve(position, max_nodes=nodes)
    except ValueError:  # its limit reached: too far from the deal's end to settle
        return
    values = {str(m): v for m, v in solution.moves}
    row.hindsight_value, row.hindsight_best_value = int(values[row.move]), int(solution.value)
    # Of equally good moves the one played is named best: it lost nothing.
    row.hindsight_best = row.move if row.hindsight_value == row.hindsight_best_value else str(solution.moves[0][0])


def _outcome(game: Any) -> str:
    """How the match stands: "side N wins 25-6", "a draw at ...", or unfinished."""
    scores = "-".join(str(s) for s in game.scores)
    if not game.is_over:
        return _("unfinished, deal {deal}, scores {scores}", deal=game.deal_number, scores=scores)
    if game.winner is None:
        return _("a draw at {scores}", scores=scores)
    return _("side {side} wins {scores}", side=game.winner, scores=scores)
