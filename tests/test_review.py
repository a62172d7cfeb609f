"""docs/reference/study.md "Reviewing a match": `review` values every move from the mover's seat
with a fair search (it never reads a card that seat could not see: re-dealing them
leaves the value as it was), classes the moves by points a deal, adds the open-hand
solver's hindsight column; its text, JSON and chart; both twins agree; `quinza review`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any, List

import pytest

import quinza
import quinza.reference
from quinza import words
from quinza.__main__ import main

from .conftest import redeal

# Budgets small enough for the reference twin.
SMALL = "ismcts:iterations=40"
PAIRED = "pimc:worlds=6"


def greedy_game(q: ModuleType, rules: Any, seed: int, moves: int) -> Any:
    g = q.Game(rules, seed=seed)
    greedy = q.bot("greedy")
    for _ in range(moves):
        g.play(greedy(g))
    return g


def late_game(q: ModuleType, seed: int, moves: int) -> Any:
    """A game that starts late in a deal (its stock dealt), `moves` greedy moves played:
    the solver settles its positions within small budgets."""
    g = q.Game.from_json(greedy_game(q, "escoba", seed, 30).to_json())
    assert g.stock == 0
    greedy = q.bot("greedy")
    for _ in range(moves):
        g.play(greedy(g))
    return g


def test_every_move_is_reviewed_from_its_seat(q: ModuleType) -> None:
    g = late_game(q, 3, 6)
    review = q.review(g, bot=SMALL, hindsight=3000)
    assert isinstance(review, q.Review) and len(review.moves) == 6
    played = [e for e in g.history if e.kind == "move"]
    replay = q.Game.from_json(g.start_json())
    for row, event in zip(review.moves, played):
        assert (row.seat, row.move, row.deal, row.legal) == (event.seat, str(event.move), replay.deal_number,
                                                             len(replay.legal_moves()))
        if row.legal == 1:
            assert row.kind == "forced" and row.value is None and row.lost is None
        else:
            assert row.value is not None and row.best_value is not None and row.lost is not None
            assert row.lost == max(0.0, row.best_value - row.value)
            assert row.kind == quinza.study.review.classify(row.lost, review.thresholds)
            if row.best == row.move:
                assert row.lost == 0
        if row.hindsight_value is not None:
            solution = q.solve(replay, max_nodes=3000)
            assert row.hindsight_best_value == solution.value
            assert row.hindsight_value == dict((str(m), v) for m, v in solution.moves)[row.move]
        replay.play(event.move)
    assert any(row.hindsight_value is not None for row in review.moves)
    seats = review.seats
    assert [s.moves for s in seats] == [3, 3]
    assert all(s.valued + s.forced == s.moves for s in seats)


def test_classes_are_shares_of_a_deals_points() -> None:
    limits = quinza.study.review.thresholds(quinza, quinza.Rules("escoba"))
    assert limits == {"inaccuracy": 0.25, "mistake": 0.5, "blunder": 1.0}
    assert quinza.study.review.thresholds(quinza, quinza.Rules("quinza")) == {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 20.0}
    classify = quinza.study.review.classify
    assert [classify(x, limits) for x in (0.0, 0.24, 0.25, 0.6, 1.0, 3.0)] == [
        "", "", "inaccuracy", "mistake", "blunder", "blunder"]


def test_the_fair_column_does_not_see_hidden_cards(q: ModuleType) -> None:
    # The position before a move in the middle of a round, its hidden cards dealt again
    # (the round played again with the new hands): the fair column values the move the
    # same; the hindsight column, which sees every card, does not always.
    g = q.Game.from_json(greedy_game(q, "escoba", 11, 24).to_json())  # 16 cards to play: the solver's
    greedy = q.bot("greedy")
    for _ in range(2):
        g.play(greedy(g))
    assert g.stock == 6
    seat = g.turn
    move = str(q.bot("greedy")(g))

    def last(position: Any) -> Any:
        game = position.copy()
        game.play(move)
        return q.review(game, bot=SMALL, seed=5, hindsight=0).moves[-1]

    def open_hand(position: Any) -> Any:
        return quinza.solve(quinza.Game.from_json(position.to_json())).moves

    real = last(g)
    assert real.kind != "forced"
    changed = False
    for seed in range(3):
        position = redeal(q, g, seat, seed)
        other = last(position)
        assert (other.value, other.best, other.best_value, other.lost, other.kind) == (
            real.value, real.best, real.best_value, real.lost, real.kind)
        changed |= open_hand(position) != open_hand(g)
    assert changed  # the re-deals changed what a search that sees every card finds


def test_the_twins_review_alike() -> None:
    g = greedy_game(quinza, "escoba", 4, 10)
    for bot in (SMALL, PAIRED):
        core = quinza.review(g.record(), bot=bot, seed=2, hindsight=0)
        ref = quinza.reference.review(g.record(), bot=bot, seed=2, hindsight=0)
        assert core.to_json() == ref.to_json()
        assert str(core) == str(ref)
    # The solvers count their nodes each its own way: where both settle every position, the
    # hindsight columns agree too.
    late = late_game(quinza, 4, 4)
    core, ref = (twin.review(late.record(), bot=PAIRED, hindsight=10**6) for twin in (quinza, quinza.reference))
    assert all(m.hindsight_value is not None for m in core.moves if m.kind != "forced")
    assert core.to_json() == ref.to_json()
    # A game of the other twin is reviewed as its record.
    assert quinza.review(quinza.reference.Game.from_record(g.record()), bot=PAIRED, hindsight=0).to_json() == \
        quinza.review(g, bot=PAIRED, hindsight=0).to_json()


def test_a_record_gives_the_seats_names_and_a_bad_one_its_line(q: ModuleType) -> None:
    g = greedy_game(q, "escoba", 5, 6)
    review = q.review(g.record(players=["ana", "greedy"]), bot=PAIRED, hindsight=0)
    assert review.names == ["ana", "greedy"] and [s.name for s in review.seats] == ["ana", "greedy"]
    text = str(review)
    assert "seat 0 (ana)" in text and "seat 1 (greedy)" in text
    lines = g.record().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("0 "))
    lines[at] = "0 zz"
    with pytest.raises(ValueError, match=rf"^line {at + 1}: unknown move 'zz'"):
        q.review("\n".join(lines) + "\n", bot=PAIRED)


@pytest.mark.parametrize("kwargs, message", [
    ({"bot": "greedy"}, "a review needs a search bot that values every move (pimc or ismcts), not 'greedy'"),
    ({"bot": "nosuch"}, "unknown bot 'nosuch'"),
    ({"bot": "ismcts:iterations=0"}, "iterations must be a whole number from 1"),
    ({"bot": "pimc:worlds=-3"}, "worlds must be a whole number from 1"),
    ({"hindsight": -1}, "hindsight must be a whole number of solver nodes from 0"),
    ({"seed": -1}, "seed must be a whole number from 0"),
])
def test_bad_arguments_are_refused_before_any_move(q: ModuleType, kwargs: Any, message: str) -> None:
    calls: List[int] = []
    with pytest.raises(ValueError) as info:
        q.review(greedy_game(q, "escoba", 1, 4), progress=lambda done, total: calls.append(done), **kwargs)
    assert message in str(info.value) and calls == []


def test_text_json_and_a_bot_object(q: ModuleType) -> None:
    g = greedy_game(q, "escoba", 6, 8)
    review = q.review(g, bot=q.bot("pimc", worlds=6), hindsight=500)
    assert review.bot == "pimc:worlds=6"
    data = json.loads(review.to_json())
    assert data["rules"]["name"] == "escoba" and data["bot"] == "pimc:worlds=6" and len(data["moves"]) == 8
    assert set(data["moves"][0]["hindsight"]) == {"value", "best", "best_value", "lost"}
    assert data["thresholds"] == {"inaccuracy": 0.25, "mistake": 0.5, "blunder": 1.0}
    text = str(review)
    assert text.startswith("Review of escoba, 2 players, target 21: unfinished")
    assert "hindsight" in text and "deal 1" in text and "Move(" not in text and "[" not in text
    for row in review.moves:
        assert row.move in text  # its words in the summary, the JSON and the HTML: the table is too narrow


def test_quinte_bids_and_tricks_are_reviewed() -> None:
    g = quinza.Game("quinte", seed=2)
    greedy = quinza.bot("greedy")
    for _ in range(10):
        g.play(greedy(g))
    review = quinza.review(g, bot="pimc:worlds=4", hindsight=1000)
    assert len(review.moves) == 10 and review.thresholds["blunder"] == 28.0
    assert any(row.words in ("passes", "doubles") for row in review.moves)


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_the_chart_is_drawn(suffix: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    review = quinza.review(greedy_game(quinza, "escoba", 7, 40), bot="ismcts:iterations=200")
    path = tmp_path / f"review.{suffix}"
    review.plot(str(path))
    if suffix == "svg":
        assert ET.parse(path).getroot().tag.endswith("svg")
    else:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        import matplotlib.image

        assert matplotlib.image.imread(str(path)).shape[0] > 300


# -- the command ------------------------------------------------------------------------------


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "match.txt"
    path.write_text(greedy_game(quinza, "escoba", 8, 20).record(players=["ana", "greedy"]), encoding="utf-8")
    return path


@pytest.mark.parametrize("engine", ["rust", "reference"])
def test_the_command_prints_the_review(engine: str, record: Path, capsys: Any) -> None:
    assert main(["review", str(record), "--bot", SMALL, "--hindsight", "300", "--engine", engine]) == 0
    out, err = capsys.readouterr()
    twin = quinza if engine == "rust" else quinza.reference  # the solvers count nodes each their own way
    expected = twin.review(record.read_text(encoding="utf-8"), bot=SMALL, hindsight=300)
    assert out == str(expected) + "\n"
    assert "reviewed 20 moves in" in err


def test_the_command_writes_json_and_a_chart(record: Path, tmp_path: Path, capsys: Any) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "chart.svg"
    assert main(["review", str(record), "--bot", SMALL, "--seed", "3", "--json", "--plot", str(chart)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 3 and len(data["moves"]) == 20 and [s["name"] for s in data["seats"]] == ["ana", "greedy"]
    assert ET.parse(chart).getroot().tag.endswith("svg")


def bad_runs(record: Path, tmp_path: Path) -> List[Any]:
    bad = tmp_path / "bad.txt"
    lines = record.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("1 "))
    lines[at] = "1 12o x 1o 2o"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    folder = tmp_path / "a-folder.png"
    folder.mkdir(exist_ok=True)
    return [
        ([str(bad)], f"line {at + 1}: seat 1 cannot play"),
        ([str(tmp_path / "none.txt")], "cannot read"),
        ([str(tmp_path)], "cannot read"),
        ([str(record), "--bot", "greedy"], "needs a search bot"),
        ([str(record), "--bot", "nosuch"], "unknown bot 'nosuch'"),
        ([str(record), "--bot", "ismcts:iterations=0"], "iterations must be a whole number from 1"),
        ([str(record), "--bot", "pimc:worlds=-1"], "worlds must be a whole number from 1"),
        ([str(record), "--hindsight", "-5"], "hindsight must be a whole number"),
        ([str(record), "--plot", str(tmp_path / "no" / "c.png")], "there is no folder"),
        ([str(record), "--plot", str(folder)], "cannot plot to"),
        ([str(record), "--plot", str(tmp_path / "c.xyz")], "it has a file type 'xyz'"),
    ]


def test_bad_input_is_a_message_and_exit_2(record: Path, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    def no_run(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the review started before its input was checked")

    for argv, message in bad_runs(record, tmp_path):
        with pytest.raises(SystemExit) as info:
            main(["review", *argv])
        out, err = capsys.readouterr()
        assert info.value.code == 2, argv
        assert message in err and "Traceback" not in err and out == "", (argv, err)
    # The chart's path, the bot and the budget are refused before any move is valued.
    monkeypatch.setattr(quinza.study.review, "review", no_run)
    for argv, _ in bad_runs(record, tmp_path)[3:]:
        if "--hindsight" in argv:
            continue  # checked by the review itself, before its first move
        with pytest.raises(SystemExit):
            main(["review", *argv])
    assert not (tmp_path / "c.xyz").exists()


# -- read at a glance: the chart, the table at 120 columns, the objects, Jupyter ----------------


@pytest.fixture(scope="module", params=["quinza", "reference"])
def two_deals(request: Any) -> Any:
    """A review of 40 moves (a deal and a bit) of a record naming its seats, by either twin:
    small budgets, the hindsight column solved near the first deal's end."""
    twin = quinza if request.param == "quinza" else quinza.reference
    record = greedy_game(twin, "escoba", 7, 40).record(players=["you", "greedy"])
    return twin.review(record, bot=SMALL, hindsight=2000)


