"""The search bots, pimc and ismcts (docs/reference/search.md "Search bots: PIMC and ISMCTS"), on
both backends: they see only what their seat may know (re-dealing the hidden cards in any
way the seat's observation allows changes neither the move nor the analysis); the worlds
they search keep everything in view and deal the hidden cards consistently (quinte's
voids and joker rule); pimc's exact worlds are the solver's; the depth-limited search
is a minimax over greedy playouts; ismcts's tie-breaks and visits; seeds, time limits,
parameters and their refusals; whole matches against greedy.

Budgets are tiny: the reference plays these searches in Python.
"""

from __future__ import annotations

import inspect

import json
import math
from types import ModuleType
from typing import Any, Dict, List, Tuple

import pytest

import quinza
import quinza.reference as ref
from quinza.reference.worlds import FIT_TRIES, GIVE_UP_AFTER, Fitter, fits_greedy, sample_fitted, sample_world

from .conftest import advanced, near_end, played_by, position, random_play, redeal, replays, texts

EVERY_RULE_SET = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)] + [("quinte", 4)]

# How far into a match the positions are (random moves): quinte's doubling, early and late
# tricks (trick 11 and 12 among them); the fifteen family's first and later rounds.
MOVES = {"quinte": (2, 9, 26, 41, 46, 50), "fifteen": (0, 7, 16, 29, 38)}


def small(name: str, rules: str, seed: int = 0) -> Dict[str, Any]:
    """A tiny budget of a search bot: pimc solves few cards exactly, else looks one move
    deep below the root move (quinte: none) before its greedy playouts; ismcts plays out
    greedily or (odd seeds) at random."""
    if name == "pimc":
        return {"worlds": 3, "depth": 0 if rules == "quinte" else 1, "exact": 8, "seed": seed}
    return {"iterations": 30, "seed": seed, "rollout": "random" if seed % 2 else "greedy"}


def twin(q: ModuleType, game: Any) -> Any:
    """The same position as a game of backend `q`: the game as it was made, read from its
    JSON, and every move since played again (so the round in play, which worlds fitted to
    the play read, is the same too). A game that is not its moves played again (a world:
    its hidden cards dealt again) is read from its JSON."""
    if isinstance(game, q.Game):
        return game
    other = q.Game.from_json(game.start_json())
    for e in game.history:
        if e.kind == "move":
            other.play(str(e.move))
    return other if other.to_json() == game.to_json() else q.Game.from_json(game.to_json())


def reference(game: Any) -> Any:
    return twin(ref, game)


def shown(analysis: List[Tuple[Any, float]]) -> List[Tuple[str, str]]:
    """An analysis as text, NaN equal to NaN."""
    return [(str(m), repr(v)) for m, v in analysis]


def positions(q: ModuleType, name: str, players: int, count: int = 5) -> List[Any]:
    """Positions of random play with more than one legal move, the match going on."""
    out = []
    moves = MOVES["quinte" if name == "quinte" else "fifteen"]
    for i in range(40):
        g = advanced(q, name, players, 100 + i, moves[i % len(moves)])
        if not g.is_over and g.count_legal_moves() > 1:
            out.append(g)
        if len(out) == count:
            break
    return out


# -- fairness: the hidden cards do not matter, only what the seat saw ------------------------------


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_hidden_cards_dealt_again_change_neither_the_move_nor_the_analysis(
    q: ModuleType, bot: str, name: str, players: int
) -> None:
    changed = []
    for i, g in enumerate(positions(q, name, players, 3)):
        seat = g.turn
        expected = (str(q.bot(bot, **small(bot, name, i))(g)), shown(q.bot(bot, **small(bot, name, i)).analyse(g)))
        for other in range(2):
            h = redeal(q, g, seat, 1000 * i + other)
            assert h.observation(seat) == g.observation(seat)
            got = (str(q.bot(bot, **small(bot, name, i))(h)), shown(q.bot(bot, **small(bot, name, i)).analyse(h)))
            if got != expected:
                changed.append((i, other, expected, got))
    assert changed == []


def test_the_redeals_move_hidden_cards_in_every_family() -> None:
    # The fairness test proves something only if the re-deals really move cards.
    for name, players in (("quinza", 3), ("escoba", 2), ("quinte", 4)):
        moved = 0
        for g in positions(ref, name, players, 4):
            seat = g.turn
            h = redeal(ref, g, seat, 5)
            moved += any(texts(h.hand(s)) != texts(g.hand(s)) for s in range(players) if s != seat)
        assert moved >= 3, name


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_a_world_is_the_same_whatever_the_hidden_cards_really_are(name: str, players: int) -> None:
    for i, g in enumerate(positions(ref, name, players, 4)):
        for seat in range(players):
            world = sample_world(g, seat, ref.Random(i)).to_json()
            for other in range(2):
                h = redeal(ref, g, seat, 77 * i + other)
                assert sample_world(h, seat, ref.Random(i)).to_json() == world, (i, seat, other)


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_twins_search_alike_move_for_move(bot: str, name: str, players: int) -> None:
    # The same worlds, the same values, the same floats: the core against the reference.
    for i, g in enumerate(positions(quinza, name, players, 2)):
        core, mine = quinza.bot(bot, **small(bot, name, i)), ref.bot(bot, **small(bot, name, i))
        assert shown(core.analyse(g)) == shown(mine.analyse(reference(g))), (i, g.to_json())
        assert core.state == mine.state
        assert str(core(g)) == str(mine(reference(g))) and core.state == mine.state


# -- the worlds ---------------------------------------------------------------------------------


def hidden(game: Any, seat: int) -> List[str]:
    state = json.loads(game.to_json())
    return sorted(c for s in range(game.rules.players) if s != seat for c in state["hands"][s]) + sorted(state["stock"])


