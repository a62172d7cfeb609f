"""`quinza play` through a pseudo-terminal, as a user plays it: a whole match against the
greedy bot, moves chosen by number and by notation, a hint, bad keys, to "match over".
The test keeps its own copy of the match (greedy bots draw nothing, so it is the same
match) to know what the screen must say, in words for players. Then q, Ctrl-C and Ctrl-D,
which keep the match for --resume, and bad options. Run with the Rust core and with the
reference."""

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
from quinza._phrases import details_text, rules_text

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


def transcript(child: Any) -> str:
    """All the screen showed, without colours."""
    return ANSI.sub("", child.logfile_read.getvalue())


def players_words(text: str) -> None:
    """No Python in what a player reads: no repr of Rules, no list, no snake_case key
    (paths aside: a test's folder has underscores)."""
    words = " ".join(w for w in text.split() if "/" not in w)
    assert "Rules(" not in words
    assert not re.search(r"\[\s*[-\d'\"(]", words), re.search(r".{40}\[\s*[-\d'\"(].{40}", words)
    assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", words), re.findall(r"\b[a-z0-9]+_[a-z0-9_]+\b", words)


def hand_cards(line: str, values: Any) -> List[str]:
    """The cards of a "your hand" or "table" line, each value shown checked against the
    rule set's `values` (escoba's: the Sota 8, the Caballo 9, the Rey 10)."""
    cards = []
    # a chip's padding may stand between a card and its value: "11c (9)" in colour, "11c(9)" in plain text
    for card, value in re.findall(r"(\w+) ?(?:\((\d+)\))?", line.strip(" │")):
        rank = int(card[:-1]) if card[:-1].isdigit() else None
        if values is not None and rank is not None:
            expected = values[(rank - 1) if rank <= 7 else rank - 3]
            assert (int(value) if value else rank) == expected, card  # shown where it is not the number
        else:
            assert not value, card
        cards.append(card)
    return sorted(cards)


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
    child.expect("Escoba, 2 players, to 21 points; escoba on the last card: no; opening capture: yes; "
                 "setenta: by prime")
    turn = 0
    by_notation = 0
    values_shown = 0
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
        table_line = next(line for line in screen.splitlines() if line.startswith("│ table"))
        assert hand_cards(hand_line.split("your hand")[1], game.rules.values) == sorted(str(c) for c in game.hand(0))
        assert hand_cards(table_line.split("table")[1], game.rules.values) == sorted(str(c) for c in game.table)
        values_shown += len(re.findall(r"\(\d+\)", hand_line + table_line))
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
                ("h", "12c(10) is the king of cups, which counts 10"),
            ]
            for key, answer in bad_keys:
                child.sendline(key)
                child.expect(re.escape(answer))
                child.expect(PROMPT)
        if turn == 1:
            child.sendline("s")
            child.expect(r"record is saved in (quinza-match-\d{8}-\d{6}\.txt)")
            saved = api.Game.from_record((tmp_path / child.match.group(1)).read_text())
            assert saved.to_json() == game.to_json()  # the record replays to the match so far
            child.expect(PROMPT)
        if turn == 2:
            before = game.copy()
            child.sendline("1")
            game.play(moves[0])
            replies = [e.move for e in advance(api, game, 0) if e.kind == "move"]
            child.expect(PROMPT)
            child.sendline("u")
            child.expect("took back: ([^\n]*)\r\n")
            taken = " ".join(ANSI.sub("", child.match.group(1)).split()).replace(" ,", ",")  # chips' padding aside
            assert taken == ", ".join([f"your {moves[0]}", *(f"seat 1's {m}" for m in replies)])
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
    said = transcript(child)
    assert game.is_over
    assert f"you {game.scores[0]}, seat 1 (greedy) {game.scores[1]}" in ANSI.sub("", child.match.group(1))
    assert int(child.match.group(2)) == len(game.deals)
    # every deal's result, with its DealResult points, and the winner
    scored = re.findall(r"^deal (\d+) scored: you \+(\d+)(.*) · seat 1 \(greedy\) \+(\d+)(.*)$", said, re.M)
    assert [(int(n), [int(a), int(b)]) for n, a, _, b, _ in scored] == [(d.deal_number, d.points) for d in game.deals]
    # what made the points, in words: "(cards 1, coins 1, seven of coins 1)"
    words = {"cards": "cards", "oros": "coins", "seven_of_oros": "seven of coins", "setenta": "setenta", "escobas": "escobas"}
    made = [(", ".join(f"{words[k]} {v}" for k, v in d.details[s].items() if v)) for d in game.deals for s in (0, 1)]
    assert [m.strip(" ()") for _, _, a, _, b in scored for m in (a, b)] == made
    winner = "a draw" if game.winner is None else ("you win" if game.winner == 0 else "seat 1 (greedy) wins")
    assert f"match over: {winner}" in said
    child.expect("the match is over: s")
    if engine == "rust":  # r reviews the match (the reference's search takes minutes)
        child.sendline("r")
        child.expect(r"Review of escoba, 2 players, target 21: .*?; (\d+) moves")
        assert int(child.match.group(1)) == sum(e.kind == "move" for e in game.history)
        child.expect("the match is over: s")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert turn > 10 and by_notation > 2 and values_shown > 0
    players_words(transcript(child))
    assert len(list(tmp_path.iterdir())) == 1  # s's record: a match over is not kept on leaving


