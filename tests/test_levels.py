"""Levels for people (easy, medium, hard, expert, master) taken by name wherever a bot is: `bot`,
simulate's bots, the commands and a server room's seats."""

from __future__ import annotations

from types import ModuleType

import pytest

from quinza.bots import LEVELS, level_text
from quinza.server.players import check_spec
from quinza.server.pool import Budget


@pytest.mark.parametrize("name", list(LEVELS))
def test_a_level_is_its_bot_with_its_budget(q: ModuleType, name: str) -> None:
    kind, budget = LEVELS[name]
    made = q.bot(name.upper(), seed=3)
    assert made.params == q.bot(kind, seed=3, **budget).params
    g = q.Game(q.Rules("escoba"), seed=5)
    assert str(made(g)) == str(q.bot(kind, seed=3, **budget)(g))


def test_a_parameter_beside_a_level_changes_its_budget(q: ModuleType) -> None:
    assert q.bot("medium", worlds=4).params["worlds"] == 4
    with pytest.raises(ValueError, match="iterations"):
        q.bot("hard", iterations=5)  # pimc has no iterations


def test_simulate_takes_levels(q: ModuleType) -> None:
    by_level = q.simulate("escoba", 2, bots="medium,easy", seed=4, threads=1)
    by_spec = q.simulate("escoba", 2, bots="pimc:worlds=16,greedy", seed=4, threads=1)
    assert list(by_level.winner) == list(by_spec.winner) and list(by_level.moves) == list(by_spec.moves)


def test_a_level_cannot_be_registered(q: ModuleType) -> None:
    with pytest.raises(ValueError, match="'expert' is a level"):
        q.register_bot("expert", lambda: None)


def test_a_server_room_takes_a_level(q: ModuleType) -> None:
    for name in LEVELS:  # every level is within the server's default budget
        assert check_spec(q, name, imports=False, budget=Budget(), rules=q.Rules("escoba")) == name
    with pytest.raises(ValueError, match="levels, built-in bots and registered ones"):
        check_spec(q, "grandmaster", imports=False, budget=Budget(), rules=q.Rules("escoba"))


def test_the_commands_read_a_level_in_any_case_and_with_spaces_around() -> None:
    from quinza.cli.levels import bot_of_level

    for name in ("hard", "HARD", " Hard ", "hard\n"):
        assert bot_of_level(name) == level_text("hard"), name
    assert bot_of_level("pimc:worlds=3") == "pimc:worlds=3"  # no level: as given
    assert bot_of_level("harder") == "harder"


def test_master_is_refused_before_play_where_no_net_ships(q: ModuleType) -> None:
    three = q.Rules("escoba", players=3)
    for run in (lambda: q.simulate(three, 2, bots="master", seed=1, threads=1),
                lambda: q.play_match(three, "master,greedy,greedy", 1)):
        with pytest.raises(ValueError, match="^the bot 'ismcts:iterations=1000,prior=net' plays with a net, "
                                             "and none ships for escoba with 3 players$"):
            run()
