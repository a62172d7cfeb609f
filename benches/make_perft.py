"""Write tests/data/perft.jsonl: positions of every rule set with their perft node counts.

    python benches/make_perft.py [--out tests/data/perft.jsonl]

A count at depth d is the number of move sequences of length d from the position; a move
that ends a deal goes on into the next deal as the engine deals it, a finished match has
no moves. The counts are computed once here and then pinned: tests/test_perft_files.py
checks both twins against the file, so a bug the twins share cannot pass.

The counts come from the reference's legal_moves + play, but every node the reference
visits is first checked against a move generator written here from docs/rules.md alone (a
brute force over subsets of the table for the fifteen family; follow suit, the joker and
the bids for quinte), list and order both. The Rust core must then give the same count at
every depth before anything is written. Depths past `reference_depth` are counted by the
Rust core alone (the reference would take too long in CI); they are still checked against
the reference's total at `reference_depth` and marked "rust_only_from" in the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

# The repository, for the tests' helpers; quinza itself is the installed package (its
# compiled core is not in python/).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import quinza  # noqa: E402
import quinza.reference as ref  # noqa: E402
from tests.conftest import TooBig, as_position, deck, load, perft, random_play  # noqa: E402

MAX_DEPTH_NODES = 100_000  # a depth's count stays under this
REFERENCE_BUDGET = 2_000  # nodes the reference may walk per position in the test
RUST_BUDGET = 200_000  # nodes the core may walk per position in the test
MAX_DEPTH = 14

# -- an independent move generator, from docs/rules.md -----------------------------------------

VALUE = {"quinza": {10: 10, 11: 11, 12: 12}, "rb3ine": {10: 10, 11: 11, 12: 12}, "escoba": {10: 8, 11: 9, 12: 10}}
TOTAL = {"quinza": 15, "rb3ine": 40, "escoba": 15}


def fifteen_moves(game: Any) -> List[str]:
    """Per hand card in id order: every table subset that makes the total with it (include or
    exclude each table card from the last one back), ordered by sum(1 << id); a lay if none."""
    name = game.rules.name

    def value(card: Any) -> int:
        return VALUE[name].get(card.rank, card.rank)

    table = list(game.table)
    out = []
    for card in sorted(game.hand(game.turn), key=lambda c: c.id):
        groups: List[List[Any]] = []

        # reach[i]: the most the table cards 0..i can add; a branch that cannot reach stops.
        reach = [sum(value(c) for c in table[: i + 1]) for i in range(len(table))]

        def pick(i: int, chosen: List[Any], left: int) -> None:
            if left == 0:
                groups.append(list(chosen))
                return
            if i < 0 or left < 0 or reach[i] < left:
                return
            pick(i - 1, chosen + [table[i]], left - value(table[i]))
            pick(i - 1, chosen, left)

        pick(len(table) - 1, [], TOTAL[name] - value(card))
        groups.sort(key=lambda g: sum(1 << c.id for c in g))
        if not groups:
            out.append(str(card))
        for g in groups:
            out.append(f"{card} x " + " ".join(str(c) for c in sorted(g, key=lambda c: c.id)))
    return out


def quinte_moves(game: Any) -> List[str]:
    """Bids: pass; double if no one has; redouble the other side's double. Cards: follow the
    suit of the first card that is not the joker; the joker goes any time, never leads while
    other cards are held, and must go in the eleventh trick by a seat that does not lead it."""
    seat = game.turn
    if game.phase == "doubling":
        doubled = None
        for s, word in game.bids:
            if word == "double":
                doubled = s % 2
        if doubled is None:
            return ["pass", "double"]
        return ["pass"] + (["redouble"] if doubled != seat % 2 else [])
    hand = sorted(game.hand(seat), key=lambda c: c.id)
    joker = [c for c in hand if str(c) == "JK"]
    plain = [c for c in hand if str(c) != "JK"]
    trick = [card for _, card in game.trick]
    if not trick:
        return [str(c) for c in (plain or hand)]
    if joker and game.trick_number == 11:
        return ["JK"]
    suits = [c.suit for c in trick if str(c) != "JK"]
    follow = [c for c in plain if suits and c.suit == suits[0]]
    return [str(c) for c in (follow + joker if follow else hand)]


def check_node(game: Any) -> None:
    moves = [str(m) for m in game.legal_moves()]
    expected = quinte_moves(game) if game.rules.name == "quinte" else fifteen_moves(game)
    if moves != expected:
        raise SystemExit(f"legal moves differ from docs/rules.md at\n{game.to_json()}\nengine: {moves}\nhere:   {expected}")
    if game.count_legal_moves() != len(moves):
        raise SystemExit(f"count_legal_moves is not len(legal_moves) at\n{game.to_json()}")


# -- the positions ------------------------------------------------------------------------------


def big_table(name: str, table: List[str], hands: List[List[str]], **kw: Any) -> Dict[str, Any]:
    """A position with a large table; every card not named is in side 0's pile."""
    named = set(table) | {c for h in hands for c in h}
    rules = {"name": name, "players": len(hands), "target": 151 if name != "escoba" else 21}
    sides = 3 if len(hands) == 3 else 2
    piles = [[c for c in deck() if c not in named]] + [[] for _ in range(sides - 1)]
    return {"rules": rules, "hands": hands, "table": table, "piles": piles, "last_capturer": 1, **kw}