def test_the_chart_says_whose_move_and_what_each_column_knows(two_deals: Any) -> None:
    pytest.importorskip("matplotlib")
    from quinza.study import review_plot

    review = two_deals
    assert {m.deal for m in review.moves} == {1, 2} and any(m.hindsight_value is not None for m in review.moves)
    fig = review.figure()
    top, bottom = fig.axes
    assert tuple(fig.get_size_inches() * fig.dpi) == (1200, 760)
    assert top.get_ylabel() == "value for side 0, points a deal"
    assert (bottom.get_ylabel(), bottom.get_xlabel()) == ("points lost (fair)", "move")
    # Each bar in its mover's colour, the legend naming the seats as the record does.
    bars = bottom.patches
    assert len(bars) == len(review.moves)
    colours = [matplotlib_colour(review_plot.SEAT_COLOURS[s]) for s in (0, 1)]
    assert colours[0] != colours[1]
    assert [tuple(bar.get_facecolor()) for bar in bars] == [colours[m.seat] for m in review.moves]
    legend = fig.legends[0]
    labels = [t.get_text() for t in legend.get_texts()]
    assert {"move played (fair)", "best move found (fair)", "move played, hindsight (every card known)",
            "points lost by seat 0 (you)", "points lost by seat 1 (greedy)"} <= set(labels)
    # Why the hindsight dots sit apart, said on the chart.
    assert "every card known to every seat" in top.get_title() and "could not see" in top.get_title()
    # Each deal named at its first move, its start a line through both panels.
    deals = [t for t in top.texts if t.get_text().strip().startswith("deal")]
    assert [t.get_text().strip() for t in deals] == ["deal 1", "deal 2"]
    second = next(m.number for m in review.moves if m.deal == 2)
    assert deals[1].get_position()[0] == second - 0.5
    assert all(any(list(line.get_xdata()) == [second - 0.5] * 2 for line in ax.lines) for ax in (top, bottom))
    # The legend covers no panel, and no words fall off the figure.
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    box = legend.get_window_extent(renderer)
    assert not any(box.overlaps(ax.get_window_extent(renderer)) for ax in (top, bottom))
    whole = fig.bbox
    for text in [*fig.texts, fig._suptitle, *top.texts, *bottom.texts, top.title, *legend.get_texts()]:
        if text is not None and text.get_text():
            extent = text.get_window_extent(renderer)
            assert whole.x0 <= extent.x0 and extent.x1 <= whole.x1 and extent.y1 <= whole.y1, text.get_text()


