"""`quinza simulate`: the summary table, --json, --plot, bad input, Ctrl-C; the old
one-match command is `quinza watch`. Run with the Rust core and with --reference."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from typing import Any, List

import pytest

from quinza.__main__ import main

ENGINES = {"rust": [], "reference": ["--reference"]}


@pytest.fixture(params=list(ENGINES))
def engine(request: Any) -> List[str]:
    return ENGINES[request.param]


def test_simulate_prints_a_summary_table(engine: List[str], capsys: Any) -> None:
    assert main(["simulate", "--rules", "rb3ine", "--players", "4", "--games", "30", "--bots", "greedy,random",
                 "--seed", "7", *engine]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rb3ine, 4 players, target 151; seed 7\n30 matches")
    assert "0 2     greedy" in out and "1 3     random" in out and "dealer+1 (plays first)" in out
    assert "deals per match" in out


def test_simulate_json_is_the_summary(engine: List[str], capsys: Any) -> None:
    import quinza

    main(["simulate", "--rules", "escoba", "--games", "20", "--bots", "greedy", "--seed", "3",
          "--set", "setenta=sum", "--json", *engine])
    summary = json.loads(capsys.readouterr().out)
    expected = quinza.simulate(quinza.Rules("escoba", setenta="sum"), 20, bots="greedy", seed=3)
    assert summary == json.loads(expected.to_json())
    assert summary["rules"]["setenta"] == "sum" and summary["games"] == 20


def test_simulate_plot_writes_a_png(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "sim.png"
    assert main(["simulate", "--games", "50", "--seed", "1", "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_progress_bar_when_asked(capsys: Any) -> None:
    main(["simulate", "--games", "40", "--seed", "1", "--progress", "always"])
    err = capsys.readouterr().err
    assert "40 / 40 100.0%" in err and "matches/s" in err and "left" in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "greedy,smart"], "unknown bot 'smart'"),
        (["--games", "0"], "games must be a whole number from 1 to 2**64-1, not 0"),
        (["--games", "-3"], "games must be a whole number from 1 to 2**64-1, not -3"),
        (["--games", str(2**64)], "games must be a whole number from 1 to 2**64-1, not 18446744073709551616"),
        (["--rules", "poker"], "unknown rule set 'poker'"),
        (["--set", "nonsense"], "write an option as KEY=VALUE"),
        (["--threads", "0"], "threads must be a whole number >= 1"),
    ],
)
def test_bad_input_is_a_clear_error(args: List[str], message: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "5", *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_ctrl_c_prints_the_summary_of_what_finished() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "quinza", "simulate", "--games", "1000000", "--seed", "5", "--reference",
         "--progress", "always", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # wait for the first progress report, then Ctrl-C
    assert proc.stderr is not None
    seen = ""
    while "matches/s" not in seen:
        ch = proc.stderr.read(1)
        assert ch, "the command ended before reporting progress"
        seen += ch
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    summary = json.loads(out)
    assert summary["interrupted"] and 0 < summary["games"] < 1_000_000
    assert "interrupted: the summary of the" in err


def test_the_old_one_match_command_is_watch(capsys: Any) -> None:
    # `quinza --rules escoba --seed 1` printed one match: it is `quinza watch` now, and says so.
    assert main(["--rules", "escoba", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Escoba, 2 players, to 21 points") and ("wins" in out or "A draw" in out)
    assert "quinza watch" in err
    assert main(["watch", "--rules", "escoba", "--seed", "1"]) == 0
    assert capsys.readouterr().out == out


@pytest.mark.parametrize(
    "name, message",
    [
        ("sim.xyz", "it has a file type 'xyz'; matplotlib writes"),
        ("sim", "it has no file type; matplotlib writes"),
        ("no-such-folder/sim.png", "there is no folder"),
    ],
)
def test_plot_is_checked_before_the_run(name: str, message: str, tmp_path: Any, monkeypatch: Any, capsys: Any) -> None:
    import quinza

    def no_run(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the run started before --plot was checked")

    monkeypatch.setattr(quinza.ENGINE, "simulate", no_run)
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "1000", "--plot", str(tmp_path / name)])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert message in err and ".png" in err and out == ""


def test_plot_without_matplotlib_is_refused_before_the_run(monkeypatch: Any, capsys: Any) -> None:
    import quinza

    monkeypatch.setattr(quinza.ENGINE, "simulate", lambda *a, **k: pytest.fail("the run started"))
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "1000", "--plot", "sim.png"])
    assert info.value.code == 2
    assert "plotting needs matplotlib: pip install 'quinza[plot]'" in capsys.readouterr().err


def test_search_bots_are_told_how_long_the_run_takes_and_how_to_shorten_it(capsys: Any) -> None:
    assert main(["simulate", "--rules", "escoba", "--games", "3", "--bots", "ismcts:iterations=64,greedy",
                 "--seed", "2", "--json"]) == 0
    err = " ".join(capsys.readouterr().err.split())  # rich wraps the words at its width
    assert "ismcts:iterations=64 searches every move: about" in err and "for 3 matches on" in err
    assert "ms a searched move here, timed on" in err and "moves a match" in err
    assert "To make it shorter: fewer --games, or a smaller budget, such as ismcts:iterations=16" in err
    assert main(["simulate", "--rules", "escoba", "--games", "3", "--bots", "greedy,random", "--json"]) == 0
    assert "searches" not in capsys.readouterr().err  # no search bot: nothing to wait for


def test_the_words_of_a_length_of_time() -> None:
    from quinza.sim.estimate import duration

    assert [duration(s) for s in (0.2, 1, 40, 89, 150, 3600, 4800, 7200, 9000)] == [
        "1 second", "1 second", "40 seconds", "89 seconds", "2 minutes", "60 minutes", "80 minutes", "2 hours", "2 hours 30 minutes"]


def test_the_plot_of_an_interrupted_run_says_so_in_its_title() -> None:
    import quinza
    from quinza.sim.report import plot_title

    summary = quinza.simulate("escoba", 5, bots="greedy", seed=1).summary
    assert plot_title(summary) == "5 matches of escoba, 2 players"
    cut = {**summary, "interrupted": True, "requested": 1000}
    assert plot_title(cut) == "interrupted: 5 of 1,000 matches of escoba, 2 players"