def positions() -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []

    def add(ident: str, game: Any = None, position: Optional[Dict[str, Any]] = None, note: str = "") -> None:
        entry: Dict[str, Any] = {"id": ident}
        if note:
            entry["note"] = note
        if game is not None:
            entry["json"] = game.to_json()
        else:
            entry["position"] = position
        out.append(entry)

    def last_round(g: Any) -> bool:
        return g.stock == 0 and sum(len(g.hand(s)) for s in range(g.rules.players)) <= 2 * g.rules.players

    fifteen = [
        ("quinza", 2, {}), ("quinza", 3, {}), ("quinza", 4, {}),
        ("rb3ine", 2, {}), ("rb3ine", 3, {}), ("rb3ine", 4, {}),
        ("escoba", 2, {}), ("escoba", 3, {"opening_capture": False}), ("escoba", 4, {"setenta": "sum"}),
        ("escoba", 2, {"escoba_on_last_card": True, "opening_capture": False, "setenta": "sum"}),
    ]
    for i, (name, players, options) in enumerate(fifteen):
        tag = f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
        rules = ref.Rules(name, players=players, **options)
        add(f"{tag}-start", ref.Game(rules, seed=100 + i), note="a match's first position")
        add(f"{tag}-middle", random_play(ref.Game(rules, seed=200 + i), 2 * players + 1, 300 + i), note="mid deal")
        late = random_play(ref.Game(rules, seed=400 + i), 10_000, 500 + i, until=last_round)
        add(f"{tag}-deal-end", late, note="last round of a deal: the next deal is dealt inside the tree")
        add(f"{tag}-second-deal", random_play(ref.Game(rules, seed=600 + i), 10_000, 700 + i,
                                              until=lambda g: g.deal_number == 2), note="first position of deal 2")
    # A match that ends inside the tree: the last round of a deal with the scores at the target's edge.
    for i, name in enumerate(["quinza", "rb3ine", "escoba"]):
        late = random_play(ref.Game(ref.Rules(name, players=2), seed=800 + i), 10_000, 900 + i, until=last_round)
        edge = [late.rules.target - 1, late.rules.target - 1] if name != "escoba" else [19, 20]
        add(f"{name}-2p-match-end", position=as_position(late, scores=edge), note="from_position: the match ends in the tree")
        add(f"{name}-2p-deal-end-position", position=as_position(late), note="from_position form of a last round")
    # A finished match: no moves at all.
    done = random_play(ref.Game(ref.Rules("escoba", players=3, target=1), seed=11), 10_000, 12)
    add("escoba-3p-finished", done, note="a finished match: every count is 0")
    # Big tables: the capture enumeration.
    high = ["10c", "11c", "12c", "10e", "11e", "12e", "10b", "11b", "12b", "7c", "7e", "7b", "6c", "6e", "6b",
            "5c", "5e", "5b", "4c", "4e", "4b", "3c", "3e", "3b"]
    add("rb3ine-2p-table-24", position=big_table("rb3ine", high, [["12o", "11o", "10o"], ["7o", "6o", "5o"]]),
        note="24 cards on the table")
    add("rb3ine-2p-table-22", position=big_table("rb3ine", high[:22], [["12o", "11o", "10o"], ["7o", "6o", "5o"]]),
        note="22 cards on the table")
    add("rb3ine-2p-table-20", position=big_table("rb3ine", high[:20], [["12o", "11o", "10o"], ["7o", "6o", "5o"]]),
        note="20 cards on the table")
    add("rb3ine-3p-table-21", position=big_table(
        "rb3ine",
        ["10c", "11c", "12c", "10e", "11e", "12e", "10b", "11b", "12b", "7c", "7e", "7b", "6c", "6e", "6b",
         "5c", "5e", "5b", "1c", "1e", "1b"],
        [["1o", "2o"], ["3o", "4o"], ["5o", "6o"]]), note="3 players, 21 cards on the table")
    add("quinza-2p-table-20", position=big_table(
        "quinza",
        ["1c", "2c", "3c", "4c", "5c", "1e", "2e", "3e", "4e", "5e", "1b", "2b", "3b", "4b", "5b", "6b",
         "6c", "6e", "7c", "7e"],
        [["1o", "2o", "3o"], ["4o", "5o", "12b"]]), note="20 small cards on the table")
    add("escoba-4p-table-16", position=big_table(
        "escoba",
        ["1c", "2c", "3c", "4c", "5c", "1e", "2e", "3e", "4e", "5e", "1b", "2b", "3b", "4b", "5b", "6b"],
        [["7o"], ["6o"], ["5o"], ["4o", "12o"]], dealer=3), note="escoba, 4 players, 16 on the table, a clear possible")

    # Quinte.
    quinte = ref.Rules("quinte")
    add("quinte-doubling-start", ref.Game(quinte, seed=1), note="the doubling of a match's first deal")
    for seed, bids, tag in ((2, ["double"], "doubled"), (3, ["pass", "double", "redouble"], "redoubled"),
                            (4, ["pass", "pass", "pass", "pass"], "plain")):
        g = ref.Game(quinte, seed=seed)
        for word in bids:
            g.play(word)
        while g.phase == "doubling":
            g.play("pass")
        add(f"quinte-play-{tag}", g, note="the first lead after the doubling")
    mid = random_play(ref.Game(quinte, seed=5), 4 + 4 * 5 + 2, 6)
    add("quinte-mid-trick", mid, note="two cards into the sixth trick")

    def search(ident: str, cond: Callable[[Any], bool], note: str, as_pos: bool = False, **changes: Any) -> None:
        for seed in range(1, 2000):
            g = random_play(ref.Game(quinte, seed=seed), 10_000, seed, until=cond)
            if not g.is_over and cond(g):
                if as_pos:
                    add(ident, position=as_position(g, **changes), note=note)
                else:
                    add(ident, g, note=note)
                return
        raise SystemExit(f"no position found for {ident}")

    def holder(g: Any) -> Optional[int]:
        return next((s for s in range(4) if any(str(c) == "JK" for c in g.hand(s))), None)

    search("quinte-joker-deadline", lambda g: g.trick_number == 11 and len(g.trick) == 1 and holder(g) not in (None, g.leader),
           note="trick 11 under way, the joker still held by a follower: it must go now")
    search("quinte-joker-leads-11", lambda g: g.trick_number == 11 and not g.trick and holder(g) == g.turn,
           note="the joker holder leads trick 11 with JK and one card (a decision of docs/rules.md)")
    search("quinte-joker-trick-10", lambda g: g.trick_number == 10 and not g.trick and holder(g) is not None,
           note="trick 10, the joker held: the deadline lies inside the tree")
    search("quinte-last-tricks", lambda g: g.trick_number == 12 and len(g.trick) == 0 and g.phase == "play",
           note="trick 12: the cachette, the deal's end and the next deal's doubling in the tree")
    search("quinte-last-tricks-position", lambda g: g.trick_number == 11 and len(g.trick) == 0 and g.phase == "play",
           note="from_position form of trick 11", as_pos=True)
    search("quinte-quint-ends-match", lambda g: g.trick_number == 12 and len(g.trick) == 0 and g.phase == "play",
           note="from_position: trick 12 with both sides at 249, a quint or the count ends the match",
           as_pos=True, scores=[249, 249], quints=[0, 0])
    return out


