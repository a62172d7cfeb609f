"""Bots and batch simulation (docs/reference/simulation.md "Simulation"), on both backends: the bots'
choice rules, the seeding scheme, the result arrays and summary, Python bots, bad input
and Ctrl-C; then the Rust core against the reference, move by move and match by match."""

from __future__ import annotations

import json
import os
import signal
from types import ModuleType
from typing import Any, List

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import position, texts

FAMILY = ["quinza", "rb3ine", "escoba"]


# -- the bots' choice rules ----------------------------------------------------------------


def test_greedy_takes_the_most_card_points_in_quinza(q: ModuleType) -> None:
    # 3o x 12c is worth 3 + 1; 1o x 4c 10c is worth 10 + 1 + 1 (the Ace of Oros scores 10).
    g = position(q, "quinza", [["1o", "3o"], ["7b", "6b"]], ["4c", "10c", "12c"], dealer=1)
    assert str(q.GreedyBot()(g)) == "1o x 4c 10c"


def test_greedy_lays_the_cheapest_card_and_ties_go_to_the_first_legal_move(q: ModuleType) -> None:
    # Nothing captures; laying 12o costs 12 points, 2c and 3c cost 1: the first of them.
    g = position(q, "quinza", [["12o", "2c", "3c"], ["7b", "6b", "5b"]], ["11b"], dealer=1)
    assert texts(g.legal_moves()) == ["12o", "2c", "3c"]
    assert str(q.GreedyBot()(g)) == "2c"


def test_greedy_counts_on_40_in_rb3ine(q: ModuleType) -> None:
    # 12o takes 11c 10e 7b (12 + 3 points) rather than laying; 1b cannot capture.
    g = position(q, "rb3ine", [["12o", "1b"], ["2b", "3b"]], ["11c", "10e", "7b"], dealer=1)
    assert str(q.GreedyBot()(g)) == "12o x 7b 10e 11c" or str(q.GreedyBot()(g)) == "12o x 11c 10e 7b"
    assert q.GreedyBot()(g) == q.Move("12o", ["11c", "10e", "7b"])


def test_greedy_in_escoba_escobas_first_then_the_seven_of_oros_then_oros_then_cards(q: ModuleType) -> None:
    # Escoba values: Sota (10) 8, Rey (12) 10. 1b x 7o 7c clears the table: an escoba.
    g = position(q, "escoba", [["1b", "10c", "12c"], ["2b", "3b", "4b"]], ["7o", "7c"], dealer=1)
    assert str(q.GreedyBot()(g)) == "1b x 7o 7c"
    # No escoba: 10c x 7o (the 7 of Oros) beats 12c x 5e.
    g = position(q, "escoba", [["10c", "12c"], ["2b", "3b"]], ["7o", "5e", "6e"], dealer=1)
    assert str(q.GreedyBot()(g)) == "10c x 7o"
    # Oros next: 12c x 5o beats 12c x 5e (both two cards).
    g = position(q, "escoba", [["12c"], ["2b"]], ["5o", "5e", "1c"], dealer=1)
    assert str(q.GreedyBot()(g)) == "12c x 5o"
    # Then cards: 11c (9) x 1c 5e takes three cards, 11c x 6e two.
    g = position(q, "escoba", [["11c"], ["2b"]], ["1c", "5e", "6e", "12e"], dealer=1)
    assert str(q.GreedyBot()(g)) == "11c x 1c 5e"


def test_greedy_clear_with_the_last_card_is_no_escoba(q: ModuleType) -> None:
    # A clear with the player's final card of the deal does not score, so the bot takes
    # the 7 of Oros with its only card rather than... it has one card: both moves clear or
    # not; what counts is the key: no escoba, then the 7 of Oros.
    g = position(q, "escoba", [["10c"], ["2b"]], ["7o", "7c"], dealer=1)
    assert texts(g.legal_moves()) == ["10c x 7o", "10c x 7c"]
    assert str(q.GreedyBot()(g)) == "10c x 7o"


def test_random_bot_draws_below_the_number_of_legal_moves(q: ModuleType) -> None:
    g = q.Game(q.Rules("rb3ine", players=3), seed=11)
    for seed in range(20):
        moves = g.legal_moves()
        r = q.Random(seed)
        assert q.RandomBot(seed)(g) == moves[r.below(len(moves))]
    bot = q.RandomBot(5)
    bot(g)
    r = q.Random(5)
    r.below(len(g.legal_moves()))
    assert bot.state == r.state and bot.seed == 5


