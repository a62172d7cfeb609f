"""Pictures of a game for people: `game.view(seat)` (text and SVG, `save` to a file) and
the SVG of a Card, a Move and a Game (`to_svg()`, which a notebook draws as
`_repr_svg_`), for both twins.

Written once for both backends: this module imports neither. It reads what a game's
public API gives: for a seat, `game.observation(seat)` alone (so a view cannot show a
hidden card); for the open view, that observation and every seat's `hand`. The SVG is the
package's own text (no image files, nothing fetched), the same for the same game.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape

from . import _cardnames, _phrases
from ._words import quoted
from .words import _, current

# -- text -----------------------------------------------------------------------------------


class View:
    """A picture of a game for one seat, or the open view (every hand shown), made by
    `game.view(seat)`: `str(view)` is text, `view.to_svg()` draws it as SVG (a notebook
    shows it), `view.save(path)` writes that picture. A seat's view is made from
    `game.observation(seat)` alone: it shows that seat's hand and only the sizes of the
    others."""

    __slots__ = ("_obs", "_hands", "_sides", "_seat", "_row")

    def __init__(self, obs: Dict[str, Any], hands: List[Optional[List[str]]], sides: List[int],
                 seat: Optional[int], row: Dict[str, Any]) -> None:
        self._obs = obs  # the observation (of seat 0 for the open view)
        self._hands = hands  # per seat, its cards as text, or None where hidden
        self._sides = sides  # per seat, its side (Rules.side_of)
        self._seat = seat
        self._row = row  # the rule set's row of the rules table: what its rules do

    @property
    def seat(self) -> Optional[int]:
        """The seat whose view this is, or None for the open view."""
        return self._seat

    # -- what the pictures say, line by line ------------------------------------------------

    @property
    def _quinte(self) -> bool:  # tricks and bids
        return bool(self._row["family"] == "quinte")

    def _title(self) -> str:
        rules = self._obs["rules"]
        who = _("open view") if self._seat is None else _("seat {seat}'s view", seat=self._seat)
        return _("{game}, {players} players, to {target} points: {who}", game=rules["name"],
                 players=rules["players"], target=rules["target"], who=who)

    def _status(self) -> str:
        o = self._obs
        head = _("deal {deal}, dealer seat {dealer}", deal=o["deal_number"], dealer=o["dealer"])
        if o["turn"] is None:
            return f"{head}: {_phrases.match_over_text(o['winner'])}"
        if not self._quinte:
            return _("{head}: seat {seat} to play", head=head, seat=o["turn"])
        if o["phase"] == "doubling":
            return _("{head}: doubling, seat {seat} to bid", head=head, seat=o["turn"])
        return _("{head}: play, trick {trick}, seat {seat} to play", head=head, trick=self._trick_number(),
                 seat=o["turn"])

    def _trick_number(self) -> int:
        # Every trick done was won by a side.
        return int(sum(self._obs["tricks_won"])) + 1

    def _seat_label(self, seat: int) -> str:
        o = self._obs
        notes = [_phrases.side(self._sides[seat])] + ([_("you")] if seat == self._seat else [])
        if o["turn"] == seat:
            notes.append(_("to bid") if self._quinte and o["phase"] == "doubling" else _("to play"))
        return _("seat {seat} ({notes})", seat=seat, notes=", ".join(notes))

    def _hand_text(self, seat: int) -> str:
        cards = self._hands[seat]
        if cards is None:
            return _phrases.cards(self._obs["hand_sizes"][seat])
        return " ".join(cards) if cards else "-"

    def _middle_lines(self) -> List[str]:
        """The table (fifteen family) or the bids and the trick (quinte), and the stock."""
        o = self._obs
        if not self._quinte:
            return [_("table: {cards}", cards=" ".join(o["table"]) or "-"),
                    _("stock: {count}", count=_phrases.cards(o["stock"]))]
        bids = ", ".join(_("seat {seat} {bid}", seat=s, bid=_phrases.bid_word(word)) for s, word in o["bids"]) or "-"
        trick = ", ".join(_("seat {seat} {card}", seat=s, card=card) for s, card in o["trick"]) or "-"
        return [_("bids: {bids} (multiplier {multiplier})", bids=bids, multiplier=o["multiplier"]),
                _("trick: {cards}", cards=trick), _("cachette: {count}", count=_phrases.cards(o["stock"]))]

    def _score_lines(self) -> List[str]:
        o = self._obs
        per_side = _phrases.per_side
        lines = [_("piles: {sides}", sides=per_side([_phrases.cards(len(p)) for p in o["piles"]]))]
        if self._quinte:
            lines.append(_("tricks won: {sides}", sides=per_side(o["tricks_won"])))
            lines.append(_("quints: {sides}", sides=per_side(o["quints"])))
        elif self._row["sweeps"]:
            lines.append(_("escobas: {sides}", sides=per_side(o["escobas"])))
        lines.append(_("scores: {sides}", sides=per_side(o["scores"])))
        return lines

    def lines(self, scores: bool = True) -> List[str]:
        """The text's lines: the title, how the deal stands, the cards in play, each seat's
        hand, then (with `scores`) the piles and the scores."""
        lines = [self._title(), self._status(), *self._middle_lines()]
        lines += [_("{seat}: {cards}", seat=self._seat_label(s), cards=self._hand_text(s)) for s in range(len(self._hands))]
        return lines + (self._score_lines() if scores else [])

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        who = "open" if self._seat is None else f"seat {self._seat}"
        return f"<View {who}: {self._obs['rules']['name']} deal {self._obs['deal_number']}>"

    # -- SVG ------------------------------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The view drawn as SVG text, for a notebook: `to_svg()`."""
        return self.to_svg()

    def save(self, path: "Union[str, os.PathLike[str]]") -> None:
        """Writes the picture to `path`: SVG text for a name ending in .svg; a PNG for
        one ending in .png, drawn by cairosvg when it is installed (it is optional: without
        it, ValueError says to save as .svg). Any other ending is a ValueError, before
        anything is written."""
        name = os.fspath(path)
        ending = os.path.splitext(name)[1].lower()
        shown = quoted(os.path.basename(name))  # the file's name: its folder is the caller's
        if ending == ".svg":
            with open(name, "w", encoding="utf-8") as f:
                f.write(self.to_svg())
        elif ending == ".png":
            try:
                cairosvg = importlib.import_module("cairosvg")
            except ImportError:
                raise ValueError(f"saving {shown} as a PNG needs cairosvg (pip install cairosvg); "
                                 "without it, save the picture as .svg") from None
            cairosvg.svg2png(bytestring=self.to_svg().encode("utf-8"), write_to=name)
        else:
            raise ValueError(f"a view is saved as .svg (or .png with cairosvg installed), not {shown}")

    def to_svg(self) -> str:
        """The view drawn as SVG text: the hands (face down where hidden), the table or
        the trick, and the scores."""
        deck = "quinte" if self._quinte else "baraja"
        pic = _Picture()
        pic.text(self._title(), bold=True)
        pic.text(self._status(), bold=self._obs["turn"] is None)  # the winner stands out
        if self._quinte:
            bids, trick, cachette = self._middle_lines()
            pic.text(bids)
            pic.text(_("trick ({cachette})", cachette=cachette))
            pic.cards([(card, _phrases.seat(s)) for s, card in self._obs["trick"]], deck)
        else:
            table, stock = self._middle_lines()
            pic.text(_("table ({stock})", stock=stock))
            pic.cards([(card, None) for card in self._obs["table"]], deck)
        for seat, cards in enumerate(self._hands):
            label, to_act = self._seat_label(seat), self._obs["turn"] == seat
            if cards is None:
                pic.text(_("{seat}: {cards}", seat=label, cards=self._hand_text(seat)), accent=to_act)
                pic.backs(self._obs["hand_sizes"][seat])
            else:
                pic.text(label, accent=to_act)
                pic.cards([(card, None) for card in cards], deck)
        for line in self._score_lines():
            pic.text(line)
        return pic.svg()


