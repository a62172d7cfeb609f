"""The ladder's paired bootstrap (quinza/study/bootstrap.py): on synthetic duplicate
matches with a known answer its intervals are as wide as the paired data say, much
narrower than a bootstrap of single matches, and cover the truth; the ladder's result
says which intervals it shows, in its text, JSON, repr, HTML and picture."""

from __future__ import annotations

import json
import math
from typing import Any, Dict, Tuple

import numpy as np
import pytest

import quinza
from quinza.__main__ import main
from quinza.stats import Z95
from quinza.study._ladder_html import ladder_figure
from quinza.study._ladder_result import LadderResult, run_key
from quinza.study.bootstrap import paired_bootstrap
from quinza.study.ratings import ELO

RULES = {"name": "escoba", "players": 2, "target": 21}


def mirrored(seeds: int, luck: float, rng: np.random.Generator, edge: float = 0.3) -> Tuple[np.ndarray, np.ndarray]:
    """One pair's duplicate matches (1 pair x 2 lineups x `seeds`): each seed's deals favour
    seat 0 by a luck drawn with spread `luck`, so bot a, in seat 0 in lineup 0 and seat 1
    in lineup 1, gains it in one lineup and loses it in the other. Points a deal: a's
    `edge` plus or minus the luck, plus noise; results: a's wins, the chance of each
    match's win its edge plus or minus the luck (logistic)."""
    z = rng.normal(0.0, luck, seeds)
    noise = rng.normal(0.0, 0.5, (2, seeds))
    points = np.stack([edge + z, edge - z]) + noise
    chance = 1 / (1 + np.exp(-np.stack([edge + z, edge - z])))
    scores = (rng.random((2, seeds)) < chance).astype(float)
    return scores[None], points[None]


def width(interval: np.ndarray) -> float:
    return float(interval[1] - interval[0])


def test_the_points_interval_is_the_paired_data_s_and_far_narrower_than_single_matches() -> None:
    # Known answer: the mean of K per-seed samples (each seed's two lineups averaged, the
    # luck cancelled) has a 95% interval of about 2 * 1.96 * sd / sqrt(K).
    seeds = 400
    scores, points = mirrored(seeds, luck=3.0, rng=np.random.default_rng(1))
    expected = 2 * Z95 * points[0].mean(axis=0).std(ddof=1) / math.sqrt(seeds)
    paired = paired_bootstrap(2, [(0, 1)], scores, points, seed=7)
    single = paired_bootstrap(2, [(0, 1)], scores, points, seed=7, paired=False)
    assert width(paired["points"][0]) == pytest.approx(expected, rel=0.15)
    assert width(single["points"][0]) > 5 * width(paired["points"][0])
    # The check above fails when the pairing is broken: single matches resampled on their own.
    assert width(single["points"][0]) != pytest.approx(expected, rel=0.15)


def test_the_pairing_narrows_the_ratings_and_the_win_rate() -> None:
    scores, points = mirrored(300, luck=4.0, rng=np.random.default_rng(2))
    paired = paired_bootstrap(2, [(0, 1)], scores, points, seed=3)
    single = paired_bootstrap(2, [(0, 1)], scores, points, seed=3, paired=False)
    for key in ("rating", "difference", "win_rate"):
        row = 1 if key == "rating" else 0  # the anchor's rating is 0, no interval
        assert width(paired[key][row]) < 0.6 * width(single[key][row]), key
    assert paired["rating"][0].tolist() == [0.0, 0.0]
    assert paired["difference"][0] == pytest.approx(-paired["rating"][1][::-1])  # a - b, b the rated one


