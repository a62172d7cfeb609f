"""`ladder` and `quinza ladder`: duplicate seating, the Bradley-Terry fit, resuming from the
state file, the report, and bad input refused before any match."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any, List

import numpy as np
import pytest

import quinza
from quinza.__main__ import main
from quinza.study._ladder_result import _time_a_move
from quinza.study.ladder import lineups
from quinza.study.ratings import fit_ratings, win_chance


def test_the_fit_recovers_known_strengths() -> None:
    rng = np.random.default_rng(7)
    true = np.array([0.0, 150.0, 400.0, 420.0, 700.0])
    n = len(true)
    wins = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            k = rng.binomial(2000, win_chance(true[i] - true[j]))
            wins[i, j], wins[j, i] = k, 2000 - k
    fitted = fit_ratings(list("abcde"), wins)
    assert fitted[0] == {"rating": 0.0, "low": 0.0, "high": 0.0}  # the anchor
    for r, t in zip(fitted[1:], true[1:]):
        assert r["low"] < t < r["high"] and r["high"] - r["low"] < 60
    # Ordered as the true strengths, but the two close ones only within their intervals.
    assert [r["rating"] for r in fitted][::2] == sorted(r["rating"] for r in fitted[::2])


def test_a_bot_that_wins_every_match_gets_a_finite_rating() -> None:
    fitted = fit_ratings(["a", "b"], np.array([[0.0, 0.0], [40.0, 0.0]]))
    assert 300 < fitted[1]["rating"] < 2000 and np.isfinite(fitted[1]["high"])


def test_the_time_a_move_is_told_apart_from_the_lineups_seconds() -> None:
    ms = [0.0, 2.0, 0.5]  # bot 0 untimed (greedy); bots 1 and 2 search
    runs = [{"seats": [a, b][::flip], "moves": moves, "seconds": moves / 2 * (ms[a] + ms[b]) / 1000}
            for (a, b), moves in zip([(0, 1), (0, 2), (1, 2)], [100, 120, 90]) for flip in (1, -1)]
    assert _time_a_move(runs, 3, 2, [0]) == pytest.approx(ms)
    two_searchers = [r for r in runs if 0 not in r["seats"]]
    assert _time_a_move(two_searchers, 3, 2, [0]) == [None, None, None]  # the same sum in both lineups


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_bot_sits_in_each_seat_equally_often(players: int) -> None:
    seats = lineups(players)
    for seat in range(players):
        assert Counter(lineup[seat] for lineup in seats) == {0: len(seats) // 2, 1: len(seats) // 2}
    if players == 4:  # partners: each bot holds a whole side
        assert all(lineup[0] == lineup[2] and lineup[1] == lineup[3] for lineup in seats)
    assert len(seats) == {2: 2, 3: 6, 4: 2}[players]


def spy_simulate(q: ModuleType, monkeypatch: pytest.MonkeyPatch, stop_at: int = -1) -> List[Any]:
    """Record every `simulate` call of the ladder (its engine's); the call numbered
    `stop_at` is a Ctrl-C."""
    calls: List[Any] = []
    real = q.ENGINE.simulate

    def spy(rules: Any, games: int, **kw: Any) -> Any:
        calls.append(kw)
        if len(calls) - 1 == stop_at:
            raise q.SimulationInterrupted("Ctrl-C", result=real(rules, 1, **kw))
        return real(rules, games, **kw)

    monkeypatch.setattr(q.ENGINE, "simulate", spy)
    return calls


def test_every_lineup_plays_the_same_deals(q: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy_simulate(q, monkeypatch)
    result = q.ladder(["random", "greedy"], rules=q.Rules("escoba", players=3), games=2, seed=5)
    assert len(calls) == 6 and {c["seed"] for c in calls} == {5}
    names = [c["bots"] for c in calls]  # built-in bots stay names
    assert all(Counter(n[seat] for n in names) == {"random": 3, "greedy": 3} for seat in range(3))
    assert result.matches == 12 and result.pairs[0]["matches"] == 12


def test_resume_skips_finished_lineups_and_equals_a_whole_run(q: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    bots = ["random", "greedy", "pimc:worlds=2,depth=0"]
    games, rules = 3, q.Rules("escoba", target=6)  # short matches: the reference plays pimc slowly
    whole = q.ladder(bots, rules, games=games, seed=11)
    state = tmp_path / "ladder.json"
    calls = spy_simulate(q, monkeypatch, stop_at=3)
    with pytest.raises(q.SimulationInterrupted) as stop:
        q.ladder(bots, rules, games=games, seed=11, state=state)
    partial = stop.value.result
    assert partial.interrupted and len(partial.pairs) == 1 and partial.matches == 2 * games
    lines = state.read_text().splitlines()
    assert len(lines) == 1 + 3  # the settings, the finished lineups; the Ctrl-C's not
    with open(state, "a") as f:
        f.write(lines[-1][:40])  # a line cut short by a stop: played again

    calls.clear()
    again = q.ladder(bots, rules, games=games, state=state)  # the seed is the file's
    assert len(calls) == 3  # only the lineups not finished
    assert len(state.read_text().splitlines()) == 1 + 6
    assert again.seed == 11 and not again.interrupted
    for key in ("pairs", "ratings", "points", "points_low", "points_high", "matches"):
        if key == "ratings":
            assert [{k: v for k, v in r.items() if k != "ms_a_move"} for r in again.summary[key]] == \
                   [{k: v for k, v in r.items() if k != "ms_a_move"} for r in whole.summary[key]]
        else:
            assert again.summary[key] == whole.summary[key], key
    calls.clear()
    q.ladder(bots, rules, games=games, state=state)
    assert not calls  # all done: nothing played
    with pytest.raises(ValueError, match="holds another ladder"):
        q.ladder(bots, rules, games=games + 1, state=state)


def test_greedy_rates_above_random(q: ModuleType, tmp_path: Path) -> None:
    games = 20
    result = q.ladder("random,greedy", rules="escoba", games=games, seed=1)
    random_, greedy = result.ratings
    assert random_["rating"] == 0 and greedy["low"] > 0
    assert result.points[1, 0] > 0 and result.low[1, 0] > 0 and result.points[0, 1] == -result.points[1, 0]
    assert result.matches == 2 * games and result.ms_a_move == [0.0, 0.0]  # neither searches
    text = str(result)
    assert "greedy" in text and "0 (the anchor)" in text and "points a deal" in text
    summary = json.loads(result.to_json())
    assert summary["bots"] == ["random", "greedy"] and summary["pairings_done"] == 1
    for name in ("chart.png", "chart.svg"):
        result.plot(str(tmp_path / name))
        assert (tmp_path / name).stat().st_size > 1000


def test_the_twins_give_the_same_ladder() -> None:
    import quinza.reference as ref

    a = quinza.ladder("greedy,random", rules="quinza", games=3, seed=2).summary
    b = ref.ladder("greedy,random", rules="quinza", games=3, seed=2).summary
    for key in ("pairs", "ratings", "points"):
        if key == "ratings":
            assert [r["rating"] for r in a[key]] == [r["rating"] for r in b[key]]
        else:
            assert a[key] == b[key]


@pytest.mark.parametrize("bots, games, words", [
    ("random,nosuch", 1, "unknown bot 'nosuch'"),
    ("greedy", 1, "two bots or more"),
    ("greedy,greedy", 1, "given twice"),
    ("random,greedy", 0, "games must be"),
    ("random,greedy", -3, "games must be"),
    ("random,greedy", 10**12, "too many matches a lineup"),
])
def test_bad_arguments_are_refused(q: ModuleType, bots: str, games: int, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        q.ladder(bots, games=games)


@pytest.mark.parametrize("args, words", [
    (["--bots", "random,nosuch"], "unknown bot 'nosuch'"),
    (["--bots", "random"], "two bots or more"),
    (["--bots", "random,greedy", "--games", "0"], "--games must be 1 or more"),
    (["--bots", "random,greedy", "--plot", "/no/such/folder/x.png"], "no folder"),
    (["--bots", "random,greedy", "--plot", "x.nope"], "file type"),
    (["--bots", "random,greedy", "--state", "/no/such/folder/x.json"], "no folder"),
    (["--bots", "random,greedy", "--bots", "greedy", "--rules", "nosuch"], "nosuch"),
])
def test_the_command_refuses_bad_input_with_exit_2(args: List[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["ladder", *args])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and words in err and "Traceback" not in err


def test_the_command_keeps_a_state_file_of_another_ladder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "s.json"
    plot = tmp_path / "s.svg"
    assert main(["ladder", "--bots", "random,greedy", "--games", "2", "--seed", "3", "--state", str(state),
                 "--plot", str(plot), "--progress", "never"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out and "1 of 1 pairing," in out and plot.read_text().startswith("<?xml")
    kept = state.read_text()
    with pytest.raises(SystemExit) as stop:
        main(["ladder", "--bots", "random,greedy", "--games", "5", "--state", str(state)])
    assert stop.value.code == 2 and "holds another ladder" in capsys.readouterr().err
    assert state.read_text() == kept  # nothing lost
