"""The rules lab: what a rule set, its target and its options do to a match, measured over
seeded deals with every seat at one level of play (`analyze`, exported as
`quinza.analyze`; the figures in lab_stats.py, the words, plots and files in
lab_report.py; docs/explanation/statistics.md "The rules lab" holds the method)."""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..engines import Engine
from .._words import check_threads, quoted, whole
from ..words import _
from .. import bots as _bots
from ..sim import arguments
from ..sim.matches import seat_players
from ..stats import side_of_seat
from . import equivalence, lab_margins, lab_stats
from .lab_headroom import FAIR_BOT, headroom as measure_headroom

# Match targets studied for each rule set (the rule set's own target is always added).
TARGETS: Dict[str, Tuple[int, ...]] = {"quinza": (101, 151, 301), "rb3ine": (101, 151, 301), "escoba": (21,),
                                       "quinte": (250,)}

# The sources' claims on the length of a quinza match: target -> (fewest, most) deals
# that a match "usually" takes (docs/rules.md, the quinza sources).
CLAIMS: Dict[int, Tuple[int, int]] = {101: (2, 3), 151: (3, 4), 301: (5, 7)}
CLAIMED_RULES = ("quinza",)

# Seat win-rate intervals within +-0.5 points need about 40,000 matches
# (1.96 * 0.5 / sqrt(n) <= 0.005).
DEFAULT_GAMES = 40_000
DEFAULT_DUPLICATES = 1_000
DEFAULT_HEADROOM = 100

ANALYZE_DOC = """Study a rule set over seeded deals with every seat played by one level of
play (a bot as `simulate` reads it: "greedy", "ismcts:iterations=200", ...); returns a
`LabReport` (its `data` is the JSON, `findings` the sentences, `write_html(path)` the
report with plots).

- `rules`: a rule-set name or a `Rules` (its players, target and options are the base);
- `sets`: option variants to compare with the base, each a dict or the text
  "key=value[,key=value]" (e.g. `[{"opening_capture": False}, "setenta=sum"]`);
- `games`: matches for each figure (default 40,000: seat win rates within about +-0.5
  percentage points); `duplicates`: deals played twice for the deal/play split
  (default 1,000, at most `games`); `targets`: match targets for the match lengths
  (default per rule set: 101, 151 and 301 for quinza and rb3ine, 21 for escoba, 250
  for quinte, and the base's own).

What it measures. Match `i` is `simulate`'s match `i` for `seed`, so every figure and
every variant sees the same deals (paired). Seat and dealer advantage: win rates and
points a deal by seat counted from the dealer, 95% intervals. Match length: deals a
match for each target (mean, spread), and for quinza the share of matches within the
sources' claims (101: 2-3 deals, 151: 3-4, 301: 5-7). Draws, and lead changes (after
each deal the side strictly ahead leads; ties are passed over). The deal and play:
the first deal of `duplicates` matches is played twice, once with `level` on side 0
and `contrast` (default "random", or "greedy" when the level is random) on the others,
once with the bots swapped; half the sum of side 0's two margins is the deal's part,
half their difference play's part, and the shares are their variances over the sum.
Options compared: per match, the first dealer's side's result (1, a half for a draw,
0), the dealer's margin a deal and the deals a match, variant less base on the same
seeds, with 95% intervals and two-sided p-values, Holm-corrected over every test; and each
change's verdict against the smallest change worth reporting (lab_margins.py: 1
percentage point of matches won, 1% of a deal's points, 1% of the deals a match):
"matters" (its 95% interval wholly beyond the margin), "negligible" (its 90% interval
wholly within: the equivalence test, TOST) or "unclear", Holm-corrected too, and each
option set's (matters if any measure does, negligible if all are).
The headroom: over the last 18 cards of the first deal of `headroom` matches (default
100; 0 leaves it out), the points that `level` and `fair` (default
"ismcts:iterations=2000", the strongest fair bot at a small budget) give up against the
open-hand solver's best play, move by move (lab_headroom.py says its limits: the solver
sees every card, and only the deal's end is measured; two sides only).
"""


