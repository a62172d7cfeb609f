"""Rule sets of RULES.md: their names, player counts, targets and options.

Three capture games of the fifteen family (quinza, rb3ine, escoba) and the trick game
quinte (4 players only, target 250 by default, no options).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .cards import ESCOBA_VALUES, PRINTED_VALUES

# name -> (capture total, values by rank index, default target, options with defaults);
# quinte, the trick game, has no capture total and no card values.
_RULE_SETS: Dict[str, Tuple[Optional[int], Optional[Tuple[int, ...]], int, Dict[str, Any]]] = {
    "quinza": (15, PRINTED_VALUES, 151, {}),
    "rb3ine": (40, PRINTED_VALUES, 151, {}),
    "escoba": (
        15,
        ESCOBA_VALUES,
        21,
        {"escoba_on_last_card": False, "opening_capture": True, "setenta": "prime"},
    ),
    "quinte": (None, None, 250, {}),
}
SETENTA_METHODS = ("prime", "sum")


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
        if not isinstance(name, str) or name not in _RULE_SETS:
            raise ValueError(f"unknown rule set {name!r}: choose quinza, rb3ine, escoba or quinte")
        _, _, default_target, defaults = _RULE_SETS[name]
        if name == "quinte":  # two partnerships of two, nothing else
            if players is None:
                players = 4
            if isinstance(players, bool) or not isinstance(players, int) or players != 4:
                raise ValueError(f"quinte is played by 4 players, not {players!r}")
        if players is None:
            players = 2
        if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
            raise ValueError(f"{name} is played by 2, 3 or 4 players, not {players!r}")
        if target is None:
            target = default_target
        if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target < 2**64:
            raise ValueError(f"target must be a whole number from 1 to 2**64-1, not {target!r}")
        chosen = dict(defaults)
        for key, value in options.items():
            if key not in defaults:
                allowed = ", ".join(defaults) or "none"
                raise ValueError(f"unknown option {key!r} for {name}; its options: {allowed}")
            if key == "setenta":
                if value not in SETENTA_METHODS or not isinstance(value, str):
                    raise ValueError(f"setenta must be 'prime' or 'sum', not {value!r}")
            elif not isinstance(value, bool):
                raise ValueError(f"{key} must be True or False, not {value!r}")
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
        return self._name

    @property
    def players(self) -> int:
        return self._players

    @property
    def target(self) -> int:
        return self._target

    @property
    def sides(self) -> int:
        """Partnerships at 4 players (seats 0+2 and 1+3); every player alone at 2 or 3."""
        return 2 if self._players == 4 else self._players

    @property
    def options(self) -> Dict[str, Any]:
        return dict(self._options)

    @property
    def capture_total(self) -> Optional[int]:
        """15 or 40 in the fifteen family; None in quinte."""
        return _RULE_SETS[self._name][0]

    @property
    def values(self) -> Optional[Tuple[int, ...]]:
        """Value toward the capture total, by rank index (None in quinte)."""
        return _RULE_SETS[self._name][1]

    @property
    def deck(self) -> str:
        """The deck the rule set is played with: "baraja", or "quinte" for quinte."""
        return "quinte" if self._name == "quinte" else "baraja"

    @property
    def escoba_on_last_card(self) -> bool:
        return self._option("escoba_on_last_card")

    @property
    def opening_capture(self) -> bool:
        return self._option("opening_capture")

    @property
    def setenta(self) -> str:
        return self._option("setenta")

    def _option(self, key: str) -> Any:
        options = dict(self._options)
        if key not in options:
            raise AttributeError(f"{self._name} has no option {key!r}")
        return options[key]

    def side_of(self, seat: int) -> int:
        return seat % 2 if self._players == 4 else seat

    def to_dict(self) -> Dict[str, Any]:
        return {"name": self._name, "players": self._players, "target": self._target, **dict(self._options)}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Rules":
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
