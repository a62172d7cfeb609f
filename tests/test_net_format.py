"""The .qzn file (docs/reference/nets.md "The file"), as the reference reads and writes it:
round trips, the shipped nets, and every kind of bad file refused with a ValueError that
says what is wrong; a net used on a game it does not fit says which of its numbers differ."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any, Callable, Dict

import numpy as np
import pytest

import quinza.reference as ref
from quinza.reference.net import ARRAYS, NETS, Net

from .net_util import header_for, random_arrays, random_net


def file_of(header: Dict[str, Any], arrays: bytes) -> bytes:
    text = json.dumps(header).encode()
    return b"QZN1" + struct.pack("<I", len(text)) + text + arrays


def good() -> bytes:
    return random_net("escoba", 1, hidden=(3, 2), move_hidden=2).to_bytes()


def test_a_net_written_is_read_back_the_same(tmp_path: Path) -> None:
    header = header_for("quinza", hidden=(4, 3), move_hidden=2, input_shift=5, weight_shift=7)
    arrays = random_arrays(header, 3)
    net = Net.from_arrays(header, arrays)
    data = net.to_bytes()
    assert data[:4] == b"QZN1"
    (length,) = struct.unpack_from("<I", data, 4)
    assert json.loads(data[8 : 8 + length]) == header == net.header
    # The arrays follow the header in the table's order, little-endian, nothing between them.
    assert data[8 + length :] == b"".join(arrays[name].astype(dtype).tobytes() for name, dtype, _ in ARRAYS)
    path = tmp_path / "mine.qzn"
    path.write_bytes(data)
    for source in (data, path, str(path)):
        again = Net.load(source)
        assert again.to_bytes() == data and again.header == header
    # from_arrays of a net's own header and arrays writes the same file.
    assert Net.from_arrays(Net.load(data).header, arrays).to_bytes() == data


def test_the_header_is_a_copy_and_a_net_is_immutable() -> None:
    net = random_net("escoba", 2)
    header = net.header
    header["hidden"][0] = 99
    assert net.header["hidden"] == [8, 6]
    with pytest.raises(AttributeError):
        net._data = b""  # type: ignore[misc]
    with pytest.raises(TypeError, match="Net.load"):
        Net()


@pytest.mark.parametrize("name,players", [("escoba", 2), ("quinza", 2), ("rb3ine", 2), ("quinte", 4)])
def test_the_shipped_nets_fit_their_rule_sets(name: str, players: int) -> None:
    net = Net.for_rules(name)
    assert net is Net.for_rules(ref.Rules(name, players=players, target=10))  # any target: the name and players
    h = net.header
    assert repr(net) == (f"<Net for {name} with {players} players: L={len(ref.encode_names(name))}, F={h['move_features']}, "
                         f"hidden=[{h['hidden'][0]}, {h['hidden'][1]}], move_hidden={h['move_hidden']}>")
    assert net.fits(name) and net.fits(ref.Rules(name, target=9))
    assert (net.header["rules"]["name"], net.header["rules"]["players"]) == (name, players)
    assert net.to_bytes() == (NETS / f"{name}.qzn").read_bytes()
    value, scores = net.evaluate(ref.Game(name, seed=1))
    assert isinstance(value, float) and [m for m, _ in scores] == ref.Game(name, seed=1).legal_moves()


@pytest.mark.parametrize("name,players", [("escoba", 3), ("quinza", 4), ("rb3ine", 3)])
def test_no_shipped_net_for_other_player_counts(name: str, players: int) -> None:
    with pytest.raises(ValueError, match=f"no net ships for {name} with {players} players: pass weights"):
        Net.for_rules(ref.Rules(name, players=players))


def cut(at: int) -> Callable[[bytes], bytes]:
    return lambda data: data[:at]


def with_header(change: Callable[[Dict[str, Any]], Any]) -> Callable[[bytes], bytes]:
    """The file with its header changed (the arrays as they were)."""
    def edit(data: bytes) -> bytes:
        (length,) = struct.unpack_from("<I", data, 4)
        header = json.loads(data[8 : 8 + length])
        change(header)
        return file_of(header, data[8 + length :])
    return edit


def header_text(text: bytes) -> Callable[[bytes], bytes]:
    return lambda data: b"QZN1" + struct.pack("<I", len(text)) + text


BAD_FILES = [
    ("empty", lambda d: b"", "it does not start with QZN1"),
    ("wrong tag", lambda d: b"QZN2" + d[4:], "it does not start with QZN1"),
    ("no length", cut(6), "it ends before the header's length"),
    ("short header", cut(40), "the header's length is .* bytes, but only 32 follow"),
    ("not utf-8", header_text(b'{"a": "\xff"}'), "the header is not UTF-8"),
    ("not json", header_text(b"{format: 1}"), "the header is not JSON"),
    ("NaN", header_text(b'{"format": NaN}'), "the header is not JSON"),
    ("not an object", header_text(b"[1, 2]"), "the header is not a JSON object"),
    ("no format", with_header(lambda h: h.pop("format")), 'the header\'s "format" must be 1, not nothing'),
    ("format 2", with_header(lambda h: h.update(format=2)), 'the header\'s "format" must be 1, not 2'),
    ("format true", with_header(lambda h: h.update(format=True)), '"format" must be 1, not true'),
    ("rules a name", with_header(lambda h: h.update(rules="escoba")), 'the header\'s "rules" is not an object'),
    ("rules no name", with_header(lambda h: h["rules"].pop("name")), "the header's rules have no name"),
    ("no players", with_header(lambda h: h["rules"].pop("players")), 'the header has no "players"'),
    ("no L", with_header(lambda h: h.pop("observation_len")), 'the header has no "observation_len"'),
    ("hidden one", with_header(lambda h: h.update(hidden=[3])), 'the header\'s "hidden" must be a list of two sizes'),
    ("hidden zero", with_header(lambda h: h.update(hidden=[3, 0])), r'"hidden\[1\]" must be a whole number from 1 to 1048576, not 0'),
    ("L a float", with_header(lambda h: h.update(observation_len=217.0)), '"observation_len" must be a whole number from 1 to 1048576, not 217.0'),
    ("L too big", with_header(lambda h: h.update(observation_len=2**20 + 1)), '"observation_len" must be a whole number'),
    ("shift too big", with_header(lambda h: h.update(weight_shift=25)), '"weight_shift" must be a whole number from 0 to 24, not 25'),
    ("negative shift", with_header(lambda h: h.update(input_shift=-1)), '"input_shift" must be a whole number from 0 to 24, not -1'),
    ("no trained", with_header(lambda h: h.pop("trained")), 'the header has no "trained"'),
    ("no arrays", lambda d: d[: 8 + struct.unpack_from("<I", d, 4)[0]], r"take 1818 bytes, but 0 follow the header \(1818 missing\)"),
    ("truncated", lambda d: d[:-1], r"take 1818 bytes, but 1817 follow the header \(1 missing\)"),
    ("bytes left over", lambda d: d + b"\0\0", r"take 1818 bytes, but 1820 follow the header \(2 left over\)"),
    ("wrong shape", with_header(lambda h: h.update(hidden=[3, 3])), r"take 1834 bytes, but 1818 follow the header \(16 missing\)"),
    ("fewer features", with_header(lambda h: h.update(move_features=112)), r"\(4 left over\)"),
]


@pytest.mark.parametrize("kind,spoil,said", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_bad_file_is_refused_saying_what_is_wrong(kind: str, spoil: Callable[[bytes], bytes], said: str) -> None:
    with pytest.raises(ValueError, match=f"^not a net file: .*{said}"):
        Net.load(spoil(good()))
    Net.load(good())  # the file unspoilt is a net


def test_load_takes_a_path_or_bytes(tmp_path: Path) -> None:
    for source in (12, bytearray(b"QZN1")):
        with pytest.raises(ValueError, match="^a net is loaded from a path or bytes, not "):
            Net.load(source)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^cannot read the net '.*none.qzn': No such file or directory"):
        Net.load(tmp_path / "none.qzn")


def test_from_arrays_checks_names_types_and_shapes() -> None:
    header = header_for("escoba", hidden=(3, 2), move_hidden=2)
    arrays = random_arrays(header, 5)
    Net.from_arrays(header, arrays)
    wrong: Dict[str, Any] = {
        "missing": ({k: v for k, v in arrays.items() if k != "c"}, "a dict of exactly W1, b1"),
        "extra": ({**arrays, "W3": arrays["W1"]}, "a dict of exactly"),
        "float": ({**arrays, "W1": arrays["W1"].astype(np.float32)}, "array W1 must be a numpy int16 array, not a numpy float32"),
        "int32 weight": ({**arrays, "W2": arrays["W2"].astype(np.int32)}, "array W2 must be a numpy int16 array"),
        "int16 bias": ({**arrays, "b1": arrays["b1"].astype(np.int16)}, "array b1 must be a numpy int32 array"),
        "a list": ({**arrays, "bv": [1]}, "array bv must be a numpy int32 array, not \\[1\\]"),
        "shape": ({**arrays, "W1": arrays["W1"].T.copy()}, r"array W1 must have the shape \(3, 217\) the header's sizes give, not \(217, 3\)"),
        "bv scalar": ({**arrays, "bv": np.array(3, dtype=np.int32)}, r"array bv must have the shape \(1,\)"),
    }
    for name, (given, said) in wrong.items():
        with pytest.raises(ValueError, match=said):
            Net.from_arrays(header, given)
    with pytest.raises(ValueError, match='"format" must be 1'):
        Net.from_arrays({**header, "format": 3}, arrays)
    with pytest.raises(ValueError, match="the header's rules are no rules of the game: unknown rule set 'chess'"):
        Net.from_arrays({**header, "rules": {"name": "chess", "players": 2}}, arrays)
    with pytest.raises(ValueError, match="plain JSON"):
        Net.from_arrays({**header, "trained": {"when": object()}}, arrays)
    # A big-endian or unaligned array is written little-endian all the same.
    swapped = {**arrays, "W1": arrays["W1"].astype(">i2")}
    assert Net.from_arrays(header, swapped).to_bytes() == Net.from_arrays(header, arrays).to_bytes()


FITS = [
    (("quinza", 2), "it is for escoba, not quinza$"),
    (("escoba", 3), "it is for 2 players, not 3$"),  # the first that differs: L too
    (("quinte", 4), "it is for escoba, not quinte$"),
]


@pytest.mark.parametrize("rules,said", FITS)
def test_a_net_on_a_game_it_does_not_fit_says_what_differs(rules: Any, said: str) -> None:
    net = random_net("escoba", 4)
    name, players = rules
    with pytest.raises(ValueError, match=f"^the net does not fit the game: {said}"):
        net.evaluate(ref.Game(ref.Rules(name, players=players), seed=2))
    assert not net.fits(ref.Rules(name, players=players)) and net.fits("escoba")


def test_a_net_fits_by_name_players_sizes_and_encoding_version() -> None:
    # Another target and other options fit: the observation is the same length; other keys
    # of the header are let be.
    net = random_net(ref.Rules("escoba", target=31, setenta="sum"), 6)
    net.evaluate(ref.Game("escoba", seed=3))
    other = Net.load(with_header(lambda h: h.update(note="mine"))(net.to_bytes()))
    assert other.header["note"] == "mine" and other.evaluate(ref.Game("escoba", seed=3)) == net.evaluate(ref.Game("escoba", seed=3))
    for key, value, said in (("observation_len", 216, "it reads observations of 216 entries, not 217"),
                             ("move_features", 114, "it reads 114 move features, not 113"),
                             ("encoding_version", 7, f"it reads encoding version 7, not {ref.ENCODING_VERSION}")):
        header = {**header_for("escoba"), key: value}
        bad = Net.from_arrays(header, random_arrays(header, 1))
        with pytest.raises(ValueError, match=said):
            bad.evaluate(ref.Game("escoba", seed=3))
    over = ref.play_match("escoba", "greedy", 1)
    with pytest.raises(ValueError, match="the match is over: there is no position to rate"):
        random_net("escoba", 1).evaluate(over)
    with pytest.raises(ValueError, match="it is for quinza, not escoba"):  # the fit first
        random_net("quinza", 1).evaluate(over)
