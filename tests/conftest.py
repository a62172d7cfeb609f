"""Every behavioural test runs on both backends: the Rust core and the pure-Python reference.

Also the helpers several test files (and benches/make_perft.py, benches/make_solver_corpus.py)
share: positions from explicit cards, random play, from_position arguments of a game, perft
and the solver's brute force."""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, settings

import quinza
import quinza.reference

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")

BACKENDS = {"rust": quinza, "reference": quinza.reference}


@pytest.fixture(params=list(BACKENDS))
def q(request: Any) -> ModuleType:
    """The backend under test: `quinza` (Rust) or `quinza.reference` (pure Python)."""
    return BACKENDS[request.param]


def deck() -> List[str]:
    return [f"{r}{s}" for s in "oceb" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]


def position(
    q: ModuleType,
    rules: Any,
    hands: List[Iterable[str]],
    table: Iterable[str] = (),
    stock: Iterable[str] = (),
    piles: Optional[List[List[str]]] = None,
    rest_to: int = 0,
    **kw: Any,
) -> Any:
    """A position from explicit cards; every card not named goes to the pile of side
    `rest_to` (piles given explicitly are kept as they are)."""
    if isinstance(rules, str):
        rules = q.Rules(rules)
    named = {c.lower() for h in hands for c in h} | {c.lower() for c in table} | {c.lower() for c in stock}
    if piles is None:
        piles = [[] for _ in range(rules.sides)]
    named |= {c.lower() for p in piles for c in p}
    piles = [list(p) for p in piles]
    piles[rest_to] += [c for c in deck() if c not in named]
    return q.Game.from_position(rules, hands=hands, table=list(table), stock=list(stock), piles=piles, **kw)


def texts(items: Iterable[Any]) -> List[str]:
    return [str(x) for x in items]


# -- quinte: the deck and a position late in a deal ---------------------------------------------

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
QUIET_CACHETTE = ["6d", "7d", "8d", "9d", "10d"]  # five cards without a quint among them


def qdeck() -> List[str]:
    return [rank + suit for suit in "scdh" for rank in RANKS] + ["JK"]


def late(
    qq: ModuleType,
    hands: List[List[str]],
    table: Iterable[str] = (),
    leader: int = 0,
    cachette: Iterable[str] = QUIET_CACHETTE,
    tricks0: Optional[int] = None,
    dealer: Optional[int] = None,
    **kw: Any,
) -> Any:
    """A position late in a deal: every card not named lies in the piles as whole tricks
    won earlier (`tricks0` of them by side 0, the rest by side 1); `leader` won the last
    trick and leads the trick in progress (`table`, in play order)."""
    named = {c for h in hands for c in h} | set(table) | set(cachette)
    rest = [c for c in qdeck() if c not in named]
    tricks = len(rest) // 4
    t0 = tricks - tricks // 2 if tricks0 is None else tricks0
    piles = [rest[: 4 * t0], rest[4 * t0 :]]
    if dealer is None:
        dealer = (leader + 3) % 4
    return qq.Game.from_position(
        "quinte", hands=hands, table=list(table), stock=list(cachette), piles=piles, dealer=dealer,
        last_capturer=leader if tricks else None, **kw,
    )


# -- one call on both twins -----------------------------------------------------------------------


def outcome(call: Callable[[], Any]) -> Tuple[str, Any]:
    """("ok", the value) or (the error's type name, its message): the twins must agree on it."""
    try:
        return ("ok", call())
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # a Rust panic is a BaseException: it must show up, not pass
        return (type(error).__name__, str(error))


# -- random play, positions and perft (tests and benches/make_perft.py) ---------------------------


def random_play(game: Any, moves: Optional[int] = None, seed: int = 0,
                until: Optional[Callable[[Any], bool]] = None) -> Any:
    """`game` after up to `moves` (None: no limit) moves picked by Random(seed), stopped
    at the match's end or once `until(game)` holds."""
    r = quinza.reference.Random(seed)
    done = 0
    while moves is None or done < moves:
        if game.is_over or (until is not None and until(game)):
            break
        legal = game.legal_moves()
        game.play(legal[r.below(len(legal))])
        done += 1
    return game


def rules_of(rules: Any) -> Dict[str, Any]:
    """A Rules as a dict: its name, then the options Rules(name, **options) takes."""
    out: Dict[str, Any] = {"name": rules.name}
    if rules.name != "quinte":
        out["players"] = rules.players
    out["target"] = rules.target
    if rules.name == "escoba":
        out.update(
            escoba_on_last_card=rules.escoba_on_last_card, opening_capture=rules.opening_capture, setenta=rules.setenta
        )
    return out