class LabReport:
    """What `analyze` returns: `data` (the figures, as `to_json` writes them), `findings`
    (sentences a person reads), `to_dict()`, `to_json()`, `write_json(path)`,
    `write_html(path)`, and in a notebook the report's tables and charts (`_repr_html_`)."""

    def __init__(self, data: Dict[str, Any]) -> None:
        from .lab_report import findings

        self.data = data
        self.findings = findings(data)

    def to_dict(self) -> Dict[str, Any]:
        """The figures and the findings as plain values (what `to_json` writes; NaN as None)."""
        from ..stats import jsonable

        out: Dict[str, Any] = jsonable({**self.data, "findings": self.findings})
        return out

    def to_json(self, **kw: Any) -> str:
        """The figures and the findings as JSON text (NaN as null); `kw` go to `json.dumps`."""
        from .lab_report import json_text

        return json_text({**self.data, "findings": self.findings}, **kw)

    def write_json(self, path: str) -> None:
        """Write `to_json(indent=2)` to the file `path`."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.to_json(indent=2) + "\n")

    def write_html(self, path: str) -> None:
        """Write the report, its findings and its plots (inline PNG), to the file `path`
        (needs matplotlib)."""
        from .lab_report import html_page

        with open(path, "w", encoding="utf-8") as out:
            out.write(html_page(self.data, self.findings))

    def _repr_html_(self) -> str:
        """A notebook's view: the findings, the charts and the tables (needs matplotlib)."""
        from .lab_report import html_body

        return html_body(self.data, self.findings, level=4)

    def __repr__(self) -> str:
        d = self.data
        verdicts = [c.get("verdict", "?") for c in d.get("options", [])]
        judged = (": options " + ", ".join(f"{','.join(f'{k}={x}' for k, x in c['options'].items())} {v}"
                                           for c, v in zip(d["options"], verdicts))) if verdicts else ""
        return (f"<LabReport {d['rules']['name']} {d['rules']['players']}p, {d['level']}, {d['games']:,} matches, "
                f"seed {d['seed']}{judged}>")

    def __str__(self) -> str:
        return "\n".join(self.findings)


def parse_variant(variant: Any) -> Dict[str, Any]:
    """An option variant: a dict, or the text "key=value[,key=value]" (true/false become
    booleans, digits whole numbers)."""
    if isinstance(variant, Mapping):
        return dict(variant)
    if not isinstance(variant, str):
        raise ValueError(f"an option variant is a dict or 'key=value[,key=value]', not {quoted(variant)}")
    out: Dict[str, Any] = {}
    for item in variant.split(","):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"write an option as KEY=VALUE, e.g. setenta=sum, not {quoted(item)}")
        low = value.strip().lower()
        out[key.strip()] = low == "true" if low in ("true", "false") else int(low) if low.isdigit() else value.strip()
    return out


def _count(value: Any, what: str, default: int, least: int = 1) -> int:
    if value is None:
        return default
    if not whole(value) or value < least:
        raise ValueError(f"{what} must be a whole number of {least} or more, not {quoted(value)}")
    return int(value)