def matplotlib_colour(colour: str) -> Any:
    import matplotlib.colors

    return matplotlib.colors.to_rgba(colour)


def test_the_chart_of_three_sides_and_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    g = greedy_game(quinza, "quinza", 3, 30)
    review = quinza.review(g, bot="pimc:worlds=4", hindsight=0)
    fig = review.figure()
    if g.rules.sides != 2:
        assert fig.axes[0].get_ylabel() == "value for the mover's side, points a deal"
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert [f"points lost by seat {s}" for s in range(g.rules.players)] == [w for w in labels if "seat" in w]
    path = tmp_path / "chart.png"
    review.plot(str(path))
    import matplotlib.image

    assert matplotlib.image.imread(str(path)).shape[:2] == (760, 1200)


def fits(text: str, width: int = 120) -> List[str]:
    """The lines a terminal `width` columns wide shows of `text` (rich wraps what is longer)."""
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, soft_wrap=False).print(text, markup=False)
    return out.getvalue().rstrip("\n").split("\n")


def test_the_table_fits_120_columns_a_move_a_line(two_deals: Any) -> None:
    text = str(two_deals)
    assert max(map(len, text.splitlines())) <= 120
    shown = fits(text)
    assert shown == text.splitlines()  # nothing wrapped
    rows = [line for line in shown if line[:4].strip().isdigit()]
    assert [int(line.split()[0]) for line in rows] == [m.number for m in two_deals.moves]
    for row, m in zip(rows, two_deals.moves):
        assert row.split()[1:3] == [str(m.seat), m.move.split()[0]]
        assert (m.hindsight_value is not None) == (row.split("|")[1].strip() != "")
    # Both columns' heads, once a deal.
    assert sum("fair (from the mover's seat)" in line and "hindsight (every card known)" in line for line in shown) == 2
    # In Spanish too, whose heads are longer.
    with words.speaking("es"):
        text = str(two_deals)
    assert "asiento" in text and fits(text) == text.splitlines()