def as_position(game: Any, **changes: Any) -> Dict[str, Any]:
    """from_position arguments for a game's state (its generator's state as the seed), the
    rules as a dict (rules_of); `changes` replace some of them."""
    state = json.loads(game.to_json())
    kw: Dict[str, Any] = {
        "rules": rules_of(game.rules),
        "hands": state["hands"],
        "stock": state["stock"],
        "dealer": state["dealer"],
        "turn": state["turn"],
        "scores": state["scores"],
        "piles": state["piles"],
        "last_capturer": state["last_capturer"],
        "deal_number": state["deal_number"],
        "seed": int(state["rng"], 16),
    }
    if game.rules.name == "quinte":
        kw.update(table=[str(c) for _, c in game.trick], bids=state["bids"], quints=state["quints"], played=state["played"])
    else:
        kw.update(table=state["table"], escobas=state["escobas"])
    kw.update(changes)
    return kw


def build_position(q: ModuleType, kwargs: Dict[str, Any]) -> Any:
    """Game.from_position from arguments whose `rules` may be a dict (as_position's); any
    other `rules` value goes in as it is."""
    kw = dict(kwargs)
    rules = kw.pop("rules", None)
    if isinstance(rules, dict):
        rules = dict(rules)
        rules = q.Rules(rules.pop("name", None), **rules)
    return q.Game.from_position(rules, **kw)


def load(q: ModuleType, entry: Dict[str, Any]) -> Any:
    """The game of a data file's entry: its "json", or its from_position arguments."""
    if "json" in entry:
        return q.Game.from_json(entry["json"])
    return build_position(q, entry["position"])


class TooBig(Exception):
    pass


def perft(game: Any, depth: int, check: Optional[Callable[[Any], None]] = None, limit: Optional[int] = None) -> List[int]:
    """counts[d-1]: move sequences of length d, d = 1..depth, in one walk (`check` sees
    every node); TooBig once the walk passes `limit` nodes."""
    counts = [0] * depth

    def walk(g: Any, level: int) -> None:
        if g.is_over:
            return
        if check is not None:
            check(g)
        moves = g.legal_moves()
        counts[level] += len(moves)
        if limit is not None and sum(counts) > limit:
            raise TooBig
        if level + 1 < depth:
            for move in moves:
                child = g.copy()
                child.play(move)
                walk(child, level + 1)

    walk(game, 0)
    return counts


# -- the solver's oracle: plain minimax (tests/test_solver.py, benches/make_solver_corpus.py) ------


def deal_value(points: List[int], side: int) -> int:
    """The root side's points minus the best of the other sides'."""
    return points[side] - max(p for s, p in enumerate(points) if s != side)


def brute(game: Any, side: int, deals: int, objective: Callable[[List[int], int], int] = deal_value) -> int:
    """Plain minimax: `side` maximises `objective`, every other side minimises it."""
    values = [move_value(game, m, side, deals, objective) for m in game.legal_moves()]
    return max(values) if game.side_of(game.turn) == side else min(values)


def move_value(game: Any, move: Any, side: int, deals: int, objective: Callable[[List[int], int], int] = deal_value) -> int:
    child = game.copy()
    child.play(move)
    if len(child.deals) > deals:
        return objective(child.deals[-1].points, side)
    return brute(child, side, deals, objective)


def brute_moves(game: Any) -> List[Tuple[str, int]]:
    """Every legal move with its value, best first, ties in legal-move order."""
    side, deals = game.side_of(game.turn), len(game.deals)
    pairs = [(str(m), move_value(game, m, side, deals)) for m in game.legal_moves()]
    return sorted(pairs, key=lambda p: -p[1])


def cards_left(game: Any) -> int:
    """Cards in the hands and (fifteen family) the stock."""
    return sum(len(game.hand(s)) for s in range(game.rules.players)) + (
        game.stock if game.rules.name != "quinte" else 0
    )


def near_end(rules: Any, seed: int, left: int, deals_first: int = 0) -> Any:
    """A Rust game played at random until at most `left` cards are in hands and stock
    (after `deals_first` whole deals), still in the same deal; None if the deal or the
    match ends before."""
    rng = random.Random(seed)
    game = quinza.Game(rules, seed=seed)
    while game.deal_number <= deals_first and game.turn is not None:
        game.play(rng.choice(game.legal_moves()))
    if game.turn is None:
        return None
    deal = game.deal_number
    while cards_left(game) > left:
        child = game.copy()
        child.play(rng.choice(child.legal_moves()))
        if child.deal_number != deal or child.turn is None:
            return None  # the deal ended early (a quint at the target): too big to brute-force
        game = child
    return game
