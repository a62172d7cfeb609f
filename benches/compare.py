"""Time both backends on the same work in one run and write the figures as JSON.

    python benches/compare.py [--out bench-results.json] [--quick]

Work measured, identical for both backends:
- legal_moves: legal_moves() over a fixed corpus of positions (all three rule sets,
  2-4 players, positions reached by seeded random play);
- count_big_table: count_legal_moves() on rb3ine tables of 30 cards;
- playout: whole random matches driven move by move from Python;
- quinte_legal_moves: legal_moves() over a fixed corpus of quinte positions (the doubling
  and every trick, reached by seeded random play);
- quinte_playout: whole random quinte matches (to 250) driven move by move from Python.
The machine is noisy: compare the ratio within one run, not seconds across runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any, Callable, Dict, List

import quinza
import quinza.reference as ref


def advanced(g: Any, seed: int, most: int) -> List[str]:
    """The JSON of `g` after a random number (below `most`) of random moves, if it goes on."""
    pick = quinza.Random(seed)
    for _ in range(pick.below(most)):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[pick.below(len(moves))])
    return [] if g.is_over else [g.to_json()]


def corpus(size: int) -> List[str]:
    """Positions as JSON text: every rule set and player count, at every stage of a deal."""
    texts: List[str] = []
    seed = 0
    while len(texts) < size:
        for name in ("quinza", "rb3ine", "escoba"):
            for players in (2, 3, 4):
                texts += advanced(quinza.Game(quinza.Rules(name, players=players), seed=seed), seed, 30)
        seed += 1
    return texts[:size]


def quinte_corpus(size: int) -> List[str]:
    """Quinte positions as JSON text: the doubling and every stage of the tricks."""
    texts: List[str] = []
    seed = 0
    while len(texts) < size:
        texts += advanced(quinza.Game("quinte", seed=seed), seed, 56)
        seed += 1
    return texts


def big_tables() -> List[str]:
    deck = [str(quinza.Card.from_id(i)) for i in range(40)]
    hands = [["12o", "12c", "12e"], ["11o", "11c", "11e"]]
    texts = []
    for shift in range(3):
        rest = [c for c in deck if c not in hands[0] + hands[1]]
        rest = rest[shift:] + rest[:shift]
        table, pile = rest[:30], rest[30:]
        g = quinza.Game.from_position("rb3ine", hands=hands, table=table, piles=[pile, []], dealer=1)
        texts.append(g.to_json())
    return texts


def best_of(repeats: int, work: Callable[[], int]) -> Dict[str, float]:
    """Best wall time over `repeats` runs (the least disturbed by the other load)."""
    best, units = float("inf"), 0
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        best = min(best, time.perf_counter() - start)
    return {"seconds": best, "units": units, "per_second": units / best}


def measure(
    backend: Any, positions: List[str], big: List[str], quinte_positions: List[str], matches: int, repeats: int
) -> Dict[str, Any]:
    games = [backend.Game.from_json(t) for t in positions]
    bigs = [backend.Game.from_json(t) for t in big]
    quinte_games = [backend.Game.from_json(t) for t in quinte_positions]

    def legal_moves() -> int:
        return sum(len(g.legal_moves()) for g in games)

    def count_big() -> int:
        for g in bigs:
            g.count_legal_moves()
        return len(bigs)

    def playout(name: str = "quinza") -> int:
        moves = 0
        for seed in range(matches):
            g = backend.Game(backend.Rules(name), seed=seed)
            pick = backend.Random(seed)
            while not g.is_over:
                legal = g.legal_moves()
                g.play(legal[pick.below(len(legal))])
                moves += 1
        return moves

    def quinte_legal_moves() -> int:
        return sum(len(g.legal_moves()) for g in quinte_games)

    return {
        "legal_moves": best_of(repeats, legal_moves),
        "count_big_table": best_of(repeats, count_big),
        "playout": best_of(max(1, repeats // 2), playout),
        "quinte_legal_moves": best_of(repeats, quinte_legal_moves),
        "quinte_playout": best_of(max(1, repeats // 2), lambda: playout("quinte")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="bench-results.json")
    parser.add_argument("--quick", action="store_true", help="a smaller run, for a smoke test")
    args = parser.parse_args()
    size, matches, repeats = (60, 2, 2) if args.quick else (600, 20, 5)
    positions, big, quinte_positions = corpus(size), big_tables(), quinte_corpus(size)
    results = {
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine()},
        "work": {
            "positions": len(positions), "big_tables": len(big), "quinte_positions": len(quinte_positions),
            "playout_matches": matches,
        },
        "rust": measure(quinza, positions, big, quinte_positions, matches, repeats),
        "reference": measure(ref, positions, big, quinte_positions, matches, repeats),
    }
    results["rust_over_reference"] = {
        key: results["rust"][key]["per_second"] / results["reference"][key]["per_second"] for key in results["rust"]
    }
    with open(args.out, "w") as out:
        json.dump(results, out, indent=2)
    for key, ratio in results["rust_over_reference"].items():
        rust = results["rust"][key]["per_second"]
        py = results["reference"][key]["per_second"]
        print(f"{key:18} rust {rust:14,.0f}/s  reference {py:12,.0f}/s  ratio {ratio:8.1f}x")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
