"""`game.history`, `game.undo()` and `game.seed` (docs/reference/events.md "History and undo"), on
both backends: undo takes back exactly one move, across deal ends and the match end too,
and the twins agree on every step."""

from __future__ import annotations

import copy
import json
import pickle
from types import ModuleType
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import as_position, build_position, position
from .test_events import RULE_SETS, plain

NOTHING = "no move to undo: no move has been played since the game was made"


def snapshot(game: Any) -> Tuple[Any, ...]:
    """What undo must give back: the JSON, the history, the legal moves and the text."""
    return (game.to_json(), [plain(e) for e in game.history], [str(m) for m in game.legal_moves()], str(game),
            game.seed)


def pick(game: Any, r: Any) -> Any:
    legal = game.legal_moves()
    return legal[r.below(len(legal))]


def play_recording(game: Any, moves: int, seed: int) -> List[Tuple[Any, str]]:
    """Up to `moves` random moves; (what the game was before each, the move's text)."""
    r = ref.Random(seed)
    seen = []
    while not game.is_over and len(seen) < moves:
        move = pick(game, r)
        seen.append((snapshot(game), str(move)))
        game.play(move)
    return seen


@settings(max_examples=12)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1), st.integers(1, 500))
def test_undo_all_the_way_back_gives_every_position_again(rule_set: Tuple[str, Dict[str, Any]], seed: int,
                                                          moves: int) -> None:
    name, options = rule_set
    for q in (quinza, ref):
        game = q.Game(q.Rules(name, **options), seed=seed)
        seen = play_recording(game, moves, seed ^ 0xABC)
        while seen:
            before, text = seen.pop()
            taken = game.undo()
            assert isinstance(taken, q.Move) and str(taken) == text
            assert snapshot(game) == before
        assert game.to_json() == game.start_json() == q.Game(q.Rules(name, **options), seed=seed).to_json()
        assert game.history == game.start_events
        with pytest.raises(ValueError, match="^no move to undo"):
            game.undo()


@settings(max_examples=10)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1))
def test_the_twins_keep_the_same_history(rule_set: Tuple[str, Dict[str, Any]], seed: int) -> None:
    name, options = rule_set
    games = [m.Game(m.Rules(name, **options), seed=seed) for m in (quinza, ref)]
    r = ref.Random(seed)
    played: List[Any] = []
    while not games[1].is_over and len(played) < 200:
        text = str(pick(games[1], r))
        played += [e for e in games[0].play(text)]
        games[1].play(text)
    rust, python = (g.history for g in games)
    assert [plain(e) for e in rust] == [plain(e) for e in python]
    assert repr(rust) == repr(python)
    assert rust == games[0].start_events + tuple(played)
    for _ in range(3):
        if games[0].history == games[0].start_events:
            break
        assert str(games[0].undo()) == str(games[1].undo())
        assert games[0].to_json() == games[1].to_json()


def test_history_is_the_start_events_then_what_each_play_returned(q: ModuleType) -> None:
    g = q.Game("escoba", seed=3)  # seed 3: an opening capture before anyone plays
    assert [e.kind for e in g.history] == ["dealt", "opening_capture"]
    assert g.history == g.start_events
    told: List[Any] = list(g.start_events)
    r = ref.Random(5)
    while not g.is_over:
        told += g.play(pick(g, r))
        assert g.history == tuple(told)
    scored = [e.deal for e in g.history if e.kind == "deal_scored"]
    assert scored == g.deals and len(scored) >= 2
    assert g.history[-1].kind == "match_over" and g.history[-1].side == g.winner


def test_undo_across_a_deal_end_and_the_match_end(q: ModuleType) -> None:
    g = q.Game(q.Rules("quinza", target=120), seed=11)
    r = ref.Random(1)
    crossed = ended = 0
    while not g.is_over:
        before = snapshot(g)
        move = pick(g, r)
        events = g.play(move)
        kinds = [e.kind for e in events]
        if "deal_scored" in kinds:
            deals = len(g.deals)
            after = snapshot(g)
            assert g.undo() == move
            assert snapshot(g) == before and len(g.deals) == deals - 1
            assert g.play(move) == events and snapshot(g) == after  # and forward again
            crossed += 1
            ended += g.is_over
    assert crossed >= 2 and ended == 1
    assert g.undo() is not None and not g.is_over and g.winner is None and g.turn is not None