def test_the_paired_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    # A seed's deals decide both its matches for the seat-0 bot with chance q (a wins one,
    # loses one); otherwise a wins each with chance p: a wins a match with chance
    # q/2 + (1-q)p, which the rating difference's Elo formula turns into the truth.
    rng = np.random.default_rng(4)
    q, p, mean_points, seeds, trials = 0.6, 0.75, 0.4, 40, 150
    chance = q / 2 + (1 - q) * p
    truth = ELO * math.log(chance / (1 - chance))
    covered = {"difference": 0, "points": 0}
    for trial in range(trials):
        decided = rng.random(seeds) < q
        free = (rng.random((2, seeds)) < p).astype(float)
        scores = np.where(decided, np.array([[1.0], [0.0]]), free)[None]
        z = rng.normal(0.0, 3.0, seeds)
        points = (mean_points + np.stack([z, -z]) + rng.normal(0.0, 1.0, (2, seeds)))[None]
        out = paired_bootstrap(2, [(0, 1)], scores, points, seed=trial, resamples=300)
        covered["difference"] += out["difference"][0][0] <= truth <= out["difference"][0][1]
        covered["points"] += out["points"][0][0] <= mean_points <= out["points"][0][1]
    for key, n in covered.items():
        assert 0.86 <= n / trials <= 0.99, (key, n / trials)


def test_the_bootstrap_is_seeded() -> None:
    scores, points = mirrored(50, luck=1.0, rng=np.random.default_rng(5))
    a = paired_bootstrap(2, [(0, 1)], scores, points, seed=9, resamples=200)
    b = paired_bootstrap(2, [(0, 1)], scores, points, seed=9, resamples=200)
    c = paired_bootstrap(2, [(0, 1)], scores, points, seed=10, resamples=200)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert not np.array_equal(a["points"], c["points"])


def synthetic(scores: np.ndarray, points: np.ndarray, **kw: Any) -> LadderResult:
    """A ladder of bots a and b built from one pair's results (`mirrored`'s shapes): a is
    in seat 0 in lineup 0, in seat 1 in lineup 1; every match one deal."""
    runs: Dict[str, Dict[str, Any]] = {}
    for lineup, seats in enumerate((["a", "b"], ["b", "a"])):
        mine = lineup  # a's seat, which is its side at 2 players
        won = scores[0, lineup]
        winner = np.where(won == 1, mine, np.where(won == 0, 1 - mine, -1)).astype(np.int8)
        pts = np.zeros((len(won), 2))
        pts[:, mine] = points[0, lineup]
        runs[run_key(seats)] = {"winner": winner, "deals": np.ones(len(won), dtype=np.uint32), "points": pts,
                                "moves": 10, "seconds": 0.1}
    return LadderResult(RULES, 5, scores.shape[2], ["a", "b"], runs, **kw)


def test_the_ladder_s_intervals_are_the_paired_ones_and_fisher_s_when_asked() -> None:
    scores, points = mirrored(200, luck=4.0, rng=np.random.default_rng(6))
    boot = synthetic(scores, points, resamples=400)
    fisher = synthetic(scores, points, intervals="fisher")
    assert boot.ratings[1]["rating"] == fisher.ratings[1]["rating"]  # the same fit, other intervals
    b, f = boot.ratings[1], fisher.ratings[1]
    assert b["high"] - b["low"] < 0.6 * (f["high"] - f["low"])  # Fisher's takes the matches as independent
    rate_b, rate_f = boot.pairs[0]["win_rate"], fisher.pairs[0]["win_rate"]
    assert rate_b["high"] - rate_b["low"] < 0.6 * (rate_f["high"] - rate_f["low"])  # and Wilson's
    for r in (boot, fisher):
        elo = r.pairs[0]["rating_difference"]
        assert elo["low"] <= elo["mean"] <= elo["high"] and elo["mean"] == pytest.approx(-r.ratings[1]["rating"])
        assert r.low[0, 1] == pytest.approx(r.pairs[0]["points_a_deal"]["low"]) and r.low[1, 0] == -r.high[0, 1]
    assert "paired bootstrap over 200 duplicate matches (400 resamples)" in str(boot)
    assert "Fisher information" in str(fisher) and "bootstrap" not in str(fisher)
    said = boot.to_dict()["intervals"]
    assert said["method"] == "bootstrap" and said["resamples"] == 400 and said["duplicate_matches"] == 200
    assert fisher.to_dict()["intervals"]["method"] == "fisher" and fisher.to_dict()["intervals"]["resamples"] is None