def test_bots_by_name_and_their_text(q: ModuleType) -> None:
    assert repr(q.bot("random", seed=3)) == "RandomBot(seed=3)"
    assert repr(q.bot("greedy")) == "GreedyBot()"
    assert q.bot("greedy").name == "greedy" and q.RandomBot().name == "random"
    assert q.RandomBot().seed == 0


def test_a_bot_refuses_a_finished_match(q: ModuleType) -> None:
    g = q.play_match("quinza", "greedy", 1)
    assert g.is_over
    for b in (q.GreedyBot(), q.RandomBot(1)):
        with pytest.raises(ValueError, match="the match is over"):
            b(g)


# -- seeding -------------------------------------------------------------------------------------


def test_match_seeds_are_the_outputs_of_the_seed_generator(q: ModuleType) -> None:
    r = q.Random(7)
    assert [q.match_seed(7, i) for i in range(4)] == [r.next_u64() for _ in range(4)]
    r = q.Random(12345 ^ 0x6A09E667F3BCC909)
    assert [q.seat_seed(12345, s) for s in range(4)] == [r.next_u64() for _ in range(4)]
    assert q.match_seed(2**64 - 1, 2**64 - 1) == quinza.match_seed(2**64 - 1, 2**64 - 1) == ref.match_seed(
        2**64 - 1, 2**64 - 1
    )


def test_every_match_replays_alone_from_its_seed(q: ModuleType) -> None:
    rules = q.Rules("escoba", players=4)
    result = q.simulate(rules, 12, bots=["greedy", "random"], seed=99)
    offsets = result.deal_offsets
    for i in (0, 5, 11):
        g = q.play_match(rules, ["greedy", "random"], q.match_seed(99, i))
        assert result.winner[i] == (-1 if g.winner is None else g.winner)
        assert result.scores[i].tolist() == g.scores
        assert result.deals[i] == len(g.deals)
        assert result.first_dealer[i] == g.deals[0].dealer
        assert result.deal_points[offsets[i] : offsets[i + 1]].tolist() == [d.points for d in g.deals]
        assert result.deal_dealer[offsets[i] : offsets[i + 1]].tolist() == [d.dealer for d in g.deals]
        assert result.match_seed(i) == q.match_seed(99, i)


def test_a_simulated_match_is_the_game_played_with_seat_seeded_bots(q: ModuleType) -> None:
    # The contract spelled out: Game(rules, seed=match seed), the random bot of seat k
    # from seat_seed(match seed, k), the greedy bot as it is.
    ms = q.match_seed(3, 4)
    g = q.Game(q.Rules("quinza", players=3), seed=ms)
    seats = [q.RandomBot(q.seat_seed(ms, 0)), q.GreedyBot(), q.RandomBot(q.seat_seed(ms, 2))]
    while not g.is_over:
        g.play(seats[g.turn](g))
    result = q.simulate(q.Rules("quinza", players=3), 5, bots=["random", "greedy", "random"], seed=3)
    assert result.scores[4].tolist() == g.scores


# -- results -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FAMILY)
def test_results_hold_together(q: ModuleType, name: str) -> None:
    rules = q.Rules(name, players=4)
    r = q.simulate(rules, 30, bots="greedy,random", seed=5)
    s = r.summary
    assert len(r) == s["games"] == 30 and not r.interrupted
    assert s["bots"] == ["greedy", "random", "greedy", "random"]
    assert sum(s["wins"]) + s["draws"] == 30
    assert r.winner.dtype == np.int8 and r.scores.shape == (30, 2) and r.deal_points.shape[1] == 2
    assert int(r.deals.sum()) == len(r.deal_points) == len(r.deal_dealer) == len(r.deal_match) == s["deals"]
    assert (r.scores == np.array([r.deal_points[r.deal_match == i].sum(axis=0) for i in range(30)])).all()
    for i in range(30):
        if r.winner[i] >= 0:
            assert r.scores[i, r.winner[i]] >= rules.target
    if name != "escoba":
        assert (r.deal_points.sum(axis=1) <= 100).all()
    rates = s["win_rate_by_side"]
    assert rates[0]["low"] <= rates[0]["rate"] <= rates[0]["high"]
    assert s["win_rate_by_seat"][2] == rates[0]
    assert abs(sum(p["mean"] for p in s["points_per_deal_by_position"]) - 2 * sum(
        p["mean"] for p in s["points_per_deal_by_side"]
    )) < 1e-9
    assert s["deals_per_match"]["mean"] == r.deals.mean()
    assert r.points_histogram.sum() == 2 * s["deals"]
    assert json.loads(r.to_json())["games"] == 30
    assert "win rate" in str(r)