def view(game: Any, seat: Any = None) -> View:
    """`game.view(seat)` of either twin: the View of `seat`, or the open view for None."""
    players = game.rules.players
    sides = [game.rules.side_of(s) for s in range(players)]
    if seat is None:
        obs = game.observation(0)
        hands: List[Optional[List[str]]] = [[str(c) for c in game.hand(s)] for s in range(players)]
        return View(obs, hands, sides, None, _phrases.row(game.rules))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1}, or None for the open view, not {quoted(seat)}")
    obs = game.observation(seat)
    return View(obs, [list(obs["hand"]) if s == seat else None for s in range(players)], sides, seat,
                _phrases.row(game.rules))


def game_svg(game: Any) -> str:
    """The open view of `game` as SVG text (`Game.to_svg`)."""
    return view(game).to_svg()


def card_svg(card: Any) -> str:
    """One Card as SVG text (`Card.to_svg`)."""
    return deck_card_svg(str(card), card.deck)


def deck_card_svg(text: str, deck: str) -> str:
    """The card written `text` (checked by the caller) of `deck` as SVG text."""
    pic = _Picture()
    pic.cards([(text, None)], deck)
    return pic.svg()


def back_svg() -> str:
    """A face-down card as SVG text (the browser table draws hidden hands with it)."""
    pic = _Picture()
    pic.backs(1)
    return pic.svg()