def test_a_pair_won_every_time_keeps_fisher_s_width_and_says_so() -> None:
    scores = np.ones((1, 2, 30))  # a won every match: every resample the same
    points = np.ones((1, 2, 30)) + np.random.default_rng(7).normal(0, 1, (1, 2, 30))
    assert width(paired_bootstrap(2, [(0, 1)], scores, points, seed=1)["difference"][0]) < 1e-6
    r = synthetic(scores, points)
    f = synthetic(scores, points, intervals="fisher")
    assert r.ratings[1]["low"] <= f.ratings[1]["low"] and r.ratings[1]["high"] >= f.ratings[1]["high"]
    assert r.pairs[0]["win_rate"]["low"] < 1.0 and r.one_sided == ["a vs b"]
    assert "a vs b" in r.interval_text and r.to_dict()["intervals"]["one_sided_pairs"] == ["a vs b"]


def test_the_result_reads_at_a_glance_in_repr_json_and_html() -> None:
    r = quinza.ladder("random,greedy", rules=quinza.Rules("escoba", target=6), games=6, seed=3, resamples=200)
    text = repr(r)
    assert text.startswith("<LadderResult escoba 2p: 2 bots, 1 of 1 pairings, 12 matches; Elo (95%, paired bootstrap")
    assert f"greedy {r.ratings[1]['rating']:+.0f} [" in text and "random 0>" in text
    assert r.to_dict() == json.loads(r.to_json()) and r.to_dict()["ratings"][1]["bot"] == "greedy"
    page = r._repr_html_()
    assert page.count("<table") == 2 and "paired bootstrap over 6 duplicate matches (200 resamples)" in page
    assert f"[{r.ratings[1]['low']:+.0f}, {r.ratings[1]['high']:+.0f}]" in page and "0 (the anchor)" in page
    assert "data:image/png;base64," in page and "LadderResult" not in page  # a picture, no repr for a person
    assert "nothing to rate" in LadderResult(RULES, 1, 2, ["a", "b"], {})._repr_html_()


def test_the_picture_draws_the_intervals_shown_and_says_which() -> None:
    import matplotlib.pyplot as plt

    scores, points = mirrored(60, luck=2.0, rng=np.random.default_rng(8))
    r = synthetic(scores, points, resamples=300)
    fig = ladder_figure(r)
    bars = fig.axes[0].containers[0].lines[2][0].get_segments()  # the errorbar's horizontal lines, by rating
    drawn = sorted(float(x) for s in bars for x in (s[0][0], s[1][0]))
    assert drawn == pytest.approx(sorted(x[end] for x in r.ratings for end in ("low", "high")))
    assert any(r.interval_text in t.get_text() for t in fig.texts)
    assert not any(ax.get_legend() for ax in fig.axes)  # nothing laid over the data
    plt.close(fig)


@pytest.mark.parametrize("kw, words", [
    ({"intervals": "wald"}, "unknown intervals 'wald'"),
    ({"intervals": "bootstrap", "games": 1}, "needs games of 2 or more"),
    ({"resamples": 0}, "resamples must be"),
    ({"resamples": 2.5}, "resamples must be"),
])
def test_bad_intervals_are_refused_before_any_match(kw: Dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        quinza.ladder("random,greedy", **{"games": 2, **kw})


def test_one_match_a_lineup_takes_fisher_s_and_the_command_says_which(capsys: pytest.CaptureFixture[str]) -> None:
    assert quinza.ladder("random,greedy", games=1, seed=1).intervals == "fisher"
    assert main(["ladder", "--bots", "random,greedy", "--games", "3", "--seed", "2", "--resamples", "100",
                 "--progress", "never"]) == 0
    assert "95% intervals: paired bootstrap over 3 duplicate matches (100 resamples)" in capsys.readouterr().out
    assert main(["ladder", "--bots", "random,greedy", "--games", "3", "--intervals", "fisher", "--json",
                 "--progress", "never"]) == 0
    assert json.loads(capsys.readouterr().out)["intervals"]["method"] == "fisher"
    for args, words in ((["--resamples", "0"], "--resamples must be 1 or more"),
                        (["--games", "1", "--intervals", "bootstrap"], "needs --games 2 or more")):
        with pytest.raises(SystemExit) as stop:
            main(["ladder", "--bots", "random,greedy", *args])
        assert stop.value.code == 2 and words in capsys.readouterr().err