def shown_voids(game: Any) -> Dict[int, set]:
    """The suits each seat has shown it lacks: it followed a trick with a card that is not the
    joker and not of the suit of the first card before it that is not the joker."""
    voids: Dict[int, set] = {s: set() for s in range(4)}
    cards, seats = list(game.played), played_by(game)
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        for i in range(1, len(trick)):
            lead = [c for c in trick[:i] if not c.is_joker]
            if lead and not trick[i].is_joker and trick[i].suit != lead[0].suit:
                voids[seats[start + i]].add(lead[0].suit)
    return voids


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_a_world_keeps_what_the_seat_sees_and_deals_the_hidden_cards_again(name: str, players: int) -> None:
    differ = 0
    for i, g in enumerate(positions(ref, name, players, 6)):
        before = g.to_json()
        for seat in range(players):
            rng = ref.Random(31 * i + seat)
            w = sample_world(g, seat, rng)
            assert g.to_json() == before  # the game is not changed
            assert w.observation(seat) == g.observation(seat)
            assert texts(w.hand(seat)) == texts(g.hand(seat)) and texts(w.table) == texts(g.table)
            assert [len(w.hand(s)) for s in range(players)] == [len(g.hand(s)) for s in range(players)]
            assert w.scores == g.scores and w.stock == g.stock and w.turn == g.turn and w.deals == []
            assert sorted(hidden(w, seat)) == sorted(hidden(g, seat))  # the same cards, placed again
            differ += hidden(w, seat) != hidden(g, seat)
            if name == "quinte":
                assert w.played == g.played and w.trick == g.trick and w.bids == g.bids
                state = json.loads(w.to_json())
                assert replays(g, state["hands"], state["stock"])  # could have been played so
                for s, suits in shown_voids(g).items():
                    if s != seat:
                        assert not suits & {c.suit for c in w.hand(s)}, (s, suits, texts(w.hand(s)))
    assert differ > 0


def test_a_fifteen_world_is_the_shuffle_of_the_hidden_cards_in_slot_order() -> None:
    # The contract, step by step: hidden cards by id, shuffled, the other seats' hands in
    # seat order, then the stock in dealing order; the world's generator the next draw.
    g = advanced(ref, "escoba", 3, 5, 4)
    seat = 2
    rng = ref.Random(9)
    state = json.loads(g.to_json())
    cards = [c for s in (0, 1) for c in state["hands"][s]] + state["stock"]
    cards.sort(key=lambda c: ref.Card(c).id)
    rng.shuffle(cards)
    n0, n1 = len(state["hands"][0]), len(state["hands"][1])
    expected_rng = f"{ref.Random(rng.state).next_u64():016x}"
    w = json.loads(sample_world(g, seat, ref.Random(9)).to_json())
    assert w["hands"][0] == sorted(cards[:n0], key=lambda c: ref.Card(c).id)
    assert w["hands"][1] == sorted(cards[n0 : n0 + n1], key=lambda c: ref.Card(c).id)
    assert w["stock"] == cards[n0 + n1 :]
    assert w["rng"] == expected_rng and w["deals"] == []


def test_quinte_worlds_put_every_card_where_it_may_be() -> None:
    # Late in a deal, with voids shown and the joker rule from trick 11: many worlds, each
    # one a deal that could have been played as this one was.
    checked = 0
    for seed in range(12):
        for moves in (36, 44, 47):
            g = advanced(ref, "quinte", 4, seed, moves)
            if g.is_over:
                continue
            for seat in range(4):
                state = json.loads(sample_world(g, seat, ref.Random(seed)).to_json())
                assert replays(g, state["hands"], state["stock"]), (seed, moves, seat)
                checked += 1
    assert checked > 100


def test_quinte_worlds_keep_the_joker_from_seats_that_followed_without_it_late() -> None:
    # From trick 11 on, a seat that followed with another card cannot hold the joker.
    checked = 0
    for seed in range(60):
        for stop in (42, 43, 46):
            g = random_play(ref.Game(ref.Rules("quinte", target=10**6), seed=seed), None, seed,
                            until=lambda g: len(g.played) >= stop)
            if g.is_over or g.deal_number > 1 or "JK" in texts(g.played):
                continue
            seats = played_by(g)
            late = {s for i, (s, c) in enumerate(zip(seats, texts(g.played))) if i >= 40 and i % 4 and c != "JK"}
            for seat in range(4):
                if "JK" in texts(g.hand(seat)):
                    continue
                for k in range(3):
                    w = sample_world(g, seat, ref.Random(k))
                    holder = [s for s in range(4) if "JK" in texts(w.hand(s))]
                    assert not set(holder) & late, (seed, stop, seat, holder, late)
                    state = json.loads(w.to_json())
                    assert replays(g, state["hands"], state["stock"])
                    checked += bool(late - {seat})
    assert checked > 30


# -- worlds fitted to the play (infer) ---------------------------------------------------------

def _quinza_position(q: ModuleType, hands: List[List[str]], table: List[str], stock: List[str]) -> Any:
    """A 2-player quinza position, seat 0 to play; every card not named in side 0's pile."""
    named = {c for h in hands for c in h} | set(table) | set(stock)
    rest = [f"{r}{s}" for s in "oceb" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) if f"{r}{s}" not in named]
    return q.Game.from_position("quinza", hands=hands, table=table, stock=stock, dealer=1, piles=[rest, []])


# Seat 0 lays 1c on 5c 4b; seat 1 is to play. Of the hidden cards (seat 0's two and the
# stock) 10o, 11c and 6c capture there: a greedy seat 0 held none of them (any capture is
# worth more than any lay in quinza).
CAPTURES_THERE = {"10o", "11c", "6c"}


def _laid_on_a_capture_table(q: ModuleType, card: str = "1c") -> Any:
    g = _quinza_position(q, [["1c", "2e", "3e"], ["2b", "3b", "7e"]], ["5c", "4b"], ["10o", "11c", "6c", "7o", "1o", "12b"])
    g.play(card)
    return g


