"""The compiled twin's nets (docs/reference/nets.md): `quinza.Net` read from a file or the
package, what it says of a position, the refusals in words, and the `net` bot of the core
(its move is its net's first best, it refuses a game its net does not fit, it plays whole
matches in `simulate`). The twins' agreement is tests/test_net*.py's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import quinza
import quinza.reference as ref

NETS = Path(quinza.__file__).with_name("nets")
SHIPPED = [("escoba", 2), ("quinza", 2), ("rb3ine", 2), ("quinte", 4)]


@pytest.mark.parametrize("name,players", SHIPPED)
def test_the_shipped_net_is_the_file_of_its_rules(name: str, players: int) -> None:
    net = quinza.Net.for_rules(quinza.Rules(name, players=players))
    data = (NETS / f"{name}.qzn").read_bytes()
    assert net.to_bytes() == data
    assert quinza.Net.load(NETS / f"{name}.qzn").to_bytes() == data
    assert quinza.Net.load(data).header == net.header
    header = net.header
    assert (header["rules"]["name"], header["rules"]["players"]) == (name, players)
    assert header["observation_len"] == len(quinza.encode_names(quinza.Rules(name)))
    assert net.fits(name) and net.fits(quinza.Rules(name)) and not net.fits("quinte" if name != "quinte" else "escoba")
    assert repr(net).startswith(f"<Net for {name} with {players} players: L={header['observation_len']}")


def first_best(scored: Any) -> Any:
    top = max(score for _, score in scored)
    return next(move for move, score in scored if score == top)


@pytest.mark.parametrize("name", ["escoba", "quinza", "rb3ine", "quinte"])
def test_the_net_bot_plays_the_first_move_of_the_greatest_score(name: str) -> None:
    net, bot = quinza.Net.for_rules(name), quinza.bot("net")
    for seed in range(6):
        g = quinza.Game(quinza.Rules(name), seed=seed)
        for _ in range(12):
            if g.is_over:
                break
            value, scored = net.evaluate(g)
            assert isinstance(value, float)
            assert [str(m) for m, _ in scored] == [str(m) for m in g.legal_moves()]
            move = bot(g)
            assert move == first_best(scored)
            g.play(move)


def test_the_scores_are_whole_numbers_over_the_shifts() -> None:
    net = quinza.Net.for_rules("escoba")
    unit = 2 ** (net.header["input_shift"] + net.header["weight_shift"])
    value, scored = net.evaluate(quinza.Game(quinza.Rules("escoba"), seed=4))
    for x in [value] + [s for _, s in scored]:
        assert (x * unit).is_integer()


def test_a_reference_game_is_rated_as_its_core_twin() -> None:
    net = quinza.Net.for_rules("quinza")
    g = ref.Game(ref.Rules("quinza"), seed=8)
    for mv in g.legal_moves()[:1]:
        g.play(mv)
    mine = quinza.Game.from_json(g.to_json())
    assert [(str(m), s) for m, s in net.evaluate(g)[1]] == [(str(m), s) for m, s in net.evaluate(mine)[1]]


def test_move_features_read_the_card_ids_of_both_twins() -> None:
    # the core's fifteen move features are Card.id (src/fifteen/encode.rs): the same ids as the reference's
    for i in range(40):
        assert quinza.Card.from_id(i).id == ref.Card(str(quinza.Card.from_id(i))).id == i


def test_a_file_that_is_not_a_net_is_a_value_error_saying_why(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="^not a net file: it does not start with QZN1$"):
        quinza.Net.load(b"PK\x03\x04")
    data = quinza.Net.for_rules("escoba").to_bytes()
    with pytest.raises(ValueError, match=r"^not a net file: the arrays of its sizes take \d+ bytes, but \d+ follow the header \(1 left over\)$"):
        quinza.Net.load(data + b"\0")
    with pytest.raises(ValueError, match="^a net is loaded from a path or bytes, not 3$"):
        quinza.Net.load(3)
    missing = tmp_path / "none.qzn"
    with pytest.raises(ValueError, match=f"^cannot read the net '{missing}': No such file or directory$"):
        quinza.Net.load(missing)
    with pytest.raises(ValueError, match="^no net ships for escoba with 3 players: pass weights, a .qzn file trained for them$"):
        quinza.Net.for_rules(quinza.Rules("escoba", players=3))


def test_a_net_rates_only_a_game_it_fits_and_in_progress() -> None:
    net = quinza.Net.for_rules("escoba")
    with pytest.raises(ValueError, match="^the net does not fit the game: it is for escoba, not quinte$"):
        net.evaluate(quinza.Game(quinza.Rules("quinte")))
    with pytest.raises(ValueError, match="^the net does not fit the game: it is for 2 players, not 4$"):
        net.evaluate(quinza.Game(quinza.Rules("escoba", players=4)))
    g = quinza.Game(quinza.Rules("escoba"), seed=1)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(ValueError, match="^the match is over: there is no position to rate$"):
        net.evaluate(g)


def test_the_net_bot_takes_a_file_and_refuses_a_bad_one_when_made(tmp_path: Path) -> None:
    path = tmp_path / "mine.qzn"
    path.write_bytes((NETS / "quinza.qzn").read_bytes())
    bot = quinza.bot("net", weights=str(path))
    assert type(bot) is quinza.NetBot and bot.name == "net"
    assert bot.params == {"weights": str(path)} and bot.weights == str(path)
    assert repr(bot) == f"NetBot(weights={str(path)!r})" and repr(quinza.NetBot()) == "NetBot(weights=None)"
    assert quinza.NetBot(weights=path).weights == str(path)
    g = quinza.Game(quinza.Rules("quinza"), seed=2)
    assert bot(g) == quinza.bot("net")(g)
    with pytest.raises(ValueError, match="^the net does not fit the game: it is for quinza, not escoba$"):
        bot(quinza.Game(quinza.Rules("escoba")))
    with pytest.raises(ValueError, match="^weights must be the path of a .qzn file, or None for the shipped net, not 3$"):
        quinza.bot("net", weights=3)
    with pytest.raises(ValueError, match="^cannot read the net '.*nothing.qzn': No such file or directory$"):
        quinza.NetBot(weights=str(tmp_path / "nothing.qzn"))
    (tmp_path / "bad.qzn").write_bytes(b"QZN1")
    with pytest.raises(ValueError, match="^not a net file: it ends before the header's length$"):
        quinza.bot("net", weights=str(tmp_path / "bad.qzn"))


def test_the_net_bot_without_a_net_for_the_rules_says_so_at_its_first_move() -> None:
    bot = quinza.bot("net")
    with pytest.raises(ValueError, match="^no net ships for rb3ine with 3 players: pass weights"):
        bot(quinza.Game(quinza.Rules("rb3ine", players=3)))
    # simulate refuses it before any match (quinza.bots.check_net)
    with pytest.raises(ValueError, match="^the bot 'net' plays with a net, and none ships for quinza with 4 players$"):
        quinza.simulate(quinza.Rules("quinza", players=4), 2, bots=["net", "greedy", "greedy", "greedy"])


def test_net_bots_play_whole_matches_in_simulate() -> None:
    result = quinza.simulate("escoba", 20, bots=["net", "greedy"], seed=5)
    again = quinza.simulate("escoba", 20, bots=["net", "greedy"], seed=5)
    assert result.games == 20 and (result.scores == again.scores).all()
    # the bot of each seat moves as it would alone
    g = quinza.Game(quinza.Rules("quinte"), seed=quinza.match_seed(3, 0))
    while not g.is_over:
        g.play(quinza.bot("net")(g))
    assert list(quinza.simulate("quinte", 1, bots=["net"] * 4, seed=3).scores[0]) == list(g.scores)


# -- ismcts guided by the net (src/search/prior.rs) ----------------------------------------------


def test_ismcts_takes_the_net_as_its_prior_and_refuses_rules_without_one() -> None:
    bot = quinza.bot("ismcts", prior="net", iterations=30, seed=2)
    assert bot.prior == "net" and quinza.bot("ismcts").prior == "off"
    assert "prior='net'" in repr(bot)
    with pytest.raises(ValueError, match="^prior must be 'off', 'net' or 'net_rollout', not 'smart'$"):
        quinza.bot("ismcts", prior="smart")
    with pytest.raises(ValueError, match="^no net ships for escoba with 3 players"):
        bot(quinza.Game(quinza.Rules("escoba", players=3)))
    with pytest.raises(ValueError, match="^the bot 'ismcts:prior=net' plays with a net, and none ships for escoba with 4 players$"):
        quinza.simulate(quinza.Rules("escoba", players=4), 1, bots="ismcts:prior=net,greedy")
    g = quinza.Game(quinza.Rules("escoba"), seed=6)
    again = quinza.bot("ismcts", prior="net", iterations=30, seed=2)
    # a move the tree never tried has no estimate (NaN): compared as printed
    assert bot(g) == again(g) and repr(bot.analyse(g)) == repr(again.analyse(g))


def test_one_iteration_with_the_net_tries_the_nets_best_move_first() -> None:
    # at the first iteration every Q is 0: the greatest prior, the net's best move
    for seed in range(10):
        g = quinza.Game(quinza.Rules("quinza"), seed=seed)
        if len(g.legal_moves()) > 1:
            assert quinza.bot("ismcts", prior="net", iterations=1)(g) == quinza.bot("net")(g)


@pytest.mark.parametrize("name,players", SHIPPED)
def test_ismcts_with_the_net_plays_the_same_move_when_the_hidden_cards_are_redealt(name: str, players: int) -> None:
    from .test_observation import bot_moves_that_change

    make = lambda s: quinza.bot("ismcts", seed=s, iterations=8, prior="net")  # noqa: E731
    assert bot_moves_that_change(quinza, name, players, make) == []
