"""observation(seat) is what that seat may know and nothing more: re-dealing the cards it
cannot see (the other hands, the stock's order, quinte's cachette) changes nothing in it,
nor in the move a bot picks. Its size does not grow with the match: the deals so far are
`game.deals`, not part of it."""

from __future__ import annotations

import json
from typing import Any, Callable, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza

from .conftest import BACKENDS, advanced, redealt, texts

RULE_SETS = [
    ("quinza", 2), ("quinza", 3), ("rb3ine", 4), ("escoba", 2), ("escoba", 3), ("escoba", 4), ("quinte", 4)
]
EVERY_RULE_SET = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)] + [("quinte", 4)]


def plays(bot: str, name: str, players: int) -> bool:
    """Whether a built-in bot plays the rule set as it is made by default: the net bot where
    a net ships for it (elsewhere it refuses the game, saying so)."""
    return bot != "net" or (name, players) in {("quinza", 2), ("rb3ine", 2), ("escoba", 2), ("quinte", 4)}


@pytest.mark.parametrize("backend", list(BACKENDS))
@pytest.mark.parametrize("name,players", RULE_SETS)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 40), other=st.integers(0, 2**64 - 1))
def test_hidden_cards_redealt_change_nothing_a_seat_observes(
    backend: str, name: str, players: int, seed: int, moves: int, other: int
) -> None:
    q = BACKENDS[backend]
    g = advanced(q, name, players, seed, moves)
    for seat in range(players):
        h = redealt(q, g, seat, other)
        assert h.observation(seat) == g.observation(seat)
        assert texts(h.hand(seat)) == texts(g.hand(seat))


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_an_observation_holds_no_hidden_card(q: Any, name: str, players: int) -> None:
    g = advanced(q, name, players, 3, 17)
    for seat in range(players):
        seen = json.dumps(g.observation(seat))
        for other in range(players):
            if other != seat:
                for card in texts(g.hand(other)):
                    assert f'"{card}"' not in seen, (seat, other, card)
        for card in json.loads(g.to_json())["stock"]:
            assert f'"{card}"' not in seen, (seat, "stock", card)


@pytest.mark.parametrize("name,players", [("quinza", 2), ("escoba", 4), ("quinte", 4)])
def test_the_observation_does_not_grow_with_the_match(q: Any, name: str, players: int) -> None:
    g = q.Game(q.Rules(name, players=players, target=10**6), seed=11)
    pick = q.Random(5)
    largest = {}  # deal number -> the largest observation's length in that deal
    while g.deal_number <= 6:
        size = len(json.dumps(g.observation(0)))
        largest[g.deal_number] = max(size, largest.get(g.deal_number, 0))
        legal = g.legal_moves()
        g.play(legal[pick.below(len(legal))])
    assert len(g.deals) == 6
    assert "deals" not in g.observation(0)
    # A deal's record alone is some 300 characters of JSON: carrying the deals would add
    # that much per deal; the cards in view and the scores' digits vary far less.
    assert max(largest.values()) <= largest[1] + 150, largest


# -- bots see what the seat to act may know -----------------------------------------------------

BOT_POSITIONS = 12  # per rule set and player count: 0 to 44 random moves in, deals' ends and quinte's bids among them
# The search bots with tiny budgets (the reference searches in Python; tests/test_search_bots.py
# re-deals consistently with what the seat saw and compares their analyses too).
BUDGETS = {"pimc": {"worlds": 2, "depth": 0, "exact": 6}, "ismcts": {"iterations": 8}}


def bot_moves_that_change(q: Any, name: str, players: int, make_bot: Callable[[int], Any]) -> List[Tuple[Any, ...]]:
    """Positions where the bot `make_bot(seed)` picks another move once the cards the seat
    to act cannot see are dealt again (two re-deals a position); a fresh bot each call."""
    changed = []
    for i in range(BOT_POSITIONS):
        g = advanced(q, name, players, i, (13 * i) % 45)
        for other in (2 * i, 2 * i + 1):
            h = redealt(q, g, g.turn, other)
            a, b = str(make_bot(i)(g)), str(make_bot(i)(h))
            if a != b:
                changed.append((name, players, i, other, a, b))
    return changed


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_a_bot_plays_the_same_move_when_the_hidden_cards_are_redealt(q: Any, name: str, players: int) -> None:
    for bot in [b for b in q.BOT_NAMES if plays(b, name, players)]:
        assert bot_moves_that_change(q, name, players, lambda s: q.bot(bot, seed=s, **BUDGETS.get(bot, {}))) == [], bot


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_core_bots_on_a_reference_game_play_the_same_move_when_redealt(name: str, players: int) -> None:
    ref = BACKENDS["reference"]
    for bot in [b for b in quinza.BOT_NAMES if plays(b, name, players)]:
        assert bot_moves_that_change(ref, name, players, lambda s: quinza.bot(bot, seed=s, **BUDGETS.get(bot, {}))) == [], bot
        # and the move is the reference bot's
        for i in range(BOT_POSITIONS):
            g = advanced(ref, name, players, i, (13 * i) % 45)
            small = BUDGETS.get(bot, {})
            assert str(quinza.bot(bot, seed=i, **small)(g)) == str(ref.bot(bot, seed=i, **small)(g)), (bot, i)
