"""Whether a measured difference matters, against the smallest difference worth reporting
(a margin, lab_margins.py), in three kinds (docs/explanation/statistics.md "The rules lab"):

- it *matters* when the 95% interval lies wholly beyond the margin, on one side (a
  two-sided test of "the difference is within the margin", at 5%);
- it is *negligible* when the 90% interval lies wholly within the margin: the equivalence
  test, two one-sided tests (TOST) at 5% each, "below -margin" and "above +margin" both
  rejected;
- else *unclear*: more matches would tell.

The two cannot both hold (the 90% interval lies within the 95%). Each comes with its
p-value, so that a family of tests can be corrected (Holm's, `verdicts`): with one test the
rule is exactly the intervals' above.

    >>> against_margin(0.002, 0.001, 0.01)["verdict"], against_margin(0.2, 0.01, 0.05)["verdict"]
    ('negligible', 'matters')
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Sequence

import numpy as np

from ..stats import Z95
from .lab_stats import holm

Z90 = 1.6448536269514722  # the 95% quantile of the normal distribution: a 90% interval
ALPHA = 0.05
MATTERS, NEGLIGIBLE, UNCLEAR = "matters", "negligible", "unclear"
VERDICTS = (MATTERS, NEGLIGIBLE, UNCLEAR)


def above(x: float, se: float) -> float:
    """P(Z > x / se) for a standard normal Z; with se 0, 0 when x > 0 and else 1 (the
    conservative side of a difference measured without noise)."""
    if se == 0.0:
        return 0.0 if x > 0 else 1.0
    return 0.5 * math.erfc(x / se / math.sqrt(2.0))


def decide(p_matters: float, p_negligible: float, alpha: float = ALPHA) -> str:
    """The verdict from the two (possibly corrected) p-values."""
    if p_matters < alpha:
        return MATTERS
    if p_negligible < alpha:
        return NEGLIGIBLE
    return UNCLEAR


def against_margin(mean: float, se: float, margin: float) -> Dict[str, Any]:
    """A normal estimate (`mean`, standard error `se`) against `margin` (> 0): its 90% and
    95% intervals, the p-value of each kind and the verdict for this test alone."""
    if math.isnan(mean) or math.isnan(se):
        return {"margin": margin, "low90": math.nan, "high90": math.nan, "low95": math.nan, "high95": math.nan,
                "p_matters": math.nan, "p_negligible": math.nan, "verdict": UNCLEAR}
    # TOST: "the difference is at most -margin" and "at least +margin", each rejected at 5%.
    p_negligible = max(above(mean + margin, se), above(margin - mean, se))
    # Beyond the margin on either side: the smaller one-sided p-value, doubled (two-sided).
    p_matters = min(1.0, 2.0 * min(above(mean - margin, se), above(-margin - mean, se)))
    return {"margin": margin, "low90": mean - Z90 * se, "high90": mean + Z90 * se,
            "low95": mean - Z95 * se, "high95": mean + Z95 * se,
            "p_matters": p_matters, "p_negligible": p_negligible, "verdict": decide(p_matters, p_negligible)}


def of_values(values: np.ndarray, margin: float) -> Dict[str, Any]:
    """`against_margin` for the mean of `values` (paired differences, one a match)."""
    v = np.asarray(values, dtype=np.float64)
    if len(v) == 0:
        return against_margin(math.nan, math.nan, margin)
    se = float(v.std(ddof=1)) / math.sqrt(len(v)) if len(v) > 1 else 0.0
    return against_margin(float(v.mean()), se, margin)


def verdicts(tests: Sequence[Dict[str, Any]], alpha: float = ALPHA) -> List[Dict[str, Any]]:
    """A family of `against_margin` results, each kind Holm-corrected over the family: the
    chance of any wrong "matters", and of any wrong "negligible", stays at most `alpha`."""
    def corrected(key: str) -> List[float]:
        ps = [t[key] for t in tests]
        known = [i for i, p in enumerate(ps) if not math.isnan(p)]
        out = [math.nan] * len(ps)
        for i, h in zip(known, holm([ps[i] for i in known], alpha)):
            out[i] = h["p_holm"]
        return out

    pm, pn = corrected("p_matters"), corrected("p_negligible")
    return [{**t, "p_matters_holm": a, "p_negligible_holm": b,
             "verdict": UNCLEAR if math.isnan(a) else decide(a, b, alpha)} for t, a, b in zip(tests, pm, pn)]


def overall(kinds: Sequence[str]) -> str:
    """An option set's verdict from its tests': it matters if any test does, is negligible
    if every test is, else unclear."""
    if MATTERS in kinds:
        return MATTERS
    return NEGLIGIBLE if kinds and all(k == NEGLIGIBLE for k in kinds) else UNCLEAR
