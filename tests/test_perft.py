"""Perft: move-generator node counts from fixed positions, on both backends, with every
node's legal moves checked against a brute force over all subsets of the table."""

from __future__ import annotations

from itertools import combinations

import pytest

import quinza
import quinza.reference

VALUES = {
    "quinza": {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 10, 11: 11, 12: 12},
    "escoba": {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 8, 11: 9, 12: 10},
}
VALUES["rb3ine"] = VALUES["quinza"]
TOTAL = {"quinza": 15, "rb3ine": 40, "escoba": 15}


def brute_force_moves(game) -> set:
    """Every (card, captured set) the rules of docs/rules.md "Your turn: capture or lay" allow, by trying every
    subset of the table: a card that can capture must; one that cannot is laid."""
    name = game.rules.name
    value = VALUES[name]
    table = game.table
    moves = set()
    for card in game.hand(game.turn):
        need = TOTAL[name] - value[card.rank]
        groups = [
            group
            for k in range(1, len(table) + 1)
            for group in combinations(table, k)
            if sum(value[c.rank] for c in group) == need
        ]
        if groups:
            moves |= {(str(card), tuple(sorted(str(c) for c in g))) for g in groups}
        else:
            moves.add((str(card), ()))
    return moves


def perft(game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    moves = game.legal_moves()
    assert {(str(m.card), tuple(sorted(str(c) for c in m.captures))) for m in moves} == brute_force_moves(game)
    assert len(moves) == len(set(moves)) == game.count_legal_moves()
    total = 0
    for move in moves:
        child = game.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize(
    "name, players, seed, depth",
    [("quinza", 2, 1, 10), ("rb3ine", 2, 2, 10), ("escoba", 2, 3, 10), ("quinza", 3, 4, 9), ("escoba", 4, 5, 9)],
)
def test_perft_agrees_between_backends_and_with_brute_force(name, players, seed, depth):
    counts = [perft(q.Game(q.Rules(name, players=players), seed=seed), depth) for q in (quinza, quinza.reference)]
    assert counts[0] == counts[1] > 1
