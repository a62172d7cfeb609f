"""game.view(seat) and the SVG pictures (`to_svg()`, the notebook's `_repr_svg_`) of Card,
Move, Game and View, and `View.save`, on both backends: the text says what the seat may
know, a seat's view is made of its observation alone (re-dealing the hidden cards changes
neither its text nor its SVG), the SVG is valid XML with one card shape per card shown,
bad seats are refused, and the twins agree byte for byte."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from types import ModuleType
from typing import Any, List, Tuple

import pytest

import quinza
import quinza.reference
from quinza import _view, words

from .conftest import BACKENDS, advanced, outcome, position, random_play, redeal, texts

RULE_SETS = [("quinza", 2), ("quinza", 4), ("rb3ine", 3), ("escoba", 2), ("escoba", 3), ("escoba", 4), ("quinte", 4)]
SVG = "{http://www.w3.org/2000/svg}"


def lines(view: Any) -> List[str]:
    return str(view).splitlines()


def line(view: Any, start: str) -> str:
    """The one line of the view's text that starts with `start`."""
    found = [x for x in lines(view) if x.startswith(start)]
    assert len(found) == 1, (start, str(view))
    return found[0]


def per_side(values: List[Any]) -> str:
    return ", ".join(f"side {side} = {value}" for side, value in enumerate(values))