def test_worlds_fitted_to_greedy_play_never_give_a_seat_a_hand_it_would_have_captured_with() -> None:
    g = _laid_on_a_capture_table(ref)
    fitted, plain = [], []
    for k in range(200):
        fitted.append({str(c) for c in sample_fitted(g, 1, ref.Random(k), "greedy").hand(0)} | {"1c"})
        plain.append({str(c) for c in sample_fitted(g, 1, ref.Random(k), "off").hand(0)} | {"1c"})
    assert all(not h & CAPTURES_THERE for h in fitted)
    assert sum(bool(h & CAPTURES_THERE) for h in plain) > 50  # about 64% of them
    # 'off' is the plain world; 'greedy' the first that fits, drawn from the same generator.
    assert sample_fitted(g, 1, ref.Random(3), "off").to_json() == sample_world(g, 1, ref.Random(3)).to_json()
    rng = ref.Random(5)
    tries = [sample_world(g, 1, rng) for _ in range(FIT_TRIES)]
    first_fit = next(w for w in tries if fits_greedy(w, 1))
    assert sample_fitted(g, 1, ref.Random(5), "greedy").to_json() == first_fit.to_json()


def test_greedy_first_worlds_make_the_greedy_bots_own_move() -> None:
    # Seat 0 laid 3e (not the greedy bot's lay from its real hand: 1c comes first). Each
    # world's seat 0, holding its hand there plus 3e, lays 3e as the greedy bot would: the
    # first lay of the greatest key (-1, any card but an Oros); 'greedy' also takes worlds
    # in which another lay of that key comes first.
    g = _laid_on_a_capture_table(ref, "3e")
    first_only, unfitted = 0, 0
    for k in range(200):
        for infer in ("greedy", "greedy_first"):
            w = sample_fitted(g, 1, ref.Random(k), infer)
            if not fits_greedy(w, 1, infer == "greedy_first"):
                unfitted += 1  # none of the tries fitted (about 1 in 9 worlds does): the first
                continue
            hand = {str(c) for c in w.hand(0)} | {"3e"}
            assert not hand & CAPTURES_THERE
            lays = sorted(hand, key=lambda c: ref.Card(c).id)
            keyed = [c for c in lays if ref.Card(c).suit != "o"]  # key -1: every lay but an Oros
            if infer == "greedy_first":
                assert keyed[0] == "3e", (k, lays)
            else:
                first_only += keyed[0] != "3e"
    assert first_only > 0 and unfitted < 60


def test_a_history_no_world_fits_still_gives_worlds_and_moves() -> None:
    # Seat 0 took 5c with 10e where 5o (5 points more) was there to take: no hand makes
    # that greedy, so the first world drawn is taken, after FIT_TRIES tries.
    for q in (ref, quinza):
        g = _quinza_position(q, [["10e", "2c", "3c"], ["1b", "2b", "3b"]], ["5c", "5o", "7b", "6e"], ["1c", "4c", "6c", "7c", "11c", "12c"])
        g.play("10e x 5c")
        if q is ref:
            rng = ref.Random(7)
            assert not any(fits_greedy(sample_world(g, 1, rng), 1) for _ in range(FIT_TRIES))
            after = rng.state
            rng = ref.Random(7)
            assert sample_fitted(g, 1, rng, "greedy").to_json() == sample_world(g, 1, ref.Random(7)).to_json()
            assert rng.state == after  # every try drawn, none kept
            # A search gives up fitting after GIVE_UP_AFTER such worlds: one draw a world then.
            fitter, rng = Fitter("greedy"), ref.Random(8)
            for _ in range(GIVE_UP_AFTER):
                fitter.world(g, 1, rng)
            assert fitter.infer == "off"
            state = rng.state
            assert fitter.world(g, 1, rng).to_json() == sample_world(g, 1, ref.Random(state)).to_json()
            fits = Fitter("greedy")
            for k in range(GIVE_UP_AFTER + 5):
                fits.world(_laid_on_a_capture_table(ref), 1, ref.Random(k))
            assert fits.infer == "greedy"  # where worlds fit, it goes on fitting
        bot = q.bot("ismcts", iterations=200, seed=1)
        assert bot(g) in g.legal_moves() and len(bot.analyse(g)) == len(g.legal_moves())
    core, mine = quinza.bot("ismcts", iterations=50, seed=2), ref.bot("ismcts", iterations=50, seed=2)
    gc = _quinza_position(quinza, [["10e", "2c", "3c"], ["1b", "2b", "3b"]], ["5c", "5o", "7b", "6e"], ["1c", "4c", "6c", "7c", "11c", "12c"])
    gr = _quinza_position(ref, [["10e", "2c", "3c"], ["1b", "2b", "3b"]], ["5c", "5o", "7b", "6e"], ["1c", "4c", "6c", "7c", "11c", "12c"])
    gc.play("10e x 5c")
    gr.play("10e x 5c")
    assert shown(core.analyse(gc)) == shown(mine.analyse(gr)) and core.state == mine.state


@pytest.mark.parametrize("name,players", [("quinza", 2), ("rb3ine", 2), ("escoba", 2), ("escoba", 3), ("quinza", 4)])
def test_the_twins_fit_worlds_alike_mid_round_after_greedy_play(name: str, players: int) -> None:
    # Positions where the other seats played greedily this round (their moves fit some
    # worlds, not all): the same draws, the same worlds, the same analysis, with and
    # without the filter; and the filter changes the search.
    changed = 0
    for seed in range(6):
        games = [q.Game(q.Rules(name, players=players, target=10**6), seed=seed) for q in (quinza, ref)]
        for _ in range(7 + seed):
            move = str(quinza.bot("greedy")(games[0]))
            for g in games:
                g.play(move)
        if games[0].count_legal_moves() < 2:
            continue
        got = {}
        for infer in ("greedy", "off"):
            core, mine = quinza.bot("ismcts", iterations=40, infer=infer, seed=seed), ref.bot("ismcts", iterations=40, infer=infer, seed=seed)
            got[infer] = shown(core.analyse(games[0]))
            assert got[infer] == shown(mine.analyse(games[1])) and core.state == mine.state, (seed, infer)
        changed += got["greedy"] != got["off"]
    assert changed > 0