def move_svg(move: Any) -> str:
    """One Move as SVG text (`Move.to_svg`): the card played and the cards it
    captures; in quinte the card, or the bid word."""
    pic = _Picture()
    if move.card is None:
        pic.bid(_phrases.bid_word(move.bid))
    else:
        deck = move.card.deck
        taken = [(str(c), None) for c in move.captures]
        pic.cards([(str(move.card), None)] + taken, deck, arrow_after=0 if taken else None)
    return pic.svg()


# -- drawing ----------------------------------------------------------------------------------

CARD_W, CARD_H, GAP, PAD = 48, 72, 6, 10
LINE = 20  # the height of a line of text
LABEL = 14  # the height of a label under a card

# Suit colours: the baraja's as printed, quinte's red and black; the joker its own.
COLOURS = {
    "o": "#c99700",  # oros: gold
    "c": "#c62828",  # copas: red
    "e": "#1e5aa8",  # espadas: blue
    "b": "#2e7d32",  # bastos: green
    "h": "#c62828",  # hearts
    "d": "#c62828",  # diamonds
    "s": "#212121",  # spades
    "q": "#212121",  # clubs (the baraja's "c" is copas)
    "joker": "#7b1fa2",
}

# Each sign drawn about (0, 0), about 30 units across.
_SIGNS = {
    # oros: a gold coin
    ("baraja", "o"): '<circle r="12" fill="#f2c12e" stroke="#a67c00" stroke-width="1.5"/>'
    '<circle r="7.5" fill="none" stroke="#a67c00" stroke-width="1.2"/><circle r="2.5" fill="#a67c00"/>',
    # copas: a cup, bowl, stem and foot
    ("baraja", "c"): '<path d="M-10,-10 H10 Q10,3 0,4 Q-10,3 -10,-10 Z" fill="#c62828"/>'
    '<ellipse cy="-10" rx="10" ry="2.2" fill="#ef9a9a" stroke="#c62828"/>'
    '<rect x="-1.8" y="4" width="3.6" height="6" fill="#c62828"/>'
    '<ellipse cy="11.5" rx="7" ry="2.3" fill="#c62828"/>',
    # espadas: a sword, point up
    ("baraja", "e"): '<polygon points="0,-15 2.6,-11 2.6,5 -2.6,5 -2.6,-11" fill="#1e5aa8"/>'
    '<rect x="-8" y="5" width="16" height="2.6" rx="1" fill="#0d3c78"/>'
    '<rect x="-1.6" y="7.6" width="3.2" height="5" fill="#0d3c78"/><circle cy="14" r="2" fill="#0d3c78"/>',
    # bastos: a knotted club, leaning
    ("baraja", "b"): '<g transform="rotate(-25)"><path d="M-2.5,14 L2.5,14 L5,-10 Q0,-16 -5,-10 Z" fill="#2e7d32"/>'
    '<circle cx="-2.8" cy="-3" r="1.6" fill="#1b5e20"/><circle cx="2.2" cy="4" r="1.5" fill="#1b5e20"/>'
    '<circle cx="3" cy="-8" r="1.3" fill="#1b5e20"/></g>',
    ("quinte", "h"): '<path d="M0,12 C-15,2 -12,-12 -6,-12 C-2.5,-12 0,-9 0,-6 '
    'C0,-9 2.5,-12 6,-12 C12,-12 15,2 0,12 Z" fill="#c62828"/>',
    ("quinte", "d"): '<polygon points="0,-13 10,0 0,13 -10,0" fill="#c62828"/>',
    ("quinte", "s"): '<path d="M0,-13 C-15,-2 -12,9 -5.5,9 C-3,9 -1.2,7.5 0,5.5 '
    'C1.2,7.5 3,9 5.5,9 C12,9 15,-2 0,-13 Z" fill="#212121"/><polygon points="0,4 -4,13 4,13" fill="#212121"/>',
    ("quinte", "c"): '<circle cy="-6" r="5.2" fill="#212121"/><circle cx="-6" cy="2" r="5.2" fill="#212121"/>'
    '<circle cx="6" cy="2" r="5.2" fill="#212121"/><polygon points="0,-1 -3.5,12 3.5,12" fill="#212121"/>',
    # the joker: a star
    ("quinte", "joker"): '<polygon points="0,-14 3.3,-4.5 13.3,-4.3 5.3,1.7 8.2,11.3 0,5.6 -8.2,11.3 '
    '-5.3,1.7 -13.3,-4.3 -3.3,-4.5" fill="#7b1fa2"/>',
}

