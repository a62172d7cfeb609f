"""A bot written in Python, registered once (`register_bot`), is taken by name everywhere a
bot is: `bot()`, `simulate(bots=...)`, the envs' opponents and the commands (`--vs`,
`--bots`, where `module:attr` imports one); and names are read in any case. On both
twins, which share the registry."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, Optional

import pytest

import quinza
import quinza.reference
from quinza.__main__ import main
from quinza._registry import REGISTRY


class Picky:
    """A seeded Python bot: a legal move drawn by its own generator, or the `skip`-th."""

    def __init__(self, seed: Optional[int] = None, skip: int = -1) -> None:
        self.seed = seed
        self.skip = skip
        self.draws = random.Random(seed)

    def __call__(self, game: Any) -> Any:
        moves = game.legal_moves()
        if self.skip >= 0:
            return moves[min(self.skip, len(moves) - 1)]
        return moves[self.draws.randrange(len(moves))]


BOT_MODULE = '''
import random


class Picky:
    def __init__(self, seed=None, skip=-1):
        self.skip = skip
        self.draws = random.Random(seed)

    def __call__(self, game):
        moves = game.legal_moves()
        if self.skip >= 0:
            return moves[min(self.skip, len(moves) - 1)]
        return moves[self.draws.randrange(len(moves))]


def first(game):
    return game.legal_moves()[0]


NOT_A_BOT = 42
'''


@pytest.fixture(autouse=True)
def registry() -> Iterator[None]:
    # Every test starts and ends with no bot registered (the registry is the process's).
    before = dict(REGISTRY.registered)
    REGISTRY.registered.clear()
    yield
    REGISTRY.registered.clear()
    REGISTRY.registered.update(before)


@pytest.fixture
def bots_module(tmp_path: Path, monkeypatch: Any) -> Path:
    """A module `mybots` on the import path, here and in the commands run from a test."""
    (tmp_path / "mybots.py").write_text(textwrap.dedent(BOT_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    return tmp_path


def test_a_registered_bot_is_made_by_bot_in_any_case(q: ModuleType) -> None:
    q.register_bot("Picky", Picky)
    made = q.bot("PICKY", seed=7, skip=2)
    assert isinstance(made, Picky) and (made.seed, made.skip) == (7, 2)
    assert q.bot("picky").seed is None
    game = q.Game("escoba", seed=3)
    assert made(game) == game.legal_moves()[2]
    # The twins share the registry.
    other = quinza.reference if q is quinza else quinza
    assert isinstance(other.bot("picky"), Picky)


def test_names_are_read_in_any_case(q: ModuleType) -> None:
    assert type(q.bot("Greedy")) is type(q.bot("greedy"))
    assert type(q._core.bot("ISMCTS") if q is quinza else q.bot("ISMCTS")) is type(q.bot("ismcts"))
    assert q.bot("RANDOM", seed=3).seed == 3
    assert q.Rules("ESCOBA") == q.Rules("escoba")
    result = q.simulate("Quinza", 3, bots="Greedy,RANDOM", seed=2)
    assert result.bots == ["greedy", "random"]
    assert result == q.simulate("quinza", 3, bots="greedy,random", seed=2)


@pytest.mark.parametrize("name", ["quinte", "escoba"])
def test_a_rule_set_name_in_game_json_is_read_in_any_case(q: ModuleType, name: str) -> None:
    game = q.Game(name, seed=4)
    data = json.loads(game.to_json())
    data["rules"]["name"] = name.upper()
    assert q.Game.from_json(json.dumps(data)).to_json() == game.to_json()


def test_simulate_makes_a_registered_bot_for_every_match_and_seat() -> None:
    quinza.register_bot("picky", Picky)
    rules, seed = quinza.Rules("rb3ine", players=3), 12
    result = quinza.simulate(rules, 6, bots="picky,greedy,picky:skip=1", seed=seed)
    assert result.bots == ["picky", "greedy", "picky:skip=1"]
    # The same matches in the reference, and match by match as play_match plays them:
    # each seat's Picky new for the match, seeded with the seat's seed.
    assert quinza.reference.simulate(rules, 6, bots="picky,greedy,picky:skip=1", seed=seed) == result
    for i in range(6):
        m = quinza.match_seed(seed, i)
        game = quinza.Game(rules, seed=m)
        players = [Picky(quinza.seat_seed(m, 0)), quinza.bot("greedy"), Picky(quinza.seat_seed(m, 2), skip=1)]
        while not game.is_over:
            game.play(players[game.turn](game.copy()))
        assert (game.scores, len(game.deals)) == (list(result.scores[i]), result.deals[i])


def test_a_registered_bot_plays_as_an_envs_opponent(q: ModuleType) -> None:
    pytest.importorskip("gymnasium")
    from quinza.envs import gym_env

    q.register_bot("picky", Picky)
    env = gym_env("escoba", opponents="picky:skip=0", backend=q)
    env.reset(seed=1)
    assert isinstance(env.unwrapped.bots[1], Picky) and env.unwrapped.bots[1].skip == 0


def test_watch_and_simulate_commands_take_a_registered_name(capsys: Any) -> None:
    quinza.register_bot("picky", Picky)
    assert main(["watch", "--rules", "escoba", "--bots", "Picky:skip=1,greedy", "--seed", "5"]) == 0
    assert "bots: seat 0 picky:skip=1, seat 1 greedy" in capsys.readouterr().out
    assert main(["simulate", "--rules", "escoba", "--bots", "picky,greedy", "--games", "4", "--seed", "5",
                 "--json", "--engine", "reference"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == json.loads(quinza.simulate("escoba", 4, bots="picky,greedy", seed=5).to_json())


def test_module_attr_imports_a_factory_or_a_bot(q: ModuleType, bots_module: Path) -> None:
    result = q.simulate("quinza", 4, bots="mybots:Picky:skip=1,mybots:first", seed=3)
    assert result.bots == ["mybots:Picky:skip=1", "mybots:first"]
    q.register_bot("picky", Picky)
    same = q.simulate("quinza", 4, bots="picky:skip=1,picky:skip=0", seed=3)  # the same bots, by other names
    assert same.tally == result.tally and (same.scores == result.scores).all()


def test_the_commands_import_module_attr(bots_module: Path) -> None:
    # simulate and play, in a process of their own, as a user runs them.
    done = subprocess.run([sys.executable, "-m", "quinza", "simulate", "--rules", "escoba", "--games", "5", "--seed", "8",
                           "--bots", "mybots:Picky:skip=1,greedy", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    quinza.register_bot("picky", Picky)
    assert json.loads(done.stdout)["games"] == 5
    assert json.loads(done.stdout)["wins"] == quinza.simulate("escoba", 5, bots="picky:skip=1,greedy", seed=8).summary["wins"]
    played = subprocess.run([sys.executable, "-m", "quinza", "play", "--rules", "escoba", "--seed", "2", "--delay", "0",
                             "--vs", "mybots:first", "--no-save"], input="q\n", capture_output=True, text=True,
                            timeout=120)  # --no-save: nothing kept in the folder the tests run in
    assert played.returncode == 0, played.stderr
    assert "seat 1 mybots:first" in played.stdout and "you quit" in played.stdout


@pytest.mark.parametrize(
    "name, factory, message",
    [
        ("greedy", Picky, "'greedy' is a built-in bot (random, greedy, pimc, ismcts or net): register yours under a name of its own"),
        ("ISMCTS", Picky, "'ISMCTS' is a built-in bot"),
        ("my bot", Picky, "a bot's name is letters, digits, _ and - (no colon, comma, = or space), not 'my bot'"),
        ("a:b", Picky, "not 'a:b'"),
        (7, Picky, "not 7"),
        ("nine", 9, "the factory of the bot 'nine' must be callable (a class or function that returns a bot), not 9"),
        ("first", lambda game: game.legal_moves()[0], "the factory of the bot 'first' needs 'game': a factory is called"),
    ],
)
def test_a_bad_name_or_factory_is_refused(q: ModuleType, name: Any, factory: Any, message: str) -> None:
    with pytest.raises(ValueError) as error:
        q.register_bot(name, factory)
    assert message in str(error.value)
    assert not REGISTRY.registered


def test_registering_a_name_again_needs_replace(q: ModuleType) -> None:
    q.register_bot("picky", Picky)
    with pytest.raises(ValueError, match="a bot 'picky' is registered already: pass replace=True to replace it"):
        q.register_bot("PICKY", lambda: Picky(skip=0))
    q.register_bot("Picky", lambda: Picky(skip=0), replace=True)
    assert q.bot("picky").skip == 0


def test_what_a_factory_makes_and_takes_is_checked(q: ModuleType) -> None:
    q.register_bot("picky", Picky)
    q.register_bot("nothing", lambda: None)
    with pytest.raises(ValueError, match="the factory of the nothing bot returned None, not a callable"):
        q.bot("nothing")
    with pytest.raises(ValueError, match="unknown parameter 'depth' for the picky bot: choose skip"):
        q.simulate("quinza", 2, bots="picky:depth=2")
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2\\*\\*64-1, not -1"):
        q.bot("picky", seed=-1)
    # An unknown name lists the registered names after the built-in ones.
    with pytest.raises(ValueError) as error:
        q.bot("pciky")
    assert str(error.value) == ("unknown bot 'pciky': choose random, greedy, pimc, ismcts, net, picky or nothing, "
                                "or pass a callable (game) -> move")


def test_module_attr_refusals_are_clear(q: ModuleType, bots_module: Path) -> None:
    cases = {
        "nosuchmodule:Bot": "unknown bot 'nosuchmodule:Bot': no bot of that name, and no module to import it from",
        "mybots:Nobody": "cannot import the bot 'mybots:Nobody': mybots has no 'Nobody'",
        "mybots:NOT_A_BOT": "cannot use the bot 'mybots:NOT_A_BOT': mybots:NOT_A_BOT is 42, not a factory or a bot",
        "mybots:first:skip=1": "the bot mybots:first is a bot (game) -> move, not a factory: it takes no parameters",
    }
    for text, message in cases.items():
        with pytest.raises(ValueError) as error:
            q.simulate("quinza", 2, bots=text)
        assert message in str(error.value), text