def test_a_game_read_from_json_sees_the_round_from_there(q: ModuleType) -> None:
    # The round's moves are not in the JSON: read back, a game knows them no more, so
    # there is nothing to fit (the search is the plain one); the game it came from fits.
    # (The other seat's moves searched, so that only the worlds differ.)
    g = _laid_on_a_capture_table(q)
    h = q.Game.from_json(g.to_json())
    plain = shown(q.bot("ismcts", iterations=60, seed=4, opponents="search").analyse(h))
    assert plain == shown(q.bot("ismcts", iterations=60, seed=4, infer="off", opponents="search").analyse(h))
    assert shown(q.bot("ismcts", iterations=60, seed=4, infer="off", opponents="search").analyse(g)) == plain
    assert shown(q.bot("ismcts", iterations=60, seed=4, opponents="search").analyse(g)) != plain


def test_copies_pickles_and_undo_keep_the_round_in_play(q: ModuleType) -> None:
    import copy
    import pickle

    g = _laid_on_a_capture_table(q)
    expected = shown(q.bot("ismcts", iterations=60, seed=4).analyse(g))
    undone = g.copy()
    undone.play(str(undone.legal_moves()[0]))
    undone.undo()
    for h in (g.copy(), copy.deepcopy(g), pickle.loads(pickle.dumps(g)), undone):
        assert shown(q.bot("ismcts", iterations=60, seed=4).analyse(h)) == expected


def test_a_record_keeps_the_deals_moves_and_json_does_not(q: ModuleType) -> None:
    # docs/reference/json.md "JSON": the JSON is a position. Read back, the game has none of the
    # deal's moves (here the other seat's 1c), which ismcts's worlds are fitted to, and the
    # bot chooses otherwise; the record plays them again, and the bot chooses as before.
    g = _laid_on_a_capture_table(q)

    def seen(game: Any) -> Tuple[str, List[Tuple[str, str]]]:
        """The move a fresh bot chooses there, and a fresh bot's analysis of it."""
        choosing, analysing = (q.bot("ismcts", iterations=60, seed=0) for _ in range(2))
        return str(choosing(game)), shown(analysing.analyse(game))

    def moves(game: Any) -> List[str]:
        return [str(e.move) for e in game.history if e.kind == "move"]

    replayed, read = q.Game.from_record(g.record()), q.Game.from_json(g.to_json())
    assert replayed.to_json() == read.to_json() == g.to_json()
    assert moves(replayed) == moves(g) == ["1c"] and seen(replayed) == seen(g)
    assert moves(read) == [] and seen(read)[1] != seen(g)[1]
    assert (seen(g)[0], seen(read)[0]) == ("2b", "3b")


# -- pimc ---------------------------------------------------------------------------------------


def world_values(q: ModuleType, game: Any, seed: int, worlds: int) -> List[Dict[str, int]]:
    """The solver's values of every move in each of the worlds a pimc bot seeded `seed`
    searches (the reference's worlds, solved by backend `q`)."""
    g, rng = reference(game), ref.Random(seed)
    out = []
    for _ in range(worlds):
        w = sample_world(g, g.turn, rng)
        out.append({str(m): v for m, v in q.solve(twin(q, w)).moves})
    return out


NEAR_END = [(name, players, seed) for name, players in EVERY_RULE_SET if name != "quinte" for seed in (1, 2)] + [
    ("quinte", 4, seed) for seed in (1, 2, 3)
]


@pytest.mark.parametrize("name,players,seed", NEAR_END)
def test_pimc_with_few_cards_left_sums_the_solvers_values_in_its_worlds(q: ModuleType, name: str, players: int, seed: int) -> None:
    left = 8 if name == "quinte" else 8 if players == 2 else 7
    game = None
    for s in range(seed, seed + 40):
        game = near_end(quinza.Rules(name, players=players), s, left)
        if game is not None and game.count_legal_moves() > 1:
            break
    assert game is not None
    g = twin(q, game)
    per_world = world_values(q, g, seed, 3)
    sums = {m: sum(w[m] for w in per_world) for m in per_world[0]}
    legal = texts(g.legal_moves())
    ranked = sorted(legal, key=lambda m: -sums[m])  # stable: ties in legal order
    analysis = q.bot("pimc", worlds=3, exact=left, seed=seed).analyse(g)
    assert [(str(m), v) for m, v in analysis] == [(m, sums[m] / 3) for m in ranked]
    assert str(q.bot("pimc", worlds=3, exact=left, seed=seed)(g)) == ranked[0]


def test_pimc_where_the_seat_can_tell_every_card_is_the_solver(q: ModuleType) -> None:
    # Two players once the stock is spent: the hidden cards are the other hand, all of it.
    found = 0
    for seed in range(40):
        g = twin(q, near_end(quinza.Rules("escoba" if seed % 2 else "quinza"), seed, 6) or quinza.Game("quinza", seed=0))
        if g.stock or g.count_legal_moves() < 2:
            continue
        solution = q.solve(g)
        bot = q.bot("pimc", worlds=2, exact=6, seed=seed)
        assert [(str(m), v) for m, v in bot.analyse(g)] == [(str(m), float(v)) for m, v in solution.moves]
        assert str(q.bot("pimc", worlds=2, exact=6, seed=seed)(g)) == str(solution.moves[0][0])
        found += 1
        if found == 6:
            break
    assert found == 6


def limited(q: ModuleType, game: Any, move: Any, depth: int, side: int) -> int:
    """Plain minimax (no pruning) `depth` moves below `move`, greedy playouts at the leaves,
    the deal's value for `side` read from its first record (`game` has none)."""
    child = game.copy()
    child.play(move)
    greedy = q.bot("greedy")
    if not child.deals and depth == 0:
        while not child.deals:
            child.play(greedy(child))
    if child.deals:
        points = child.deals[0].points
        return points[side] - max(p for s, p in enumerate(points) if s != side)
    values = [limited(q, child, m, depth - 1, side) for m in child.legal_moves()]
    return max(values) if child.side_of(child.turn) == side else min(values)