def test_arrays_false_keeps_the_same_summary_without_arrays(q: ModuleType) -> None:
    a = q.simulate("quinza", 20, seed=1)
    b = q.simulate("quinza", 20, seed=1, arrays=False)
    assert a.summary == b.summary and not b.has_arrays
    with pytest.raises(ValueError, match="arrays were not kept"):
        b.winner


def test_a_seed_left_out_is_drawn_and_kept(q: ModuleType) -> None:
    a = q.simulate("quinza", 3)
    assert a == q.simulate("quinza", 3, seed=a.seed)


def test_bots_one_for_all_one_per_side_or_one_per_seat(q: ModuleType) -> None:
    assert q.simulate(q.Rules("quinza", players=4), 2, bots="greedy", seed=1).bots == ["greedy"] * 4
    three = q.simulate(q.Rules("quinza", players=3), 2, bots=["greedy", "random", "random"], seed=1)
    assert three.bots == ["greedy", "random", "random"]
    objects = q.simulate("quinza", 6, bots=[q.GreedyBot(), q.RandomBot(12345)], seed=2)
    assert objects == q.simulate("quinza", 6, bots=["greedy", "random"], seed=2)


def test_progress_is_reported(q: ModuleType) -> None:
    seen: List[Any] = []
    q.simulate("quinza", 300, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (300, 300) and all(t == 300 for _, t in seen)


# -- Python bots -------------------------------------------------------------------------------


def test_a_python_bot_plays_like_the_core_bot_it_wraps(q: ModuleType) -> None:
    def my_greedy(game: Any) -> Any:
        return q.GreedyBot()(game)

    a = q.simulate(q.Rules("rb3ine", players=3), 8, bots=[my_greedy, "random", "greedy"], seed=4)
    b = q.simulate(q.Rules("rb3ine", players=3), 8, bots=["greedy", "random", "greedy"], seed=4)
    assert a.bots[0].endswith("my_greedy")
    assert a.tally == b.tally and np.array_equal(a.scores, b.scores)


def test_a_python_bot_gets_a_copy_and_may_answer_with_text(q: ModuleType) -> None:
    def meddler(game: Any) -> str:
        move = game.legal_moves()[0]
        game.play(move)  # changes only its copy
        return str(move)

    r = q.simulate("quinza", 3, bots=[meddler, "random"], seed=2)
    assert len(r) == 3


def test_an_illegal_move_from_a_python_bot_names_the_bot_the_match_seed_and_the_move(q: ModuleType) -> None:
    calls = {"n": 0}

    def cheat(game: Any) -> Any:
        calls["n"] += 1
        if game.deal_number == 2:
            return "1o x 2o"
        return game.legal_moves()[0]

    with pytest.raises(q.BotError) as info:
        q.simulate("quinza", 5, bots=[cheat, "random"], seed=8)
    e = info.value
    ms = q.match_seed(8, 0)
    assert isinstance(e, ValueError)
    assert "cheat" in str(e) and f"match seed {ms}" in str(e) and "1o x 2o" in str(e)
    assert str(e).startswith("bot ") and e.index == 0 and e.match_seed == ms and e.seat == 0
    assert e.result is not None and len(e.result) == 0


def test_a_bot_that_raises_stops_the_run_and_keeps_the_finished_matches(q: ModuleType) -> None:
    calls = {"n": 0}

    def fragile(game: Any) -> Any:
        calls["n"] += 1  # a quinza match asks it about 50 times: this fails a few matches in
        if calls["n"] == 300:
            raise ZeroDivisionError("boom")
        return game.legal_moves()[-1]

    with pytest.raises(q.BotError, match="raised ZeroDivisionError: boom") as info:
        q.simulate("quinza", 40, bots=["greedy", fragile], seed=3)
    e = info.value
    assert isinstance(e.__cause__, ZeroDivisionError)
    done = len(e.result)
    assert 0 < done == e.index < 40
    assert f"match {done} (match seed {q.match_seed(3, done)})" in str(e)
    full = q.simulate("quinza", done, bots=["greedy", lambda g: g.legal_moves()[-1]], seed=3)
    assert np.array_equal(e.result.scores, full.scores)


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"games": 0}, "games must be a whole number from 1 to 2**64-1, not 0"),
        ({"games": -5}, "games must be a whole number from 1 to 2**64-1, not -5"),
        ({"games": 2.5}, "games must be a whole number from 1 to 2**64-1, not 2.5"),
        ({"games": True}, "games must be a whole number from 1 to 2**64-1, not True"),
        ({"games": 2**64}, "games must be a whole number from 1 to 2**64-1, not 18446744073709551616"),
        ({"bots": "greedy,smart"}, "unknown bot 'smart': choose random, greedy, pimc, ismcts or net"),
        ({"bots": ["random", 7]}, "unknown bot 7: choose random, greedy, pimc, ismcts or net"),
        ({"bots": ["random"] * 3}, "bots: give 1 or 2 bots for 2 players"),
        ({"seed": -1}, "seed must be a whole number from 0 to 2**64-1, not -1"),
        ({"threads": 0}, "threads must be a whole number >= 1, or None for every core, not 0"),
        ({"backend": "cloud"}, "unknown backend 'cloud': choose local or ray"),
        ({"rules": "poker"}, "unknown rule set 'poker'"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_value_error(q: ModuleType, kwargs: dict, message: str) -> None:
    args = {"rules": "quinza", "games": 3, "bots": "random", "seed": 1, **kwargs}
    with pytest.raises(ValueError) as info:
        q.simulate(**args)
    assert message in str(info.value)


def test_unknown_bot_names_in_bot_and_bad_seeds(q: ModuleType) -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        q.bot("clever")
    with pytest.raises(ValueError, match="seed must be"):
        q.RandomBot(-3)
    with pytest.raises(ValueError, match="index must be"):
        q.match_seed(1, -1)
    with pytest.raises(ValueError, match="seat must be 0..3"):
        q.seat_seed(1, 4)


def test_the_ray_backend_without_ray_says_how_to_install_it(q: ModuleType, monkeypatch: Any) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(ValueError, match=r"backend='ray' needs Ray: pip install 'quinza\[ray\]'"):
        q.simulate("quinza", 3, seed=1, backend="ray")


def test_ctrl_c_stops_after_the_chunk_and_keeps_what_finished(q: ModuleType) -> None:
    def interrupt(done: int, total: int) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(q.SimulationInterrupted) as info:
        q.simulate("quinza", 100_000, bots="greedy", seed=6, progress=interrupt, arrays=True)
    r = info.value.result
    assert isinstance(info.value, KeyboardInterrupt)
    assert 0 < len(r) < 100_000 and r.interrupted and r.summary["interrupted"]
    assert r == q.simulate("quinza", len(r), bots="greedy", seed=6).__class__(
        rules=r.rules, seed=6, bots=r.bots, requested=100_000, tally=r.tally,
        records=r.arrays(), backend="local", engine=q.BACKEND, interrupted=True,
    )
    again = q.simulate("quinza", len(r), bots="greedy", seed=6)
    assert np.array_equal(again.scores, r.scores) and again.tally == r.tally


def test_arrays_that_would_outgrow_the_limit_are_refused_before_the_run(q: ModuleType) -> None:
    # escoba, 2 sides: 26 bytes a match and 10 deals of 9 bytes, 116 bytes; 2**31 // 116 = 18512790
    message = (
        "games=100000000 with arrays=True would keep about 10.8 GiB of per-match and per-deal arrays "
        "(at about 10 deals a match), more than the 2 GiB limit: pass arrays=False to keep only the "
        "summary, or play at most 18512790 matches"
    )
    for backend in ("local", "ray"):  # refused before Ray is even looked for
        with pytest.raises(ValueError) as info:
            q.simulate("escoba", 10**8, seed=1, backend=backend, progress=_no_progress)
        assert str(info.value) == message
    with pytest.raises(ValueError, match=r"^games=18446744073709551615 with arrays=True would keep about "
                       r"1,992,864,825,344.0 GiB .* or play at most 18512790 matches$"):
        q.simulate("escoba", 2**64 - 1, seed=1, progress=_no_progress)
    # the figure follows the rules: a higher target means longer matches
    with pytest.raises(ValueError, match=r"at about 18 deals a match.*at most 11422785 matches$"):
        q.simulate(q.Rules("escoba", target=41), 10**8, seed=1, progress=_no_progress)


def _no_progress(done: int, total: int) -> None:
    raise AssertionError("a refused run must not start")


def _interrupt(done: int, total: int) -> None:
    os.kill(os.getpid(), signal.SIGINT)


@pytest.mark.parametrize("games, arrays", [(18512790, True), (2**64 - 1, False)])
def test_the_largest_runs_start_without_holding_memory_up_front(q: ModuleType, games: int, arrays: bool) -> None:
    # just under the limit with arrays, and the most matches the core can number without:
    # both start at once (Ctrl-C after the first chunk), nothing sized by `games` up front
    with pytest.raises(q.SimulationInterrupted) as info:
        q.simulate("escoba", games, seed=2, progress=_interrupt, arrays=arrays)
    r = info.value.result
    assert 0 < len(r) < 10_000 and r.requested == games and r.has_arrays == arrays


def test_the_deals_estimate_is_above_the_measured_means(q: ModuleType) -> None:
    from quinza.sim import records as _records

    for r in q.rule_sets():
        assert r["deal_points"] > 0, r
        for players in r["players"]:
            rules = q.Rules(r["name"], players=players)
            for bots in ("random", "greedy"):
                deals = q.simulate(rules, 40 if q is quinza else 10, bots=bots, seed=5).deals
                assert deals.mean() <= _records.deals_estimate(q, rules), (rules, bots)


# -- the core against the reference ------------------------------------------------------------


@settings(max_examples=int(os.environ.get("QUINZA_BOT_EXAMPLES", "60")))
@given(
    name=st.sampled_from(FAMILY),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**64 - 1),
    bot_seed=st.integers(0, 2**64 - 1),
    options=st.fixed_dictionaries(
        {"escoba_on_last_card": st.booleans(), "opening_capture": st.booleans()}
    ),
)
def test_bots_choose_the_same_moves_on_both_backends(name: str, players: int, seed: int, bot_seed: int, options: dict) -> None:
    kw = options if name == "escoba" else {}
    rust = quinza.Game(quinza.Rules(name, players=players, target=40, **kw), seed=seed)
    py = ref.Game(ref.Rules(name, players=players, target=40, **kw), seed=seed)
    rust_random, py_random = quinza.RandomBot(bot_seed), ref.RandomBot(bot_seed)
    while not rust.is_over:
        greedy = {str(quinza.GreedyBot()(rust)), str(ref.GreedyBot()(py))}
        # and each backend's bot on the other backend's game
        greedy |= {str(ref.GreedyBot()(rust)), str(quinza.GreedyBot()(py))}
        assert len(greedy) == 1
        move = rust_random(rust)
        assert str(move) == str(py_random(py))
        rust.play(move)
        py.play(str(move))
    assert rust.to_json() == py.to_json()
    assert rust_random.state == py_random.state


