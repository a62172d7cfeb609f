"""Mutation fuzzing, the project's own: valid game JSON (from random play of every rule set
and player count, finished matches included) and from_position arguments are mutated
(cards swapped, duplicated or dropped; numbers set to -1, -0, 0, 2**64-1, 2**64, 1e3,
floats, strings, null, true; keys deleted, added, renamed; truncation at any byte; deep
nesting; 5000-digit integers; a BOM, BOM+U+FEFF; unassigned code points and lone
surrogates in card strings). Of both twins we require the same acceptance, the same
error type and message, and, when accepted, the same JSON, the same game after a few
random moves picked by the same generator, and a JSON each twin reads back.

The exact answers to the classes issue 8 names (-0, nesting deeper than 128, integers of
more than 4300 digits, BOMs, counters at the top) are pinned in tests/test_edges.py; here a
test checks that the mutators make each of those classes, a few more tests feed the twins
edge values, and a small hypothesis run follows; benches/mutate.py is the long run, with
these mutators.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import sys
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import as_position, build_position, outcome, random_play

TWINS = (quinza, ref)
TOP = 2**64 - 1

# -- raw JSON text: numbers json.dumps cannot write ---------------------------------------------


class Raw:
    """A literal put into the JSON text as it is ("-0", "1e3", a 5000-digit integer)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Raw({self.text[:20]!r})"


def dump(value: Any, ascii_only: bool = True) -> str:
    """The engine's compact JSON, with Raw literals and (ascii_only=False) raw characters."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(k), ensure_ascii=ascii_only) + ":" + dump(v, ascii_only)
                              for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v, ascii_only) for v in value) + "]"
    if isinstance(value, str) and not ascii_only:
        # json.dumps refuses nothing, but would escape a lone surrogate; keep it raw.
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return json.dumps(value, ensure_ascii=ascii_only)


NUMBERS: List[Any] = [
    Raw("-1"), Raw("-0"), Raw("0"), Raw(str(TOP)), Raw(str(TOP + 1)), Raw(str(TOP - 1)), Raw("1e3"), Raw("1.5"),
    Raw("-0.0"), Raw("1.0"), Raw("0e0"), "1", None, True, False, Raw("9" * 5000), Raw("1" + "0" * 4299),
    Raw("1" + "0" * 4300), Raw("2"), Raw("3"), [], {},
]
WEIRD_CARDS = ["", "1o\u0378", "\u0378", "\ud800", "7o\udfff", "JK", "Ah", "1O", " 1o", "1o ", "0o", "8o", "\ufeff1o",
               "1\u00f3", "\U0001f0a1", "x" * 300, "1o\x00", "1o\n"]


# -- the corpus: valid JSON and positions of every rule set ---------------------------------------

CONFIGS: List[Tuple[str, Dict[str, Any]]] = [
    ("quinza", {"players": 2}), ("quinza", {"players": 3}), ("quinza", {"players": 4, "target": 101}),
    ("rb3ine", {"players": 2}), ("rb3ine", {"players": 3}), ("rb3ine", {"players": 4}),
    ("escoba", {"players": 2}), ("escoba", {"players": 3, "opening_capture": False}),
    ("escoba", {"players": 4, "setenta": "sum", "escoba_on_last_card": True}),
    ("quinte", {}), ("quinte", {"target": 100}),
]


@lru_cache(maxsize=None)
def corpus() -> Tuple[str, ...]:
    """Game JSON texts: match starts, mid deals, later deals and finished matches."""
    out = []
    for i, (name, options) in enumerate(CONFIGS):
        rules = quinza.Rules(name, **options)
        for j, moves in enumerate((0, 7, 23, 60, 10_000)):
            out.append(random_play(quinza.Game(rules, seed=31 * i + j), moves, 7 * i + j).to_json())
        small = quinza.Rules(name, **{**options, "target": 1 if name != "quinte" else 30})
        out.append(random_play(quinza.Game(small, seed=i), 10_000, i).to_json())  # finished
    return tuple(out)


@lru_cache(maxsize=None)
def positions() -> Tuple[str, ...]:
    """from_position arguments, kept as JSON text so each mutant starts from a fresh copy."""
    out = []
    for i, (name, options) in enumerate(CONFIGS):
        rules = quinza.Rules(name, **options)
        for j, moves in enumerate((0, 5, 17, 41)):
            game = random_play(quinza.Game(rules, seed=97 * i + j), moves, 3 * i + j)
            if not game.is_over:
                # the rules as the game's JSON writes them (quinte's with its players too)
                out.append(json.dumps(as_position(game, rules=json.loads(game.to_json())["rules"])))
    return tuple(out)


# -- running a mutant on both twins ---------------------------------------------------------------


def follow(game: Any, moves: int, seed: int) -> List[Any]:
    """The game's JSON, then after each of a few random moves, then whether it reads back."""
    trace: List[Any] = [game.to_json()]
    r = ref.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        move = str(legal[r.below(len(legal))])
        trace.append((move, outcome(lambda: repr(game.play(move))), game.to_json()))  # events print alike in both twins
    text = game.to_json()
    trace.append(outcome(lambda: type(game).from_json(text).to_json() == text))
    return trace