@pytest.mark.parametrize("name,players", [("quinza", 2), ("escoba", 3), ("rb3ine", 4), ("quinte", 4)])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_pimc_beyond_exact_is_a_minimax_over_greedy_playouts(q: ModuleType, name: str, players: int, depth: int) -> None:
    left = 7 if name == "quinte" else 10
    for s in range(60):
        game = near_end(quinza.Rules(name, players=players), s, left)
        if game is not None and game.count_legal_moves() > 1:
            break
    g = twin(q, game)
    rng, sums = ref.Random(4), {str(m): 0 for m in g.legal_moves()}
    for _ in range(2):
        w = twin(q, sample_world(reference(g), g.turn, rng))
        for m in w.legal_moves():
            sums[str(m)] += limited(q, w, m, depth, w.side_of(w.turn))
    ranked = sorted(sums, key=lambda m: -sums[m])
    analysis = q.bot("pimc", worlds=2, depth=depth, exact=0, seed=4).analyse(g)
    assert [(str(m), v) for m, v in analysis] == [(m, sums[m] / 2) for m in ranked]


# Seat 0 to follow a spade, void in it, holding 3c 9c Qc (all plain: no quint to make).
# In many worlds every card of one other seat beats all three (the solver's dead losers,
# alike in exact value), yet a greedy playout after each differs.
ALIKE = dict(
    hands=[["Qc", "3c", "9c"], ["6c", "Qh", "8d"], ["9d", "10h", "8s"], ["Qs", "4s"]],
    table=["10s"], stock=["5d", "7h", "4d", "7c", "Ac"],
    piles=[["3h", "2c", "Js", "3d", "As", "2s", "Jc", "Kd", "Ks", "9h", "Ad", "Kc"],
           ["JK", "4c", "4h", "Jd", "8h", "Ah", "5c", "6s", "Kh", "Jh", "7d", "5h", "10d", "6d",
            "10c", "5s", "7s", "Qd", "2h", "3s", "8c", "6h", "9s", "2d"]],
    dealer=0, last_capturer=3, bids=["double", "pass", "pass", "pass"], quints=[45, 0], scores=[45, 30],
)


@pytest.mark.parametrize("depth", [0, 1])
def test_pimc_beyond_exact_values_alike_moves_each_by_its_own_playout(q: ModuleType, depth: int) -> None:
    g = q.Game.from_position(q.Rules("quinte"), **ALIKE)
    worlds, seed = 12, 84
    rng, sums = ref.Random(seed), {str(m): 0 for m in g.legal_moves()}
    for _ in range(worlds):
        w = twin(q, sample_world(reference(g), g.turn, rng))
        for m in w.legal_moves():
            sums[str(m)] += limited(q, w, m, depth, w.side_of(w.turn))
    ranked = sorted(sums, key=lambda m: -sums[m])
    analysis = q.bot("pimc", worlds=worlds, depth=depth, exact=0, seed=seed).analyse(g)
    assert [(str(m), v) for m, v in analysis] == [(m, sums[m] / worlds) for m in ranked]
    # Played out at once, the alike moves are worth different amounts here: merged, they
    # would not be.
    assert depth > 0 or len(set(sums.values())) > 1


# -- ismcts -------------------------------------------------------------------------------------


def test_ismcts_tries_every_root_move_before_any_twice(q: ModuleType) -> None:
    for g in positions(q, "escoba", 2, 5) + positions(q, "quinte", 4, 3):
        legal = texts(g.legal_moves())
        u = len(legal)
        # As many iterations as moves: each tried once, all tied: legal order, the first played.
        analysis = q.bot("ismcts", iterations=u, seed=3).analyse(g)
        assert [str(m) for m, _ in analysis] == legal
        assert all(math.isfinite(v) for _, v in analysis)
        assert str(q.bot("ismcts", iterations=u, seed=3)(g)) == legal[0]
        # Fewer: that many visited (in legal order), the others NaN and last.
        analysis = q.bot("ismcts", iterations=u - 1, seed=3).analyse(g)
        visited = [str(m) for m, v in analysis if not math.isnan(v)]
        assert len(visited) == u - 1 and [str(m) for m, _ in analysis[: u - 1]] == visited
        assert visited == [m for m in legal if m in visited]
        assert str(q.bot("ismcts", iterations=u - 1, seed=3)(g)) == visited[0]


def test_a_move_that_ends_the_deal_is_worth_the_deal_to_both_bots(q: ModuleType) -> None:
    # The last card of the deal, with two ways to capture: nothing is hidden, every value exact.
    cases = [
        ("quinza", 2, ["7o"], ["3c", "5c", "1e", "7e"]),  # 7 + 3 + 5 or 7 + 1 + 7
        ("quinza", 3, ["7o"], ["3c", "5c", "1e", "7e"]),
        ("rb3ine", 4, ["12o"], ["12c", "11c", "5e", "10b", "6e"]),  # 12 + 28: 12 11 5 or 12 10 6
    ]
    for rules, players, hand, table in cases:
        hands = [hand] + [[] for _ in range(players - 1)]
        g = position(q, q.Rules(rules, players=players), hands=hands, table=table, dealer=0, last_capturer=1 % players)
        if g.count_legal_moves() < 2:
            continue
        solution = {str(m): v for m, v in q.solve(g).moves}
        for analysis in (q.bot("ismcts", iterations=20).analyse(g), q.bot("pimc", worlds=2, exact=0).analyse(g)):
            assert {str(m): v for m, v in analysis} == {m: float(v) for m, v in solution.items()}, rules


def _against_greedy(game: Any, side: int, deals: int, greedy: Any) -> Tuple[int, int]:
    """The least and the most `side` can make of the deal in progress (its points minus the
    best of the others') choosing its own moves, every other side playing the greedy move."""
    if len(game.deals) > deals:
        points = game.deals[-1].points
        value = points[side] - max(p for s, p in enumerate(points) if s != side)
        return value, value
    moves = game.legal_moves() if game.side_of(game.turn) == side else [greedy(game)]
    lows, highs = [], []
    for move in moves:
        child = game.copy()
        child.play(move)
        low, high = _against_greedy(child, side, deals, greedy)
        lows.append(low)
        highs.append(high)
    return min(lows), max(highs)