@pytest.mark.parametrize(
    "name, players, bots",
    [
        ("quinza", 2, "random"),
        ("quinza", 3, "greedy,random,random"),
        ("rb3ine", 4, "greedy,random"),
        ("rb3ine", 2, "greedy"),
        ("escoba", 2, "random,greedy"),
        ("escoba", 4, "random"),
    ],
)
def test_simulate_gives_the_same_results_on_both_backends_and_any_thread_count(name: str, players: int, bots: str) -> None:
    rules_kw = {"players": players, "target": 101 if name != "escoba" else 21}
    rust = quinza.simulate(quinza.Rules(name, **rules_kw), 25, bots=bots, seed=2024, threads=1)
    assert rust == quinza.simulate(quinza.Rules(name, **rules_kw), 25, bots=bots, seed=2024, threads=2)
    assert rust == quinza.simulate(quinza.Rules(name, **rules_kw), 25, bots=bots, seed=2024, threads=7)
    py = ref.simulate(ref.Rules(name, **rules_kw), 25, bots=bots, seed=2024)
    assert rust == py and rust.summary == py.summary
    assert rust.engine == "rust" and py.engine == "reference"


def test_escoba_options_reach_the_simulation() -> None:
    for options in ({"escoba_on_last_card": True}, {"opening_capture": False, "setenta": "sum"}):
        rust = quinza.simulate(quinza.Rules("escoba", **options), 15, bots="greedy,random", seed=9)
        assert rust == ref.simulate(ref.Rules("escoba", **options), 15, bots="greedy,random", seed=9)
        assert rust.summary["rules"]["escoba_on_last_card"] == options.get("escoba_on_last_card", False)


