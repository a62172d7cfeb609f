"""The `quinza` command as a whole: the commands listed, `quinza watch` (one seeded match
between bots, the match `play_match` plays), one meaning for --backend and one --engine,
and a closed pipe that ends quietly for every command. Run with both engines."""

from __future__ import annotations

import json
import random
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest

import quinza
import quinza.reference
from quinza.__main__ import main
from quinza.cli import options

ENGINES = {"rust": quinza, "reference": quinza.reference}
COMMANDS = {
    "play": "play a match against bots in the terminal",
    "watch": "watch bots play one seeded match, deal by deal",
    "simulate": "play many matches between bots and sum them up",
    "ladder": "rate bots: every pair on the same deals, ratings with intervals",
    "analyze": "the rules lab: what the seats, the target and the options do to a match",
    "review": "value every move of a match record: inaccuracies, mistakes, blunders",
    "serve": "run the game server: rooms and seats over websockets",
    "join": "sit a bot at a seat of a remote game server",
    "train": "make a net for the net bot from the engine's own search",
}


@pytest.fixture(params=list(ENGINES))
def engine(request: Any) -> str:
    return str(request.param)


@pytest.mark.parametrize("argv", [[], ["--help"], ["-h"]])
def test_a_bare_quinza_and_help_list_the_commands(argv: List[str], capsys: Any) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    for name, line in COMMANDS.items():
        assert re.search(rf"^  {name} +{re.escape(line)}$", out, re.M), out
    assert out.startswith("usage: quinza <command>")


def test_an_unknown_command_names_the_commands(capsys: Any) -> None:
    assert main(["plya"]) == 2
    assert "unknown command 'plya': choose play, watch, simulate, ladder, analyze, review, serve, join or train" in capsys.readouterr().err


def test_every_command_has_its_help(capsys: Any) -> None:
    for name in COMMANDS:
        with pytest.raises(SystemExit) as info:
            main([name, "--help"])
        assert info.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: quinza {name}") and "--engine {rust,reference}" in out
        assert "%%" not in out


def watch_bots(api: Any, names: List[str], seed: int) -> List[Any]:
    """The bots of `watch --bots ...`, seeded as simulate seeds them."""
    return [api.bot(name, api.seat_seed(seed, seat)) for seat, name in enumerate(names)]