@pytest.mark.parametrize("name", ["quinza", "rb3ine", "escoba"])
def test_ismcts_modelling_greedy_opponents_plays_lines_against_greedy_only(q: ModuleType, name: str) -> None:
    # Once the stock is spent with 2 players the seat sees every card (the other hand is
    # what it has not seen): one world. With opponents="greedy" every line the tree plays
    # has the other seat's greedy moves, so each root move's mean lies between the least
    # and the most the seat can make of it against greedy play; searching the other seat's
    # moves as its own strays outside, somewhere.
    inside, strayed = 0, 0
    for seed in range(40):
        start = near_end(quinza.Rules(name, target=10**6), seed, 6)
        if start is None or start.stock != 0 or start.count_legal_moves() < 2:
            continue
        g = start if q is quinza else q.Game.from_json(start.to_json())
        side, deals = g.side_of(g.turn), len(g.deals)
        greedy = q.bot("greedy")
        bounds = {}
        for move in g.legal_moves():
            child = g.copy()
            child.play(move)
            bounds[str(move)] = _against_greedy(child, side, deals, greedy)
        for opponents in ("greedy", "search"):
            analysis = q.bot("ismcts", iterations=60, opponents=opponents, seed=seed).analyse(g)
            within = all(bounds[str(m)][0] <= v <= bounds[str(m)][1] for m, v in analysis if not math.isnan(v))
            if opponents == "greedy":
                assert within, (seed, analysis, bounds)
                inside += 1
            else:
                strayed += not within
        if inside >= 8:
            break
    assert inside >= 8 and strayed >= 1


def test_fitted_opponents_are_greedy_where_worlds_fit_and_searched_where_none_does(q: ModuleType) -> None:
    # Nothing played this round by the other seat: every world fits, so "fitted" is
    # "greedy". A history no world explains: none fits, so it is "search".
    def analyses(g: Any) -> Dict[str, Any]:
        return {o: shown(q.bot("ismcts", iterations=80, opponents=o, seed=5).analyse(g)) for o in ("search", "greedy", "fitted")}

    fresh = analyses(_quinza_position(q, [["10e", "2c", "3c"], ["1b", "2b", "3b"]], ["5c", "5o", "7b", "6e"], ["1c", "4c", "6c", "7c", "11c", "12c"]))
    assert fresh["fitted"] == fresh["greedy"] != fresh["search"]
    g = _quinza_position(q, [["10e", "2c", "3c"], ["1b", "2b", "3b"]], ["5c", "5o", "7b", "6e"], ["1c", "4c", "6c", "7c", "11c", "12c"])
    g.play("10e x 5c")  # 5o, 5 points more, was there to take: seat 1 finds no world fitting
    unexplained = analyses(g)
    assert unexplained["fitted"] == unexplained["search"] != unexplained["greedy"]


@pytest.mark.parametrize("opponents", ["greedy", "fitted"])
@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_twins_model_greedy_opponents_alike(name: str, players: int, opponents: str) -> None:
    for i, g in enumerate(positions(quinza, name, players, 2)):
        params = {"iterations": 40, "opponents": opponents, "seed": i}
        core, mine = quinza.bot("ismcts", **params), ref.bot("ismcts", **params)
        assert shown(core.analyse(g)) == shown(mine.analyse(reference(g))), (i, g.to_json())
        assert core.state == mine.state
        assert str(core(g)) == str(mine(reference(g))) and core.state == mine.state


# -- both bots: seeds, draws, the single move, time limits ----------------------------------------


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
def test_the_same_seed_plays_the_same_moves_and_another_may_not(q: ModuleType, bot: str) -> None:
    def line(seed: int) -> Tuple[List[str], List[Any], int]:
        player = q.bot(bot, **small(bot, "quinza", seed))
        g = q.Game(q.Rules("quinza", players=3), seed=8)
        moves, analyses = [], []
        for _ in range(5):
            analyses.append(shown(q.bot(bot, **small(bot, "quinza", seed)).analyse(g)))
            move = player(g)
            moves.append(str(move))
            g.play(move)
        return moves, analyses, player.state

    assert line(5) == line(5)
    assert len({json.dumps(line(seed)[1]) for seed in range(3)}) > 1


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
def test_analyse_searches_and_draws_as_a_move_does(q: ModuleType, bot: str) -> None:
    for g in positions(q, "escoba", 3, 3) + positions(q, "quinte", 4, 2):
        a, b = q.bot(bot, **small(bot, g.rules.name, 6)), q.bot(bot, **small(bot, g.rules.name, 6))
        assert str(a.analyse(g)[0][0]) == str(b(g))
        assert a.state == b.state != a.seed  # the search drew from the generator


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
def test_a_single_legal_move_is_played_without_a_draw(q: ModuleType, bot: str) -> None:
    found = 0
    for seed in range(30):
        g = advanced(q, "quinza" if seed % 2 else "quinte", 2 if seed % 2 else 4, seed, 8 + seed)
        if g.is_over or g.count_legal_moves() != 1:
            continue
        player = q.bot(bot, seed=seed)
        assert str(player(g)) == str(g.legal_moves()[0]) and player.state == seed
        analysis = player.analyse(g)
        assert [str(m) for m, _ in analysis] == texts(g.legal_moves()) and math.isnan(analysis[0][1])
        assert player.state == seed
        found += 1
    assert found >= 3


@pytest.mark.parametrize("bot,budget", [("pimc", "worlds"), ("ismcts", "iterations")])
def test_a_time_limit_takes_as_many_worlds_or_iterations_as_fit(q: ModuleType, bot: str, budget: str) -> None:
    g = q.Game("quinza", seed=3)
    one = q.bot(bot, **{budget: 1}, seed=2)
    one(g)
    timed = q.bot(bot, **{budget: 1}, time_limit=0.3, seed=2)
    assert timed(g) in g.legal_moves()
    assert timed.state != one.state  # it went on past the one world or iteration asked for
    quick = q.bot(bot, time_limit=1e-9, seed=2)  # at least one, however short the time
    quick(g)
    assert quick.state != 2


