"""The exact open-hand solver (docs/reference/search.md "The open-hand solver"): both twins
give the same value and the same `moves` (every move, or with moves="best" the first) as
a brute force (tests/conftest.py: plain minimax
over `copy` and `play`, the value read from the deal's record), on random positions of
every rule set and player count near a deal's end; a corpus of positions with known
values (tests/data/solver.jsonl); the paranoid objective with three sides; the limits;
Ctrl-C; bad input.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import brute, brute_moves, near_end, position, random_play

CORPUS = Path(__file__).parent / "data" / "solver.jsonl"

FIFTEEN = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)]


def twin(q: ModuleType, game: Any) -> Any:
    """The Rust game, or the same position as a game of the reference."""
    return game if q is quinza else ref.Game.from_json(game.to_json())


def solved(q: ModuleType, game: Any, **kw: Any) -> Tuple[int, List[Tuple[str, int]]]:
    g = twin(q, game)
    s = q.solve(g, **kw)
    assert isinstance(s, q.Solution) and s.nodes >= 1
    return s.value, [(str(m), v) for m, v in s.moves]


def positions() -> List[Tuple[str, Any]]:
    out = []
    for name, players in FIFTEEN:
        rules = quinza.Rules(name, players=players)
        for seed in range(25):
            # Some in a later deal: the records of earlier deals must not count.
            game = near_end(rules, seed, 6 if players == 2 else 5, deals_first=seed % 3 == 2)
            if game is not None:
                out.append((f"{name}-{players}p-{seed}", game))
    for seed in range(120):
        # A low target ends some deals at a quint, before the twelfth trick.
        rules = quinza.Rules("quinte", target=250 if seed % 2 else 30)
        game = near_end(rules, seed, 7, deals_first=seed % 4 == 3)
        if game is not None:
            out.append((f"quinte-{seed}", game))
        if game is not None and seed % 3 == 0:
            # The same cards with the target just above the leading total: a quint
            # taken in the tricks left may end the match at once.
            data = json.loads(game.to_json())
            data["rules"]["target"] = max(game.scores) + 5 + 5 * (seed % 2)
            out.append((f"quinte-{seed}-near-target", quinza.Game.from_json(json.dumps(data))))
    return out


POSITIONS = positions()


@pytest.mark.parametrize("label,game", POSITIONS, ids=[p[0] for p in POSITIONS])
def test_both_twins_give_the_brute_force_values_and_order(q: ModuleType, label: str, game: Any) -> None:
    want = brute_moves(game)
    value, moves = solved(q, game)
    assert moves == want
    assert value == want[0][1]


def top_of_the_range() -> List[Tuple[str, Any]]:
    """Quinte positions whose deal quints (and scores) lie past 2**63 or near 2**64-1, the
    target 2**64-1: points that no 64-bit signed difference holds, or that stop at
    2**64-1 (docs/reference/game.md "The top of the range")."""
    out = []
    for seed in range(12):
        # Two tricks or more to play: the bounds of a trick start are asked.
        game = near_end(quinza.Rules("quinte", target=250), 500 + seed, 8 + seed % 3)
        if game is None:
            continue
        for huge in (2**63 + 7, 2**64 - 120, 2**64 - 40):
            data = json.loads(game.to_json())
            side = seed % 2
            add = min(huge, 2**64 - 2 - data["scores"][side])
            data["rules"]["target"] = 2**64 - 1
            data["quints"][side] += add
            data["scores"][side] += add
            out.append((f"quinte-{seed}-{huge}", quinza.Game.from_json(json.dumps(data))))
    return out


TOP = top_of_the_range()


def test_values_at_the_top_of_the_range_are_exact(q: ModuleType) -> None:
    assert len(TOP) >= 24
    for label, game in TOP:
        want = brute_moves(game)
        assert max(game.quints) > 2**63, label
        assert solved(q, game) == (want[0][1], want), label
        assert solved(q, game, moves="best") == (want[0][1], want[:1]), label


@settings(max_examples=40)
@given(
    seed=st.integers(0, 2**32 - 1),
    left=st.integers(8, 10),
    target=st.sampled_from([30, 250, 2**64 - 1]),
    extra=st.sampled_from([0, 2**62, 2**63 + 7, 2**64 - 200, 2**64 - 40]),
    side=st.integers(0, 1),
    moves=st.sampled_from(["all", "best"]),
)
def test_the_twins_agree_on_quinte_positions_at_any_height(
    seed: int, left: int, target: int, extra: int, side: int, moves: str
) -> None:
    # A random quinte deal two or three tricks from its end, its quints and scores raised
    # (or not) toward the top of the range under a target low or high: both twins give
    # the same value and moves.
    game = near_end(quinza.Rules("quinte", target=250), seed, left)
    assume(game is not None)
    data = json.loads(game.to_json())
    add = min(extra, max(0, target - 2 - data["scores"][side]))
    data["rules"]["target"] = target
    data["quints"][side] += add
    data["scores"][side] += add
    try:
        game = quinza.Game.from_json(json.dumps(data))
    except ValueError:
        assume(False)  # the scores already end the match under this target
    assert solved(quinza, game, moves=moves) == solved(ref, game, moves=moves)


def test_many_random_positions_agree_with_the_brute_force() -> None:
    # The core alone (the reference is slow): a few hundred positions, every rule set.
    rng = random.Random(9)
    checked = 0
    for i in range(300):
        name, players = FIFTEEN[i % len(FIFTEEN)] if i % 5 else ("quinte", 4)
        rules = quinza.Rules(name, players=players) if name != "quinte" else quinza.Rules("quinte", target=rng.choice([20, 60, 250]))
        game = near_end(rules, 1000 + i, rng.randint(2, 5 if players > 2 else 6) if name != "quinte" else rng.randint(4, 7))
        if game is None:
            continue
        s = quinza.solve(game)
        want = brute_moves(game)
        assert [(str(m), v) for m, v in s.moves] == want
        best = quinza.solve(game, moves="best")
        assert (best.value, [(str(m), v) for m, v in best.moves]) == (want[0][1], want[:1])
        checked += 1
    assert checked > 250


def test_the_best_move_alone_is_the_first_of_all(q: ModuleType) -> None:
    # moves="best": the value, and of the moves only the first that "all" lists (the
    # first legal move of the best value), on every third position of the twin test.
    for label, game in POSITIONS[::3]:
        want = brute_moves(game)
        s = q.solve(twin(q, game), moves="best")
        assert (s.value, [(str(m), v) for m, v in s.moves]) == (want[0][1], want[:1]), label
    # Where several moves share the best value, the first of them in legal order.
    ties = [g for _, g in POSITIONS if len(brute_moves(g)) > 1 and brute_moves(g)[0][1] == brute_moves(g)[1][1]]
    assert len(ties) >= 20


def test_a_game_is_not_changed_by_solving(q: ModuleType) -> None:
    game = near_end(quinza.Rules("escoba"), 4, 6)
    g = twin(q, game)
    before = g.to_json()
    q.solve(g)
    assert g.to_json() == before


# -- the corpus --------------------------------------------------------------------------


def corpus() -> List[Dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("entry", corpus(), ids=[e["id"] for e in corpus()])
def test_corpus_values(q: ModuleType, entry: Dict[str, Any]) -> None:
    game = q.Game.from_json(entry["json"])
    s = q.solve(game)
    assert s.value == entry["value"]
    assert [[str(m), v] for m, v in s.moves] == entry["moves"]


def test_corpus_covers_every_rule_set_and_its_values_are_the_brute_force() -> None:
    entries = corpus()
    assert {json.loads(e["json"])["rules"]["name"] for e in entries} == {"quinza", "rb3ine", "escoba", "quinte"}
    for e in entries:
        game = quinza.Game.from_json(e["json"])
        assert [list(p) for p in brute_moves(game)] == e["moves"], e["id"]


def test_positions_worked_out_by_hand(q: ModuleType) -> None:
    # Quinza, 2 players, one card each, seat 0 to play, every other card in side 1's pile.
    # 10o must take 5c (10 + 5 = 15); seat 1 lays 1b, which goes to seat 0, the last
    # capturer. Side 0: 10o (10) + 5c (1) + 1b (1) = 12 of the 100 points, side 1: 88.
    game = position(q, "quinza", hands=[["10o"], ["1b"]], table=["5c"], rest_to=1, dealer=1)
    s = q.solve(game)
    assert (s.value, [(str(m), v) for m, v in s.moves]) == (12 - 88, [("10o x 5c", -76)])
    # Escoba, the same cards: the sweep is with seat 0's last card (no escoba by
    # default); side 1 has most cards, most Oros, the 7 of Oros and the setenta: 0 - 4.
    game = position(q, "escoba", hands=[["10o"], ["1b"]], table=["5c"], rest_to=1, dealer=1)
    assert q.solve(game).value == -4
    # Seat 0 has played its last card; seat 1's 10c must take 5c, and 2b, left on the
    # table, goes to seat 1, now the last capturer.
    game = position(q, "quinza", hands=[[], ["10c"]], table=["5c", "2b"], rest_to=0, dealer=1, last_capturer=0)
    s = q.solve(game)
    # 10c x 5c: side 1 holds 10c, 5c and (last capturer) 2b: 3 points, side 0 the other 97.
    assert (s.value, [(str(m), v) for m, v in s.moves]) == (3 - 97, [("10c x 5c", -94)])


# -- three sides -------------------------------------------------------------------------


def weakest_other(points: List[int], side: int) -> int:
    # Another objective: the root side's points minus the worse of the two others.
    return points[side] - min(p for s, p in enumerate(points) if s != side)


def test_three_sides_paranoid_objective(q: ModuleType) -> None:
    # With three sides the root maximises its points minus the best of the two others,
    # and both others minimise that. Positions where this differs from "minus the worse
    # of the others" show the objective is the one documented.
    differ = 0
    for seed in range(40):
        game = near_end(quinza.Rules("escoba", players=3), 500 + seed, 4)
        side = game.side_of(game.turn)
        paranoid = brute(game, side, len(game.deals))
        other = brute(game, side, len(game.deals), weakest_other)
        value, _ = solved(q, game)
        assert value == paranoid
        differ += other != paranoid
    assert differ > 0


# -- limits ---------------------------------------------------------------------------------


def test_a_node_limit_stops_the_search(q: ModuleType) -> None:
    game = near_end(quinza.Rules("quinza"), 2, 6)
    g = twin(q, game)
    with pytest.raises(ValueError, match=r"^the solver stopped at its limit of 3 nodes$"):
        q.solve(g, max_nodes=3)
    # A limit that is enough gives the full answer.
    assert q.solve(g, max_nodes=10**30).value == q.solve(g).value


def test_a_time_limit_stops_the_search(q: ModuleType) -> None:
    # A whole quinte deal from the first bid is far too big to finish in 0.05 s.
    game = quinza.Game("quinte", seed=3)
    g = twin(q, game)
    with pytest.raises(ValueError, match=r"^the solver stopped at its time limit of 0.05 seconds$"):
        q.solve(g, time_limit=0.05)


def test_ctrl_c_stops_the_search(q: ModuleType, ctrl_c_in_search: None) -> None:
    # A whole quinte deal from the first bid: far more than the 16384 nodes after which the
    # search first looks for Ctrl-C, pending there (conftest.ctrl_c_in_search). A search
    # that did not stop would reach the node limit and raise ValueError instead.
    game = quinza.Game("quinte", seed=4)
    g = twin(q, game)
    with pytest.raises(KeyboardInterrupt):
        q.solve(g, max_nodes=5 * 16384)


# -- bad input ---------------------------------------------------------------------------


def test_a_finished_match_cannot_be_solved(q: ModuleType) -> None:
    game = q.play_match("escoba", ["greedy"], 1)
    assert game.is_over
    with pytest.raises(ValueError, match=r"^the match is over: there is no deal to solve$"):
        q.solve(game)


@pytest.mark.parametrize("obj,name", [("escoba", "str"), (None, "NoneType"), (3, "int"), (quinza.Rules("quinza"), "Rules")])
def test_not_a_game(q: ModuleType, obj: Any, name: str) -> None:
    with pytest.raises(ValueError, match=rf"^solve needs a Game, not {name}$"):
        q.solve(obj)


def test_the_other_backends_game_is_refused_with_the_way_to_rebuild_it(q: ModuleType) -> None:
    other_twin = ref if q is quinza else quinza
    # A deal near its end: the stock gone, two cards a hand (solved at once on either twin).
    other = random_play(other_twin.Game("escoba", seed=1), until=lambda g: g.stock == 0 and len(g.hand(g.turn)) == 2)
    mine, theirs = q.__name__, other_twin.__name__
    with pytest.raises(ValueError) as info:
        q.solve(other)
    assert str(info.value) == (f"solve needs a game of {mine} ({mine}.Game), not of {theirs}: "
                               f"rebuild it with {mine}.Game.from_json(game.to_json())")
    # What it says works: the rebuilt game is solved, to the value of the other twin's solve.
    assert q.solve(q.Game.from_json(other.to_json())).value == other_twin.solve(other).value


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "3", 2.0, [], -(10**30)])
def test_max_nodes_must_be_a_positive_whole_number(q: ModuleType, bad: Any) -> None:
    game = q.Game("escoba", seed=1)
    before = game.to_json()
    with pytest.raises(ValueError, match=rf"^max_nodes must be a positive whole number, not {re.escape(repr(bad))}$"):
        q.solve(game, max_nodes=bad)
    assert game.to_json() == before


@pytest.mark.parametrize("bad", [0, -1, 0.0, -0.5, math.nan, -math.inf, True, False, "1", [], -(10**400)])
def test_time_limit_must_be_a_positive_number(q: ModuleType, bad: Any) -> None:
    game = q.Game("escoba", seed=1)
    # a repr longer than 60 characters is quoted cut short (docs/reference/errors.md "Errors and their messages")
    shown = repr(bad) if len(repr(bad)) <= 60 else repr(bad)[:60] + f"... ({len(repr(bad))} characters)"
    with pytest.raises(ValueError, match=rf"^time_limit must be a positive number of seconds, not {re.escape(shown)}$"):
        q.solve(game, time_limit=bad)


@pytest.mark.parametrize("bad", ["every", "ALL", "", 1, True, ["best"]])
def test_moves_must_be_all_or_best(q: ModuleType, bad: Any) -> None:
    game = q.Game("escoba", seed=1)
    before = game.to_json()
    with pytest.raises(ValueError, match=rf"^moves must be 'all' or 'best', not {re.escape(repr(bad))}$"):
        q.solve(game, moves=bad)
    assert game.to_json() == before
    # None is the default, "all".
    small = twin(q, near_end(quinza.Rules("quinza"), 2, 4))
    assert q.solve(small, moves=None).moves == q.solve(small, moves="all").moves == q.solve(small).moves


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2", [], 2.0])
def test_threads_must_be_a_whole_number_from_1_or_none(q: ModuleType, bad: Any) -> None:
    game = q.Game("escoba", seed=1)
    before = game.to_json()
    with pytest.raises(ValueError, match=rf"^threads must be a whole number >= 1, or None for every core, not {re.escape(repr(bad))}$"):
        q.solve(game, threads=bad)
    assert game.to_json() == before


def test_threads_give_the_same_value_and_moves(q: ModuleType) -> None:
    # The core: quinte from 8 tricks and a whole escoba deal, big enough to be shared by
    # threads. The reference checks `threads` and searches alone (quinte from 4 tricks).
    games = [quinza.Game("escoba", seed=2)] if q is quinza else []
    cards = 32 if q is quinza else 16
    rng = random.Random(3)
    g = quinza.Game("quinte", seed=5)
    while g.phase != "play" or sum(len(g.hand(s)) for s in range(4)) > cards:
        g.play("pass" if g.phase != "play" else rng.choice(g.legal_moves()))
    games.append(g)
    for game in games:
        t = twin(q, game)
        for moves in ("all", "best"):
            one = q.solve(t, moves=moves)
            for threads in (2, 3, None):
                s = q.solve(t, moves=moves, threads=threads)
                assert (s.value, [(str(m), v) for m, v in s.moves]) == (one.value, [(str(m), v) for m, v in one.moves])


def test_bad_input_is_checked_in_order(q: ModuleType) -> None:
    # The game first, then max_nodes, time_limit, moves and threads, then the match's end.
    with pytest.raises(ValueError, match="^solve needs a Game"):
        q.solve(None, max_nodes=0, time_limit=0, moves="x")
    over = q.play_match("escoba", ["greedy"], 1)
    with pytest.raises(ValueError, match="^max_nodes"):
        q.solve(over, max_nodes=0, time_limit=0, moves="x")
    with pytest.raises(ValueError, match="^time_limit"):
        q.solve(over, time_limit=0, moves="x")
    with pytest.raises(ValueError, match="^moves"):
        q.solve(over, moves="x", threads=0)
    with pytest.raises(ValueError, match="^threads"):
        q.solve(over, threads=0)


def test_generous_limits_and_the_repr(q: ModuleType) -> None:
    game = position(q, "quinza", hands=[["7o"], ["5o"]], table=["6c", "2c"], rest_to=1, dealer=1)
    s = q.solve(game, max_nodes=10**6, time_limit=10**400)
    moves = ", ".join(f"({m!r}, {v})" for m, v in s.moves)
    assert repr(s) == f"Solution(value={s.value}, moves=[{moves}], nodes={s.nodes})"
    assert isinstance(s.value, int) and all(isinstance(m, q.Move) for m, _ in s.moves)


def ends_early(game: Any, deals: int) -> bool:
    """Some line from `game` ends the match at a quint with cards still in the hands."""
    for m in game.legal_moves():
        child = game.copy()
        child.play(m)
        if len(child.deals) > deals:
            if child.turn is None and any(child.hand(s) for s in range(4)):
                return True
        elif ends_early(child, deals):
            return True
    return False


def test_the_quinte_positions_reach_the_cachette_and_early_ends() -> None:
    # What the twin test above covers: quinte deals that end at the twelfth trick (the
    # cachette taken) and deals that end early at the target.
    quinte = [g for label, g in POSITIONS if label.startswith("quinte")]
    assert sum(ends_early(g, len(g.deals)) for g in quinte) >= 3
    assert sum(g.stock == 5 for g in quinte) >= 10


def test_the_twins_agree_on_thousands_of_random_positions() -> None:
    # Values and moves, move by move, on positions near a deal's end of every rule set and
    # player count (small enough for the reference's plain minimax).
    rng = random.Random(17)
    compared = 0
    for i in range(2400):
        name, players = FIFTEEN[i % len(FIFTEEN)] if i % 4 else ("quinte", 4)
        if name == "quinte":
            rules = quinza.Rules("quinte", target=rng.choice([30, 250]))
            left = rng.randint(4, 6)
        else:
            rules = quinza.Rules(name, players=players)
            left = rng.randint(1, 5 if players == 2 else 4)
        game = near_end(rules, 5000 + i, left, deals_first=i % 7 == 6)
        if game is None:
            continue
        wanted = "best" if i % 5 == 0 else "all"
        core, other = quinza.solve(game, moves=wanted), ref.solve(twin(ref, game), moves=wanted)
        assert (core.value, [(str(m), v) for m, v in core.moves]) == (other.value, [(str(m), v) for m, v in other.moves]), game.to_json()
        compared += 1
    assert compared >= 2000