def counts_for(entry: Dict[str, Any]) -> Dict[str, Any]:
    game = load(ref, entry)
    # Depth: deepest whose count the core keeps under MAX_DEPTH_NODES and whose walk fits the budget.
    rust = load(quinza, entry)
    depth = 1
    counts = perft(rust, 1)
    while depth < MAX_DEPTH and counts[-1]:
        try:
            deeper = perft(rust, depth + 1, limit=RUST_BUDGET)
        except TooBig:
            break
        if deeper[-1] > MAX_DEPTH_NODES:
            break
        depth, counts = depth + 1, deeper
    ref_depth = 1
    while ref_depth < depth and sum(counts[: ref_depth + 1]) <= REFERENCE_BUDGET:
        ref_depth += 1
    ref_counts = perft(game, ref_depth, check=check_node)
    if ref_counts != counts[:ref_depth]:
        raise SystemExit(f"{entry['id']}: the twins disagree: rust {counts[:ref_depth]} reference {ref_counts}")
    rust_again = perft(load(quinza, entry), depth)
    if rust_again != counts:
        raise SystemExit(f"{entry['id']}: the core is not repeatable")
    out = dict(entry)
    out["counts"] = counts
    if ref_depth < depth:
        out["rust_only_from"] = ref_depth + 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "tests" / "data" / "perft.jsonl"))
    args = parser.parse_args()
    lines = []
    for entry in positions():
        start = time.perf_counter()
        done = counts_for(entry)
        print(f"{done['id']:48} {done['counts']} rust_only_from={done.get('rust_only_from')} "
              f"{time.perf_counter() - start:.1f}s", flush=True)
        lines.append(json.dumps(done, separators=(", ", ": ")))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {args.out}")


if __name__ == "__main__":
    main()