LEAVE = {"q": "you quit", "ctrl-c": "interrupted", "ctrl-d": "end of input"}


def leave(child: Any, key: str, answer: str = "") -> None:
    """Leave the game at its prompt by `key`; q's question answered with `answer`."""
    if key == "q":
        child.sendline("q")
        child.expect(re.escape("Keep this match to resume later? [Y/n] "))
        child.sendline(answer)
    elif key == "ctrl-c":
        child.sendintr()
    else:
        child.sendeof()
    child.expect(LEAVE[key] + ": the match is left at deal")


def first_moves(child: Any, api: Any, game: Any, seat: int, times: int) -> None:
    """At the prompt, the human plays its first legal move `times` times, and the test's
    copy with it, the greedy bots' replies too."""
    for _ in range(times):
        child.sendline("1")
        game.play(game.legal_moves()[0])
        advance(api, game, seat)
        child.expect(PROMPT)


@pytest.mark.parametrize(
    "key, rules, seat",
    [("q", ["--rules", "escoba", "--players", "3"], 1), ("ctrl-c", ["--rules", "quinte"], 0),
     ("ctrl-d", ["--rules", "rb3ine", "--players", "3"], 2)],
)
def test_leaving_keeps_the_match_and_resume_goes_on_with_it(engine: str, key: str, rules: List[str], seat: int,
                                                           tmp_path: Path) -> None:
    api = ENGINES[engine]
    game = api.Game(api.Rules(rules[1], players=int(rules[3]) if len(rules) > 2 else None), seed=2)
    advance(api, game, seat)
    child = spawn(*rules, "--seat", str(seat), "--vs", "greedy", "--seed", "2", "--delay", "0", "--engine", engine,
                  cwd=tmp_path)
    child.expect(PROMPT)
    first_moves(child, api, game, seat, 2)
    leave(child, key)
    child.expect(r"the match is kept in (\S+)\r\nto go on with it: quinza play --resume (\S+)\r\n")
    path = Path(ANSI.sub("", child.match.group(1)))
    assert path.parent == tmp_path and re.fullmatch(r"quinza-match-\d{8}-\d{6}\.txt", path.name)
    assert ANSI.sub("", child.match.group(2)) == str(path)
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == (130 if key == "ctrl-c" else 0)
    players_words(transcript(child))
    assert api.Game.from_record(path.read_text(encoding="utf-8")).to_json() == game.to_json()

    # --resume: the same seat, bots, rules, scores and hand; a move more, kept again in the same file
    child = spawn("--resume", str(path), "--delay", "0", "--engine", engine, cwd=tmp_path)
    child.expect(PROMPT)
    screen = seen(child)
    others = ", ".join(f"seat {s} greedy" + (" (your partner)" if game.side_of(s) == game.side_of(seat) else "")
                       for s in range(game.rules.players) if s != seat)
    assert f"you are seat {seat}; the bots: {others}." in screen
    hand_line = next(line for line in screen.splitlines() if "your hand" in line)
    assert hand_cards(hand_line.split("your hand")[1], game.rules.values) == sorted(str(c) for c in game.hand(seat))
    first_moves(child, api, game, seat, 1)
    leave(child, key)
    child.expect(f"the match is kept in {re.escape(str(path))}")
    child.expect(pexpect.EOF)
    child.close()
    players_words(transcript(child))
    assert api.Game.from_record(path.read_text(encoding="utf-8")).to_json() == game.to_json()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_what_is_kept_names_the_bots_with_their_parameters(tmp_path: Path) -> None:
    child = spawn("--rules", "quinza", "--players", "3", "--vs", "ismcts:iterations=30,pimc:worlds=4",
                  "--seed", "5", "--delay", "0", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    leave(child, "q", "y")
    child.expect(r"the match is kept in (\S+)\r\n")
    path = Path(ANSI.sub("", child.match.group(1)))
    child.expect(pexpect.EOF)
    kept = path.read_text(encoding="utf-8")
    assert '[Seat1 "ismcts:iterations=30"]' in kept and '[Seat2 "pimc:worlds=4"]' in kept
    child = spawn("--resume", str(path), "--delay", "0", cwd=tmp_path)
    child.expect(PROMPT)
    assert "you are seat 0; the bots: seat 1 ismcts:iterations=30, seat 2 pimc:worlds=4." in seen(child)
    child.sendeof()
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("how", [["--no-save"], []])
def test_nothing_is_kept_when_the_player_says_so(how: List[str], tmp_path: Path) -> None:
    child = spawn("--rules", "quinte", "--seed", "2", "--delay", "0", *how, cwd=tmp_path)
    child.expect(PROMPT)
    if how:  # --no-save: q asks nothing, Ctrl-C keeps nothing
        child.sendline("q")
        child.expect("you quit: the match is left at deal 1")
        child.expect(pexpect.EOF)
        child = spawn("--rules", "quinte", "--seed", "2", "--delay", "0", *how, cwd=tmp_path)
        child.expect(PROMPT)
        child.sendintr()
        child.expect("interrupted: the match is left at deal 1")
    else:
        leave(child, "q", "n")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    assert "kept" not in transcript(child) and list(tmp_path.iterdir()) == []


def test_a_bot_per_other_seat_and_a_partner(engine: str, tmp_path: Path) -> None:
    child = spawn("--rules", "quinza", "--players", "4", "--seat", "1", "--vs", "greedy,random,greedy",
                  "--seed", "4", "--delay", "0", "--engine", engine, "--no-save", cwd=tmp_path)
    child.expect(PROMPT)
    screen = seen(child)
    assert "you are seat 1; the bots: seat 0 greedy, seat 2 random, seat 3 greedy (your partner)" in screen
    assert "seat 3 (greedy, your partner)" in screen and "your side (seats 1, 3)" in screen
    child.sendline("q")
    child.expect("you quit")
    child.expect(pexpect.EOF)


def test_without_vs_the_bots_are_the_strongest_the_engine_answers_with_at_once(engine: str, tmp_path: Path) -> None:
    child = spawn("--rules", "escoba", "--players", "3", "--seed", "4", "--delay", "0", "--engine", engine,
                  "--no-save", cwd=tmp_path)
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


def test_keys_from_a_pipe_are_shown_as_typed(engine: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "quinza", "play", "--rules", "rb3ine", "--seed", "3", "--vs", "greedy",
                           "--engine", engine], input="zz\n1\nq\nn\n", capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert "your move> zz\ninvalid move 'zz'" in out and "your move> 1\nyou play " in out
    assert out.rstrip().endswith("your move> q\nKeep this match to resume later? [Y/n] n\nyou quit: the match is left "
                                 "at deal 1 (seed 3), scores you 0, seat 1 (greedy) 0 (target 151).\nBye.")
    assert "\x1b[" not in out  # no colour codes into a pipe
    players_words(out)


def test_a_quinte_match_to_the_end(engine: str) -> None:
    api = ENGINES[engine]
    rules = api.Rules("quinte", target=60)
    game = api.Game(rules, seed=4)
    events = advance(api, game, 0)
    child = spawn("--rules", "quinte", "--target", "60", "--vs", "greedy", "--seed", "4", "--delay", "0", "--engine", engine,
                  "--no-save", "--forced", "ask")  # every move asked for, forced or not
    # the bids said as what a seat does
    verbs = {"pass": ("pass", "passes"), "double": ("double", "doubles"), "redouble": ("redouble", "redoubles")}
    who = {s: "you" if s == 0 else f"seat {s}" for s in range(4)}
    while child.expect([PROMPT, "match over"]) == 0:
        panel = seen(child)
        # the panel shows the bids and the trick as they are
        bids = ", ".join(f"{who[s]} {verbs[w][s != 0]}" for s, w in game.bids) or "-"
        assert ("bids        " + bids) in panel
        trick_line = next(line for line in panel.splitlines() if line.startswith("│ trick "))
        assert trick_line.split()[2:-1] == ([x for s, c in game.trick for x in (*who[s].split(), str(c))] or ["-"])
        moves = game.legal_moves()
        n = len(moves) if moves[-1].bid in ("double", "redouble") else 1  # double when we may
        child.sendline(str(n))
        events += game.play(moves[n - 1])
        events += advance(api, game, 0)
    child.expect(r"final scores: your side (\d+), side 1 (\d+)")
    assert [int(child.match.group(1)), int(child.match.group(2))] == game.scores and game.is_over
    transcript = ANSI.sub("", child.logfile_read.getvalue())
    tricks = [e for e in events if e.kind == "trick"]
    assert transcript.count("won the trick") == len(tricks) > 0
    assert len(re.findall(r"^deal \d+ scored: ", transcript, re.M)) == len(game.deals)
    partner = {1: " (greedy)", 2: " (greedy, your partner)", 3: " (greedy)"}
    bid_lines = [f"{who[e.seat]}{partner.get(e.seat, '')} {verbs[e.move.bid][e.seat != 0]}"
                 for e in events if e.kind == "move" and e.move.bid]
    assert "you double" in bid_lines
    said = re.findall(r"^((?:you|seat \d) .*(?:pass|passes|double|doubles|redouble|redoubles))\s*$", transcript, re.M)
    assert said == bid_lines
    players_words(transcript)
    child.expect("the match is over")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("forced", ["auto", "play", "ask"])
def test_a_forced_move_is_played_at_once_where_the_setting_says(engine: str, forced: str, tmp_path: Path) -> None:
    """In quinte (auto: a trick game) a move that is the only legal one is played without
    asking; with ask it is asked for as any other. The test's own copy of the match
    follows: the first move at every prompt, the forced ones where the command plays them."""
    api = ENGINES[engine]
    game = api.Game(api.Rules("quinte", target=60), seed=2)
    asked = at_once = 0
    advance(api, game, 0)
    while not game.is_over:
        moves = game.legal_moves()
        if len(moves) == 1 and forced != "ask":
            at_once += 1
        else:
            asked += 1
        game.play(moves[0])
        advance(api, game, 0)
    out = play_piped("1\n" * asked, "--rules", "quinte", "--target", "60", "--vs", "greedy", "--seed", "2", "--no-save",
                     "--engine", engine, "--forced", forced, cwd=tmp_path)
    assert out.count("your only legal move, played at once:\nyou play ") == at_once
    assert (at_once > 0) == (forced != "ask")
    assert out.count(PROMPT) == asked and "the match is over" in out


def test_after_an_undo_a_forced_move_waits_so_undo_can_go_further_back(tmp_path: Path) -> None:
    game = quinza.Game(quinza.Rules("quinte", target=60), seed=2)
    advance(quinza, game, 0)
    keys = []
    while len(game.legal_moves()) > 1:  # to the first forced move: the first move each time
        keys.append("1")
        game.play(game.legal_moves()[0])
        advance(quinza, game, 0)
    out = play_piped("\n".join(keys + ["u", "u", "q", "n"]) + "\n", "--rules", "quinte", "--target", "60", "--vs",
                     "greedy", "--seed", "2", "--forced", "play", cwd=tmp_path)
    first, _, rest = out.partition("your only legal move, played at once:")
    assert rest and "played at once" not in rest.split("took back:", 1)[1]
    assert rest.count("took back:") == 2 and "nothing of yours to undo" not in rest


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
    # a kept match cut short, or with a move that cannot be played: the line is named
    kept = quinza.Game("escoba", seed=1).record(players=["you", "greedy"])
    cases.append((tmp_path / "cut.txt", kept[:kept.index("[Result")].encode(), "the headers end without a Result header"))
    lines = kept.count("\n")
    cases.append((tmp_path / "illegal.txt", (kept + "0 7o x 1c 1e 1b\n").encode(), f"line {lines + 1}: seat 0 cannot play"))
    for path, content, message in cases:
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(SystemExit) as info:
            main(["play", "--resume", str(path)])
        assert info.value.code == 2
        assert message in capsys.readouterr().err, path


def test_the_rules_and_a_deal_s_details_in_words(q: Any) -> None:
    assert rules_text(q.Rules("escoba", players=4, setenta="sum", escoba_on_last_card=True)) == (
        "Escoba, 4 players in 2 sides of 2, to 21 points; escoba on the last card: yes; opening capture: yes; "
        "setenta: by sum")
    assert rules_text(q.Rules("quinza", players=3, target=301)) == "Quinza, 3 players, to 301 points"
    assert rules_text(q.Rules("quinte")) == "Quinte, 4 players in 2 sides of 2, to 250 points"
    deal = q.play_match("escoba", ["greedy", "random"], 3).deals[0]
    texts = [details_text(d) for d in deal.details]
    for detail, text in zip(deal.details, texts):  # every part that gave points, by name, in order
        assert [part.rsplit(" ", 1)[1] for part in text.split(", ") if part] == [str(v) for v in detail.values() if v]
    assert "_" not in "".join(texts) and any("seven of coins" in t or "escobas" in t for t in texts)
    assert details_text({"gold": 38, "other": 14, "tricks": 0}) == "gold 38, other cards 14"


def test_levels_for_people_are_bots_from_the_ladder(engine: str) -> None:
    from quinza.cli.levels import LEVELS
    from quinza.cli.play import seat_bots

    api = ENGINES[engine]
    two, three = api.Rules("escoba"), api.Rules("escoba", players=3)
    assert list(LEVELS) == ["easy", "medium", "hard", "expert", "master"]
    assert seat_bots(api, "Expert", two, 0) == [None, "ismcts"] and seat_bots(api, "easy", two, 1) == ["greedy", None]
    medium = seat_bots(api, "medium", three, 0)[1]
    assert medium.params["worlds"] == 16
    master = seat_bots(api, "master", two, 0)[1]
    assert master.params["prior"] == "net" and master.params["iterations"] == 1000
    # master searches with a net: refused before play where none ships
    with pytest.raises(ValueError, match="^the bot 'master' plays with a net, and none ships for escoba with 3 players$"):
        seat_bots(api, "master", three, 0)
    with pytest.raises(ValueError, match="unknown bot 'superhard'.*; or a level: easy, medium, hard, expert or master"):
        seat_bots(api, "superhard", two, 0)