_QUINTE_RANKS = {"J", "Q", "K", "A"}


def _card_parts(text: str, deck: str) -> Tuple[str, str, str]:
    """(rank as printed in the language in force, the sign's key, the colour) of a card's text."""
    if deck == "quinte" and text.upper() == "JK":
        return "JK", "joker", COLOURS["joker"]
    rank, suit = text[:-1], text[-1].lower()
    colour = COLOURS["q" if deck == "quinte" and suit == "c" else suit]
    return _cardnames.corner(current(), rank, deck), suit, colour


def _card(x: float, y: float, text: str, deck: str) -> str:
    rank, sign, colour = _card_parts(text, deck)
    cx, cy = CARD_W / 2, CARD_H / 2 + 4
    return (
        f'<g class="card" data-card="{escape(text)}" transform="translate({x:g},{y:g})">'
        f'<title>{escape(current().card(text, deck))}</title>'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fffdf7" stroke="#555" stroke-width="1"/>'
        f'<text x="5" y="15" font-size="13" font-weight="bold" fill="{colour}">{escape(rank)}</text>'
        f'<text x="{CARD_W - 5}" y="{CARD_H - 5}" font-size="9" text-anchor="end" fill="{colour}">{escape(rank)}</text>'
        f'<g transform="translate({cx:g},{cy:g})">{_SIGNS[(deck, sign)]}</g></g>'
    )