def test_the_table_fits_in_every_rule_set() -> None:
    # Wider values (quinza's and quinte's card points), four seats, bids; escoba where
    # random takes five cards at once (a wide move) and greedy's moves are classed.
    for rules, players in (("quinza", None), ("quinte", None), ("escoba", 4), ("escoba", 2)):
        g = quinza.Game(quinza.Rules(rules, players=players) if players else rules, seed=5 if players != 2 else 8)
        seats = [quinza.bot("greedy"), quinza.bot("greedy" if players != 2 else "random", seed=1)]
        for _ in range(24 if players != 2 else 70):
            g.play(seats[g.turn % 2](g))
        review = quinza.review(g, bot="pimc:worlds=3", hindsight=20_000)
        for lang in ("en", "es"):  # Spanish's heads are longer
            with words.speaking(lang):
                text = str(review)
            assert fits(text) == text.splitlines(), (rules, lang)
            assert sum(line[:4].strip().isdigit() for line in text.splitlines()) == len(review.moves)


def test_the_command_fits_a_terminal_of_120_columns(record: Path, capsys: Any) -> None:
    assert main(["review", str(record), "--bot", SMALL, "--hindsight", "3000"]) == 0
    out = capsys.readouterr().out
    assert fits(out.rstrip("\n")) == out.rstrip("\n").split("\n")
    assert sum(line[:4].strip().isdigit() for line in out.splitlines()) == 20