# -- quinte: every backend that has it ----------------------------------

from .test_quinte import qq  # noqa: E402,F401  (the fixture: backends that have quinte)


@settings(max_examples=int(os.environ.get("QUINZA_BOT_EXAMPLES", "60")) // 3)
@given(seed=st.integers(0, 2**64 - 1), bot_seed=st.integers(0, 2**64 - 1), target=st.sampled_from([60, 250]))
def test_quinte_bots_choose_the_same_moves_on_both_backends(seed: int, bot_seed: int, target: int) -> None:
    if not hasattr(quinza.Rules("quinza"), "deck"):
        pytest.skip("the Rust core has no quinte yet")
    rust = quinza.Game(quinza.Rules("quinte", target=target), seed=seed)
    py = ref.Game(ref.Rules("quinte", target=target), seed=seed)
    rust_random, py_random = quinza.RandomBot(bot_seed), ref.RandomBot(bot_seed)
    while not rust.is_over:
        greedy = {str(quinza.GreedyBot()(rust)), str(ref.GreedyBot()(py))}
        greedy |= {str(ref.GreedyBot()(rust))}
        assert len(greedy) == 1
        # greedy or random, in turns, so both bots' positions are met
        move = rust_random(rust)
        assert str(move) == str(py_random(py))
        rust.play(move)
        py.play(str(move))
    assert rust.to_json() == py.to_json()


def test_quinte_simulate_gives_the_same_results_on_both_backends() -> None:
    if not hasattr(quinza.Rules("quinza"), "deck"):
        pytest.skip("the Rust core has no quinte yet")
    rust = quinza.simulate("quinte", 12, bots="greedy,random", seed=31, threads=2)
    assert rust == quinza.simulate("quinte", 12, bots="greedy,random", seed=31, threads=1)
    assert rust == ref.simulate("quinte", 12, bots="greedy,random", seed=31)
    assert rust == quinza.simulate(quinza.Rules("quinte", target=250), 12, bots="greedy,random", seed=31)


def test_quinte_simulates_with_both_bots(qq: ModuleType) -> None:
    r = qq.simulate("quinte", 4, bots="greedy,random", seed=2)
    s = r.summary
    assert len(r) == 4 and s["bots"] == ["greedy", "random", "greedy", "random"]
    assert s["draws"] == 0  # a quinte match never ends in a draw
    assert (r.winner >= 0).all() and (r.scores.max(axis=1) >= 250).all()
    g = qq.play_match("quinte", "greedy,random", r.match_seed(3))
    assert g.scores == r.scores[3].tolist()


def test_quinte_greedy_passes_and_plays_for_quints_and_tricks(qq: ModuleType) -> None:
    g = qq.Game("quinte", seed=1)
    assert str(qq.GreedyBot()(g)) == "pass"  # a bid is worth nothing right away
    for _ in range(4):
        g.play("pass")
    # Leading: every card wins the trick as it stands; the most quints first (a 5 of
    # hearts is 20 and 5 x 1 for the trick), ties to the first card in id order.
    lead = qq.GreedyBot()(g)
    legal = [m.card for m in g.legal_moves()]
    fives = [c for c in legal if c.rank == 5]
    if fives:
        assert lead.card == max(fives, key=lambda c: "scdh".index(c.suit))
    else:
        assert lead.card == legal[0]


def test_random_bot_plays_quinte_in_step_with_the_generator(qq: ModuleType) -> None:
    g = qq.Game("quinte", seed=5)
    bot, r = qq.RandomBot(9), qq.Random(9)
    for _ in range(30):
        moves = g.legal_moves()
        move = bot(g)
        assert move == moves[r.below(len(moves))]
        g.play(move)
