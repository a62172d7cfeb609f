"""A room's bots that read a net (`net`, `ismcts:prior=net`) play the net the package ships
for the room's rules: a rule set without one is refused when the room is made, and no
client may name a net file (its path would read the server's files)."""

from __future__ import annotations

from types import ModuleType

import pytest

from quinza.server.players import check_spec
from quinza.server.pool import Budget


def checked(q: ModuleType, spec: str, rules: object) -> str:
    return check_spec(q, spec, imports=False, budget=Budget(), rules=rules)


def test_a_room_plays_the_shipped_net_where_one_ships(q: ModuleType) -> None:
    for name in ("escoba", "quinza", "rb3ine", "quinte"):
        assert checked(q, "net", q.Rules(name)) == "net"
    assert checked(q, "ismcts:prior=net,iterations=200", q.Rules("escoba")) == "ismcts:prior=net,iterations=200"


@pytest.mark.parametrize("spec", ["net", "ismcts:prior=net,iterations=200"])
def test_a_rule_set_without_a_net_is_refused_when_the_room_is_made(q: ModuleType, spec: str) -> None:
    with pytest.raises(ValueError, match="plays with a net, and none ships for escoba with 4 players"):
        checked(q, spec, q.Rules("escoba", players=4))
    assert checked(q, "ismcts:iterations=200", q.Rules("escoba", players=4)) == "ismcts:iterations=200"


def test_no_client_names_a_net_file(q: ModuleType, tmp_path: object) -> None:
    shipped = q.Net.for_rules("escoba").to_bytes()
    path = tmp_path / "mine.qzn"  # type: ignore[operator]
    path.write_bytes(shipped)
    with pytest.raises(ValueError, match="names a net file: this server plays the nets it ships"):
        checked(q, f"net:weights={path}", q.Rules("escoba"))
    for spec in ("net:weights=/etc/passwd", "net:weights=/no/such.qzn", "net: Weights =/etc/hostname"):
        with pytest.raises(ValueError) as refused:  # before anything is read: it says nothing of the file
            checked(q, spec, q.Rules("escoba"))
        assert str(refused.value) == f"the bot {spec!r} names a net file: this server plays the nets it ships"