def analyze(api: Engine, rules: Any, sets: Sequence[Any] = (), level: Any = "greedy", games: Any = None,
            seed: Any = None, threads: Any = None, duplicates: Any = None, targets: Any = None,
            contrast: Any = None, headroom: Any = None, fair: Any = None,
            progress: Optional[Callable[[str], Any]] = None) -> LabReport:
    """`analyze` of a twin; `api` is its module. Every argument is checked before a match is played."""
    base = arguments.check_rules(api, rules)
    games = _count(games, "games", DEFAULT_GAMES)
    dups = min(_count(duplicates, "duplicates", DEFAULT_DUPLICATES), games)
    seat_bots = _bots.check_bots(api, level, base)
    level_text = ",".join(sorted({_bots.bot_name(api, b) for b in seat_bots}))
    contrast = contrast if contrast is not None else ("greedy" if level_text == "random" else "random")
    _bots.check_bots(api, contrast, base)
    fair = FAIR_BOT if fair is None else fair
    _bots.check_bots(api, fair, base)
    head = min(_count(headroom, "headroom", DEFAULT_HEADROOM, least=0), games)
    seed = arguments.check_seed(seed)
    threads = check_threads(threads)
    variants = [parse_variant(v) for v in sets]
    variant_rules = [api.Rules(base.name, players=base.players, target=base.target, **{**base.options, **v})
                     for v in variants]
    wanted = TARGETS.get(base.name, ()) if targets is None else tuple(targets)
    for t in wanted:
        if not whole(t) or t < 1:
            raise ValueError(f"targets must be whole numbers of 1 or more, not {quoted(t)}")
    target_list = sorted(set(wanted) | {base.target})
    say = progress or (lambda text: None)

    def run(r: Any) -> Any:
        return api.simulate(r, games, bots=seat_bots, seed=seed, threads=threads)

    say(_("seats and dealer: {games} matches", games=format(games, ",")))
    main = run(base)
    s = main.summary
    data: Dict[str, Any] = {
        "rules": s["rules"], "level": level_text, "seed": seed, "games": games, "engine": api.name,
        "seats": {"win_rate_by_position": s["win_rate_by_first_position"],
                  "points_per_deal_by_position": s["points_per_deal_by_position"],
                  "draw_rate": s["draw_rate"]},
    }
    lengths = []
    for t in target_list:
        say(_("match length, target {target}", target=t))
        res = main if t == base.target else run(api.Rules(base.name, players=base.players, target=t, **base.options))
        lengths.append(match_length(base.name, t, res))
    data["lengths"] = lengths
    say(_("the deal and play: {deals} deals played twice", deals=format(dups, ",")))
    first, second = duplicate_margins(api, base, level, contrast, seed, dups)
    data["deal_and_play"] = {"contrast": str(contrast), **lab_stats.deal_play_split(first, second)}
    compared: List[Dict[str, Any]] = []
    deals = main.deals.astype(np.float64)
    margins = lab_margins.margins(lab_margins.deal_points(api, base.name), float(deals.mean()) if len(deals) else 0.0)
    for v, r in zip(variants, variant_rules):
        say(_("options: {options}", options=", ".join(f"{k}={x}" for k, x in v.items())))
        compared.append({"options": v, "tests": paired_tests(main, run(r), base.players, margins)})
    judge(compared)
    data["options"] = compared
    say(_("the headroom: {deals} deals' ends against the open-hand solver", deals=format(head, ",")))
    data["headroom"] = measure_headroom(api, base, level, [level_text, fair], seed, head)
    return LabReport(data)


def match_length(rules_name: str, target: int, res: Any) -> Dict[str, Any]:
    """Deals a match at one target: their spread and counts, draws, lead changes, and the
    share within the sources' claim where there is one."""
    deals = res.deals.astype(np.int64)
    changes = lab_stats.lead_changes(res.deal_points, deals)
    claim = CLAIMS.get(target) if rules_name in CLAIMED_RULES else None
    return {
        "target": target, "deals": lab_stats.spread(deals),
        "counts": np.bincount(deals).tolist(), "draw_rate": res.summary["draw_rate"],
        "lead_changes": lab_stats.spread(changes),
        "with_lead_change": lab_stats.share_within(changes, 1, int(changes.max(initial=1))),
        "claim": None if claim is None else {"low": claim[0], "high": claim[1],
                                             "share": lab_stats.share_within(deals, *claim)},
    }


def side_margin(points: Sequence[int], side: int) -> float:
    """A side's points less the mean of the other sides' points."""
    others = [p for k, p in enumerate(points) if k != side]
    return float(points[side] - sum(others) / len(others))


def first_deal_points(api: Engine, rules: Any, seat_bots: Sequence[Any], match_seed: int) -> List[int]:
    """The points of each side in the first deal of the match seeded `match_seed`."""
    players = seat_players(api, seat_bots, match_seed)
    kinds = [_bots.bot_kind(api, b) for b in seat_bots]
    game = api.Game(rules, seed=match_seed)
    while not game.deals:
        seat = game.turn
        game.play(players[seat](game if kinds[seat] is not None else game.copy()))
    return list(game.deals[0].points)


