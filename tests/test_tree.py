"""Every node of small game trees, compared between the twins (OpenSpiel's kuhn
`test_consistent`): from positions near a deal's end (few cards left, so the whole tree
or its first plies are a few thousand nodes) both twins are walked depth-first in
lockstep, and at every node everything public must agree: the legal moves in order,
their count, is_legal, the JSON, str(), turn, scores, winner, the finished deals, every
hand, pile and the table, and the observation of every seat. Several trees cross a
deal's end, so the next deal, dealt by the generator, is compared too."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

import quinza
import quinza.reference as ref

from .conftest import as_position, build_position, cards_left, random_play

QUINTE_ATTRIBUTES = (
    "phase", "bids", "trick", "leader", "trick_number", "tricks_won", "quints", "multiplier", "doubled_by",
    "redoubled", "played", "stock", "dealer", "deal_number", "last_capturer",
)


def text(value: Any) -> Any:
    """Cards, moves and tuples of them as plain text and lists, comparable across twins."""
    if isinstance(value, (list, tuple)):
        return [text(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def snapshot(game: Any) -> Dict[str, Any]:
    rules = game.rules
    moves = game.legal_moves()
    probes = [str(m) for m in moves]
    # A few moves that are not legal: every card of the hand to move, laid or led alone.
    if game.turn is not None:
        probes += [str(c) for c in game.hand(game.turn)] + ["pass", "double", "redouble"]
    out: Dict[str, Any] = {
        "moves": [str(m) for m in moves],
        "count": game.count_legal_moves(),
        "is_legal": [(p, legal(game, p)) for p in probes],
        "json": game.to_json(),
        "str": str(game),
        "turn": game.turn,
        "scores": list(game.scores),
        "winner": game.winner,
        "is_over": game.is_over,
        "deals": [d.to_dict() for d in game.deals],
        "hands": [text(game.hand(s)) for s in range(rules.players)],
        "piles": [text(game.pile(s)) for s in range(rules.sides)],
        "table": text(game.table),
        "escobas": list(game.escobas),
        "observations": [game.observation(s) for s in range(rules.players)],
    }
    if rules.name == "quinte":
        out.update({name: text(getattr(game, name)) for name in QUINTE_ATTRIBUTES})
    return out


def legal(game: Any, move: str) -> Any:
    try:
        return game.is_legal(move)
    except ValueError as error:  # a text that is no move of this game: the same refusal
        return (type(error).__name__, str(error))


def walk(pair: Tuple[Any, Any], depth: int, path: List[str], seen: List[int]) -> None:
    """Compare the node, then every child, in lockstep, `depth` plies deep."""
    rust, reference = pair
    a, b = snapshot(rust), snapshot(reference)
    if a != b:
        diff = {k: (a[k], b[k]) for k in a if a[k] != b.get(k)}
        pytest.fail(f"the twins differ after {path}: {diff}")
    seen[0] += 1
    if depth == 0:
        return
    for move in a["moves"]:
        children = rust.copy(), reference.copy()
        for child in children:
            child.play(move)
        walk(children, depth - 1, path + [move], seen)


# -- the positions --------------------------------------------------------------------------------


# (id, rule set, options, seed, stop condition, depth, changes to the position)
CASES: List[Tuple[str, str, Dict[str, Any], int, Any, int, Dict[str, Any]]] = [
    ("quinza-2p-deal-end", "quinza", {"players": 2}, 1, lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {}),
    ("quinza-3p-deal-end", "quinza", {"players": 3}, 2, lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {}),
    ("quinza-4p-match-end", "quinza", {"players": 4}, 3, lambda g: g.stock == 0 and cards_left(g) <= 8, 14,
     {"scores": [150, 150]}),
    ("rb3ine-2p-deal-end", "rb3ine", {"players": 2}, 4, lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {}),
    ("rb3ine-3p-match-end", "rb3ine", {"players": 3, "target": 101}, 5,
     lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {"scores": [100, 100, 60]}),
    ("escoba-2p-deal-end", "escoba", {"players": 2}, 6, lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {}),
    ("escoba-4p-last-card", "escoba", {"players": 4, "escoba_on_last_card": True, "setenta": "sum"}, 7,
     lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {"scores": [19, 20]}),
    ("escoba-3p-no-opening", "escoba", {"players": 3, "opening_capture": False}, 8,
     lambda g: g.stock == 0 and cards_left(g) <= 6, 14, {}),
    ("quinte-trick-11", "quinte", {}, 9, lambda g: g.trick_number == 11 and not g.trick and g.phase == "play", 14, {}),
    ("quinte-trick-11-match-end", "quinte", {}, 10,
     lambda g: g.trick_number == 11 and not g.trick and g.phase == "play", 14,
     {"scores": [240, 249], "quints": [0, 0]}),
    ("quinte-trick-10-joker", "quinte", {}, 11,
     lambda g: g.trick_number == 10 and not g.trick and any("JK" in [str(c) for c in g.hand(s)] for s in range(4)),
     14, {}),
]


# Nodes per tree: the reference takes 1 to 5 ms a node here (quinte's four observations most).
NODE_CAP = {"quinza": 1200, "rb3ine": 1200, "escoba": 1200, "quinte": 600}


def tree_depth(game: Any, limit: int) -> int:
    """The deepest depth (at most `limit`) whose whole tree stays under NODE_CAP nodes,
    sized on the core, which is fast."""
    cap = NODE_CAP[game.rules.name]
    level, size, depth = [game], 1, 0
    while depth < limit:
        nxt = []
        for g in level:
            for move in g.legal_moves():
                child = g.copy()
                child.play(move)
                nxt.append(child)
        if not nxt or size + len(nxt) > cap:
            break
        level, size, depth = nxt, size + len(nxt), depth + 1
    return depth


def build(case: Tuple[Any, ...]) -> Tuple[Any, Any]:
    ident, name, options, seed, until, depth, changes = case
    rules = ref.Rules(name, **options)
    for s in range(seed, seed + 500):  # the first seed whose random play reaches the condition
        game = random_play(ref.Game(rules, seed=s), seed=s, until=until)
        if not game.is_over:
            break
    kwargs = as_position(game, **changes)
    return tuple(build_position(q, kwargs) for q in (quinza, ref))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_every_node_agrees(case: Tuple[Any, ...]) -> None:
    pair = build(case)
    seen = [0]
    walk(pair, tree_depth(pair[0], case[5]), [], seen)
    assert seen[0] > 20


def test_doubling_start_with_fixed_hands() -> None:
    """A quinte deal from its doubling, hands fixed by from_position: the bids and the first
    tricks, every node."""
    deal = ref.Game("quinte", seed=12)
    state = json.loads(deal.to_json())
    kwargs = {"hands": state["hands"], "stock": state["stock"], "dealer": state["dealer"], "seed": 99}
    pair = tuple(q.Game.from_position(q.Rules("quinte"), **kwargs) for q in (quinza, ref))
    seen = [0]
    walk(pair, tree_depth(pair[0], 8), [], seen)
    assert seen[0] > 50


def test_a_tree_that_ends_a_deal_deals_the_next() -> None:
    """The walk above reaches the next deal: the generator's deal is compared too."""
    rust, reference = build(CASES[0])
    while rust.deal_number == 1:
        move = str(rust.legal_moves()[0])
        rust.play(move)
        reference.play(move)
    assert rust.deal_number == reference.deal_number == 2
    assert snapshot(rust) == snapshot(reference)
