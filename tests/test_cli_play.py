"""`quinza play` through a pseudo-terminal, as a user plays it: a whole match against the
greedy bot, moves chosen by number and by notation, a hint, bad keys, to "match over".
The test keeps its own copy of the match (greedy bots draw nothing, so it is the same
match) to know what the screen must say. Then Ctrl-C and Ctrl-D, and bad options.
Run with the Rust core and with the reference."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pexpect
import pytest

import quinza
import quinza.reference
from quinza.__main__ import main

ENGINES = {"rust": quinza, "reference": quinza.reference}
PROMPT = "your move> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


@pytest.fixture(params=list(ENGINES))
def engine(request: Any) -> str:
    return str(request.param)


def spawn(*args: str, cwd: Any = None) -> Any:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="50")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "quinza", "play", *args], env=env, cwd=cwd,
                          encoding="utf-8", timeout=60, dimensions=(50, 120))
    child.logfile_read = io.StringIO()  # the whole screen, for the checks at the end
    return child


def seen(child: Any) -> str:
    """What the screen showed before the last match, without colours."""
    return ANSI.sub("", child.before or "")


def advance(api: Any, game: Any, seat: int) -> List[Any]:
    """Play the greedy bots' moves up to `seat`'s turn (or the match end); their events."""
    greedy = api.GreedyBot()
    events: List[Any] = []
    while not game.is_over and game.turn != seat:
        events += game.play(greedy(game))
    return events


def test_a_whole_match_in_a_terminal(engine: str, tmp_path: Path) -> None:
    api = ENGINES[engine]
    seed = 11
    game = api.Game("escoba", seed=seed)  # the test's own copy of the match
    advance(api, game, 0)
    child = spawn("--rules", "escoba", "--vs", "greedy", "--seed", str(seed), "--delay", "0",
                  "--engine", engine, cwd=tmp_path)
    turn = 0
    by_notation = 0
    while True:
        i = child.expect([PROMPT, "match over"])
        if i == 1:
            break
        screen = seen(child)
        moves = game.legal_moves()
        # the screen is the human's seat's: its hand, the stock, never a card of the bot's hand
        assert f"stock      {game.stock} card{'s' if game.stock != 1 else ''}" in screen
        panel = screen[screen.rindex("╭─"):]
        assert not {str(c) for c in game.hand(1)} & set(panel.split())
        hand_line = next(line for line in screen.splitlines() if "your hand" in line)
        assert sorted(hand_line.split("your hand")[1].strip(" │").split()) == sorted(str(c) for c in game.hand(0))
        if turn == 0:
            child.sendline("?")
            child.expect("hint: ")
            child.expect(PROMPT)
            # every legal move by its number, with a value
            values = re.findall(r"^\s*(\d+)\s+.*?([+-]\d+\.\d\d)\s*$", seen(child), re.M)
            assert len(moves) > 1 and sorted(int(n) for n, _ in values) == list(range(1, len(moves) + 1))
            bad_keys = [
                ("xyz", "invalid move 'xyz'"),
                ("[red]x:smile:", "invalid move '[red]x:smile:'"),  # echoed as typed: no markup
                (str(len(moves) + 1), f"no move {len(moves) + 1}: choose 1 to {len(moves)}"),
                ("0", f"no move 0: choose 1 to {len(moves)}"),
                ("", "type a move's number"),
                ("5e x 5e", "invalid move '5e x 5e': 5e appears twice"),
                (str(game.hand(1)[0]), f"{game.hand(1)[0]} is not in the hand of seat 0"),  # the bot's card
                ("x" * 300, "... (300 characters)"),
                ("h", "undo your last move"),
            ]
            for key, answer in bad_keys:
                child.sendline(key)
                child.expect(re.escape(answer))
                child.expect(PROMPT)
        if turn == 1:
            child.sendline("s")
            child.expect(r"record is saved")
            saved = api.Game.from_record((tmp_path / f"quinza-escoba-seed{seed}.txt").read_text())
            assert saved.to_json() == game.to_json()  # the record replays to the match so far
            child.expect(PROMPT)
        if turn == 2:
            before = game.copy()
            child.sendline("1")
            game.play(moves[0])
            advance(api, game, 0)
            child.expect(PROMPT)
            child.sendline("u")
            child.expect("took back your last move")
            child.expect(PROMPT)
            game = before  # the human's move and the bot's after it, taken back
        if turn % 3 == 1 and len(moves) > 1:
            move = moves[-1]  # by its notation, the last one listed
            child.sendline(str(move))
            by_notation += 1
        else:
            move = moves[0]
            child.sendline("1")
        child.expect(r"you play ")
        game.play(move)
        advance(api, game, 0)
        turn += 1
    child.expect(r"final scores: (.*) after (\d+) deals")
    transcript = ANSI.sub("", child.logfile_read.getvalue())
    assert game.is_over
    assert f"you {game.scores[0]}, seat 1 (greedy) {game.scores[1]}" in ANSI.sub("", child.match.group(1))
    assert int(child.match.group(2)) == len(game.deals)
    # every deal's result, with its DealResult points, and the winner
    scored = re.findall(r"^deal (\d+) scored: you \+(\d+).* · seat 1 \(greedy\) \+(\d+)", transcript, re.M)
    assert [(int(n), [int(a), int(b)]) for n, a, b in scored] == [(d.deal_number, d.points) for d in game.deals]
    winner = "a draw" if game.winner is None else ("you win" if game.winner == 0 else "seat 1 (greedy) wins")
    assert f"match over: {winner}" in transcript
    child.expect("the match is over: s")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert turn > 10 and by_notation > 2


def test_ctrl_c_and_ctrl_d_end_the_game_cleanly() -> None:
    child = spawn("--rules", "quinte", "--seed", "2", "--delay", "0")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("interrupted: the match is left at deal 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in seen(child)

    child = spawn("--rules", "rb3ine", "--players", "3", "--seat", "2", "--seed", "2", "--delay", "0")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("end of input: the match is left at deal 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_bot_per_other_seat_and_a_partner(engine: str) -> None:
    child = spawn("--rules", "quinza", "--players", "4", "--seat", "1", "--vs", "greedy,random,greedy",
                  "--seed", "4", "--delay", "0", "--engine", engine)
    child.expect(PROMPT)
    screen = seen(child)
    assert "you are seat 1; the bots: seat 0 greedy, seat 2 random, seat 3 greedy (your partner)" in screen
    assert "seat 3 (greedy, your partner)" in screen and "your side (seats 1, 3)" in screen
    child.sendline("q")
    child.expect("you quit")
    child.expect(pexpect.EOF)


def test_without_vs_the_bots_are_the_strongest_the_engine_answers_with_at_once(engine: str) -> None:
    child = spawn("--rules", "escoba", "--players", "3", "--seed", "4", "--delay", "0", "--engine", engine)
    child.expect(PROMPT)
    expected = {"rust": "ismcts", "reference": "greedy"}[engine]
    assert f"the bots: seat 1 {expected}, seat 2 {expected}" in seen(child)
    child.sendline("q")
    child.expect("you quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--vs", "greedy,random"], "--vs: give 1 bot, or 3 (one per other seat), not 2"),
        (["--vs", "smart"], "unknown bot 'smart'"),
        (["--vs", "ismcts:iterations=0"], "iterations must be a whole number from 1"),
        (["--seat", "4"], "--seat must be a seat of the 4 players, 0 to 3, not 4"),
        (["--seat", "-1"], "--seat must be a seat of the 4 players, 0 to 3, not -1"),
        (["--delay", "nan"], "--delay must be a number of seconds from 0 to 60, not nan"),
        (["--seed", "-1"], "seed"),
        (["--rules", "poker"], "unknown rule set 'poker'"),
        (["--set", "setenta"], "write an option as KEY=VALUE"),
        (["--backend", "reference"], "--backend is where `quinza simulate` runs"),
        (["--engine", "python"], "invalid choice: 'python'"),
    ],
)
def test_bad_options_are_a_clear_error(args: List[str], message: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--players", "4", *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_keys_from_a_pipe_are_shown_as_typed(engine: str) -> None:
    done = subprocess.run([sys.executable, "-m", "quinza", "play", "--rules", "rb3ine", "--seed", "3", "--engine", engine],
                          input="zz\n1\nq\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert "your move> zz\ninvalid move 'zz'" in out and "your move> 1\nyou play " in out
    assert out.rstrip().endswith("your move> q\nyou quit: the match is left at deal 1, scores [0, 0] (seed 3). Bye.")
    assert "\x1b[" not in out  # no colour codes into a pipe


def test_a_quinte_match_to_the_end(engine: str) -> None:
    api = ENGINES[engine]
    rules = api.Rules("quinte", target=60)
    game = api.Game(rules, seed=4)
    events = advance(api, game, 0)
    child = spawn("--rules", "quinte", "--target", "60", "--vs", "greedy", "--seed", "4", "--delay", "0", "--engine", engine)
    while child.expect([PROMPT, "match over"]) == 0:
        panel = seen(child)
        # the panel shows the bids and the trick as they are
        who = {s: "you" if s == 0 else f"seat {s}" for s in range(4)}
        assert ("bids        " + (", ".join(f"{who[s]} {w}" for s, w in game.bids) or "-")) in panel
        trick_line = next(line for line in panel.splitlines() if line.startswith("│ trick "))
        assert trick_line.split()[2:-1] == ([x for s, c in game.trick for x in (*who[s].split(), str(c))] or ["-"])
        child.sendline("1")
        events += game.play(game.legal_moves()[0])
        events += advance(api, game, 0)
    child.expect(r"final scores: your side (\d+), side 1 (\d+)")
    assert [int(child.match.group(1)), int(child.match.group(2))] == game.scores and game.is_over
    transcript = ANSI.sub("", child.logfile_read.getvalue())
    tricks = [e for e in events if e.kind == "trick"]
    assert transcript.count("won the trick") == len(tricks) > 0
    assert len(re.findall(r"^deal \d+ scored: ", transcript, re.M)) == len(game.deals)
    child.expect("the match is over")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def play_piped(keys: str, *args: str, cwd: Any) -> str:
    """`quinza play` with its keys from a pipe: what it printed (nothing on stderr, exit 0)."""
    done = subprocess.run([sys.executable, "-m", "quinza", "play", "--delay", "0", *args], input=keys,
                          capture_output=True, text=True, timeout=120, cwd=cwd)
    assert done.returncode == 0 and done.stderr == "", done.stdout + done.stderr
    return done.stdout


def test_a_saved_match_is_resumed_with_its_seats_and_bots(engine: str, tmp_path: Path) -> None:
    api = ENGINES[engine]
    game = api.Game(api.Rules("quinza", players=3), seed=7)
    for _ in range(10):
        game.play(api.GreedyBot()(game))
    advance(api, game, 2)  # greedy and random draw nothing from their seeds here: the test's copy
    names = ["greedy", "greedy", "you"]
    saved = tmp_path / "match.txt"
    saved.write_text(game.record(players=names), encoding="utf-8")
    moves_before = sum(e.kind == "move" for e in game.history)

    out = play_piped("1\ns\nq\n", "--resume", str(saved), "--engine", engine, cwd=tmp_path)
    assert "you are seat 2; the bots: seat 0 greedy, seat 1 greedy. h for help." in out
    assert f"resumed from {saved}: deal 1, {moves_before} moves played" in out
    hand_line = next(line for line in out.splitlines() if "your hand" in line)
    assert sorted(hand_line.split("your hand")[1].strip(" │").split()) == sorted(str(c) for c in game.hand(2))
    assert f"the match record is saved in {saved}" in out  # s saves where it was resumed from
    # the record saved is the match resumed, the human's move 1 and the greedy bots' replies
    game.play(game.legal_moves()[0])
    advance(api, game, 2)
    assert api.Game.from_record(saved.read_text(encoding="utf-8")).to_json() == game.to_json()
    again = play_piped("q\n", "--resume", str(saved), "--engine", engine, cwd=tmp_path)
    assert f"resumed from {saved}: deal 1, {sum(e.kind == 'move' for e in game.history)} moves played" in again

    # --seat and --vs change who plays: seat 0 is the human's now, the others random
    other = play_piped("q\n", "--resume", str(saved), "--seat", "0", "--vs", "random", "--engine", engine,
                       cwd=tmp_path)
    assert "you are seat 0; the bots: seat 1 random, seat 2 random. h for help." in other


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rules", "escoba"], "--resume takes the match from the record: leave out --rules"),
        (["--seed=3", "--players", "2"], "leave out --players, --seed"),
        (["--seat", "3"], "--seat must be a seat of the 3 players, 0 to 2, not 3"),
    ],
)
def test_resume_refuses_what_the_record_gives(args: List[str], message: str, tmp_path: Path, capsys: Any) -> None:
    saved = tmp_path / "match.txt"
    saved.write_text(quinza.Game(quinza.Rules("quinza", players=3), seed=1).record(), encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["play", "--resume", str(saved), *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_resume_of_a_file_that_is_no_record_is_a_clear_error(tmp_path: Path, capsys: Any) -> None:
    cases = [
        (tmp_path / "missing.txt", None, "--resume: cannot read"),
        (tmp_path / "latin.txt", "é".encode("latin-1"), "is not a match record (not UTF-8 text)"),
        (tmp_path / "notes.txt", b"hello\n", "is not a match record the engine can replay: line 1"),
    ]
    named = tmp_path / "named.txt"
    named.write_text(quinza.Game("quinza", seed=1).record(players=["you", "Alice"]), encoding="utf-8")
    cases.append((named, None, "the record names seat 1 'Alice', which is no bot (unknown bot 'Alice'"))
    for path, content, message in cases:
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(SystemExit) as info:
            main(["play", "--resume", str(path)])
        assert info.value.code == 2
        assert message in capsys.readouterr().err, path