def duplicate_margins(api: Engine, rules: Any, level: Any, contrast: Any, seed: int,
                      deals: int) -> Tuple[np.ndarray, np.ndarray]:
    """Side 0's margin in the first deal of matches 0..deals-1, played with `level` on side 0
    and `contrast` on the other seats, then with the two swapped."""
    lv = _bots.check_bots(api, level, rules)
    ct = _bots.check_bots(api, contrast, rules)

    def lineup(ours: List[Any], theirs: List[Any]) -> List[Any]:
        return [ours[s] if side_of_seat(s, rules.players) == 0 else theirs[s] for s in range(rules.players)]

    out = np.zeros((2, deals))
    for i in range(deals):
        ms = api.match_seed(seed, i)
        for row, bots in enumerate((lineup(lv, ct), lineup(ct, lv))):
            out[row, i] = side_margin(first_deal_points(api, rules, bots, ms), 0)
    return out[0], out[1]


def per_match(res: Any, players: int) -> Dict[str, np.ndarray]:
    """Per match: the first dealer's side's result (1, a half for a draw, 0), the dealer's
    margin a deal, and the deals it took."""
    deals = res.deals.astype(np.int64)
    winner = res.winner.astype(np.int64)
    first = side_of_seat(res.first_dealer.astype(np.int64), players)
    result = np.where(winner < 0, 0.5, (winner == first).astype(np.float64))
    pts = res.deal_points.astype(np.float64)
    dealer_side = side_of_seat(res.deal_dealer.astype(np.int64), players)
    rows = np.arange(len(pts))
    sides = pts.shape[1] if pts.ndim == 2 else 1
    mine = pts[rows, dealer_side] if len(pts) else np.zeros(0)
    margin = mine - (pts.sum(axis=1) - mine) / max(sides - 1, 1) if len(pts) else np.zeros(0)
    match = np.repeat(np.arange(len(deals)), deals)
    margin_a_deal = np.bincount(match, weights=margin, minlength=len(deals)) / np.maximum(deals, 1)
    return {"first_dealer_result": result, "dealer_margin": margin_a_deal, "deals": deals.astype(np.float64)}


METRICS = (("first_dealer_result", "the first dealer's side's match result (a win 1, a draw a half)"),
           ("dealer_margin", "the dealer's margin a deal, in points"),
           ("deals", "deals a match"))


def paired_tests(base: Any, variant: Any, players: int,
                 margins: Optional[Mapping[str, float]] = None) -> List[Dict[str, Any]]:
    """Each metric of METRICS, variant less base match by match on the same seeds, and, with
    `margins` (lab_margins.margins), its test against the metric's margin (equivalence.py)."""
    a, b = per_match(base, players), per_match(variant, players)
    out = []
    for key, meaning in METRICS:
        diff = b[key] - a[key]
        row = {"metric": key, "meaning": meaning, "base": float(np.mean(a[key])) if len(a[key]) else math.nan,
               "variant": float(np.mean(b[key])) if len(b[key]) else math.nan,
               "difference": lab_stats.mean_interval(diff)}
        if margins is not None:
            row["equivalence"] = equivalence.of_values(diff, margins[key])
        out.append(row)
    return out


def judge(compared: List[Dict[str, Any]]) -> None:
    """Over every test of every option set (one family): Holm's correction of "the difference is
    0" (`p_holm`, `significant`), and the verdict against the margin (`verdict`: matters,
    negligible, unclear; equivalence.verdicts) of each test and of each option set."""
    tests = [t for c in compared for t in c["tests"]]
    for t, h in zip(tests, lab_stats.holm([t["difference"]["p"] for t in tests])):
        t.update(p_holm=h["p_holm"], significant=h["significant"])
    judged = equivalence.verdicts([t["equivalence"] for t in tests])
    for t, e in zip(tests, judged):
        t["equivalence"] = e
        t["verdict"] = e["verdict"]
    for c in compared:
        c["verdict"] = equivalence.overall([t["verdict"] for t in c["tests"]])