# Budgets of several looks for Ctrl-C (pimc looks after every world, ismcts every 64
# iterations): a search that did not stop at the first would end by itself, and the test
# fail.
LONG = {"pimc": {"worlds": 4}, "ismcts": {"iterations": 200}}


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
@pytest.mark.parametrize("ask", ["choose", "analyse"])
def test_ctrl_c_stops_a_search_and_leaves_the_bot_as_it_was(
    q: ModuleType, bot: str, ask: str, ctrl_c_in_search: None, monkeypatch: Any
) -> None:
    g = q.Game("escoba", seed=3)
    player = q.bot(bot, **LONG[bot], seed=5)
    search = player if ask == "choose" else player.analyse
    with pytest.raises(KeyboardInterrupt):
        search(g)  # Ctrl-C is pending at its first look (conftest.ctrl_c_in_search)
    assert player.state == 5  # no draw of the stopped search is kept
    assert len(g.legal_moves()) > 1  # it was a search, not a single move
    monkeypatch.undo()  # no Ctrl-C: the same search ends by itself, and draws
    assert search(g) and player.state != 5


# -- parameters, repr, refusals -----------------------------------------------------------------


def test_the_bots_parameters_attributes_and_repr(q: ModuleType) -> None:
    # The documented defaults (docs/reference/search.md), as the signatures show them.
    p = q.bot("pimc")
    assert repr(p) == "PimcBot(worlds=256, depth=0, exact=0, time_limit=None, seed=0)"
    assert p.params == {"worlds": 256, "depth": 0, "exact": 0, "time_limit": None}
    assert list(p.params) == ["worlds", "depth", "exact", "time_limit"]
    assert (p.name, p.worlds, p.depth, p.exact, p.time_limit, p.seed, p.state) == ("pimc", 256, 0, 0, None, 0, 0)
    i = q.bot("ismcts")
    assert repr(i) == "IsmctsBot(iterations=8000, c=0.7, rollout='greedy', infer='greedy', opponents='fitted', prior='off', weights=None, time_limit=None, seed=0)"
    assert i.params == {"iterations": 8000, "c": 0.7, "rollout": "greedy", "infer": "greedy", "opponents": "fitted", "prior": "off", "weights": None, "time_limit": None}
    assert list(i.params) == ["iterations", "c", "rollout", "infer", "opponents", "prior", "weights", "time_limit"] and i.rollout == "greedy"
    assert i.infer == "greedy" and q.bot("ismcts", infer="off").infer == "off"
    assert i.opponents == "fitted" and q.bot("ismcts", opponents="greedy").opponents == "greedy"
    assert (i.name, i.iterations, i.c, i.time_limit, i.seed) == ("ismcts", 8000, 0.7, None, 0)
    for cls, bot in ((q.PimcBot, p), (q.IsmctsBot, i)):
        shown = {k: v.default for k, v in inspect.signature(cls).parameters.items()}
        assert shown == {**bot.params, "seed": 0}
        assert cls(**{k: None for k in shown}).params == bot.params  # None takes the default
    j = q.bot("ismcts", seed=9, iterations=5, c=2, time_limit=0.5)
    assert isinstance(j.c, float) and j.c == 2.0 and j.seed == 9 and j.time_limit == 0.5
    assert repr(j) == "IsmctsBot(iterations=5, c=2.0, rollout='greedy', infer='greedy', opponents='fitted', prior='off', weights=None, time_limit=0.5, seed=9)"
    assert repr(q.PimcBot(worlds=3, depth=0, exact=1, seed=4)) == "PimcBot(worlds=3, depth=0, exact=1, time_limit=None, seed=4)"
    assert q.bot("random", seed=3).params == {} and q.bot("greedy").params == {}
    assert type(q.bot("pimc")) is q.PimcBot and type(q.bot("ismcts")) is q.IsmctsBot
    assert tuple(q.BOT_NAMES) == ("random", "greedy", "pimc", "ismcts", "net")
    for name, attr in (("pimc", "worlds"), ("pimc", "depth"), ("pimc", "exact"), ("pimc", "seed"), ("ismcts", "c"), ("ismcts", "iterations")):
        with pytest.raises(AttributeError):
            setattr(q.bot(name), attr, 1)