def cards_text(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def card_groups(svg: str) -> Tuple[int, int]:
    """(face-up cards, face-down cards) drawn in an SVG text, which must parse."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert float(root.get("width", 0)) > 0 and float(root.get("height", 0)) > 0
    classes = [g.get("class") for g in root.iter(SVG + "g")]
    return classes.count("card"), classes.count("card back")


# -- text --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_a_seats_view_shows_its_hand_the_sizes_of_the_others_and_the_state(q: ModuleType, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=11, moves=9)
    for seat in range(players):
        v = g.view(seat)
        assert v.seat == seat
        assert lines(v)[0] == f"{name}, {players} players, to {g.rules.target} points: seat {seat}'s view"
        head = f"deal {g.deal_number}, dealer seat {g.dealer}: "
        if name == "quinte" and g.phase == "doubling":
            assert lines(v)[1] == head + f"doubling, seat {g.turn} to bid"
        elif name == "quinte":
            assert lines(v)[1] == head + f"play, trick {g.trick_number}, seat {g.turn} to play"
        else:
            assert lines(v)[1] == head + f"seat {g.turn} to play"
        for other in range(players):
            label = f"seat {other} (side {g.side_of(other)}"
            shown = line(v, label).split(": ", 1)[1]
            if other == seat:
                assert shown == (" ".join(texts(g.hand(seat))) or "-")
                assert "you" in line(v, label)
            else:
                assert shown == cards_text(len(g.hand(other)))
            assert ("to play" in line(v, label) or "to bid" in line(v, label)) == (other == g.turn)
        assert line(v, "piles: ") == "piles: " + per_side([cards_text(len(g.pile(s))) for s in range(g.rules.sides)])
        assert line(v, "scores: ") == "scores: " + per_side(g.scores)
        if name == "quinte":
            assert line(v, "cachette: ") == f"cachette: {cards_text(g.stock)}"
            assert line(v, "bids: ") == "bids: " + (
                ", ".join(f"seat {s} {w}" for s, w in g.bids) or "-") + f" (multiplier {g.multiplier})"
            assert line(v, "trick: ") == "trick: " + (", ".join(f"seat {s} {c}" for s, c in g.trick) or "-")
            assert line(v, "tricks won: ") == "tricks won: " + per_side(g.tricks_won)
            assert line(v, "quints: ") == "quints: " + per_side(g.quints)
        else:
            assert line(v, "table: ") == "table: " + (" ".join(texts(g.table)) or "-")
            assert line(v, "stock: ") == f"stock: {cards_text(g.stock)}"
            assert [x for x in lines(v) if x.startswith("escobas: ")] == (
                ["escobas: " + per_side(g.escobas)] if name == "escoba" else [])


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_the_open_view_shows_every_hand(q: ModuleType, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=5, moves=6)
    for v in (g.view(), g.view(None)):
        assert v.seat is None
        assert lines(v)[0].endswith(": open view")
        for seat in range(players):
            shown = line(v, f"seat {seat} (").split(": ", 1)[1]
            assert shown == (" ".join(texts(g.hand(seat))) or "-")
            assert "you" not in line(v, f"seat {seat} (")


def test_the_view_of_a_fixed_position_reads_as_documented(q: ModuleType) -> None:
    g = position(q, "escoba", hands=[["1o", "7c"], ["3e", "12b"]], table=["4o", "5b"], dealer=1, turn=0, escobas=[1, 0],
                 scores=[3, 5], rest_to=1)
    assert str(g.view(1)) == "\n".join([
        "escoba, 2 players, to 21 points: seat 1's view",
        "deal 1, dealer seat 1: seat 0 to play",
        "table: 4o 5b",
        "stock: 0 cards",
        "seat 0 (side 0, to play): 2 cards",
        "seat 1 (side 1, you): 3e 12b",
        "piles: side 0 = 0 cards, side 1 = 34 cards",
        "escobas: side 0 = 1, side 1 = 0",
        "scores: side 0 = 3, side 1 = 5",
    ])


@pytest.mark.parametrize("name", ["escoba", "quinza", "quinte"])
def test_once_the_match_is_over_the_view_says_who_won_in_the_words_of_str_game(q: ModuleType, name: str) -> None:
    for seed in range(3):
        target = 1 if name != "quinte" else 5
        g = random_play(q.Game(q.Rules(name, target=target), seed=seed), seed=seed)
        assert g.is_over
        said = "match over, a draw" if g.winner is None else f"match over, side {g.winner} wins"
        assert said in str(g)
        for seat in [None, *range(g.rules.players)]:
            assert lines(g.view(seat))[1].endswith(": " + said)
            assert "to play" not in str(g.view(seat)) and "to bid" not in str(g.view(seat))


def test_a_quinte_view_names_the_phase_the_bids_and_the_trick(q: ModuleType) -> None:
    g = q.Game("quinte", seed=1)
    assert "doubling, seat" in lines(g.view(0))[1] and line(g.view(0), "bids: ") == "bids: - (multiplier 1)"
    g.play("double")
    g.play("redouble")
    leader = g.turn
    g.play(g.legal_moves()[0])
    v = g.view(leader)
    assert lines(v)[1].endswith(f"play, trick 1, seat {g.turn} to play")
    assert line(v, "bids: ").endswith("(multiplier 4)") and line(v, "bids: ").count("double") == 2
    assert line(v, "trick: ") == f"trick: seat {leader} {g.trick[0][1]}"


# -- fairness: a seat's view is its observation -------------------------------------------------


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_the_hidden_cards_dealt_again_change_neither_the_text_nor_the_svg(q: ModuleType, name: str, players: int) -> None:
    moved = 0
    for i, moves in enumerate((0, 7, 15)):
        g = advanced(q, name, players, seed=100 + i, moves=moves)
        for seat in range(players):
            h = redeal(q, g, seat, 1000 * i + seat)
            assert h.observation(seat) == g.observation(seat)
            assert str(h.view(seat)) == str(g.view(seat))
            assert h.view(seat)._repr_svg_() == g.view(seat)._repr_svg_()
            moved += str(h.view()) != str(g.view())  # the open view sees the cards move
    assert moved > 0  # the re-deals really moved hidden cards


def test_a_seats_view_asks_the_game_for_its_observation_and_nothing_else(q: ModuleType) -> None:
    class Watched:
        """A game that lets the view read its rules and observation(seat) only."""

        def __init__(self, game: Any) -> None:
            self.rules, self._game = game.rules, game
            self.asked: List[int] = []

        def observation(self, seat: int) -> Any:
            self.asked.append(seat)
            return self._game.observation(seat)

    for name in ("escoba", "quinte"):
        game = q.Game(name, seed=4)
        watched = Watched(game)
        assert str(_view.view(watched, 1)) == str(game.view(1))
        assert watched.asked == [1]


# -- SVG -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_the_svg_of_a_view_draws_one_shape_per_card_face_down_where_hidden(q: ModuleType, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=3, moves=5)
    middle = len(g.trick) if name == "quinte" else len(g.table)
    for seat in range(players):
        up, down = card_groups(g.view(seat)._repr_svg_())
        assert up == len(g.hand(seat)) + middle
        assert down == sum(len(g.hand(s)) for s in range(players) if s != seat)
    every = sum(len(g.hand(s)) for s in range(players))
    assert card_groups(g.view()._repr_svg_()) == (every + middle, 0)
    assert g._repr_svg_() == g.view()._repr_svg_()
    texts_in_svg = [t.text for t in ET.fromstring(g.view(0)._repr_svg_()).iter(SVG + "text")]
    assert f"scores: {per_side(g.scores)}" in texts_in_svg


def test_the_svg_of_a_card_draws_its_rank_and_its_suit_in_the_suits_colour(q: ModuleType) -> None:
    colours = {"o": "#c99700", "c": "#c62828", "e": "#1e5aa8", "b": "#2e7d32"}
    pictures = set()
    for card in [q.Card.from_id(i) for i in range(40)] + [q.Card.from_id(i, "quinte") for i in range(53)]:
        svg = card._repr_svg_()
        assert card_groups(svg) == (1, 0)
        root = ET.fromstring(svg)
        assert root.find(f".//{SVG}g").get("data-card") == str(card)
        assert root.findtext(f".//{SVG}title") == words.voice("en").card(card)  # named, as a player reads it
        rank = [t for t in root.iter(SVG + "text")][0]
        assert rank.text == str(card)[:-1] or (card.is_joker and rank.text == "JK")
        if card.deck == "baraja":
            assert rank.get("fill") == colours[card.suit]
        elif card.is_joker:
            assert rank.get("fill") not in ("#c62828", "#212121")
        else:
            assert rank.get("fill") == ("#c62828" if card.suit in "hd" else "#212121")
        pictures.add(svg)
    assert len(pictures) == 93


def test_a_cards_corners_are_printed_as_the_language_in_force_prints_them(q: ModuleType) -> None:
    def corner(card: Any) -> str:
        return str([t for t in ET.fromstring(card._repr_svg_()).iter(SVG + "text")][0].text)

    queen, king, jack, ace = (q.Card(t, deck="quinte") for t in ("Qh", "Kc", "Js", "Ad"))
    with words.speaking("fr"):
        assert [corner(c) for c in (queen, king, jack, ace)] == ["D", "R", "V", "A"]
        assert corner(q.Card("12o")) == "12" and corner(q.Card("JK", deck="quinte")) == "JK"
        assert ET.fromstring(queen._repr_svg_()).findtext(f".//{SVG}title") == "la dame de cœur"
    with words.speaking("es"):
        assert [corner(c) for c in (queen, king, jack, ace)] == ["Q", "K", "J", "A"]
    assert [corner(c) for c in (queen, king, jack, ace)] == ["Q", "K", "J", "A"]


def test_the_suit_signs_are_drawn_shapes_one_per_suit(q: ModuleType) -> None:
    def shapes(svg: str) -> bytes:
        # The sign: the shapes after the card's outline and its two rank texts.
        root = ET.fromstring(svg)
        return ET.tostring(root.findall(f".//{SVG}g")[1])

    baraja = {shapes(q.Card(f"7{s}")._repr_svg_()) for s in "oceb"}
    quinte = {shapes(q.Card(f"7{s}", deck="quinte")._repr_svg_()) for s in "scdh"} | {shapes(q.Card("JK", "quinte")._repr_svg_())}
    assert len(baraja) == 4 and len(quinte) == 5
    assert shapes(q.Card("1o")._repr_svg_()) == shapes(q.Card("12o")._repr_svg_())  # the suit's sign, whatever the rank
    assert "<image" not in q.Card("1o")._repr_svg_() and "href" not in q.Card("1o")._repr_svg_()  # nothing fetched


def test_the_svg_of_a_move_shows_the_card_and_what_it_takes(q: ModuleType) -> None:
    for text, count in (("6o x 4c 5e", 3), ("7o", 1), ("1c x 1o 2o 3o 4o 5o", 6)):
        svg = q.Move(text)._repr_svg_()
        assert card_groups(svg) == (count, 0)
        cards = [g.get("data-card") for g in ET.fromstring(svg).iter(SVG + "g") if g.get("class") == "card"]
        assert cards == str(q.Move(text)).replace(" x", "").split()
        assert ('class="arrow"' in svg) == (count > 1)
    assert card_groups(q.Move("Ah", deck="quinte")._repr_svg_()) == (1, 0)
    bid = ET.fromstring(q.Move("redouble", deck="quinte")._repr_svg_())
    assert [g.get("class") for g in bid.iter(SVG + "g")] == ["bid"]
    assert [t.text for t in bid.iter(SVG + "text")] == ["redouble"]


# -- to_svg and save -------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", [("escoba", 2), ("rb3ine", 3), ("quinte", 4)])
def test_to_svg_is_the_notebooks_svg_and_parses(q: ModuleType, name: str, players: int) -> None:
    g = advanced(q, name, players, seed=5, moves=6)
    pictures = [g, g.view(), g.view(1), g.hand(0)[0], *g.legal_moves()[:3]]
    if name == "quinte":
        pictures.append(q.Move("double", deck="quinte"))
    for obj in pictures:
        svg = obj.to_svg()
        assert isinstance(svg, str) and svg == obj._repr_svg_()
        assert ET.fromstring(svg).tag == SVG + "svg"
    assert g.to_svg() == g.view().to_svg() != g.view(1).to_svg()


def test_a_view_saved_as_svg_is_its_svg_text(q: ModuleType, tmp_path: Any) -> None:
    g = advanced(q, "escoba", 2, seed=3, moves=4)
    g.view(0).save(tmp_path / "seat0.svg")  # a path object
    g.view().save(str(tmp_path / "OPEN.SVG"))  # a str, the ending in any case
    assert (tmp_path / "seat0.svg").read_text(encoding="utf-8") == g.view(0).to_svg()
    assert (tmp_path / "OPEN.SVG").read_text(encoding="utf-8") == g.view().to_svg()


def test_a_png_is_drawn_by_cairosvg_when_it_is_there(q: ModuleType, tmp_path: Any, monkeypatch: Any) -> None:
    drawn: List[Any] = []

    class FakeCairo:
        @staticmethod
        def svg2png(bytestring: bytes, write_to: str) -> None:
            drawn.append((bytestring, write_to))

    monkeypatch.setitem(sys.modules, "cairosvg", FakeCairo)
    view = q.Game("escoba", seed=3).view(1)
    view.save(tmp_path / "v.png")
    assert drawn == [(view.to_svg().encode("utf-8"), str(tmp_path / "v.png"))]


def test_a_png_without_cairosvg_or_another_ending_is_a_clear_error_and_writes_nothing(
        q: ModuleType, tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # not installed
    view = q.Game("escoba", seed=3).view()
    with pytest.raises(ValueError, match=r"^saving 'v\.png' as a PNG needs cairosvg \(pip install cairosvg\); "
                                         r"without it, save the picture as \.svg$"):
        view.save(tmp_path / "v.png")
    for name in ("v.txt", "v", "v.svg.bak"):
        with pytest.raises(ValueError) as info:
            view.save(tmp_path / name)
        assert str(info.value) == f"a view is saved as .svg (or .png with cairosvg installed), not {name!r}"
    assert list(tmp_path.iterdir()) == []


# -- bad seats -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 1.0, "0", True, [0]])
def test_a_seat_that_does_not_exist_is_a_clear_value_error_and_the_game_is_unchanged(q: ModuleType, seat: Any) -> None:
    g = q.Game("escoba", seed=2)
    before = g.to_json()
    with pytest.raises(ValueError, match=r"^seat must be 0\.\.1, or None for the open view, not "):
        g.view(seat)
    assert g.to_json() == before


def test_a_seat_past_the_players_of_a_quinte_game_is_refused(q: ModuleType) -> None:
    g = q.Game("quinte", seed=2)
    with pytest.raises(ValueError, match=r"^seat must be 0\.\.3, or None for the open view, not 4$"):
        g.view(4)
    assert str(g.view(3))  # the last seat is one


def test_the_twins_refuse_a_bad_seat_in_the_same_words() -> None:
    for seat in [-1, 2, 9, 1.5, "1", True, None, [1]]:
        said = {outcome(lambda: str(b.Game("escoba", seed=2).view(seat))) for b in BACKENDS.values()}
        assert len(said) == 1, said


# -- the twins agree ------------------------------------------------------------------------------


@pytest.mark.parametrize("name,players", RULE_SETS)
def test_the_twins_give_the_same_text_and_svg(name: str, players: int) -> None:
    for seed, moves in ((1, 0), (2, 8), (3, 25), (4, 60)):
        games = [advanced(b, name, players, seed, moves) for b in (quinza, quinza.reference)]
        assert games[0].to_json() == games[1].to_json()
        for seat in [None, *range(players)]:
            rust, ref = (g.view(seat) for g in games)
            assert str(rust) == str(ref)
            assert rust._repr_svg_() == ref._repr_svg_()
            assert repr(rust) == repr(ref)
            assert type(rust) is type(ref) is _view.View
        assert games[0]._repr_svg_() == games[1]._repr_svg_()
        for move in games[0].legal_moves()[:5]:
            twin = quinza.reference.Move.parse(str(move), deck=games[0].rules.deck)
            assert move._repr_svg_() == twin._repr_svg_()
    for i in range(40):
        assert quinza.Card.from_id(i)._repr_svg_() == quinza.reference.Card.from_id(i)._repr_svg_()
    for i in range(53):
        assert quinza.Card.from_id(i, "quinte")._repr_svg_() == quinza.reference.Card.from_id(i, "quinte")._repr_svg_()


def test_the_pictures_are_the_same_each_time(q: ModuleType) -> None:
    g = advanced(q, "quinte", 4, seed=8, moves=10)
    assert g.view(2)._repr_svg_() == g.view(2)._repr_svg_() == g.copy().view(2)._repr_svg_()
    assert str(g.view(seat=2)) == str(g.view(2)) and g.view(seat=None).seat is None
    assert str(g.view()) == str(q.Game.from_json(g.to_json()).view())
