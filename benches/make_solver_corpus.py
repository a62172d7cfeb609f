"""Write tests/data/solver.jsonl: positions near a deal's end of every rule set and
player count (quinte with a low target too, so that some deals end at a quint), each
with its value and the value of every move found by the plain minimax of tests/conftest.py
(no solver involved): `copy`, `play`, the value read from the deal's record.

    python benches/make_solver_corpus.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import quinza  # noqa: E402
from tests.conftest import brute_moves, near_end  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "solver.jsonl"


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
            moves = brute_moves(game)
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