def run_json(q: Any, text: Any, moves: int = 12, seed: int = 1) -> List[Any]:
    first = outcome(lambda: q.Game.from_json(text))
    if first[0] != "ok":
        return [first]
    return follow(first[1], moves, seed)


def run_position(q: Any, kwargs: Dict[str, Any], moves: int = 12, seed: int = 1) -> List[Any]:
    first = outcome(lambda: build_position(q, kwargs))
    if first[0] != "ok":
        return [first]
    return follow(first[1], moves, seed)


def disagreement(runner: Callable[..., List[Any]], subject: Any, **kw: Any) -> Optional[str]:
    a, b = runner(quinza, subject, **kw), runner(ref, subject, **kw)
    if a == b:
        return None
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"step {i}: quinza {x!r}\n      reference {y!r}"
    return f"quinza {a[len(b):]!r} / reference {b[len(a):]!r}"


def check_json(text: str, **kw: Any) -> None:
    """Both twins, fed the text as str and as UTF-8 bytes (lone surrogates kept as they are)."""
    problems = []
    for subject in (text, text.encode("utf-8", "surrogatepass")):
        found = disagreement(run_json, subject, **kw)
        if found:
            problems.append(f"{type(subject).__name__} {subject[:120]!r}...:\n  {found}")
    assert not problems, "\n".join(problems)


def check_position(kwargs: Dict[str, Any], **kw: Any) -> None:
    found = disagreement(run_position, kwargs, **kw)
    assert found is None, f"{str(kwargs)[:300]}:\n  {found}"


# -- the mutators -------------------------------------------------------------------------------


def paths(value: Any, here: Tuple[Any, ...] = ()) -> List[Tuple[Tuple[Any, ...], Any]]:
    out = [(here, value)]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, here + (i,))
    return out


def put(tree: Any, path: Tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return tree


def mutate_tree(rng: random.Random, tree: Any) -> Any:
    """One structural mutation of a parsed JSON value (or of from_position arguments)."""
    tree = copy.deepcopy(tree)
    nodes = paths(tree)
    kind = rng.choice(["number", "number", "leaf", "cards", "cards", "delete", "add", "rename", "nest", "type"])
    if kind == "number":
        numeric = [(p, v) for p, v in nodes if isinstance(v, (int, type(None))) and p]
        path, _ = rng.choice(numeric or nodes)
        return put(tree, path, copy.deepcopy(rng.choice(NUMBERS)))
    if kind == "leaf":
        path, _ = rng.choice(nodes)
        return put(tree, path, copy.deepcopy(rng.choice(NUMBERS + WEIRD_CARDS + ["", "x", [[]], {"a": 1}])))
    if kind == "cards":
        lists = [(p, v) for p, v in nodes if isinstance(v, list) and v and all(isinstance(c, str) for c in v)]
        if not lists:
            return tree
        path, cards = rng.choice(lists)
        op = rng.choice(["swap", "dup", "drop", "weird", "move"])
        if op == "swap" and len(lists) > 1:
            path2, cards2 = rng.choice(lists)
            i, j = rng.randrange(len(cards)), rng.randrange(len(cards2))
            cards[i], cards2[j] = cards2[j], cards[i]
        elif op == "dup":
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(cards))
        elif op == "drop":
            cards.pop(rng.randrange(len(cards)))
        elif op == "weird":
            cards[rng.randrange(len(cards))] = rng.choice(WEIRD_CARDS)
        else:  # a card from one list to another
            path2, cards2 = rng.choice(lists)
            cards2.append(cards.pop(rng.randrange(len(cards))))
        return tree
    dicts = [(p, v) for p, v in nodes if isinstance(v, dict) and v]
    if kind in ("delete", "rename") and dicts:
        path, d = rng.choice(dicts)
        key = rng.choice(list(d))
        value = d.pop(key)
        if kind == "rename":
            d[rng.choice([str(key).upper(), str(key) + "_", "deals", "stock", "x", "", "\u0378"])] = value
        return tree
    if kind == "add" and dicts:
        path, d = rng.choice(dicts)
        d[rng.choice(["extra", "bids", "quints", "played", "escobas", "table", "over", "seed"])] = copy.deepcopy(
            rng.choice(NUMBERS + [["1o"], []]))
        return tree
    if kind == "nest":
        path, value = rng.choice(nodes)
        depth = rng.choice([1, 2, 126, 127, 128, 129, 130, 200, 300])
        for _ in range(depth):
            value = [value] if rng.random() < 0.5 else {"a": value}
        return put(tree, path, value)
    path, value = rng.choice(nodes)  # "type": a value of another type
    if isinstance(value, list):
        other: Any = {str(i): v for i, v in enumerate(value)}
    elif isinstance(value, dict):
        other = list(value.values())
    else:
        other = [value]
    return put(tree, path, other)


