"""The reference's forward pass and net bot (docs/reference/nets.md "The computation"): a tiny
net worked out by hand, random nets of several shapes against the computation written again
in plain Python integers, the move features, the bot's choice and its ties, and the proof
that both see only what the seat to act may know (the hidden cards dealt again change
neither the numbers nor the move)."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

import quinza.reference as ref
from quinza.reference.net import Net, move_features
from quinza.reference.netbot import NetBot

from .conftest import position, redealt
from .net_util import header_for, plain_forward, random_arrays, random_net, seeded_positions

SHIPPED = [("escoba", 2), ("quinza", 2), ("rb3ine", 2), ("quinte", 4)]
# (hidden, move_hidden, input_shift, weight_shift, spread): wide weights over small shifts
# reach the cap; a shift of 0 and of 16 are edges.
SHAPES = [((8, 6), 5, 8, 12, 1 << 11), ((3, 1), 1, 0, 0, 4), ((16, 4), 7, 16, 6, 1 << 15), ((2, 9), 3, 4, 2, 1 << 13)]


def hand_worked() -> Tuple[Any, Net]:
    """Escoba, seat 1 to play 1o, 2c or 7b x 5o 3e; a net of H1=2, H2=3, P=2, IS=2, WS=3."""
    g = position(ref, "escoba", [["4o", "5c", "6e"], ["7b", "1o", "2c"]], table=["5o", "3e"],
                 stock=["12o", "11o", "10o", "12c", "11c", "10c"])
    names = ref.encode_names("escoba")
    header = header_for("escoba", hidden=(2, 3), move_hidden=2, input_shift=2, weight_shift=3)
    a: Dict[str, np.ndarray] = {name: np.zeros(v.shape, v.dtype) for name, v in random_arrays(header, 0).items()}
    seven, stock = names.index("hand:7b"), names.index("stock")  # 1.0 and 6.0: inputs 4 and 24
    a["W1"][0, seven], a["W1"][0, stock], a["W1"][1, seven] = 6, 1, -1
    a["b1"][:] = [8, 100]                      # h1 = [(24 + 24 + 8) >> 3, (-4 + 100) >> 3] = [7, 12]
    a["W2"][:] = [[2, 0], [0, 1], [-1, 0]]
    a["b2"][:] = [0, 1 << 20, 0]               # h2 = [14 >> 3, cap(131073), max(-7 >> 3, 0)] = [1, 65536, 0]
    a["Wv"][:], a["bv"][:] = [3, 1, 1000], [-5]  # value_raw = 3 + 65536 - 5 = 65534
    a["A"][0, 0], a["c"][:] = 1, [0, -7]       # base = [1, -7]
    a["B"][0, ref.Card("7b").id] = 5           # played 7b: u0 = (1 + (5 << 2)) >> 3 = 2
    a["B"][0, ref.Card("1o").id] = -1          # played 1o: u0 = max((1 - 4) >> 3, 0) = 0
    a["B"][1, 40 + ref.Card("5o").id] = a["B"][1, 40 + ref.Card("3e").id] = 2  # took 5o and 3e: u1 = (-7 + 16) >> 3 = 1
    a["wp"][:], a["bp"][:] = [10, 100], [1]    # score_raw = 10 u0 + 100 u1 + 1
    return g, Net.from_arrays(header, a)


def test_a_tiny_net_worked_out_by_hand() -> None:
    g, net = hand_worked()
    assert [str(m) for m in g.legal_moves()] == ["1o", "2c", "7b x 5o 3e"]
    value, scores = net.evaluate(g)
    assert value == 65534 / 32
    assert [(str(m), s) for m, s in scores] == [("1o", 1 / 32), ("2c", 1 / 32), ("7b x 5o 3e", 121 / 32)]
    assert net._forward(g) == (65534, [1, 1, 121])


def test_the_move_features() -> None:
    g, _ = hand_worked()
    # table 5o 3e (5 + 3); after it: 80 + the total left, 80 + 16 + the cards left, 80 + 23 + each rank
    # that could capture (1o left 5 3 1: ranks of 6, 7, 9 and 10; 2c left 5 3 2: of 5, 7, 8 and 10)
    assert [move_features(g, m) for m in g.legal_moves()] == [[0, 89, 99, 108, 109, 111, 112], [11, 90, 99, 107, 109, 110, 112], [36, 44, 62, 80, 96]]
    assert Net.feature_count(ref.Rules("escoba")) == 80 + 16 + 7 + 10 and Net.feature_count(ref.Rules("rb3ine")) == 80 + 41 + 7 + 10
    q = ref.Game("quinte", seed=4)
    assert [move_features(q, m) for m in q.legal_moves()] == [[q.action_of(m)] for m in q.legal_moves()] == [[53], [54]]
    while q.legal_moves()[0].card is None:
        q.play(q.legal_moves()[0])
    # a card: its id, then 56 + its place in the trick, 60 when it takes the trick as it then
    # stands, 61 when the mover's side does, 62 + the trick's quints in fives
    leads = {str(m): move_features(q, m) for m in q.legal_moves()}
    assert leads["8s"] == [6, 56, 60, 61, 62] and leads["5c"] == [16, 56, 60, 61, 64] and leads["5h"] == [42, 56, 60, 61, 66]
    for _ in range(3):
        q.play(q.legal_moves()[0])
    assert [(s, c) for s, c in q.trick] == [(3, ref.Card("8s", "quinte")), (0, ref.Card("3s", "quinte")), (1, ref.Card("2s", "quinte"))]
    # last to play: 6s leaves the trick to 8s (the other side), Ks takes it; 2s and 3s are a
    # spade quint (5), with the joker 30
    assert [(str(m), move_features(q, m)) for m in q.legal_moves()] == [
        ("6s", [4, 59, 63]), ("Ks", [11, 59, 60, 61, 63]), ("JK", [52, 59, 68])]
    assert Net.feature_count(ref.Rules("quinte")) == 56 + 4 + 2 + 10


@pytest.mark.parametrize("name,players", SHIPPED)
@pytest.mark.parametrize("shape", range(len(SHAPES)))
def test_random_nets_compute_what_the_doc_says(name: str, players: int, shape: int) -> None:
    hidden, move_hidden, IS, WS, spread = SHAPES[shape]
    header = header_for(name, hidden=hidden, move_hidden=move_hidden, input_shift=IS, weight_shift=WS)
    arrays = random_arrays(header, shape, spread)
    net = Net.from_arrays(header, arrays)
    capped = 0
    for g in seeded_positions(name, players, 6):
        moves, (value, scores) = g.legal_moves(), net._forward(g)
        features = [move_features(g, m) for m in moves]
        assert (value, scores) == plain_forward(header, arrays, [float(v) for v in g.encode(g.turn)], features)
        got_value, got = net.evaluate(g)
        assert got_value == value / 2 ** (IS + WS) and [s for _, s in got] == [s / 2 ** (IS + WS) for s in scores]
        capped += abs(value) > (1 << 16)
    assert shape != 2 or capped  # the wide net's activations reach the cap


def test_the_bot_plays_the_first_move_of_the_greatest_score(tmp_path: Any) -> None:
    g, net = hand_worked()
    path = tmp_path / "hand.qzn"
    path.write_bytes(net.to_bytes())
    bot = NetBot(weights=str(path))
    assert str(bot(g)) == "7b x 5o 3e" and bot.params == {"weights": str(path)} and bot.weights == str(path)
    header, arrays = net.header, {name: np.array(v) for name, v in net._arrays.items()}
    arrays["wp"] = -arrays["wp"]  # now 1o and 2c tie above the capture: the first of them
    other = tmp_path / "other.qzn"  # a net is kept by its path: another file for another net
    other.write_bytes(Net.from_arrays(header, arrays).to_bytes())
    bot = NetBot(weights=other)
    assert str(bot(g)) == "1o" and bot.weights == str(other) and repr(bot) == f"NetBot(weights={str(other)!r})"
    assert repr(NetBot(seed=3)) == "NetBot(weights=None)"


@pytest.mark.parametrize("name,players", SHIPPED)
def test_the_bot_without_weights_plays_the_shipped_net(name: str, players: int) -> None:
    for g in seeded_positions(name, players, 4):
        _, scores = Net.for_rules(g.rules).evaluate(g)
        best = max(s for _, s in scores)
        assert NetBot()(g) == next(m for m, s in scores if s == best)


def test_the_bots_refusals(tmp_path: Any) -> None:
    (tmp_path / "hand.qzn").write_bytes(hand_worked()[1].to_bytes())
    with pytest.raises(ValueError, match="^cannot read the net '.*none.qzn': No such file"):
        NetBot(weights=str(tmp_path / "none.qzn"))
    (tmp_path / "bad.qzn").write_bytes(b"QZN2")
    with pytest.raises(ValueError, match="^'.*bad.qzn': not a net file: it does not start with QZN1$"):
        NetBot(weights=tmp_path / "bad.qzn")
    with pytest.raises(ValueError, match="^weights must be the path of a .qzn file, or None for the shipped net, not 3$"):
        NetBot(weights=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        NetBot(seed=-1)
    with pytest.raises(ValueError, match="no net ships for escoba with 3 players"):
        NetBot()(ref.Game(ref.Rules("escoba", players=3)))
    with pytest.raises(ValueError, match="^the match is over: there is no move to choose$"):
        NetBot()(ref.play_match("escoba", "greedy", 2))
    with pytest.raises(ValueError, match="no net ships for escoba with 3 players"):  # the net first, as the core
        NetBot()(ref.play_match(ref.Rules("escoba", players=3), "greedy", 2))
    with pytest.raises(ValueError, match="^the net does not fit the game: it is for escoba, not quinza$"):
        NetBot(weights=tmp_path / "hand.qzn")(ref.Game("quinza"))


EVERY_RULE_SET = [(name, players) for name in ("quinza", "rb3ine", "escoba") for players in (2, 3, 4)] + [("quinte", 4)]


def changed_by_redeals(name: str, players: int, nets: List[Net], bots: List[NetBot]) -> List[Any]:
    """Positions and nets where dealing the hidden cards again changes the value, a score or
    the move of a bot (two re-deals a position)."""
    changed = []
    for i, g in enumerate(seeded_positions(name, players, 10)):
        for other in (2 * i, 2 * i + 1):
            h = redealt(ref, g, g.turn, other)
            changed += [(i, other, k) for k, net in enumerate(nets) if net._forward(g) != net._forward(h)]
            changed += [(i, other, bot) for bot in bots if bot(g) != bot(h)]
    return changed


@pytest.mark.parametrize("name,players", EVERY_RULE_SET)
def test_the_net_and_its_bot_see_only_what_the_seat_may_know(tmp_path: Any, name: str, players: int) -> None:
    rules = ref.Rules(name, players=players)
    nets = [random_net(rules, s, hidden=(12, 8), move_hidden=6) for s in range(2)]
    bots = []
    for k, net in enumerate(nets):
        (tmp_path / f"{k}.qzn").write_bytes(net.to_bytes())
        bots.append(NetBot(weights=tmp_path / f"{k}.qzn"))
    if (name, players) in SHIPPED:
        nets.append(Net.for_rules(rules))
        bots.append(NetBot())
    assert changed_by_redeals(name, players, nets, bots) == []
    # The re-deals do change what is hidden: the test could see a bot that looked.
    g = seeded_positions(name, players, 1)[0]
    assert any(redealt(ref, g, g.turn, s).to_json() != g.to_json() for s in range(4))
