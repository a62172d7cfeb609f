"""Every behavioural test runs on both backends: the Rust core and the pure-Python reference.

Also the helpers several test files (and benches/make_perft.py, benches/make_solver_corpus.py)
share: positions from explicit cards, random play, from_position arguments of a game, perft
and the solver's brute force."""

from __future__ import annotations

import _thread
import json
import random
import signal
from types import ModuleType
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, settings

import quinza
import quinza._ctrl_c
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


@pytest.fixture
def ctrl_c_in_search(monkeypatch: Any) -> Iterator[None]:
    """Ctrl-C pending at each point where a search looks for it (`quinza._ctrl_c`), from
    the first on: a search of either twin must then raise KeyboardInterrupt there, by
    itself. No timer races the search, and nothing but the search sees the signal.

    `_thread.interrupt_main` does what a Ctrl-C from the keyboard does: it marks SIGINT
    pending, and the handler runs where Python next looks for signals. It is called as
    `poll` in place of the Python function, so that no Python code runs between it and
    the core's own look (Python code would meet the signal itself, and raise it there).
    Every look marks it pending again: a KeyboardInterrupt that a garbage-collection
    callback took (Python reports it as unraisable and goes on) is raised at the next."""
    monkeypatch.setattr(quinza._ctrl_c, "poll", _thread.interrupt_main)
    # Python's own Ctrl-C handler, even where SIGINT came in ignored (a shell's background
    # job): interrupt_main does nothing for an ignored signal.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


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


# -- hidden cards dealt again, as a seat may see them (tests/test_observation.py, test_search_bots.py) --


def advanced(q: Any, name: str, players: int, seed: int, moves: int) -> Any:
    """A match of `name` after `moves` random moves (its target is too high to end it)."""
    return random_play(q.Game(q.Rules(name, players=players, target=10**6), seed=seed), moves, seed ^ 0x5EED)


def redealt(q: Any, g: Any, seat: int, seed: int) -> Any:
    """The same position with the cards `seat` cannot see dealt again at random: the other
    hands (each keeping its size) and the stock (fifteen family) or the cachette (quinte)."""
    state = json.loads(g.to_json())
    others = [s for s in range(g.rules.players) if s != seat]
    hidden = [c for s in others for c in state["hands"][s]] + list(state["stock"])
    q.Random(seed).shuffle(hidden)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s], hidden = sorted(hidden[:size], key=lambda c: q.Card(c, g.rules.deck).id), hidden[size:]
    state["stock"] = hidden
    if g.rules.name != "quinte" and round_moves(g):
        # The round in play played again with the new hands: every seat saw those moves.
        return replayed_round(q, g, as_position(g, hands=state["hands"], stock=state["stock"]))
    return q.Game.from_json(json.dumps(state))


def played_by(g: Any) -> List[int]:
    """The seat that played each card of a quinte deal's `played`: the first trick led by
    the seat after the dealer, each next one by its winner (the highest id but the joker's)."""
    seats, leader = [], (g.dealer + 1) % 4
    cards = [c for c in g.played]
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        seats += [(leader + i) % 4 for i in range(len(trick))]
        if len(trick) == 4:
            best = max((i for i, c in enumerate(trick) if not c.is_joker), key=lambda i: trick[i].id)
            leader = (leader + best) % 4
    return seats


def replays(g: Any, hands: List[List[str]], cachette: List[str]) -> bool:
    """Whether a quinte deal with these hands now and this cachette could have been played as
    `g`'s was: the hands it started with (these plus what each seat played) play every bid
    and card of the deal legally."""
    state = json.loads(g.to_json())  # replayed in the core, whatever `q`: it is only an oracle
    start = [list(h) for h in hands]
    for seat, card in zip(played_by(g), state["played"]):
        start[seat].append(card)
    scores = [s - x for s, x in zip(state["scores"], state["quints"])]
    replay = quinza.Game.from_position(
        quinza.Rules("quinte", target=g.rules.target), hands=start, stock=cachette, dealer=state["dealer"], scores=scores,
        deal_number=state["deal_number"], bids=[],
    )
    for move in state["bids"] + state["played"]:
        if not replay.is_legal(move):
            return False
        replay.play(move)
    return True