def test_watch_prints_the_match_play_match_plays(engine: str, capsys: Any) -> None:
    api = ENGINES[engine]
    rules = api.Rules("escoba", setenta="sum")
    assert main(["watch", "--rules", "escoba", "--set", "setenta=sum", "--bots", "greedy,random", "--seed", "9",
                 "--moves", "--engine", engine]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    game = api.play_match(rules, ["greedy", "random"], 9)
    assert lines[0] == (f"Escoba, 2 players, to 21 points; escoba on the last card: no; opening capture: yes; "
                        f"setenta: by sum; seed 9, first dealer seat {api.Game(rules, seed=9).dealer}")
    assert lines[1] == "bots: seat 0 greedy, seat 1 random"
    deals = [line for line in lines if line.startswith("deal ")]
    words = {"cards": "cards", "oros": "coins", "seven_of_oros": "seven of coins", "setenta": "setenta",
             "escobas": "escobas"}
    assert deals == [
        f"deal {d.deal_number} (dealer seat {d.dealer}, last capture by seat {d.last_capturer}): "
        + "; ".join(f"side {s} {p}" + (f" ({made})" if (made := ", ".join(f"{words[k]} {v}" for k, v in det.items() if v))
                                          else "") for s, (p, det) in enumerate(zip(d.points, d.details)))
        for d in game.deals
    ]
    scores = ", ".join(f"side {s} {p}" for s, p in enumerate(game.scores))
    won = f"A draw at {scores}" if game.winner is None else f"Side {game.winner} wins: {scores}"
    assert lines[-1] == f"{won} after {len(game.deals)} deals."
    assert not re.search(r"\w_\w|\[|Rules\(", out)  # words for people: no keys, lists or reprs
    # --moves: every move, by the seat that played it, with what it made happen
    replay = api.Game(rules, seed=9)
    bots = watch_bots(api, ["greedy", "random"], 9)
    expected: List[str] = []
    while not replay.is_over:
        seat = replay.turn
        events = replay.play(bots[seat](replay))
        expected.append(f"  seat {seat}: {events[0].move}")
        expected += ["    ESCOBA! seat {} swept the table".format(e.seat) for e in events if e.kind == "escoba"]
    shown = [line for line in lines if line.startswith("  seat ") or line.startswith("    ESCOBA")]
    assert shown == expected


# A seed only a 64-bit draw gives: while `drawn` is on, secrets.randbits(64) answers it.
BIG = 2**64 - 3


@pytest.fixture
def drawn(monkeypatch: Any) -> None:
    def randbits(k: int) -> int:
        assert k == 64, f"a seed drawn with {k} bits"
        return BIG

    monkeypatch.setattr(secrets, "randbits", randbits)


def test_every_command_draws_its_seed_the_same_size(engine: str, drawn: None, capsys: Any) -> None:
    assert main(["watch", "--rules", "escoba", "--bots", "greedy", "--engine", engine]) == 0
    assert f"seed {BIG}," in capsys.readouterr().out.splitlines()[0]
    assert main(["simulate", "--games", "2", "--bots", "greedy", "--json", "--engine", engine]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == BIG
    assert options.drawn_seed(None) == BIG and options.drawn_seed(7) == 7  # play's seed


def test_every_function_draws_its_seed_the_same_size(q: Any, drawn: None) -> None:
    assert q.Game("escoba").seed == q.FifteenGame().seed == q.QuinteGame().seed == BIG
    assert q.simulate("escoba", 2, bots="greedy").seed == BIG
    g = q.Game("escoba", seed=1)
    assert g.world(0).to_json() == g.world(0, seed=BIG).to_json()


def test_a_drawn_seed_is_a_64_bit_number() -> None:
    seeds = [quinza.Game("quinza").seed for _ in range(8)] + [options.drawn_seed(None) for _ in range(8)]
    assert all(0 <= s < 2**64 for s in seeds)
    assert max(seeds[:8]) >= 2**32 and max(seeds[8:]) >= 2**32  # fails once in 2**256 runs


def test_watch_draws_a_seed_and_shows_it(capsys: Any) -> None:
    assert main(["watch", "--rules", "quinte", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    seed = int(re.match(r"Quinte, 4 players in 2 sides of 2, to 250 points; seed (\d+),", out).group(1))  # type: ignore[union-attr]
    assert main(["watch", "--rules", "quinte", "--bots", "greedy", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "greedy,smart"], "unknown bot 'smart'"),
        (["--bots", "greedy,random,random"], "bots: give 1 or 2 bots for 2 players"),
        (["--rules", "poker"], "unknown rule set 'poker'"),
        (["--players", "5"], "players"),
        (["--set", "x"], "write an option as KEY=VALUE"),
        (["--backend", "reference"], "choose the engine with --engine rust|reference"),
    ],
)
def test_watch_bad_input_is_a_clear_error(args: List[str], message: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        main(["watch", *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_watch_of_a_record_prints_the_match_as_watch_printed_it(engine: str, capsys: Any, tmp_path: Path) -> None:
    api = ENGINES[engine]
    args = ["--rules", "escoba", "--set", "setenta=sum", "--bots", "greedy,random", "--seed", "9", "--moves"]
    assert main(["watch", *args, "--engine", engine]) == 0
    played = capsys.readouterr().out.splitlines()
    game = api.play_match(api.Rules("escoba", setenta="sum"), ["greedy", "random"], 9)
    saved = tmp_path / "match.txt"
    saved.write_text(game.record(players=["greedy", "random"]), encoding="utf-8")
    assert main(["watch", "--record", str(saved), "--moves", "--engine", engine]) == 0
    replayed = capsys.readouterr().out.splitlines()
    # the same lines, the bots named as the record names its players
    assert replayed[1] == "players: seat 0 greedy, seat 1 random"
    assert replayed[:1] + replayed[2:] == played[:1] + played[2:]


def test_watch_of_an_unfinished_record_from_a_position_stops_where_it_ends(engine: str, capsys: Any,
                                                                            tmp_path: Path) -> None:
    api = ENGINES[engine]
    game = api.Game("quinte", seed=5)
    for _ in range(6):
        game.play(game.legal_moves()[-1])
    start = api.Game.from_json(game.to_json())  # a record that starts from this position
    for _ in range(9):
        start.play(start.legal_moves()[0])
    saved = tmp_path / "match.txt"
    saved.write_text(start.record(), encoding="utf-8")
    assert main(["watch", "--record", str(saved), "--moves", "--engine", engine]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Quinte, 4 players in 2 sides of 2, to 250 points; from a position, first dealer seat {start.dealer}"
    assert lines[1] == "players: seat 0 -, seat 1 -, seat 2 -, seat 3 -"
    assert len([line for line in lines if line.startswith("  seat ")]) == 9
    scores = ", ".join(f"side {s} {p}" for s, p in enumerate(start.scores))
    assert lines[-1] == f"The record ends here: deal {start.deal_number}, scores {scores}."


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "greedy"], "--record takes the match from the record: leave out --bots"),
        (["--seed", "2", "--rules=quinza"], "leave out --rules, --seed"),
        (["--record-x"], "unrecognized arguments"),
    ],
)
def test_watch_of_a_record_refuses_what_the_record_gives(args: List[str], message: str, capsys: Any,
                                                          tmp_path: Path) -> None:
    saved = tmp_path / "match.txt"
    saved.write_text(quinza.Game("quinza", seed=1).record(), encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["watch", "--record", str(saved), *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["watch", "--record", str(tmp_path / "none.txt")])
    assert "--record: cannot read" in capsys.readouterr().err


def test_a_record_cut_or_garbled_anywhere_replays_or_is_refused_in_one_line(capsys: Any, tmp_path: Path) -> None:
    """watch --record (and so play --resume, which reads a record file the same way) on
    records with a line dropped, doubled, garbled or the rest cut off: each replays or
    exits 2 with one line that says why, never a traceback."""
    rng = random.Random(5)
    game = quinza.play_match("quinza", ["greedy", "random"], 3)
    lines = game.record(players=["you", "greedy"]).split("\n")
    path = tmp_path / "match.txt"
    outcomes = {0: 0, 2: 0}
    for _ in range(80):
        cut = list(lines)
        i = rng.randrange(len(cut))
        how = rng.choice(["drop", "double", "garble", "truncate"])
        if how == "drop":
            del cut[i]
        elif how == "double":
            cut.insert(i, cut[i])
        elif how == "garble":
            cut[i] = cut[i][: rng.randrange(len(cut[i]) + 1)] + rng.choice(["x", "]", "[", "9", " ", "é"])
        else:
            cut = cut[:i]
        path.write_text("\n".join(cut), encoding="utf-8")
        try:
            code = main(["watch", "--record", str(path)])
        except SystemExit as stop:
            code = stop.code
        err = capsys.readouterr().err
        assert code in (0, 2), (how, i, err)
        if code == 2:
            assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("quinza watch: error: --record: ")
        outcomes[code] += 1
    assert outcomes[0] > 0 and outcomes[2] > 0, outcomes


def test_simulate_backend_is_where_it_runs_and_engine_is_the_engine(capsys: Any) -> None:
    args = ["simulate", "--rules", "quinza", "--games", "12", "--bots", "greedy,random", "--seed", "2", "--json"]
    assert main([*args, "--engine", "reference", "--backend", "local"]) == 0
    by_engine = capsys.readouterr().out
    assert main([*args, "--reference"]) == 0  # the alias
    assert capsys.readouterr().out == by_engine
    assert main(args) == 0
    assert capsys.readouterr().out == by_engine  # the same matches from both engines
    for old in ("reference", "rust"):
        with pytest.raises(SystemExit):
            main([*args, "--backend", old])
        assert f"'{old}' is an engine: write --engine {old}; --backend is where the matches run" in capsys.readouterr().err


COMMAND_LINES = [
    ["watch", "--rules", "escoba", "--seed", "1", "--moves"],
    ["watch", "--rules", "quinte", "--seed", "1", "--moves", "--engine", "reference"],
    ["simulate", "--games", "50", "--seed", "1"],
    ["simulate", "--games", "50", "--seed", "1", "--json"],
    ["play", "--rules", "escoba", "--seed", "1"],
    ["--rules", "escoba", "--seed", "1"],
    ["--help"],
    [],
]


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=lambda a: " ".join(a) or "bare")
def test_a_closed_pipe_ends_quietly(argv: List[str]) -> None:
    # The reader is gone before the command writes a byte: the first write fails.
    proc = subprocess.Popen([sys.executable, "-m", "quinza", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()
    proc.stdin.write("1\n" * 20 + "q\n")
    proc.stdin.close()
    assert proc.stderr is not None
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode == 1


@pytest.mark.parametrize("argv", COMMAND_LINES[:5], ids=lambda a: " ".join(a))
def test_head_1_is_quiet(argv: List[str]) -> None:
    line = " ".join([sys.executable, "-m", "quinza", *argv])
    done = subprocess.run(f"echo q | {line} | head -1", shell=True, capture_output=True, text=True, timeout=120)
    assert done.stderr == "" and len(done.stdout.splitlines()) == 1


def test_version(capsys: Any) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"quinza {quinza.__version__}\n"


def test_watch_moves_shows_the_table_and_hands_before_each_move_and_step_waits_for_enter(
        capsys: Any, monkeypatch: Any) -> None:
    import quinza

    answers = iter(["", "", "q"])
    asked: List[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or next(answers))
    assert main(["watch", "--rules", "escoba", "--bots", "greedy", "--seed", "9", "--step"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(asked) == 3 and "Enter: the next move; q: stop" in asked[0]
    moves = [line for line in lines if line.startswith("  seat ")]
    assert len(moves) == 2  # two Enters, then q
    game = quinza.Game("escoba", seed=9)
    first = lines.index(moves[0])
    hands = [line.strip() for line in lines[:first] if line.startswith("      ")]
    assert f"table: {' '.join(str(c) for c in game.table)}" in hands
    for seat in range(2):
        assert any(h.startswith(f"seat {seat} ") and h.endswith(" ".join(str(c) for c in game.hand(seat))) for h in hands)
    assert lines[-1].startswith("stopped at deal 1")