def mutate_text(rng: random.Random, text: str) -> str:
    """A textual mutation of JSON text: truncation, a BOM, odd bytes."""
    kind = rng.choice(["truncate", "truncate", "bom", "bom-feff", "feff", "space", "garbage"])
    if kind == "truncate":
        return text[: rng.randrange(len(text) + 1)]
    if kind == "bom":
        return "\ufeff" + text
    if kind == "bom-feff":
        return "\ufeff\ufeff" + text
    if kind == "feff":
        i = rng.randrange(len(text) + 1)
        return text[:i] + "\ufeff" + text[i:]
    if kind == "space":
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice([" ", "\t", "\n", "\r", "\x0c", "\u00a0"]) + text[i:]
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(["}", "]", ",", "\"", "\\", "nul", "NaN", "-", "\x00", "\ud800"]) + text[i:]


def json_mutant(rng: random.Random, text: str) -> str:
    if rng.random() < 0.25:
        return mutate_text(rng, text)
    tree = json.loads(text)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if max(len(p) for p, _ in paths(tree)) > 100:
            break  # nested deep already: a second copy would meet Python's recursion limit
        tree = mutate_tree(rng, tree)
    return dump(tree, ascii_only=rng.random() < 0.5)


def raw_free(value: Any) -> Any:
    """from_position takes Python values: a Raw literal becomes the number it reads as."""
    if isinstance(value, Raw):
        old = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)  # a 5000-digit int is a valid Python int
        try:
            return json.loads(value.text)
        finally:
            sys.set_int_max_str_digits(old)
    if isinstance(value, dict):
        return {k: raw_free(v) for k, v in value.items()}
    if isinstance(value, list):
        return [raw_free(v) for v in value]
    return value


def position_mutant(rng: random.Random, text: str) -> Dict[str, Any]:
    kwargs = json.loads(text)
    for _ in range(rng.choice([1, 1, 2])):
        if max(len(p) for p, _ in paths(kwargs)) > 100:
            break
        kwargs = mutate_tree(rng, kwargs)
    kwargs = raw_free(kwargs)
    return kwargs if isinstance(kwargs, dict) else {"rules": kwargs}


# -- the classes issue 8 names: one answer in both twins ------------------------------------------


def first_game(name: str, players: int = 2, seed: int = 5) -> str:
    return quinza.Game(quinza.Rules(name, **({} if name == "quinte" else {"players": players})), seed=seed).to_json()


