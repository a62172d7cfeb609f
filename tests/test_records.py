"""Match records (docs/reference/json.md "Match records"): `game.record()` and
`Game.from_record(text)` replay a match exactly, the same bytes from both backends, every
malformed record refused with the line named; `simulate(records=DIR)` writes them."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Dict, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref
from quinza.__main__ import main

from .conftest import as_position, build_position, position
from .test_events import plain

# Every rule set at every player count it is played by, and escoba's options.
RULE_SETS = [
    ("quinza", {}), ("quinza", {"players": 3}), ("quinza", {"players": 4}),
    ("rb3ine", {}), ("rb3ine", {"players": 3}), ("rb3ine", {"players": 4}),
    ("escoba", {}), ("escoba", {"players": 3}), ("escoba", {"players": 4}),
    ("escoba", {"target": 5, "escoba_on_last_card": True, "opening_capture": False, "setenta": "sum"}),
    ("quinte", {"target": 120}),
]
SEED_LINE = "; the seed deals every card: this record shows all hands to whoever replays it"


def played(q: ModuleType, name: str, options: Dict[str, Any], seed: int, moves: int = 10**6) -> Any:
    """A match of `name` after up to `moves` moves drawn by Random(seed)."""
    g = q.Game(q.Rules(name, **options), seed=seed)
    r = ref.Random(seed ^ 0x7E)
    while not g.is_over and moves > 0:
        legal = g.legal_moves()
        g.play(legal[r.below(len(legal))])
        moves -= 1
    return g


def same_game(a: Any, b: Any) -> None:
    assert a.to_json() == b.to_json()
    assert [plain(e) for e in a.history] == [plain(e) for e in b.history]
    assert a.start_events == b.start_events or [plain(e) for e in a.start_events] == [plain(e) for e in b.start_events]


@settings(max_examples=22)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1), st.booleans())
def test_a_record_replays_its_match_exactly(rule_set: Tuple[str, Dict[str, Any]], seed: int, whole: bool) -> None:
    name, options = rule_set
    for q in (quinza, ref):
        g = played(q, name, options, seed, 10**6 if whole else seed % 150)
        text = g.record()
        back = q.Game.from_record(text)
        same_game(back, g)
        assert back.history == g.history and back.seed == g.seed
        assert back.record() == text  # a record read back writes the same text
        assert type(back) is type(g)
        result = re.search(r"^\[Result (.*)\]$", text, re.M)
        assert result is not None
        expected = "unfinished" if not g.is_over else ("draw" if g.winner is None else f"side {g.winner} wins")
        assert json.loads(result.group(1)) == expected


@settings(max_examples=11)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**64 - 1))
def test_both_backends_write_the_same_bytes(rule_set: Tuple[str, Dict[str, Any]], seed: int) -> None:
    name, options = rule_set
    games = [m.Game(m.Rules(name, **options), seed=seed) for m in (quinza, ref)]
    r = ref.Random(seed)
    while not games[1].is_over:
        legal = games[1].legal_moves()
        text = str(legal[r.below(len(legal))])
        for g in games:
            g.play(text)
    players = [f"bot {i}" for i in range(games[0].rules.players)]
    texts = [g.record(players=players, date="2026-12-01") for g in games]
    assert texts[0].encode() == texts[1].encode()
    # and each backend reads the other's
    same_game(quinza.Game.from_record(texts[1]), games[0])
    same_game(ref.Game.from_record(texts[0]), games[1])


def test_the_record_of_a_match_reads_as_documented(q: ModuleType) -> None:
    g = played(q, "escoba", {}, 3, 5)
    text = g.record(players=["ismcts:iterations=2000", "human"], date=datetime.date(2026, 12, 1))
    lines = text.split("\n")
    assert lines[0] == '; quinza match record, format 1 (docs/reference/json.md "Match records")'
    assert lines[1] == SEED_LINE
    moves = [e for e in g.history if e.kind == "move"]
    assert lines[2:20] == [
        '[Format "quinza-record"]', "[Version 1]", '[Rules "escoba"]', "[players 2]", "[target 21]",
        "[escoba_on_last_card false]", "[opening_capture true]", '[setenta "prime"]', "[Seed 3]",
        '[Seat0 "ismcts:iterations=2000"]', '[Seat1 "human"]', '[Date "2026-12-01"]', '[Result "unfinished"]',
        f"[Scores {json.dumps(g.scores)}]", "", f"deal 1 dealer {g.history[0].seat}",
        "; opening capture: the dealer, seat 1, takes the table, 1 escoba", f"{moves[0].seat} {moves[0].move}",
    ]
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert len([line for line in lines if re.fullmatch(r"[0-3] \S.*", line)]) == 5


def test_a_position_or_a_game_from_json_carries_its_start(q: ModuleType) -> None:
    g = played(q, "escoba", {"players": 4}, 12, 50)
    for start in (build_position(q, as_position(g)), q.Game.from_json(g.to_json()),
                  position(q, "quinza", hands=[["1o"], ["2o"]], table=["3o"], seed=4)):
        r = ref.Random(9)
        for _ in range(30):
            if start.is_over:
                break
            legal = start.legal_moves()
            start.play(legal[r.below(len(legal))])
        text = start.record()
        assert SEED_LINE not in text and "this record shows all hands to whoever replays it" in text
        header = re.search(r"^\[Position (.*)\]$", text, re.M)
        assert header is not None and header.group(1) == start.start_json()
        assert "[Seed " not in text
        back = q.Game.from_record(text)
        same_game(back, start)
        assert back.start_json() == start.start_json() and back.record() == text


def test_a_finished_match_read_from_json_has_a_record_without_moves(q: ModuleType) -> None:
    done = q.Game.from_json(played(q, "quinza", {}, 1).to_json())
    text = done.record()
    assert "deal " not in text.split("\n\n", 1)[1]
    same_game(q.Game.from_record(text), done)


def test_a_family_class_reads_only_its_family(q: ModuleType) -> None:
    text = played(q, "quinte", {"target": 120}, 1, 10).record()
    with pytest.raises(ValueError, match=r"^line \d+: FifteenGame plays"):
        q.FifteenGame.from_record(text)
    assert isinstance(q.QuinteGame.from_record(text), q.QuinteGame)


def test_bad_players_and_dates(q: ModuleType) -> None:
    g = q.Game("quinza", seed=1)
    for players in (["one"], "ab", 3, ["a", "b", "c"]):
        with pytest.raises(ValueError, match="^players must be a list of 2 names, one per seat"):
            g.record(players=players)
    with pytest.raises(ValueError, match="^date must be a text or a datetime.date"):
        g.record(date=20261201)


# -- malformed records: each names its line --------------------------------------------------

BASE_SEED = 5


def base(q: ModuleType) -> str:
    """The record of a whole 2-player quinza match, for the cases below to break."""
    return played(q, "quinza", {}, BASE_SEED).record(players=["a", "b"])


def lines_of(text: str) -> List[str]:
    return text.split("\n")


def index_of(lines: List[str], test: Callable[[str], bool], nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if test(line)][nth]


def is_move(line: str) -> bool:
    return re.fullmatch(r"[0-3] \S.*", line) is not None


def is_deal(line: str) -> bool:
    return line.startswith("deal ")


def header(key: str) -> Callable[[str], bool]:
    return lambda line: line.startswith(f"[{key} ")


def replace(test: Callable[[str], bool], new: Callable[[str], str], nth: int = 0) -> Callable[[List[str]], int]:
    def change(lines: List[str]) -> int:
        i = index_of(lines, test, nth)
        lines[i] = new(lines[i])
        return i

    return change


def insert_before(test: Callable[[str], bool], new: str, nth: int = 0) -> Callable[[List[str]], int]:
    def change(lines: List[str]) -> int:
        i = index_of(lines, test, nth)
        lines.insert(i, new)
        return i

    return change


def delete_moves_before_deal_2(lines: List[str]) -> int:
    i = index_of(lines, is_deal, 1)
    for j in (i - 2, i - 3, i - 4):  # the deal's last moves, above its "deal scored" comment
        assert is_move(lines[j])
    del lines[i - 4 : i - 1]
    return i - 3


def delete_deal_2_line(lines: List[str]) -> int:
    i = index_of(lines, is_deal, 1)
    del lines[i]
    return i


def cut_the_end(lines: List[str]) -> int:
    last = index_of(lines, is_move, -1)
    del lines[last - 3 :]
    return index_of(lines, is_move, -1)


def move_after_the_end(lines: List[str]) -> int:
    lines.insert(len(lines) - 1, "0 1o")
    return len(lines) - 2


def wrong_seat(line: str) -> str:
    seat, move = line.split(" ", 1)
    return f"{1 - int(seat)} {move}"


def other_card(line: str) -> str:
    # the card played replaced by one of the same suit that the seat cannot hold: 12 -> 1, else 12
    seat, card = line.split(" ")[:2]
    swap = "1" if card[:-1] == "12" else "12"
    return f"{seat} {swap}{card[-1]}"


# (name, how the base text is broken, what the message says after "line N: ")
CASES: List[Tuple[str, Callable[[List[str]], int], str]] = [
    ("bad header", replace(header("Seed"), lambda s: s[:-1]), "bad header '[Seed"),
    ("unknown header", insert_before(header("Result"), '[Opponent "x"]'), "unknown header 'Opponent'"),
    ("header not JSON", replace(header("Seed"), lambda s: "[Seed five]"), "the value of the Seed header is not JSON"),
    ("second header", insert_before(header("Result"), "[Seed 6]"), "a second Seed header (the first is on line"),
    ("not a record", replace(header("Format"), lambda s: '[Format "pgn"]'), "not a quinza match record"),
    ("other version", replace(header("Version"), lambda s: "[Version 2]"),
     "record format version 2 is not known: this quinza reads version 1"),
    ("unknown rule set", replace(header("Rules"), lambda s: '[Rules "tute"]'), "unknown rule set 'tute'"),
    ("bad players", replace(header("players"), lambda s: "[players 5]"), "quinza is played by 2, 3 or 4 players"),
    ("unknown option", insert_before(header("Seed"), '[setenta "sum"]'), "unknown option 'setenta' for quinza"),
    ("bad seed", replace(header("Seed"), lambda s: "[Seed -1]"), "seed must be a whole number"),
    ("bad result", replace(header("Result"), lambda s: '[Result "1-0"]'), "the Result is 'side N wins', 'draw'"),
    ("seat of no one", insert_before(header("Result"), '[Seat2 "c"]'), "Seat2 names no seat"),
    ("unknown move", replace(is_move, lambda s: s.split(" ")[0] + " zz", 7),
     "unknown move 'zz' of seat"),
    ("illegal move", replace(is_move, other_card, 3), "cannot play"),
    ("wrong seat", replace(is_move, wrong_seat, 5), "'s turn"),
    ("bad move line", replace(is_move, lambda s: "seat one plays 7o", 2), "is no move line"),
    ("deal cut", delete_moves_before_deal_2, "deal 2 begins while deal 1 is not over: deal 1 is cut short"),
    ("deal line missing", delete_deal_2_line, "deal 2 begins here: write 'deal 2 dealer"),
    ("wrong deal line", replace(is_deal, lambda s: "deal 3 dealer 0", 1), "this is deal 2, dealt by seat"),
    ("truncated", cut_the_end, "before the match is over, but its Result (line"),
    ("move after the end", move_after_the_end, "a move after the match end"),
    ("header after moves", insert_before(is_move, "[Date \"2026\"]", 4), "a header after the moves"),
    ("scores", replace(header("Scores"), lambda s: "[Scores [0, 0]]"), "the Scores header says [0, 0]"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_every_malformed_record_names_its_line(q: ModuleType, case: Tuple[str, Any, str]) -> None:
    _, change, words = case
    lines = lines_of(base(q))
    at = change(lines)
    text = "\n".join(lines)
    with pytest.raises(ValueError) as error:
        q.Game.from_record(text)
    message = str(error.value)
    assert message.startswith(f"line {at + 1}: "), (message, lines[at])
    assert words in message
    assert type(error.value) is ValueError
    other = ref if q is quinza else quinza
    with pytest.raises(ValueError) as twin:
        other.Game.from_record(text)
    assert str(twin.value) == message


def test_the_result_must_be_what_the_moves_give(q: ModuleType) -> None:
    g = played(q, "quinza", {}, BASE_SEED)
    loser = 1 - g.winner
    lines = lines_of(g.record())
    at = index_of(lines, header("Result"))
    for result in (f"side {loser} wins", "draw", "unfinished"):
        lines[at] = f'[Result "{result}"]'
        with pytest.raises(ValueError, match=rf"^line {at + 1}: the Result says '{result}', but the moves end the "
                                             rf"match: side {g.winner} wins"):
            q.Game.from_record("\n".join(lines))


def test_missing_headers_and_odd_input(q: ModuleType) -> None:
    with pytest.raises(ValueError, match=r"^line 1: not a quinza match record"):
        q.Game.from_record("")
    with pytest.raises(ValueError, match=r"^a match record is text \(a str\), not bytes"):
        q.Game.from_record(b"[Format 1]")
    text = base(q)
    for key in ("Version", "Rules", "Result"):
        lines = [line for line in lines_of(text) if not line.startswith(f"[{key} ")]
        end = index_of(lines, lambda s: s.startswith("["), -1)
        with pytest.raises(ValueError, match=rf"^line {end + 1}: the headers end without a {key} header"):
            q.Game.from_record("\n".join(lines))
    position_line = f"[Position {q.Game('quinza', seed=BASE_SEED).to_json()}]"
    both = "\n".join(line if not line.startswith("[Result ") else position_line + "\n" + line
                     for line in lines_of(text))
    with pytest.raises(ValueError, match=r"^line \d+: a record starts from a Seed or from a Position"):
        q.Game.from_record(both)


def test_a_position_header_is_checked(q: ModuleType) -> None:
    start = position(q, "quinza", hands=[["1o"], ["2o"]], table=["3o"])
    lines = lines_of(start.record())
    at = index_of(lines, header("Position"))
    lines[at] = '[Position {"format": "quinza-game"}]'
    with pytest.raises(ValueError, match=rf"^line {at + 1}: invalid game JSON: "):
        q.Game.from_record("\n".join(lines))
    lines[at] = f"[Position {start.to_json()}]"
    lines[index_of(lines, header("target"))] = "[target 100]"
    with pytest.raises(ValueError, match=rf"^line {at + 1}: the Position is a game of Rules\('quinza', players=2, "
                                         rf"target=151\), but the headers say Rules\('quinza', players=2, target=100\)"):
        q.Game.from_record("\n".join(lines))


def test_comments_and_blank_lines_are_read_past(q: ModuleType) -> None:
    g = played(q, "escoba", {}, 8, 40)
    text = g.record()
    noisy = "\n".join(("  " + line + "  ; a note" if line and not line.startswith(("[", ";")) else line) + "\n"
                      for line in lines_of(text))
    same_game(q.Game.from_record(noisy.replace("\n", "\r\n")), g)


# -- simulate(records=DIR) --------------------------------------------------------------------


def test_simulate_writes_the_record_of_every_match(tmp_path: Path) -> None:
    folders = {}
    for m in (quinza, ref):
        folder = tmp_path / m.BACKEND
        result = m.simulate(m.Rules("escoba", target=5), 4, bots="greedy,random", seed=17, records=folder)
        files = sorted(p.name for p in folder.iterdir())
        assert files == [f"match-{i:06d}.txt" for i in range(4)]
        for i, name in enumerate(files):
            text = (folder / name).read_text(encoding="utf-8")
            assert '[Seat0 "greedy"]' in text and '[Seat1 "random"]' in text
            game = m.Game.from_record(text)
            alone = m.play_match(m.Rules("escoba", target=5), "greedy,random", m.match_seed(17, i))
            assert game.to_json() == alone.to_json()
            assert game.scores == [int(x) for x in result.scores[i]]
        folders[m.BACKEND] = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert folders["rust"] == folders["reference"]


def test_simulate_refuses_a_records_path_that_is_no_folder(q: ModuleType, tmp_path: Path) -> None:
    afile = tmp_path / "taken"
    afile.write_text("x")
    with pytest.raises(ValueError, match="^records: .* is a file, not a folder"):
        q.simulate("quinza", 2, records=afile)
    with pytest.raises(ValueError, match="^records must be the path of a folder, not 3"):
        q.simulate("quinza", 2, records=3)


@pytest.mark.parametrize("engine", [[], ["--reference"]])
def test_the_command_writes_records(tmp_path: Path, engine: List[str], capsys: Any) -> None:
    folder = tmp_path / "recs"
    assert main(["simulate", "--rules", "quinza", "--games", "3", "--seed", "2", "--bots", "greedy",
                 "--records", str(folder), *engine]) == 0
    capsys.readouterr()
    texts = [(folder / f"match-{i:06d}.txt").read_text(encoding="utf-8") for i in range(3)]
    for i, text in enumerate(texts):
        assert quinza.Game.from_record(text).to_json() == quinza.play_match("quinza", "greedy", quinza.match_seed(2, i)).to_json()


def test_the_documented_example_is_what_the_engine_writes(q: ModuleType) -> None:
    doc = (Path(__file__).parents[1] / "docs" / "reference" / "json.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Match records"):]
    shown = section[section.index("```\n") + 4 : section.index("\n```", section.index("```\n") + 4)]
    g = q.Game("escoba", seed=3)
    bots = [q.bot("greedy"), q.bot("random", seed=1)]
    while not g.is_over:
        g.play(bots[g.turn](g))
    text = g.record(players=["greedy", "random:seed=1"])
    chunks = [c.strip("\n") for c in shown.split("...")]
    assert len(chunks) == 3
    where = 0
    for chunk in chunks:
        found = text.find(chunk + "\n", where)
        assert found >= where, chunk
        where = found + len(chunk)
    assert text.startswith(chunks[0]) and text.endswith(chunks[-1] + "\n")