def test_undo_with_nothing_to_take_back_is_a_clear_error_and_changes_nothing(q: ModuleType) -> None:
    fresh = q.Game("quinte", seed=4)
    read = q.Game.from_json(q.Game("escoba", seed=2).to_json())
    placed = position(q, "quinza", hands=[["1o"], ["2o"]], table=["3o"])
    for g in (fresh, read, placed):
        before = snapshot(g)
        with pytest.raises(ValueError) as error:
            g.undo()
        assert str(error.value) == NOTHING and type(error.value) is ValueError
        assert snapshot(g) == before
    fresh.play("pass")
    fresh.undo()
    with pytest.raises(ValueError, match="^no move to undo"):
        fresh.undo()


def test_the_seed_is_the_one_the_match_was_dealt_from(q: ModuleType) -> None:
    assert q.Game("escoba", seed=2**64 - 1).seed == 2**64 - 1
    drawn = q.Game("rb3ine")
    assert isinstance(drawn.seed, int) and 0 <= drawn.seed < 2**64
    assert q.Game("rb3ine", seed=drawn.seed).to_json() == drawn.to_json()
    other = q.Game("rb3ine")
    assert other.seed != drawn.seed  # 64 bits drawn: equal only by a broken draw
    # from_position: its seed argument (0 when left out), where its generator starts
    placed = position(q, "quinza", hands=[["1o"], ["2o"]], table=["3o"], seed=77)
    assert placed.seed == 77 and json.loads(placed.to_json())["rng"] == f"{77:016x}"
    assert position(q, "quinza", hands=[["1o"], ["2o"]], table=["3o"]).seed == 0
    placed.play(placed.legal_moves()[0])
    assert placed.seed == 77
    # from_json: the JSON keeps the generator's state, not the seed
    assert q.Game.from_json(q.Game("escoba", seed=9).to_json()).seed is None
    g = q.Game("escoba", seed=9)
    g.play(g.legal_moves()[0])
    assert g.copy().seed == 9 and pickle.loads(pickle.dumps(g)).seed == 9
    g.undo()
    assert g.seed == 9


def test_a_position_begins_its_history_where_it_starts(q: ModuleType) -> None:
    g = q.Game("quinza", seed=8)
    r = ref.Random(2)
    for _ in range(7):
        g.play(pick(g, r))
    for start in (q.Game.from_json(g.to_json()), build_position(q, as_position(g))):
        assert start.history == () and start.start_events == ()
        assert start.start_json() == start.to_json()
        made = start.to_json()
        events = start.play(pick(start, r))
        assert start.history == events
        assert start.undo() is not None and start.to_json() == made and start.history == ()


@pytest.mark.parametrize("how", ["copy", "copy.copy", "deepcopy", "pickle"])
def test_copies_and_pickles_keep_the_history_and_can_undo(q: ModuleType, how: str) -> None:
    g = q.Game("escoba", seed=21)
    r = ref.Random(3)
    seen = play_recording(g, 60, 7)
    make = {
        "copy": lambda x: x.copy(), "copy.copy": copy.copy, "deepcopy": copy.deepcopy,
        "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    }[how]
    other = make(g)
    assert type(other) is type(g)
    assert snapshot(other) == snapshot(g) and other.start_json() == g.start_json()
    assert other.history == g.history
    # undo on the copy leaves the original as it was
    mine = snapshot(g)
    assert str(other.undo()) == seen[-1][1]
    assert snapshot(other) == seen[-1][0] and snapshot(g) == mine
    other.play(pick(other, r))
    assert snapshot(g) == mine
    other.undo()
    assert snapshot(other) == seen[-1][0]
    for before, _ in reversed(seen[:-1]):
        other.undo()
        assert snapshot(other) == before


def test_a_position_pickled_keeps_its_seed_and_moves(q: ModuleType) -> None:
    g = position(q, "escoba", hands=[["5o", "1c"], ["2c", "3c"]], table=["12c"], dealer=1, seed=5)
    g.play("5o x 12c")
    back = pickle.loads(pickle.dumps(g))
    assert back.seed == 5 and back.history == g.history and back.to_json() == g.to_json()
    assert back.start_events == () and str(back.undo()) == "5o x 12c"
    assert back.to_json() == back.start_json() == g.start_json()


def test_undo_then_another_move_branches_the_history(q: ModuleType) -> None:
    g = q.Game("quinza", seed=30)
    first, second = g.legal_moves()[:2]
    g.play(first)
    g.undo()
    events = g.play(second)
    assert g.history == g.start_events + events
    assert g.history[len(g.start_events)].move == second