def nesting(text: str) -> int:
    """The deepest nesting of brackets in a JSON text, brackets inside strings not counted."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (not escaped and ch == "\\"), in_string and (escaped or ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


EDGE_CLASSES: Dict[str, Callable[[str], bool]] = {
    # test_edges.py pins each one's exact answer; the hypothesis run below must meet them all.
    "minus zero": lambda m: re.search(r"[:\[,]-0[,\]}]", m) is not None,
    "nesting deeper than 128": lambda m: nesting(m) > 128,
    "integer of more than 4300 digits": lambda m: re.search(r"\d{4301}", m) is not None,
    "a BOM": lambda m: m.startswith("\ufeff") and not m.startswith("\ufeff\ufeff"),
    "a BOM then another U+FEFF": lambda m: m.startswith("\ufeff\ufeff"),
}


def test_the_mutators_make_every_edge_class() -> None:
    texts = corpus()
    mutants = [json_mutant(random.Random(seed), texts[seed % len(texts)]) for seed in range(600)]
    found = {label: sum(map(test, mutants)) for label, test in EDGE_CLASSES.items()}
    assert min(found.values()) >= 3, found


def test_counters_at_the_top_in_json() -> None:
    for text in corpus():
        tree = json.loads(text)
        tree["deal_number"] = TOP
        check_json(dump(tree), moves=60)


@pytest.mark.parametrize("card", ["1o\u0378", "\u0378", "\U000e0000", "1o\u200b", "\x7f", "1o\x1b", "\ud800", "7o\udfff"])
def test_odd_code_points_in_cards(card: str) -> None:
    for text in (first_game("quinza"), first_game("quinte"), first_game("escoba", 4)):
        tree = json.loads(text)
        tree["hands"][0][0] = card
        check_json(dump(tree, ascii_only=True))
        check_json(dump(tree, ascii_only=False))
        kwargs = as_position(quinza.Game.from_json(text))
        kwargs["hands"][0][0] = card
        check_position(kwargs)
        # also the card and move parsers, and the names of rule sets and options
        assert outcome(lambda: quinza.Card(card)) == outcome(lambda: ref.Card(card))
        assert outcome(lambda: quinza.Move.parse(card)) == outcome(lambda: ref.Move.parse(card))
        assert outcome(lambda: quinza.Rules(card)) == outcome(lambda: ref.Rules(card))
        assert outcome(lambda: quinza.Rules("escoba", **{card: 1})) == outcome(lambda: ref.Rules("escoba", **{card: 1}))
        assert outcome(lambda: quinza.Rules("escoba", setenta=card)) == outcome(lambda: ref.Rules("escoba", setenta=card))


@pytest.mark.parametrize("where", ["unknown option", "target", "players", "seed", "deal_number", "scores", "dealer"])
def test_huge_python_integers_one_message(where: str) -> None:
    """A 5000-digit Python int as an argument: the same refusal in both twins (the check
    of an option's name comes before its value is looked at)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        huge = int("9" * 5000)
    finally:
        sys.set_int_max_str_digits(old)
    kwargs = json.loads(positions()[1])

    def call(q: Any) -> Any:
        if where == "unknown option":
            return q.Rules("quinza", foo=huge)
        if where in ("target", "players"):
            return q.Rules("quinza", **{where: huge})
        if where == "seed":
            return q.Game("quinza", seed=huge)
        changed = dict(kwargs)
        changed[where] = [huge] * len(kwargs[where]) if isinstance(kwargs[where], list) else huge
        return build_position(q, changed)

    assert outcome(lambda: call(quinza)) == outcome(lambda: call(ref))


# -- the small hypothesis run ---------------------------------------------------------------------

EXAMPLES = int(os.environ.get("QUINZA_MUTATION_EXAMPLES", "2000"))
# A mutant is made from a seed: a smaller seed is no simpler mutant, so shrinking is skipped.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=EXAMPLES, deadline=None, phases=NO_SHRINK)
@given(st.integers(0, 2**32 - 1), st.integers(0, 10**6))
def test_json_mutants_get_one_answer(seed: int, pick: int) -> None:
    rng = random.Random(seed)
    texts = corpus()
    check_json(json_mutant(rng, texts[pick % len(texts)]), seed=seed)


@settings(max_examples=EXAMPLES, deadline=None, phases=NO_SHRINK)
@given(st.integers(0, 2**32 - 1), st.integers(0, 10**6))
def test_position_mutants_get_one_answer(seed: int, pick: int) -> None:
    rng = random.Random(seed)
    texts = positions()
    check_position(position_mutant(rng, texts[pick % len(texts)]), seed=seed)