def test_moves_and_seats_show_themselves(two_deals: Any) -> None:
    review = two_deals
    played = next(m for m in review.moves if m.kind != "forced" and m.hindsight_value is not None)
    text = repr(played)
    assert text.startswith(f"MoveReview(number={played.number}, deal={played.deal}, seat={played.seat}, "
                           f"move={played.move!r}, kind={played.kind!r}, value={played.value:.2f}, ")
    assert f"hindsight_lost={played.hindsight_lost}" in text and " at 0x" not in text
    forced = next(m for m in review.moves if m.kind == "forced")
    assert repr(forced) == (f"MoveReview(number={forced.number}, deal={forced.deal}, seat={forced.seat}, "
                            f"move={forced.move!r}, kind='forced')")
    seat = review.seats[0]
    assert repr(seat).startswith(f"SeatReview(seat=0, name='you', moves={seat.moves}, forced={seat.forced}, ")
    assert f"counts={seat.counts!r}" in repr(seat)
    assert seat["moves"] == seat.moves and seat["counts"] == seat.counts  # read as the dict it was
    with pytest.raises(KeyError, match="not 'lost'"):
        seat["lost"]
    for item in [*review.moves, *review.seats]:
        data = item.to_dict()
        assert json.loads(json.dumps(data)) == data
    data = json.loads(review.to_json())
    assert data["seats"] == [s.to_dict() for s in review.seats]
    assert data["moves"] == [m.to_dict() for m in review.moves]
    assert set(data["seats"][0]) == {"seat", "name", "moves", "forced", "valued", "average_lost",
                                     "hindsight_average_lost", "hindsight_solved", "counts", "worst"}


def test_jupyter_shows_the_seats_the_chart_and_the_moves(two_deals: Any) -> None:
    pytest.importorskip("matplotlib")
    import base64
    import html
    import re

    page = two_deals._repr_html_()
    assert page.count("<table>") == 2
    image = re.search(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert image is not None and base64.b64decode(image.group(1))[:8] == b"\x89PNG\r\n\x1a\n"
    assert "seat 0 (you)" in page and "seat 1 (greedy)" in page
    for m in two_deals.moves:
        assert html.escape(m.words) in page
    assert page.count("<tr>") == 3 + 2 + len(two_deals.moves)  # heads, seats; two heads, moves


def test_jupyter_escapes_what_the_record_says() -> None:
    g = greedy_game(quinza, "escoba", 5, 4)
    review = quinza.review(g.record(players=["<b>ana</b>", "greedy"]), bot=PAIRED, hindsight=0)
    page = review._repr_html_()
    assert "&lt;b&gt;ana&lt;/b&gt;" in page and "<b>ana</b>" not in page
