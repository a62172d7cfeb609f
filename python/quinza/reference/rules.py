"""The rule sets of docs/rules.md: their names, player counts, targets and options.

Three capture games of the fifteen family (quinza, rb3ine, escoba) and the trick game
quinte (4 players only, target 250 by default, no options).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, cast

from .._words import choice_text, name_key, quoted
from .cards import ESCOBA_VALUES, PRINTED_VALUES


@dataclass(frozen=True)
class RuleSet:
    """One row of the rules table: what a rule set is made of. The game logic reads these
    features, never a rule set's name, so a new capture rule set is one new row."""

    name: str
    family: str  # "fifteen" (capture games) or "quinte" (the trick game): the class that plays it
    deck: str  # "baraja" or "quinte"
    players: Tuple[int, ...]  # the player counts allowed; the first is the default
    default_target: int
    capture_total: Optional[int]  # None in the trick game
    values: Optional[Tuple[int, ...]]  # value toward the capture total, by rank index
    scoring: str  # "card_points", "categories" or "quints_and_tricks"
    win: str  # "highest_at_target", "target_and_lead_of_2" or "first_to_target"
    sweeps: bool  # clearing the table scores an escoba
    has_opening_capture: bool  # an opening table of 15 or 30 goes to the dealer (option opening_capture)
    # The points a deal hands out, all sides together, as simulation sizes its arrays:
    # quinza and rb3ine always 100; escoba and quinte the mean over random and greedy
    # play, rounded down (escoba 5.0 to 6.8, quinte 140 to 248).
    deal_points: int
    options: Tuple[Tuple[str, Any], ...] = ()  # (option, default) in the rule set's order

    def to_dict(self) -> Dict[str, Any]:
        return {
            "name": self.name,
            "family": self.family,
            "deck": self.deck,
            "players": list(self.players),
            "default_target": self.default_target,
            "deal_points": self.deal_points,
            "capture_total": self.capture_total,
            "values": None if self.values is None else list(self.values),
            "scoring": self.scoring,
            "win": self.win,
            "sweeps": self.sweeps,
            "has_opening_capture": self.has_opening_capture,
            "options": dict(self.options),
        }


# The rules table (docs/rules.md, "Choosing a rule set and its options"), one row per rule
# set, in the order messages name them.
ROWS: Tuple[RuleSet, ...] = (
    RuleSet("quinza", "fifteen", "baraja", (2, 3, 4), 151, 15, PRINTED_VALUES, "card_points",
            "highest_at_target", sweeps=False, has_opening_capture=False, deal_points=100),
    RuleSet("rb3ine", "fifteen", "baraja", (2, 3, 4), 151, 40, PRINTED_VALUES, "card_points",
            "highest_at_target", sweeps=False, has_opening_capture=False, deal_points=100),
    RuleSet("escoba", "fifteen", "baraja", (2, 3, 4), 21, 15, ESCOBA_VALUES, "categories",
            "target_and_lead_of_2", sweeps=True, has_opening_capture=True, deal_points=5,
            options=(("escoba_on_last_card", False), ("opening_capture", True), ("setenta", "prime"))),
    RuleSet("quinte", "quinte", "quinte", (4,), 250, None, None, "quints_and_tricks",
            "first_to_target", sweeps=False, has_opening_capture=False, deal_points=140),
)
RULE_SETS: Dict[str, RuleSet] = {row.name: row for row in ROWS}
NAMES: Tuple[str, ...] = tuple(RULE_SETS)
SETENTA_METHODS = ("prime", "sum")


UNKNOWN_RULE_SET = "unknown rule set {}: choose " + choice_text(NAMES)


def rule_sets() -> List[Dict[str, Any]]:
    """The rules table, one dict per rule set, in the order quinza, rb3ine, escoba, quinte.

    >>> [(r["name"], r["capture_total"], r["default_target"]) for r in rule_sets()][:2]
    [('quinza', 15, 151), ('rb3ine', 40, 151)]
    """
    return [row.to_dict() for row in ROWS]


def row_of(rules: Any) -> RuleSet:
    """The row of a Rules of either twin, or of a rule-set name."""
    name = rules if isinstance(rules, str) else rules.name
    if name not in RULE_SETS:
        raise ValueError(UNKNOWN_RULE_SET.format(quoted(name)))
    return RULE_SETS[name]