def _back(x: float, y: float) -> str:
    """A face-down card: what a hidden hand shows."""
    return (
        f'<g class="card back" transform="translate({x:g},{y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#1f3b73" stroke="#555" stroke-width="1"/>'
        f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="3" fill="none" stroke="#8fa8d8"/>'
        f'<polygon points="{CARD_W / 2:g},14 {CARD_W - 11},{CARD_H / 2:g} {CARD_W / 2:g},{CARD_H - 14} 11,{CARD_H / 2:g}" '
        'fill="none" stroke="#8fa8d8" stroke-width="1.5"/></g>'
    )


class _Picture:
    """Rows of text and of cards, one under the other; `svg()` sizes the picture to fit."""

    def __init__(self) -> None:
        self._parts: List[str] = []
        self._y = PAD
        self._width = 0.0

    def _wide(self, right: float) -> None:
        self._width = max(self._width, right)

    def text(self, line: str, bold: bool = False, accent: bool = False) -> None:
        """A line of text; `accent` marks the seat to act (bold, in red)."""
        style = ' font-weight="bold"' if bold or accent else ""
        style += ' fill="#b71c1c"' if accent else ""
        self._parts.append(f'<text x="{PAD}" y="{self._y + 14}" font-size="13"{style}>{escape(line)}</text>')
        self._y += LINE
        # About the width of the text at 13 px (DejaVu Sans: 0.6 em a character, bold more).
        self._wide(PAD + (8.4 if bold or accent else 7.8) * len(line))

    def cards(self, cards: Sequence[Tuple[str, Optional[str]]], deck: str, arrow_after: Optional[int] = None) -> None:
        """A row of face-up cards, each with an optional label under it; `arrow_after`:
        the index after which an arrow stands (a move's card, then what it takes)."""
        x = PAD
        labelled = any(label for _, label in cards)
        for i, (text, label) in enumerate(cards):
            self._parts.append(_card(x, self._y, text, deck))
            if label:
                self._parts.append(
                    f'<text x="{x + CARD_W / 2:g}" y="{self._y + CARD_H + 12}" font-size="11" '
                    f'text-anchor="middle">{escape(label)}</text>'
                )
            x += CARD_W + GAP
            if i == arrow_after:
                mid = self._y + CARD_H / 2
                self._parts.append(
                    f'<path class="arrow" d="M{x + 2},{mid:g} H{x + 24} M{x + 17},{mid - 6:g} L{x + 24},{mid:g} '
                    f'L{x + 17},{mid + 6:g}" fill="none" stroke="#444" stroke-width="2.5"/>'
                )
                x += 32
        if not cards:
            self._none()
            self._y += LINE
            return
        self._wide(x - GAP)
        self._y += CARD_H + (LABEL if labelled else 0) + GAP

    def _none(self) -> None:
        """An empty row: the word "none", greyed."""
        said = escape(_("none"))
        self._parts.append(f'<text x="{PAD}" y="{self._y + 14}" font-size="12" fill="#777">{said}</text>')

    def backs(self, count: int) -> None:
        """A hidden hand: `count` face-down cards, overlapping."""
        step = CARD_W / 2
        for i in range(count):
            self._parts.append(_back(PAD + i * step, self._y))
        if count == 0:
            self._none()
            self._y += LINE
            return
        self._wide(PAD + (count - 1) * step + CARD_W)
        self._y += CARD_H + GAP

    def bid(self, word: str) -> None:
        """A quinte bid: its word on a rounded tag."""
        width = 20 + 9 * len(word)
        self._parts.append(
            f'<g class="bid"><rect x="{PAD}" y="{self._y}" width="{width}" height="30" rx="15" fill="#fff3e0" '
            f'stroke="#e65100"/><text x="{PAD + width / 2:g}" y="{self._y + 20}" font-size="14" '
            f'font-weight="bold" text-anchor="middle" fill="#e65100">{escape(word)}</text></g>'
        )
        self._wide(PAD + width)
        self._y += 30

    def svg(self) -> str:
        width, height = int(self._width + PAD + 0.999), self._y + PAD
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
            + "".join(self._parts)
            + "</svg>"
        )