def redeal(q: ModuleType, g: Any, seat: int, seed: int, swaps: int = 40) -> Any:
    """`g` with the cards `seat` cannot see dealt again at random, consistently with what it
    saw, built with from_position. Fifteen family: the other hands (each keeping its size)
    and the stock shuffled together. Quinte: `swaps` proposals, each swapping two hidden
    cards of different places (other hands, cachette), kept when the deal still replays
    legally (`replays`): the voids shown and the joker rule stay true."""
    state = json.loads(g.to_json())
    others = [s for s in range(g.rules.players) if s != seat]
    places = [list(state["hands"][s]) for s in others] + [list(state["stock"])]
    r = random.Random(seed)
    if g.rules.name != "quinte":
        hidden = [c for p in places for c in p]
        r.shuffle(hidden)
        for p in places:
            p[:], hidden = hidden[: len(p)], hidden[len(p) :]
    else:
        cells = [(i, j) for i, p in enumerate(places) for j in range(len(p))]
        for _ in range(swaps if len(places) > 1 else 0):
            (a, i), (b, j) = r.sample(cells, 2)
            if a == b:
                continue
            places[a][i], places[b][j] = places[b][j], places[a][i]
            hands = [list(state["hands"][s]) for s in range(4)]
            for s, p in zip(others, places):
                hands[s] = p
            if not replays(g, hands, places[-1]):
                places[a][i], places[b][j] = places[b][j], places[a][i]  # seen to be impossible: undo
    hands = [list(state["hands"][s]) for s in range(g.rules.players)]
    for s, p in zip(others, places):
        hands[s] = sorted(p, key=lambda c: q.Card(c, g.rules.deck).id)
    kw = as_position(g, hands=hands, stock=places[-1])
    if g.rules.name == "quinte" or not round_moves(g):
        return build_position(q, kw)
    return replayed_round(q, g, kw)


def round_moves(g: Any) -> List[Any]:
    """The moves of the round in play of a fifteen-family game, as `history` shows them:
    those since the hands were last dealt (or since the game was made)."""
    moves: List[Any] = []
    for e in g.history:
        if e.kind == "dealt":
            moves = []
        elif e.kind == "move":
            moves.append(e)
    return moves


def replayed_round(q: ModuleType, g: Any, kw: Dict[str, Any]) -> Any:
    """The position of from_position arguments `kw` (g's now, some hidden cards moved),
    reached by playing g's round in play again from its start: every seat sees the same
    moves (worlds fitted to the play read them), and the hands at the start are the hands
    now plus what each seat played since."""
    moves = round_moves(g)
    hands = [list(h) for h in kw["hands"]]
    table, piles, escobas = list(kw["table"]), [list(p) for p in kw["piles"]], list(kw["escobas"])
    events = list(g.history)
    start = max(i for i, e in enumerate(events) if e.kind == "dealt") if any(e.kind == "dealt" for e in events) else -1
    for e in events[start + 1 :]:
        if e.kind == "escoba":
            escobas[e.side] -= 1
    for e in reversed(moves):
        card, captured = str(e.move.card), [str(c) for c in e.move.captures]
        hands[e.seat].append(card)
        if captured:
            table += captured
            for c in [card] + captured:
                piles[e.side].remove(c)
        else:
            table.remove(card)
    # The last capturer when the round began: the deal's last capture before it.
    last = json.loads(g.start_json())["last_capturer"]
    for e in events[: start + 1]:
        if e.kind == "dealt" and e.seat is not None:  # a new deal, not a refill
            last = None
        elif e.kind == "move" and e.move.captures:
            last = e.seat
    deck = g.rules.deck
    kw = dict(kw, hands=[sorted(h, key=lambda c: q.Card(c, deck).id) for h in hands], table=table, piles=piles,
              escobas=escobas, turn=moves[0].seat, last_capturer=last)
    game = build_position(q, kw)
    for e in moves:
        game.play(str(e.move))
    return game


# The longest files first: pytest-xdist gives each file to one worker in the order collected,
# so the others are shared out while these run, instead of the run ending on them.
LONGEST_FIRST = ("test_crosscheck.py", "test_wheel.py", "test_crosscheck_quinte.py", "test_wheel_platforms.py", "test_bench_soak.py", "test_typing.py",
                 "test_levels.py", "test_browser_phone.py", "test_browser.py")


def pytest_collection_modifyitems(items: list) -> None:  # type: ignore[type-arg]
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest as collected