class Rules:
    """One rule set with its table settings; immutable, comparable, hashable.

    >>> Rules("escoba", players=4)
    Rules('escoba', players=4, target=21, escoba_on_last_card=False, opening_capture=True, setenta='prime')
    """

    __slots__ = ("_name", "_players", "_target", "_options")
    _name: str
    _players: int
    _target: int
    _options: Tuple[Tuple[str, Any], ...]  # (option, value) in the rule set's order

    def __init__(
        self, name: str = "quinza", players: "int | None" = None, target: "int | None" = None, **options: Any
    ) -> None:
        key = name_key(name)  # in any case, as card text is read
        if not isinstance(key, str) or key not in RULE_SETS:
            raise ValueError(UNKNOWN_RULE_SET.format(quoted(name)))
        row = RULE_SETS[key]
        name = row.name
        if players is None:
            players = row.players[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in row.players:
            counts = choice_text(tuple(str(p) for p in row.players))
            raise ValueError(f"{name} is played by {counts} players, not {quoted(players)}")
        default_target, defaults = row.default_target, dict(row.options)
        if target is None:
            target = default_target
        if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target < 2**64:
            raise ValueError(f"target must be a whole number from 1 to 2**64-1, not {quoted(target)}")
        chosen = dict(defaults)
        for key, value in options.items():
            if key not in defaults:
                allowed = ", ".join(defaults) or "none"
                raise ValueError(f"unknown option {quoted(key)} for {name}; its options: {allowed}")
            if key == "setenta":
                if value not in SETENTA_METHODS or not isinstance(value, str):
                    raise ValueError(f"setenta must be 'prime' or 'sum', not {quoted(value)}")
            elif not isinstance(value, bool):
                raise ValueError(f"{key} must be True or False, not {quoted(value)}")
            chosen[key] = value
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_options", tuple(chosen.items()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules is immutable")

    def __copy__(self) -> "Rules":
        return self

    def __deepcopy__(self, memo: object) -> "Rules":
        return self

    @property
    def name(self) -> str:
        """The rule set: "quinza", "rb3ine", "escoba" or "quinte" (read in any case, kept in
        lower case)."""
        return self._name

    @property
    def players(self) -> int:
        """The number of players: 2 (the default), 3 or 4; quinte is played by 4 only."""
        return self._players

    @property
    def target(self) -> int:
        """The score the match is played to: unless given, 151 in quinza and rb3ine, 21 in
        escoba, 250 in quinte."""
        return self._target

    @property
    def sides(self) -> int:
        """Partnerships at 4 players (seats 0+2 and 1+3); every player alone at 2 or 3."""
        return 2 if self._players == 4 else self._players

    @property
    def options(self) -> Dict[str, Any]:
        """The options and their values, as a new dict in the rule set's order: escoba's
        escoba_on_last_card, opening_capture and setenta; {} in the other rule sets."""
        return dict(self._options)

    @property
    def capture_total(self) -> Optional[int]:
        """15 or 40 in the fifteen family; None in quinte."""
        return RULE_SETS[self._name].capture_total

    @property
    def values(self) -> Optional[Tuple[int, ...]]:
        """Value toward the capture total, by rank index (None in quinte)."""
        return RULE_SETS[self._name].values

    @property
    def deck(self) -> str:
        """The deck the rule set is played with: "baraja", or "quinte" for quinte."""
        return RULE_SETS[self._name].deck

    @property
    def escoba_on_last_card(self) -> bool:
        """Escoba's option: whether clearing the table with a player's final card of the deal
        scores an escoba (default False). AttributeError in a rule set without the option."""
        return cast(bool, self._option("escoba_on_last_card"))

    @property
    def opening_capture(self) -> bool:
        """Escoba's option: whether an opening table of 15 or 30 goes to the dealer with 1 or
        2 escobas (default True). AttributeError in a rule set without the option."""
        return cast(bool, self._option("opening_capture"))

    @property
    def setenta(self) -> str:
        """Escoba's option: how the setenta is won, "prime" (the default) or "sum".
        AttributeError in a rule set without the option."""
        return cast(str, self._option("setenta"))

    def _option(self, key: str) -> Any:
        options = dict(self._options)
        if key not in options:
            raise AttributeError(f"{self._name} has no option {key!r}")
        return options[key]

    def side_of(self, seat: int) -> int:
        """Partners at 4 players (seat % 2); every player alone at 2 or 3."""
        return seat % 2 if self._players == 4 else seat

    def to_dict(self) -> Dict[str, Any]:
        """The rules as a dict: name, players, target, then the options; `Rules.from_dict`
        reads it back."""
        return {"name": self._name, "players": self._players, "target": self._target, **dict(self._options)}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Rules":
        """The rules a dict such as `to_dict` gives describes: `Rules(**data)`, with its
        checks."""
        return cls(**data)

    def __repr__(self) -> str:
        parts = [repr(self._name), f"players={self._players}", f"target={self._target}"]
        parts += [f"{k}={v!r}" for k, v in self._options]
        return f"Rules({', '.join(parts)})"

    def _key(self) -> Tuple[Any, ...]:
        return (self._name, self._players, self._target, self._options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_rules_from_dict, (self.to_dict(),))


def _rules_from_dict(data: Dict[str, Any]) -> Rules:
    return Rules(**data)
