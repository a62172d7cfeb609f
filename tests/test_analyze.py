"""The rules lab (`quinza.analyze`, `quinza analyze`): its figures add up and agree with
`simulate`, its intervals hold its estimates, the paired tests find a real option effect
and apply Holm's correction, the claim check counts right, the lead changes are counted
as documented, an option known to be negligible (setenta=sum) and one known to matter
(no opening capture) get their verdicts, the report object reads in a terminal and a
notebook, its charts read at a glance (their matplotlib objects checked), and bad input
is refused before the run with exit code 2."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List

import numpy as np
import pytest

import quinza
from quinza.__main__ import main
from quinza.study import lab, lab_headroom, lab_report, lab_stats


@pytest.fixture(scope="module")
def report() -> Any:
    return quinza.analyze("escoba", sets=["opening_capture=false", {"setenta": "sum"}], games=600, seed=5,
                          duplicates=40, headroom=6)


def inside(x: Dict[str, float], key: str) -> bool:
    return x["low"] <= x[key] <= x["high"]


def test_the_figures_add_up_and_agree_with_simulate(report: Any) -> None:
    d = report.data
    sim = quinza.simulate("escoba", 600, bots="greedy", seed=5)
    assert d["seats"]["win_rate_by_position"] == sim.summary["win_rate_by_first_position"]
    wins = [w["rate"] for w in d["seats"]["win_rate_by_position"]]
    assert math.isclose(sum(wins) + d["seats"]["draw_rate"]["rate"], 1.0)
    for row in d["seats"]["win_rate_by_position"]:
        assert inside(row, "rate")
    for row in d["seats"]["points_per_deal_by_position"]:
        assert inside(row, "mean")
    (length,) = d["lengths"]
    assert length["target"] == 21 and sum(length["counts"]) == 600
    assert math.isclose(length["deals"]["mean"], sim.deals.mean())
    assert length["claim"] is None  # the sources' claims are about quinza
    dp = d["deal_and_play"]
    assert dp["deals"] == 40 and math.isclose(dp["deal_share"] + dp["play_share"], 1.0)
    assert inside(dp["edge"], "mean") and dp["edge"]["mean"] > 0  # greedy beats random on the same cards


def test_the_paired_tests_find_a_real_effect_and_are_corrected(report: Any) -> None:
    tests = [t for c in report.data["options"] for t in c["tests"]]
    assert len(tests) == 6
    adjusted = lab_stats.holm([t["difference"]["p"] for t in tests])
    assert [t["p_holm"] for t in tests] == [a["p_holm"] for a in adjusted]
    assert all(t["p_holm"] >= t["difference"]["p"] for t in tests)
    # Without the opening capture the dealer loses the opening table's points: a real effect.
    margin = next(t for t in report.data["options"][0]["tests"] if t["metric"] == "dealer_margin")
    assert margin["significant"] and margin["difference"]["high"] < 0
    # The same options as the base change nothing, however they are compared.
    same = quinza.analyze("escoba", sets=["opening_capture=true"], games=200, seed=5, duplicates=2, headroom=0)
    for t in same.data["options"][0]["tests"]:
        assert t["difference"]["mean"] == 0 and not t["significant"]


def test_holm_on_known_values() -> None:
    out = lab_stats.holm([0.01, 0.04, 0.03, 0.5])
    assert [round(o["p_holm"], 6) for o in out] == [0.04, 0.09, 0.09, 0.5]
    assert [o["significant"] for o in out] == [True, False, False, False]
    # Bonferroni alone would also find 0.01 * 4 < 0.05; p = 0.04 alone is not significant in four.
    assert not lab_stats.holm([0.04, 0.04, 0.04, 0.04])[0]["significant"]


def test_the_claim_check_counts_shares_on_synthetic_matches() -> None:
    deals = np.array([1, 2, 2, 3, 3, 3, 4, 5, 6, 2])
    share = lab_stats.share_within(deals, 2, 3)
    assert share["rate"] == 0.6 and inside(share, "rate")

    class Fake:
        summary = {"draw_rate": {"rate": 0.0, "low": 0.0, "high": 0.1}}

    fake = Fake()
    fake.deals = np.array([2, 2, 3, 4, 4, 4, 4, 5], dtype=np.uint32)  # type: ignore[attr-defined]
    fake.deal_points = np.ones((int(fake.deals.sum()), 2), dtype=np.int32)  # type: ignore[attr-defined]
    x = lab.match_length("quinza", 101, fake)
    assert x["claim"]["share"]["rate"] == 3 / 8 and x["counts"] == [0, 0, 2, 1, 4, 1]
    words = " ".join(lab_report.length_findings([x]))
    assert "a 101 match usually takes two to three deals" in words and "37.5%" in words
    assert lab.match_length("rb3ine", 101, fake)["claim"] is None


def test_lead_changes_pass_over_ties() -> None:
    points = np.array([[3, 0], [0, 5], [4, 0], [1, 1], [0, 2], [2, 0], [5, 0]])
    # match 0: 3-0, 3-5, 7-5 (two changes); match 1 has no deal; match 2: 1-1, 1-3, 3-3 (none); match 3: 5-0
    assert lab_stats.lead_changes(points, np.array([3, 0, 3, 1])).tolist() == [2, 0, 0, 0]
    three = np.array([[1, 0, 0], [0, 2, 0], [0, 0, 3]])
    assert lab_stats.lead_changes(three, np.array([3])).tolist() == [2]  # 1-0-0, 1-2-0, 1-2-3


def test_the_split_of_deal_and_play() -> None:
    # Play adds nothing: every difference is the deal's.
    split = lab_stats.deal_play_split(np.array([1.0, 3.0, -2.0]), np.array([1.0, 3.0, -2.0]))
    assert split["deal_share"] == 1.0 and split["play_share"] == 0.0 and split["edge"]["mean"] == 0.0
    # The deal adds nothing: side 0 gains what the better player gains, wherever it sits.
    split = lab_stats.deal_play_split(np.array([2.0, 4.0, 1.0]), np.array([-2.0, -4.0, -1.0]))
    assert split["deal_share"] == 0.0 and split["edge"]["mean"] == pytest.approx(7 / 3)


def test_the_headroom_of_the_solver_itself_is_nothing() -> None:
    def solver(game: Any) -> Any:
        return quinza.solve(game, moves="best").moves[0][0]

    rules = quinza.Rules("escoba")
    h = lab_headroom.headroom(quinza, rules, "greedy", [solver, "random"], seed=3, deals=4)
    assert h["measured"] and h["deals"] == 4 and h["skipped"] == 0
    best, rand = (b["loss"] for b in h["bots"])
    assert best["mean"] == 0 and rand["mean"] > 0  # random play gives points away
    three = lab_headroom.headroom(quinza, quinza.Rules("escoba", players=3), "greedy", ["greedy"], seed=3, deals=4)
    assert not three["measured"] and "three sides" in lab_report.headroom_sentence(three)


def test_both_twins_give_the_same_report(q: ModuleType) -> None:
    a = q.analyze("escoba", games=12, seed=2, duplicates=3, headroom=0)
    b = quinza.analyze("escoba", games=12, seed=2, duplicates=3, headroom=0)
    assert a.data["seats"] == b.data["seats"] and a.data["deal_and_play"] == b.data["deal_and_play"]


@pytest.mark.parametrize("kw, words", [
    ({"rules": "escob"}, "unknown rule set"),
    ({"sets": ["foo=1"]}, "unknown option 'foo'"),
    ({"sets": ["opening_capture"]}, "KEY=VALUE"),
    ({"level": "gredy"}, "unknown bot 'gredy'"),
    ({"games": 0}, "games must be"),
    ({"games": -3}, "games must be"),
    ({"duplicates": 0}, "duplicates must be"),
    ({"targets": [0]}, "targets must be"),
    ({"headroom": -1}, "headroom must be"),
    ({"fair": "ismcts:iterations=0"}, "iterations"),
])
def test_bad_arguments_are_refused(kw: Dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        quinza.analyze(**{"rules": "escoba", "games": 5, **kw})


@pytest.mark.parametrize("args, words", [
    (["--rules", "escob"], "unknown rule set"),
    (["--set", "foo=1"], "unknown option"),
    (["--level", "gredy"], "unknown bot"),
    (["--games", "0"], "games must be"),
    (["--games", "-1"], "games must be"),
    (["--headroom", "-2"], "headroom must be"),
    (["--html", "/no/such/folder/x.html"], "does not exist"),
    (["--json", "."], "is a folder"),
])
def test_the_command_refuses_bad_input_before_the_run(args: List[str], words: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["analyze", "--games", "5", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and "seats and dealer" not in err  # nothing was played


def test_the_command_writes_html_and_json(tmp_path: Path, capsys: Any) -> None:
    pytest.importorskip("matplotlib")
    page, data = tmp_path / "lab.html", tmp_path / "lab.json"
    assert main(["analyze", "--rules", "escoba", "--games", "60", "--duplicates", "4", "--headroom", "3", "--seed", "1",
                 "--set", "opening_capture=false", "--html", str(page), "--json", str(data)]) == 0
    out = capsys.readouterr().out
    text = page.read_text()
    figures = json.loads(data.read_text())
    assert figures["findings"][1] in out and figures["games"] == 60
    for sentence in figures["findings"]:
        assert sentence.replace("'", "&#x27;") in text
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert len(images) == 5  # seats, lengths, deal and play, headroom, options
    assert "<table" in text and "<details><summary>the figures as JSON</summary>" in text
    assert "open-hand solver" in text


@pytest.fixture(scope="module")
def judged() -> Any:
    # setenta=sum ranks the same cards the prime's way, by another sum: the same side almost always
    # takes the point, so nothing a player would notice changes. Without the opening capture the
    # dealer loses the opening table's points: a sixth of a point a deal, three times the margin.
    return quinza.analyze("escoba", sets=["setenta=sum", "opening_capture=false"], games=3000, seed=5,
                          duplicates=2, headroom=0)


def test_the_verdicts_tell_a_negligible_option_from_one_that_matters(judged: Any) -> None:
    same, changed = judged.data["options"]
    assert same["verdict"] == "negligible" and [t["verdict"] for t in same["tests"]] == ["negligible"] * 3
    # Yet the prime's points move the dealer's margin a little, more than chance: real, too small to matter.
    margin = next(t for t in same["tests"] if t["metric"] == "dealer_margin")
    assert margin["equivalence"]["margin"] == 0.05  # 1% of escoba's 5 points a deal
    assert -0.05 < margin["equivalence"]["low90"] and margin["equivalence"]["high90"] < 0.05
    assert changed["verdict"] == "matters"
    lost = next(t for t in changed["tests"] if t["metric"] == "dealer_margin")
    assert lost["verdict"] == "matters" and lost["equivalence"]["high95"] < -0.05
    said = str(judged)
    assert "setenta: by sum against the base rules: no change that matters." in said  # options in words
    assert "opening capture: no against the base rules: a change that matters." in said
    assert "too small to matter (within the smallest change worth reporting, ±0.050)" in said
    assert "it matters (beyond the smallest change worth reporting, ±0.050)" in said
    assert [c["verdict"] for c in json.loads(judged.to_json())["options"]] == ["negligible", "matters"]
    # The same options as the base: nothing changes, measured without noise.
    none = quinza.analyze("escoba", sets=["opening_capture=true"], games=50, seed=5, duplicates=2, headroom=0)
    assert none.data["options"][0]["verdict"] == "negligible"


def test_the_report_object_reads_in_a_terminal_and_a_notebook(judged: Any) -> None:
    pytest.importorskip("matplotlib")
    assert repr(judged) == ("<LabReport escoba 2p, greedy, 3,000 matches, seed 5: options setenta=sum negligible, "
                            "opening_capture=False matters>")
    d = judged.to_dict()
    assert d == json.loads(judged.to_json()) and d["findings"] == judged.findings and d["games"] == 3000
    page = judged._repr_html_()
    assert "<html" not in page and page.count("<img") == 4 and "<table" in page
    assert "too small to matter</span>" in page and ">matters</span>" in page and "<details>" in page
    rows = re.findall(r"<tr>(.*?)</tr>", page)
    assert any("deals a match" in r and "±0.060" in r for r in rows)  # 1% of the base's 6.0 deals a match
    assert "first_dealer_result" not in page.split("<details>")[0]  # keys only in the folded JSON


def overlaps(a: Any, b: Any) -> bool:
    return bool(a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1)


def test_the_charts_read_at_a_glance(report: Any, judged: Any) -> None:
    pytest.importorskip("matplotlib")
    from quinza.study import lab_plots

    figures = lab_plots.figures(report.data)
    assert len(figures) == 5
    win = figures[0].axes[0]
    assert win.get_ylim() == (0.0, 1.0) and any(list(line.get_ydata()) == [0.5, 0.5] for line in win.lines)
    assert [t.get_text() for t in win.get_xticklabels()] == ["dealer", "dealer + 1"]
    for fig in figures + lab_plots.figures(judged.data):
        renderer = fig.canvas.get_renderer()
        fig.canvas.draw()
        legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
        for legend in legends:
            box = legend.get_window_extent(renderer)
            assert not any(overlaps(box, ax.get_window_extent(renderer)) for ax in fig.axes), legend
        labels = [t.get_text() for ax in fig.axes for t in (ax.title, ax.xaxis.label, ax.yaxis.label,
                                                            *ax.get_yticklabels())]
        assert not any(key in " ".join(labels) for key, _ in lab.METRICS if "_" in key)
    options = lab_plots.figures(judged.data)[-1]
    assert [ax.get_title() for ax in options.axes] == ["first dealer's side's win rate", "dealer's margin a deal",
                                                       "deals a match"]
    assert options.axes[0].get_xlabel() == "change, in percentage points"
    # Each panel shades its margin, in its own units: 1 point of win rate, 0.05 points a deal.
    spans = [ax.patches[0].get_x() for ax in options.axes[:2]]
    assert spans == [pytest.approx(-1.0), pytest.approx(-0.05)]
    texts = [t.get_text() for t in options.legends[0].get_texts()]
    assert texts == ["matters", "too small to matter", "cannot tell", "smallest change worth reporting"]
    import matplotlib.pyplot as plt

    for fig in figures:
        plt.close(fig)
