"""Write tests/data/solver.jsonl: positions near a deal's end of every rule set and
player count (quinte with a low target too, so that some deals end at a quint), each
with its value and the value of every move found by a plain minimax written here (no
solver involved): `copy`, `play`, the value read from the deal's record.

    python benches/make_solver_corpus.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, List, Optional, Tuple

import quinza

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "solver.jsonl"


def objective(points: List[int], side: int) -> int:
    return points[side] - max(p for s, p in enumerate(points) if s != side)


def value_after(game: Any, move: Any, side: int, deals: int) -> int:
    child = game.copy()
    child.play(move)
    if len(child.deals) > deals:
        return objective(child.deals[-1].points, side)
    values = [value_after(child, m, side, deals) for m in child.legal_moves()]
    return max(values) if child.side_of(child.turn) == side else min(values)


def solve(game: Any) -> List[Tuple[str, int]]:
    side, deals = game.side_of(game.turn), len(game.deals)
    pairs = [(str(m), value_after(game, m, side, deals)) for m in game.legal_moves()]
    return sorted(pairs, key=lambda p: -p[1])


def cards_left(game: Any) -> int:
    hands = sum(len(game.hand(s)) for s in range(game.rules.players))
    return hands + (game.stock if game.rules.name != "quinte" else 0)


def near_end(rules: Any, seed: int, left: int) -> Optional[Any]:
    rng = random.Random(seed)
    game = quinza.Game(rules, seed=seed)
    while cards_left(game) > left:
        child = game.copy()
        child.play(rng.choice(child.legal_moves()))
        if child.deal_number != game.deal_number or child.turn is None:
            return None
        game = child
    return game


def main() -> None:
    lines = []
    cases = [(name, players, 6 if players == 2 else 5) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)]
    cases += [("quinte", 4, 7), ("quinte", 4, 8)]
    for name, players, left in cases:
        made, seed = 0, 0
        while made < 3:
            seed += 1
            target = 30 if name == "quinte" and seed % 2 else None
            rules = quinza.Rules(name, players=players) if name != "quinte" else quinza.Rules("quinte", target=target or 250)
            game = near_end(rules, seed, left)
            if game is None:
                continue
            moves = solve(game)
            lines.append({
                "id": f"{name}-{players}p-{left}left-seed{seed}" + (f"-target{target}" if target else ""),
                "note": f"random play from Game(seed={seed}) until {left} cards are left in hands and stock",
                "json": game.to_json(),
                "value": moves[0][1],
                "moves": [list(p) for p in moves],
            })
            made += 1
    OUT.write_text("".join(json.dumps(line) + "\n" for line in lines))
    print(f"{len(lines)} positions written to {OUT}")


if __name__ == "__main__":
    main()
