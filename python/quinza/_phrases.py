"""The game put into words once, through the catalog (quinza.words), for the terminal, the
views, the records' comments and the review: a rule set and its options, a deal's
details, bids, seats and sides, how a match stands. Keyed by what the rules do (the
rules table's `family`, `sweeps`), never by a rule set's name."""

from __future__ import annotations

import importlib
from typing import Any, Dict, Mapping, Optional

from ._marks import NP_
from .words import N_, _, ngettext, pgettext

# The keys of `DealResult.details` (docs/reference/json.md) in words: quinza and rb3ine's gold and
# other cards, escoba's categories, quinte's quints and tricks.
DETAIL_WORDS: Dict[str, str] = {
    "gold": N_("gold"), "other": N_("other cards"), "cards": N_("cards"), "oros": N_("coins"),
    "seven_of_oros": N_("seven of coins"), "setenta": N_("setenta"), "escobas": N_("escobas"),
    "quints": N_("quints"), "tricks": N_("tricks"),
}
# Rule-set options in words, and their values.
OPTION_WORDS: Dict[str, str] = {"escoba_on_last_card": N_("escoba on the last card"),
                                "opening_capture": N_("opening capture"), "setenta": N_("setenta")}
OPTION_VALUE_WORDS: Dict[str, str] = {"prime": N_("by prime"), "sum": N_("by sum")}


# The bots players meet by a name that is a word: the levels, and the built-in bots whose
# names say how they play (pimc and ismcts are the names of their searches, alike in every
# language).
BOT_WORDS: Dict[str, str] = {
    "easy": NP_("bot", "easy"), "medium": NP_("bot", "medium"), "hard": NP_("bot", "hard"),
    "expert": NP_("bot", "expert"), "master": NP_("bot", "master"), "greedy": NP_("bot", "greedy"),
    "random": NP_("bot", "random"), "net": NP_("bot", "net"),
}


def bot_text(text: str) -> str:
    """A bot as players read it: a level's or a bot's name in the language in force
    ("difícil"), its parameters as written ("pimc:worlds=16")."""
    name, colon, params = text.partition(":")
    said = BOT_WORDS.get(name.lower())
    return (pgettext("bot", said) if said else name) + colon + params


def cards(count: int) -> str:
    """"1 card", "3 cards"."""
    return ngettext("{count} card", "{count} cards", count)


def family(rules: Any) -> str:
    """The rules table's family of a Rules: "fifteen" or "quinte" (a trick game, with bids)."""
    return str(row(rules)["family"])


def row(rules: Any) -> Dict[str, Any]:
    """The row of the rules table (`rule_sets()`) of a Rules, read from its own twin (the
    module of its class: quinza._core or quinza.reference.rules)."""
    table = importlib.import_module(type(rules).__module__).rule_sets()
    return dict(next(r for r in table if r["name"] == rules.name))


def tricks(rules: Any) -> bool:
    """Whether the rule set is played in tricks, with bids (quinte's family)."""
    return family(rules) == "quinte"


def sweeps(rules: Any) -> bool:
    """Whether a capture of the whole table scores a sweep (an escoba)."""
    return bool(row(rules)["sweeps"])


def rule_set_name(name: str) -> str:
    """A rule set's name as a title: "Escoba" (a game's own name, the same in every language)."""
    return name.capitalize()


def _option_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        said = _("yes") if value else _("no")
    else:
        said = _(OPTION_VALUE_WORDS[str(value)]) if str(value) in OPTION_VALUE_WORDS else str(value)
    return _("{option}: {value}", option=_(OPTION_WORDS[key]) if key in OPTION_WORDS else key.replace("_", " "),
             value=said)


def options_text(options: Mapping[str, Any]) -> str:
    """Rule-set options in words: "setenta: by sum, opening capture: no"."""
    return ", ".join(_option_text(k, v) for k, v in options.items())


def players_text(rules: Any) -> str:
    """"2 players", "4 players in 2 sides of 2" (partnerships)."""
    text = ngettext("{count} player", "{count} players", rules.players)
    if rules.sides < rules.players:
        text = _("{players} in {sides} sides of {size}", players=text, sides=rules.sides,
                 size=rules.players // rules.sides)
    return text


def rules_text(rules: Any) -> str:
    """A Rules in words: "Escoba, 2 players, to 21 points; escoba on the last card: no;
    opening capture: yes; setenta: by prime"."""
    head = _("{game}, {players}, to {target} points", game=rule_set_name(rules.name), players=players_text(rules),
             target=rules.target)
    return "; ".join([head, *(_option_text(k, v) for k, v in rules.options.items())])


def details_text(detail: Mapping[str, int]) -> str:
    """A side's `details` of a deal, the parts that gave points: "cards 1, coins 1, seven
    of coins 1" (empty if none did)."""
    return ", ".join(_("{part} {points}", part=_(DETAIL_WORDS[k]) if k in DETAIL_WORDS else k.replace("_", " "),
                       points=v) for k, v in detail.items() if v)


def bid_text(bid: str, you: bool, who: str = "") -> str:
    """A quinte bid as what the seat did: "seat 2 redoubles", "you pass" (`who`: the
    bidder's name, when not `you`)."""
    if you:
        return {"pass": _("you pass"), "double": _("you double"), "redouble": _("you redouble")}.get(
            bid, _("you bid {bid}", bid=bid))
    return {"pass": _("{who} passes", who=who), "double": _("{who} doubles", who=who),
            "redouble": _("{who} redoubles", who=who)}.get(bid, _("{who} bids {bid}", who=who, bid=bid))


def bid_word(bid: str) -> str:
    """A bid's own word: "pass", "double", "redouble"."""
    return {"pass": pgettext("bid", "pass"), "double": pgettext("bid", "double"),
            "redouble": pgettext("bid", "redouble")}.get(bid, bid)


def seat(seat: Optional[int]) -> str:
    """"seat 2", or "no one"."""
    return _("no one") if seat is None else _("seat {seat}", seat=seat)


def side(side: Optional[int]) -> str:
    """"side 1"."""
    return _("no side") if side is None else _("side {side}", side=side)


def per_side(values: Any) -> str:
    """"side 0 = 12, side 1 = 9"."""
    return ", ".join(_("side {side} = {value}", side=s, value=v) for s, v in enumerate(values))


def outcome(winner: Optional[int], over: bool = True) -> str:
    """How a match ended: "side 1 wins", "a draw"."""
    if not over:
        return _("the match goes on")
    return _("a draw") if winner is None else _("side {side} wins", side=winner)


def match_over_text(winner: Optional[int]) -> str:
    """"match over, side 1 wins", "match over, a draw" (as str(game) says it)."""
    return _("match over, {outcome}", outcome=outcome(winner))
