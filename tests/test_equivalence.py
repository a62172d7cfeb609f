"""The rules lab's verdicts against a margin (quinza.study.equivalence): an interval wholly
within the margin is negligible (TOST), one wholly beyond it matters, one across it cannot
tell; the p-values agree with the intervals, and a family is Holm-corrected."""

from __future__ import annotations

import math

import numpy as np
import pytest

from quinza.study import equivalence as eq, lab_margins
from quinza.stats import Z95


@pytest.mark.parametrize("mean, se, verdict", [
    (0.0, 0.01, "negligible"),     # 90% interval [-0.016, 0.016], inside +-0.05
    (0.03, 0.01, "negligible"),    # [0.014, 0.046]: inside, off centre
    (-0.03, 0.01, "negligible"),
    (0.05, 0.01, "unclear"),       # centred on the margin: straddles it
    (0.0, 0.04, "unclear"),        # [-0.066, 0.066]: wider than the margin on both sides
    (0.068, 0.01, "unclear"),      # 90% [0.052, 0.084] beyond, but 95% [0.048, 0.088] across: not enough
    (0.08, 0.01, "matters"),       # 95% [0.060, 0.100]: wholly beyond +0.05
    (-0.08, 0.01, "matters"),      # wholly below -0.05
    (0.2, 0.0, "matters"),         # measured without noise, beyond the margin
    (0.0, 0.0, "negligible"),      # without noise, inside
])
def test_the_verdict_follows_the_intervals(mean: float, se: float, verdict: str) -> None:
    out = eq.against_margin(mean, se, 0.05)
    assert out["verdict"] == verdict
    if se > 0:
        inside90 = -0.05 < out["low90"] and out["high90"] < 0.05
        beyond95 = out["low95"] > 0.05 or out["high95"] < -0.05
        assert (verdict == "negligible") == inside90 and (verdict == "matters") == beyond95


def test_the_p_values_are_the_intervals_edges() -> None:
    # The 90% interval's upper end exactly on the margin: TOST's p is 5%.
    se = 0.01
    out = eq.against_margin(0.05 - eq.Z90 * se, se, 0.05)
    assert out["p_negligible"] == pytest.approx(0.05)
    # The 95% interval's lower end exactly on the margin: the two-sided p is 5%.
    out = eq.against_margin(0.05 + Z95 * se, se, 0.05)
    assert out["p_matters"] == pytest.approx(0.05)
    # Significantly different from 0 is not enough to matter: p(0) tiny, the change a tenth of the margin.
    tiny = eq.against_margin(0.005, 0.0005, 0.05)
    assert math.erfc(10 / math.sqrt(2)) < 1e-20 and tiny["verdict"] == "negligible" and tiny["p_matters"] == 1.0


def test_of_values_uses_the_mean_and_its_standard_error() -> None:
    v = np.array([0.1, -0.1, 0.2, 0.0, -0.2])
    out = eq.of_values(v, 0.5)
    se = float(v.std(ddof=1)) / math.sqrt(5)
    assert out["low90"] == pytest.approx(-eq.Z90 * se) and out["verdict"] == "negligible"
    assert eq.of_values(np.zeros(0), 0.5)["verdict"] == "unclear"


def test_a_family_is_holm_corrected() -> None:
    # Alone, each p of 0.03 says negligible; four of them together, Holm's 4 x 0.03 does not.
    one = eq.against_margin(0.0, 0.05 / (eq.Z90 + 0.25), 0.05)
    assert one["verdict"] == "negligible" and 0.01 < one["p_negligible"] < 0.05
    four = eq.verdicts([one] * 4)
    assert [t["verdict"] for t in four] == ["unclear"] * 4
    assert all(t["p_negligible_holm"] >= t["p_negligible"] for t in four)
    assert eq.verdicts([one])[0]["verdict"] == "negligible"


def test_an_option_sets_verdict() -> None:
    assert eq.overall(["negligible", "matters", "unclear"]) == "matters"
    assert eq.overall(["negligible", "negligible"]) == "negligible"
    assert eq.overall(["negligible", "unclear"]) == "unclear"
    assert eq.overall([]) == "unclear"


def test_the_margins_follow_the_rule_set() -> None:
    import quinza

    assert lab_margins.deal_points(quinza, "escoba") == 5 and lab_margins.deal_points(quinza, "quinte") == 140
    m = lab_margins.margins(lab_margins.deal_points(quinza, "quinza"), 3.0)
    assert m == {"first_dealer_result": 0.01, "dealer_margin": 1.0, "deals": pytest.approx(0.03)}
