"""A long differential soak of the two twins (`quinza` and `quinza.reference`) on positions
built at random with `from_position`: odd deals, odd targets and scores, quints and escoba
counts near the top of the range (2**64-1). Per position, both twins must give the same:

- `solve` (every move valued), and the brute force where it is small (tests/conftest.py);
- the search bots' move and `analyse` (pimc beyond and within `exact`, ismcts with each
  opponents model and inference), from the same seed;
- `encode` and `observation` for every seat;
- then, played on at random in step to the end of the match or `--moves` moves: the legal
  moves, the events, JSON, `str`, `encode` of the seat to move; the match record (and each
  twin reading the other's record back), and undo back to the built position.

Positions a twin refuses (each twin must refuse the same way) are counted, not compared.
Exits 1 on any difference, printing it.

    python benches/twins_soak.py --quick                 # a smoke run: 20 positions a family
    python benches/twins_soak.py --positions 1000 --seed 7 --json soak.json

Slow by design (the reference searches in Python): about 2 positions a second a family.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import quinza  # noqa: E402
import quinza.reference as ref  # noqa: E402
from conftest import brute_moves, deck, qdeck  # noqa: E402

TOP = 2**64 - 1
BOTS = [
    ("pimc", {"worlds": 5}),
    ("pimc", {"worlds": 4, "depth": 1, "exact": 6}),
    ("ismcts", {"iterations": 60, "opponents": "search", "infer": "off"}),
    ("ismcts", {"iterations": 60, "opponents": "greedy", "infer": "greedy_first"}),
    ("ismcts", {"iterations": 60}),
]


def fifteen_position(rng: random.Random) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """Rules arguments and from_position arguments of a random fifteen-family position."""
    name, players = rng.choice(["quinza", "rb3ine", "escoba"]), rng.choice([2, 3, 4])
    rules: Dict[str, Any] = {"name": name, "players": players, "target": rng.choice([1, 21, 151, TOP])}
    if name == "escoba":
        rules.update(escoba_on_last_card=rng.random() < 0.5, setenta=rng.choice(["prime", "sum"]))
    cards = deck()
    rng.shuffle(cards)
    h, k, dealer = rng.randint(1, 2), rng.randrange(players), rng.randrange(players)
    sizes = [h] * players
    for i in range(k):  # the first k seats after the dealer have played this round
        sizes[(dealer + 1 + i) % players] = h - 1
    hands = []
    for s in range(players):
        hands.append(cards[: sizes[s]])
        cards = cards[sizes[s]:]
    t = rng.randint(0, 6)
    table, cards = cards[:t], cards[t:]
    stock_size = rng.choice([0, 0, 3 * players]) if len(cards) >= 3 * players else 0
    stock, cards = cards[:stock_size], cards[stock_size:]
    sides = 2 if players == 4 else players
    piles: List[List[str]] = [[] for _ in range(sides)]
    for c in cards:
        piles[rng.randrange(sides)].append(c)
    kw: Dict[str, Any] = dict(hands=hands, table=table, stock=stock, piles=piles, dealer=dealer,
                              last_capturer=rng.choice([None] + list(range(players))))
    if name == "escoba":
        kw["escobas"] = [rng.choice([0, 0, 1, 3, 2**63, TOP]) for _ in range(sides)]
    return rules, kw


def quinte_position(rng: random.Random) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """Rules arguments and from_position arguments of a random quinte position, one to three
    tricks from the deal's end, the won cards as piles (not in play order)."""
    cards = qdeck()
    rng.shuffle(cards)
    tricks_left, leader, in_trick = rng.randint(1, 3), rng.randrange(4), rng.randint(0, 3)
    hands: List[List[str]] = [[] for _ in range(4)]
    for i in range(4):
        seat = (leader + i) % 4
        n = tricks_left - (1 if i < in_trick else 0)
        hands[seat], cards = cards[:n], cards[n:]
    table, cards = cards[:in_trick], cards[in_trick:]
    cachette, cards = cards[:5], cards[5:]
    won0 = rng.randint(0, len(cards) // 4)
    target = rng.choice([25, 60, 250, TOP])
    quints = [rng.choice([0, 5, 20, 45]), rng.choice([0, 10, 25])]
    scores = [quints[0] + rng.choice([0, 10, 100, 200]), quints[1] + rng.choice([0, 30, 230])]
    if target == TOP and rng.random() < 0.5:
        side = rng.randrange(2)
        add = min(rng.choice([2**63 + 5, 2**64 - 300, 2**64 - 60]), target - 2 - scores[side])
        quints[side] += add
        scores[side] += add
    bids = rng.choice([["pass"] * 4, ["double", "pass", "pass", "pass"], ["pass", "double", "redouble"]])
    kw = dict(hands=hands, table=table, stock=cachette, piles=[cards[: 4 * won0], cards[4 * won0:]],
              dealer=rng.randrange(4), last_capturer=leader if cards else None, bids=bids,
              quints=quints, scores=scores)
    return {"name": "quinte", "target": target}, kw


def build(q: Any, rules: Dict[str, Any], kw: Dict[str, Any]) -> Tuple[Optional[Any], Optional[str]]:
    r = dict(rules)
    try:
        return q.Game.from_position(q.Rules(r.pop("name"), **r), **kw), None
    except ValueError as e:
        return None, str(e)


def analysed(bot: Any, game: Any) -> List[Tuple[str, Optional[float]]]:
    return [(str(m), None if math.isnan(v) else v) for m, v in bot.analyse(game)]


def compare(a: Any, b: Any, seed: int, moves: int) -> List[str]:
    """Every difference between the twins' games `a` (core) and `b` (reference)."""
    out: List[str] = []
    seats = range(a.rules.players)
    for seat in seats:
        if np.asarray(a.encode(seat)).tolist() != np.asarray(b.encode(seat)).tolist():
            out.append(f"encode, seat {seat}")
        if repr(a.observation(seat)) != repr(b.observation(seat)):
            out.append(f"observation, seat {seat}")
    if a.turn is None:
        return out
    sa, sb = quinza.solve(a), ref.solve(b)
    va, vb = [(str(m), v) for m, v in sa.moves], [(str(m), v) for m, v in sb.moves]
    if va != vb:
        out.append(f"solve: {va[:3]} against {vb[:3]}")
    elif sum(len(a.hand(s)) for s in seats) + (a.stock if a.rules.name != "quinte" else 0) <= 6:
        if va != brute_moves(a):
            out.append("solve: not the brute force")
    for name, params in BOTS:
        x, y = quinza.bot(name, seed=seed, **params), ref.bot(name, seed=seed, **params)
        if (str(x(a)), analysed(x, a)) != (str(y(b)), analysed(y, b)):
            out.append(f"{name} {params}: {analysed(x, a)[:3]} against {analysed(y, b)[:3]}")
    start = (a.to_json(), b.to_json())
    rng = random.Random(seed)
    for step in range(moves):
        if a.turn is None:
            break
        legal = [str(m) for m in a.legal_moves()]
        if legal != [str(m) for m in b.legal_moves()]:
            out.append(f"legal moves at move {step}")
            return out
        move = rng.choice(legal)
        if repr(a.play(move)) != repr(b.play(move)):
            out.append(f"events at move {step}")
        if a.to_json() != b.to_json() or str(a) != str(b):
            out.append(f"state at move {step}")
            return out
        if a.turn is not None:
            if np.asarray(a.encode(a.turn)).tolist() != np.asarray(b.encode(b.turn)).tolist():
                out.append(f"encode at move {step}")
    ra, rb = a.record(), b.record()
    if ra != rb:
        out.append("record")
    for q, text, game in ((quinza, rb, a), (ref, ra, b)):
        back = q.Game.from_record(text)
        if back.to_json() != game.to_json() or back.record() != text:
            out.append(f"{q.__name__} reading the other's record")
    undone = []
    for g in (a, b):
        while True:
            try:
                g.undo()
            except Exception as e:  # the twins must stop undoing alike
                undone.append(f"{type(e).__name__}: {e}")
                break
    if undone[0] != undone[1] or (a.to_json(), b.to_json()) != start:
        out.append(f"undo: {undone}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=200, help="positions a family (200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=60, help="random moves played on in step (60)")
    ap.add_argument("--families", default="fifteen,quinte")
    ap.add_argument("--quick", action="store_true", help="20 positions a family, 20 moves")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    positions, moves = (20, 20) if args.quick else (args.positions, args.moves)
    summary: Dict[str, Any] = {"seed": args.seed, "positions": positions, "moves": moves, "families": {}}
    failed = False
    for family in args.families.split(","):
        make = {"fifteen": fifteen_position, "quinte": quinte_position}[family]
        rng = random.Random(f"{args.seed}-{family}")
        counts = {"compared": 0, "refused": 0, "differences": 0}
        t = time.perf_counter()
        for i in range(positions):
            rules, kw = make(rng)
            (a, ea), (b, eb) = build(quinza, rules, kw), build(ref, rules, kw)
            if ea is not None or eb is not None:
                counts["refused"] += 1
                if ea != eb:
                    counts["differences"] += 1
                    print(f"{family} {i}: refused differently: {ea!r} against {eb!r}")
                continue
            diffs = compare(a, b, seed=i, moves=moves)
            counts["compared"] += 1
            if diffs:
                counts["differences"] += 1
                print(f"{family} {i}: {'; '.join(diffs)}\n  {json.dumps({'rules': rules, **kw})}")
        counts["seconds"] = round(time.perf_counter() - t, 1)
        summary["families"][family] = counts
        failed |= counts["differences"] > 0
        print(f"{family}: {counts}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
