"""The rules lab's smallest effects worth reporting: how large a change an option set must
make, against the base rules, before the lab says it matters (docs/explanation/statistics.md
"The rules lab" gives the reasons). Every margin the lab uses is here.

    >>> margins(deal_points=5, mean_deals=6.0)["dealer_margin"]
    0.05
"""

from __future__ import annotations

from typing import Any, Dict

# A match result's margin: one percentage point of matches won. Seat win rates are
# measured to about +-0.5 points (the lab's default games), so one point can be told apart,
# and a player meets it as one match in a hundred going the other way.
WIN_RATE = 0.01
# Points a deal: 1% of the points a deal hands out (`deal_points` of `rule_sets()`: 0.05
# in escoba, 1 in quinza and rb3ine, 1.4 in quinte), the same share in every rule set;
# below it a side gains a point every hundred deals' worth of points, a dozen matches.
POINTS_SHARE = 0.01
# Deals a match: 1% of the base's mean, which a 1% change in the points a deal would give.
LENGTH_SHARE = 0.01


def deal_points(api: Any, rules_name: str) -> float:
    """The points a deal hands out in a rule set (`rule_sets()`'s `deal_points`)."""
    return float(next(row["deal_points"] for row in api.rule_sets() if row["name"] == rules_name))


def margins(deal_points: float, mean_deals: float) -> Dict[str, float]:
    """Each paired metric of the lab (lab.METRICS) and its margin, in the metric's units."""
    return {"first_dealer_result": WIN_RATE, "dealer_margin": POINTS_SHARE * deal_points,
            "deals": LENGTH_SHARE * mean_deals}
