"""Perft files: node counts pinned in tests/data/perft.jsonl, checked in both twins.

tests/test_perft.py compares the twins with each other, so a bug both share passes there.
Here each position (game JSON, or from_position arguments) carries its node count at every
depth, computed once by benches/make_perft.py, where every node the reference visited was
checked against a move generator written from docs/rules.md alone. A count at depth d is the
number of move sequences of length d; a deal that ends goes on into the next deal as the
engine deals it. Depths from "rust_only_from" on are checked on the core only (the
reference is too slow for them in CI). Changing any count in the file makes this fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

import pytest

from .conftest import load, perft

FILE = Path(__file__).parent / "data" / "perft.jsonl"
ENTRIES = [json.loads(line) for line in FILE.read_text().splitlines() if line.strip()]


def test_the_file_covers_every_rule_set() -> None:
    names = {(e.get("position") or json.loads(e.get("json", "{}")))["rules"]["name"] for e in ENTRIES}
    assert names == {"quinza", "rb3ine", "escoba", "quinte"}
    assert len({e["id"] for e in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_perft_counts_match_the_file(q: Any, entry: Dict[str, Any]) -> None:
    counts = entry["counts"]
    depth = len(counts)
    if q.BACKEND == "reference":
        depth = entry.get("rust_only_from", depth + 1) - 1
    assert perft(load(q, entry), depth) == counts[:depth]
