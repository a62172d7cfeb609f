"""The engines: each twin's `ENGINE` implements the engine protocol, `engine(name)` finds
it, and the functions written once over an engine are the twin's own."""

from __future__ import annotations

import inspect
import pickle
from types import ModuleType

import pytest

import quinza
import quinza.reference as ref
from quinza.bots import budget, searches
from quinza.engines import ENGINES, Engine, engine


def test_engine_finds_each_twins_engine_by_name() -> None:
    assert engine("rust") is quinza.ENGINE and engine(None) is quinza.ENGINE and engine() is quinza.ENGINE
    assert engine("reference") is ref.ENGINE
    assert engine(ref.ENGINE) is ref.ENGINE  # an engine object is taken as it is
    assert [engine(name).name for name in ENGINES] == [quinza.BACKEND, ref.BACKEND]
    with pytest.raises(ValueError, match="unknown engine 'cloud': choose rust or reference"):
        engine("cloud")
    with pytest.raises(ValueError, match="unknown engine"):
        engine(quinza)  # a module is no engine


def test_each_engine_is_an_engine_and_travels_by_name(q: ModuleType) -> None:
    assert isinstance(q.ENGINE, Engine)
    assert q.ENGINE.Game is q.Game and q.ENGINE.bot is q.bot and q.ENGINE.BOT_NAMES == q.BOT_NAMES
    assert pickle.loads(pickle.dumps(q.ENGINE)) is q.ENGINE  # a Ray task or a review apart finds it again


def test_the_public_functions_are_written_once_and_bound_to_the_twins_engine(q: ModuleType) -> None:
    for name in ("simulate", "ladder", "play_match", "analyze", "review"):
        mine, other = getattr(q, name), getattr(quinza if q is ref else ref, name)
        assert mine is getattr(q.ENGINE, name)
        assert mine.__code__ is other.__code__  # one body for both twins
        assert mine.__module__ == q.__name__ and mine.__qualname__ == name
        assert inspect.signature(mine) == inspect.signature(other) and mine.__doc__ == other.__doc__
    game = q.play_match("escoba", "greedy,random", 3)
    assert isinstance(game, q.Game) and game.is_over
    assert q.simulate("escoba", 2, bots="greedy", seed=3).engine == q.BACKEND


def test_the_search_bots_and_their_budgets_come_from_the_registry(q: ModuleType) -> None:
    assert q.SEARCH_BOTS == quinza.SEARCH_BOTS == {"pimc": "worlds", "ismcts": "iterations"}
    for kind, parameter in q.SEARCH_BOTS.items():
        assert parameter in q.bot(kind).params
        assert budget(q.ENGINE, kind) == parameter
    assert budget(q.ENGINE, "greedy") is None
    assert searches(q.ENGINE, "expert") and searches(q.ENGINE, "pimc:worlds=4") and not searches(q.ENGINE, "easy")
    assert set(q.SEARCH_BOTS) < set(q.BOT_NAMES)


def test_the_envs_take_an_engine_object() -> None:
    pytest.importorskip("gymnasium")
    from quinza.envs import gym_env

    assert gym_env("escoba", backend=ref.ENGINE).unwrapped.api is ref.ENGINE
    assert gym_env("escoba", backend="reference").unwrapped.api is ref.ENGINE
    assert gym_env("escoba", backend=ref).unwrapped.api is ref.ENGINE  # a twin's package, as before