BAD = [
    (("chess",), {}, "unknown bot 'chess': choose random, greedy, pimc, ismcts or net, or pass a callable (game) -> move"),
    (("pimc",), {"foo": 1}, "unknown parameter 'foo' for the pimc bot: choose worlds, depth, exact, time_limit or seed"),
    (("pimc",), {"worlds": 0, "foo": 1, "bar": 2}, "unknown parameter 'foo' for the pimc bot"),
    (("pimc",), {"iterations": 5}, "unknown parameter 'iterations' for the pimc bot: choose worlds, depth, exact, time_limit or seed"),
    (("ismcts",), {"worlds": 5}, "unknown parameter 'worlds' for the ismcts bot: choose iterations, c, rollout, infer, opponents, prior, weights, time_limit or seed"),
    (("random",), {"worlds": 5}, "unknown parameter 'worlds' for the random bot: choose seed"),
    (("greedy",), {"depth": 1}, "unknown parameter 'depth' for the greedy bot: choose seed"),
    (("pimc",), {"worlds": 0}, "worlds must be a whole number from 1 to 2**64-1, not 0"),
    (("pimc",), {"worlds": 2**64}, "worlds must be a whole number from 1 to 2**64-1, not 18446744073709551616"),
    (("pimc",), {"worlds": True}, "worlds must be a whole number from 1 to 2**64-1, not True"),
    (("pimc",), {"worlds": 2.0}, "worlds must be a whole number from 1 to 2**64-1, not 2.0"),
    (("pimc",), {"depth": -1}, "depth must be a whole number from 0 to 2**64-1, not -1"),
    (("pimc",), {"exact": "3"}, "exact must be a whole number from 0 to 2**64-1, not '3'"),
    (("pimc",), {"exact": -2, "depth": -1}, "depth must be a whole number from 0 to 2**64-1, not -1"),  # signature order
    (("pimc",), {"time_limit": 0}, "time_limit must be a positive number of seconds, not 0"),
    (("pimc",), {"time_limit": math.nan}, "time_limit must be a positive number of seconds, not nan"),
    (("pimc",), {"time_limit": True}, "time_limit must be a positive number of seconds, not True"),
    (("pimc", -1), {"worlds": 2}, "seed must be a whole number from 0 to 2**64-1, not -1"),
    (("pimc", -1), {"worlds": 0}, "worlds must be a whole number from 1 to 2**64-1, not 0"),
    (("ismcts",), {"iterations": 0}, "iterations must be a whole number from 1 to 2**64-1, not 0"),
    (("ismcts",), {"c": -1}, "c must be a finite number from 0, not -1"),
    (("ismcts",), {"rollout": "mcts"}, "rollout must be 'greedy' or 'random', not 'mcts'"),
    (("ismcts",), {"rollout": 1}, "rollout must be 'greedy' or 'random', not 1"),
    (("ismcts",), {"infer": "none"}, "infer must be 'greedy', 'greedy_first' or 'off', not 'none'"),
    (("ismcts",), {"infer": False}, "infer must be 'greedy', 'greedy_first' or 'off', not False"),
    (("ismcts",), {"opponents": "random"}, "opponents must be 'search', 'greedy' or 'fitted', not 'random'"),
    (("ismcts",), {"opponents": None, "infer": 0}, "infer must be 'greedy', 'greedy_first' or 'off', not 0"),
    (("ismcts",), {"opponents": 1, "infer": "off"}, "opponents must be 'search', 'greedy' or 'fitted', not 1"),
    (("ismcts",), {"infer": 3, "rollout": "x"}, "rollout must be 'greedy' or 'random', not 'x'"),  # signature order
    (("ismcts",), {"c": math.inf}, "c must be a finite number from 0, not inf"),
    (("ismcts",), {"c": math.nan}, "c must be a finite number from 0, not nan"),
    (("ismcts",), {"c": True}, "c must be a finite number from 0, not True"),
    (("ismcts",), {"c": "1"}, "c must be a finite number from 0, not '1'"),
    (("ismcts",), {"c": -1, "iterations": 0}, "iterations must be a whole number from 1 to 2**64-1, not 0"),
    (("ismcts",), {"time_limit": -0.5}, "time_limit must be a positive number of seconds, not -0.5"),
    (("ismcts", 2**64), {}, "seed must be a whole number from 0 to 2**64-1, not 18446744073709551616"),
]


@pytest.mark.parametrize("args,kwargs,message", BAD)
def test_bad_parameters_are_refused_with_their_message(q: ModuleType, args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError) as info:
        q.bot(*args, **kwargs)
    assert str(info.value).startswith(message)
    if message.startswith(("unknown parameter", "unknown bot")) and "choose" in message:
        assert str(info.value) == message


def test_the_classes_check_their_parameters_as_bot_does(q: ModuleType) -> None:
    with pytest.raises(ValueError, match=r"^depth must be a whole number from 0 to 2\*\*64-1, not -1$"):
        q.PimcBot(depth=-1)
    with pytest.raises(ValueError, match=r"^c must be a finite number from 0, not -0.5$"):
        q.IsmctsBot(c=-0.5)
    assert q.IsmctsBot(c=0).c == 0.0 and q.PimcBot(exact=0, depth=0).exact == 0


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
def test_a_finished_match_and_a_non_game_are_refused(q: ModuleType, bot: str) -> None:
    g = q.Game(q.Rules("quinza", target=1), seed=1)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    player = q.bot(bot)
    for call in (player, player.analyse):
        with pytest.raises(ValueError, match="^the match is over: there is no move to choose$"):
            call(g)
        assert player.state == 0
    # Not a game: the same refusal as the random bot's.
    for thing in ("quinza", None, 3):
        expected = _outcome(lambda: q.bot("random")(thing))
        assert _outcome(lambda: player(thing)) == expected
        assert _outcome(lambda: player.analyse(thing)) == expected


def _outcome(call: Any) -> Tuple[str, str]:
    try:
        call()
    except Exception as error:  # the type and the text are what must agree
        return (type(error).__name__, str(error))
    return ("ok", "")


# -- whole matches ------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_search_bots_play_whole_matches_against_greedy(q: ModuleType, name: str, players: int) -> None:
    target = 30 if name == "quinte" else 1
    rules = q.Rules(name, players=players, target=target)
    for seats in (("pimc", "greedy"), ("greedy", "ismcts")):
        tiny = {"pimc": {"worlds": 1, "depth": 0, "exact": 4}, "ismcts": {"iterations": 3}, "greedy": {}}
        bots = [q.bot(seats[s % 2], seed=s, **tiny[seats[s % 2]]) for s in range(players)]
        g = q.Game(rules, seed=players)
        moves = 0
        while not g.is_over:
            move = bots[g.turn](g)
            assert g.is_legal(move)
            g.play(move)
            moves += 1
        assert g.deals and moves > 0


@pytest.mark.parametrize("name", ["pimc", "ismcts"])
def test_a_search_bot_reads_back_every_parameter_of_its_registry_entry(q: Any, name: str) -> None:
    # The core's registry lists a bot's parameters once; the class's getters, `params`,
    # `repr` and the constructor all follow it.
    given = {"pimc": {"worlds": 3, "depth": 1, "exact": 2}, "ismcts": {"iterations": 5, "c": 1.5, "rollout": "random"}}
    bot = q.bot(name, seed=7, **given[name])
    for key, value in bot.params.items():
        assert getattr(bot, key) == value, key
    assert {k: bot.params[k] for k in given[name]} == given[name]
    assert list(bot.params) == list(inspect.signature(type(bot)).parameters)[:-1]
    assert repr(bot) == f"{type(bot).__name__}(" + ", ".join(f"{k}={v!r}" for k, v in bot.params.items()) + ", seed=7)"
