"""Cards named as players of each language name them (docs/rules.md: the baraja of the
fifteen family, quinte's French-suited deck and its joker): a rank with its article, then
its suit, "the knave" + "of cups", which each language puts together its own way ("la
sota de copas", "le cavalier d'épées")."""

from __future__ import annotations

from typing import Any, Dict

from ._marks import N_, NP_

# The baraja: 1 to 7, the Sota (10), the Caballo (11), the Rey (12); its suits by letter.
BARAJA_RANKS: Dict[str, str] = {
    "1": NP_("baraja", "the ace"), "2": NP_("baraja", "the two"), "3": NP_("baraja", "the three"),
    "4": NP_("baraja", "the four"), "5": NP_("baraja", "the five"), "6": NP_("baraja", "the six"),
    "7": NP_("baraja", "the seven"), "10": NP_("baraja", "the knave"), "11": NP_("baraja", "the knight"),
    "12": NP_("baraja", "the king"),
}
BARAJA_SUITS: Dict[str, str] = {
    "o": NP_("baraja", "of coins"), "c": NP_("baraja", "of cups"), "e": NP_("baraja", "of swords"),
    "b": NP_("baraja", "of clubs"),
}
# Quinte's 52 cards: 2 to 10, jack, queen, king, ace; and the joker.
QUINTE_RANKS: Dict[str, str] = {
    "2": NP_("quinte", "the two"), "3": NP_("quinte", "the three"), "4": NP_("quinte", "the four"),
    "5": NP_("quinte", "the five"), "6": NP_("quinte", "the six"), "7": NP_("quinte", "the seven"),
    "8": NP_("quinte", "the eight"), "9": NP_("quinte", "the nine"), "10": NP_("quinte", "the ten"),
    "J": NP_("quinte", "the jack"), "Q": NP_("quinte", "the queen"), "K": NP_("quinte", "the king"),
    "A": NP_("quinte", "the ace"),
}
QUINTE_SUITS: Dict[str, str] = {
    "s": NP_("quinte", "of spades"), "h": NP_("quinte", "of hearts"), "d": NP_("quinte", "of diamonds"),
    "c": NP_("quinte", "of clubs"),
}
JOKER = NP_("quinte", "the joker")
# What a court card and the ace print in their corners, as each language prints them (the
# French deck's valet, dame, roi: V, D, R).
QUINTE_CORNERS: Dict[str, str] = {
    "J": NP_("quinte corner", "J"), "Q": NP_("quinte corner", "Q"), "K": NP_("quinte corner", "K"),
    "A": NP_("quinte corner", "A"),
}

CARD = N_("{rank} {suit}")  # a rank and its suit: "the knave" "of cups"


def card_name(voice: Any, text: str, deck: str) -> str:
    """The name of the card written `text` of `deck` in `voice`; a text that is no card
    of the deck is given back as it is."""
    context = "quinte" if deck == "quinte" else "baraja"  # "of clubs": "de tréboles" or "de bastos"
    if deck == "quinte" and text.upper() == "JK":
        return str(voice.p(context, JOKER))
    ranks, suits = (QUINTE_RANKS, QUINTE_SUITS) if deck == "quinte" else (BARAJA_RANKS, BARAJA_SUITS)
    rank, suit = ranks.get(text[:-1].upper()), suits.get(text[-1:].lower())
    if rank is None or suit is None:
        return text
    return str(voice(CARD, rank=voice.p(context, rank), suit=voice.p(context, suit)))


def corner(voice: Any, rank: str, deck: str) -> str:
    """What a card of `rank` (as written: "Q", "7", "12") prints in its corner in `voice`:
    its rank, or a quinte court card's or ace's letter in the language ("D" for the dame)."""
    letter = QUINTE_CORNERS.get(rank) if deck == "quinte" else None
    return rank if letter is None else str(voice.p("quinte corner", letter))
