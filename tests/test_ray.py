"""`simulate(..., backend="ray")` on a small local Ray instance (2 CPUs, shut down at the
end) returns exactly what the local backend returns, on both backends."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Iterator

import numpy as np
import pytest

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.parametrize("name, players, bots, games", [("rb3ine", 4, "greedy,random", 300), ("escoba", 3, "random", 200)])
def test_ray_gives_exactly_the_local_result(name: str, players: int, bots: str, games: int) -> None:
    import quinza

    rules = quinza.Rules(name, players=players)
    local = quinza.simulate(rules, games, bots=bots, seed=7)
    remote = quinza.simulate(rules, games, bots=bots, seed=7, backend="ray")
    assert remote.backend == "ray" and local.backend == "local"
    assert remote == local
    assert np.array_equal(remote.deal_points, local.deal_points)
    summary = quinza.simulate(rules, games, bots=bots, seed=7, backend="ray", arrays=False)
    assert summary.summary == local.summary


def test_search_bots_travel_to_ray_with_their_parameters() -> None:
    import quinza

    rules = quinza.Rules("escoba", target=6)
    bots = [quinza.bot("ismcts", iterations=15, c=0.4), "pimc:worlds=3"]
    local = quinza.simulate(rules, 6, bots=bots, seed=2)
    remote = quinza.simulate(rules, 6, bots=bots, seed=2, backend="ray")
    assert remote == local and remote.bots == ["ismcts:iterations=15,c=0.4", "pimc:worlds=3"]


def test_ray_runs_the_reference_too(q: ModuleType) -> None:
    local = q.simulate("quinza", 40, bots="greedy,random", seed=3)
    assert q.simulate("quinza", 40, bots="greedy,random", seed=3, backend="ray") == local


def test_a_python_bot_failing_on_ray_keeps_the_shards_before_it(q: ModuleType) -> None:
    def picky(game: Any) -> Any:
        if game.dealer == 0 and game.deal_number == 4:
            return "1o x 1c"
        return game.legal_moves()[0]

    with pytest.raises(q.BotError, match=r"bot .*picky at seat 1 played an illegal move '1o x 1c' in match \d+") as info:
        q.simulate("quinza", 200, bots=["greedy", picky], seed=11, backend="ray")
    e = info.value
    assert len(e.result) == e.index
    local = q.simulate("quinza", e.index, bots=["greedy", picky], seed=11) if e.index else None
    if local is not None:
        assert np.array_equal(local.scores, e.result.scores)


def test_the_command_with_backend_ray(capsys: Any) -> None:
    import json

    import quinza
    from quinza.__main__ import main

    assert main(["simulate", "--rules", "quinza", "--players", "3", "--games", "120", "--bots", "greedy,random,random",
                 "--seed", "4", "--backend", "ray", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    local = quinza.simulate(quinza.Rules("quinza", players=3), 120, bots="greedy,random,random", seed=4)
    assert summary == json.loads(local.to_json())


def test_a_ladder_on_ray_rates_as_the_local_one() -> None:
    import quinza

    rules = quinza.Rules("escoba", players=3, target=8)
    local = quinza.ladder("random,greedy,pimc:worlds=2", rules, games=5, seed=4).summary
    remote = quinza.ladder("random,greedy,pimc:worlds=2", rules, games=5, seed=4, backend="ray").summary
    for key in ("pairs", "points", "points_low", "points_high", "matches"):
        assert remote[key] == local[key], key
    assert [r["rating"] for r in remote["ratings"]] == [r["rating"] for r in local["ratings"]]
