"""Reading a game back from its JSON text (docs/reference/json.md "JSON"), with clear errors."""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, overload

from .. import _jsontext
from .cards import DECK_SIZE, Card, read_card
from .deal import DealResult, saturating_sum
from .generator import Random
from .rules import RULE_SETS, Rules, row_of
from .._words import name_key, quoted

_KEYS = (
    "format", "version", "rules", "rng", "deal_number", "dealer", "turn", "hands", "table",
    "stock", "piles", "escobas", "last_capturer", "scores", "winner", "deals",
)
_DEAL_KEYS = ("deal_number", "dealer", "piles", "points", "details", "escobas", "last_capturer")
# The details of a deal's points, by the rule set's scoring.
_DETAIL_KEYS = {
    "card_points": ("gold", "other"),
    "categories": ("cards", "oros", "seven_of_oros", "setenta", "escobas"),
    "quints_and_tricks": ("quints", "tricks"),
}
# Quinte, the trick game, has its own layout (docs/reference/json.md "Quinte: JSON").
_QUINTE_KEYS = (
    "format", "version", "rules", "rng", "deal_number", "dealer", "turn", "bids", "hands",
    "stock", "played", "piles", "quints", "last_capturer", "scores", "winner", "deals",
)


def _family(name: Any) -> str:
    """The family whose layout reads the game: the named rule set's, or the first row's
    (which words the error) when the name is not one."""
    row = RULE_SETS.get(name_key(name)) if isinstance(name, str) else None
    return (row or next(iter(RULE_SETS.values()))).family


class _Bad(Exception):
    pass


def game_from_json(text: Any, families: Dict[str, Any]) -> Any:
    """The game of a JSON text, read by the class of its rules' family (`families`:
    family name -> class, whose `_read_json` reads the rest); ValueError when it is not one."""
    try:
        if not isinstance(text, (str, bytes, bytearray)):
            raise _Bad(f"expected a str, not {type(text).__name__}")
        try:
            data = _jsontext.loads(text)
        except _jsontext.NotJson as error:
            raise _Bad(f"not JSON ({error})") from None
        name = data["rules"].get("name") if isinstance(data, dict) and isinstance(data.get("rules"), dict) else None
        return families[_family(name)]._read_json(data)
    except _Bad as bad:
        raise ValueError(f"invalid game JSON: {bad}") from None


def _envelope(data: Any, keys: Tuple[str, ...]) -> Tuple[Rules, int]:
    """The keys, then what every game's JSON begins with: format, version, rules, rng."""
    _object(data, keys, "the game")
    if data["format"] != "quinza-game":
        raise _Bad(f"format must be 'quinza-game', not {quoted(data['format'])}")
    if data["version"] != 1 or isinstance(data["version"], bool):
        raise _Bad(f"version {quoted(data['version'])} is not supported (this is version 1)")
    if not isinstance(data["rules"], dict):
        raise _Bad("rules must be an object")
    try:
        rules = Rules(**data["rules"])
    except (ValueError, TypeError) as error:
        raise _Bad(f"rules: {error}") from None
    rng = data["rng"]
    if not isinstance(rng, str) or len(rng) != 16 or any(ch not in "0123456789abcdef" for ch in rng):
        raise _Bad(f"rng must be 16 lower-case hex digits, not {quoted(rng)}")
    return rules, int(rng, 16)


def read_fifteen(cls: Any, data: Any) -> Any:
    """A game of the fifteen family (`cls`, FifteenGame): checked by its from_position; a
    finished match (turn null) as the deal it ended with."""
    rules, rng = _envelope(data, _KEYS)
    n, sides = rules.players, rules.sides
    hands = [_cards(h, "hands") for h in _list(data["hands"], n, "hands")]
    table = _cards(data["table"], "table")
    stock = _cards(data["stock"], "stock")
    piles = [_cards(p, "piles") for p in _list(data["piles"], sides, "piles")]
    escobas = [_number(e, "escobas") for e in _list(data["escobas"], sides, "escobas")]
    scores = [_number(s, "scores") for s in _list(data["scores"], sides, "scores")]
    dealer = _seat(data["dealer"], n, "dealer", optional=False)
    last_capturer = _seat(data["last_capturer"], n, "last_capturer", optional=True)
    turn = _seat(data["turn"], n, "turn", optional=True)
    winner = _seat(data["winner"], sides, "winner", optional=True)
    deal_number = _number(data["deal_number"], "deal_number")
    if deal_number < 1:
        raise _Bad("deal_number must be at least 1")
    deals = [_deal(d, rules) for d in _list(data["deals"], None, "deals")]

    if turn is None:
        game = _finished(cls, rules, hands, table, stock, piles, dealer)
        # from_position sets (and checks) these; a finished match takes them as they are
        game._deal_number = deal_number
        game._dealer = dealer
        game._turn = None
        game._piles = piles
        game._escobas = escobas
        game._last_capturer = last_capturer
        game._scores = scores
        game._winner = None
    else:
        try:
            game = cls.from_position(
                rules, hands, table, stock, dealer=dealer, turn=turn, scores=scores, piles=piles,
                escobas=escobas, last_capturer=last_capturer, deal_number=deal_number,
            )
        except ValueError as error:
            raise _Bad(str(error)) from None
    game._rng = Random(rng)
    game._deals = deals
    if turn is None and not game._match_over():
        raise _Bad(f"turn is null, but the scores {scores} do not end the match")
    if game._winner != winner:
        raise _Bad(f"winner is {quoted(winner)}, but the scores {scores} give {game._winner!r}")
    return game


def _finished(cls: Any, rules: Rules, hands: List[List[Card]], table: List[Card],
              stock: List[Card], piles: List[List[Card]], dealer: int) -> Any:
    """A finished match: nothing left to play, every card on the table or in a pile."""
    if any(hands) or stock:
        raise _Bad("the match is over (turn is null) but cards are left to play")
    cards = table + [c for p in piles for c in p]
    if len(set(cards)) != len(cards) or len(cards) != DECK_SIZE:
        raise _Bad("a finished deal must hold each of the 40 cards once in the piles and table")
    game = cls.__new__(cls)
    game._rules = rules
    game._hands = [[] for _ in range(rules.players)]
    game._table = table
    game._stock = []
    game._new_round()
    return game


def _object(value: Any, keys: Tuple[str, ...], what: str) -> None:
    if not isinstance(value, dict):
        raise _Bad(f"{what} must be an object")
    if set(value) != set(keys):
        missing = [k for k in keys if k not in value]
        extra = sorted(k for k in value if k not in keys)
        raise _Bad(f"{what}: missing keys {missing}, unknown keys {quoted(extra)}")


def _list(value: Any, count: Optional[int], what: str) -> List[Any]:
    if not isinstance(value, list):
        raise _Bad(f"{what} must be a list")
    if count is not None and len(value) != count:
        raise _Bad(f"{what} needs {count} entries, not {len(value)}")
    return value


def _cards(value: Any, what: str, deck: str = "baraja") -> List[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _Bad(f"{what} must hold lists of card text")
    try:
        return [read_card(c, deck) for c in value]
    except ValueError as error:
        raise _Bad(f"{what}: {error}") from None


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 64:
        raise _Bad(f"{what} must hold whole numbers from 0 to 2**64-1, not {quoted(value)}")
    return value


@overload
def _seat(value: Any, size: int, what: str, optional: Literal[False]) -> int: ...
@overload
def _seat(value: Any, size: int, what: str, optional: bool) -> Optional[int]: ...
def _seat(value: Any, size: int, what: str, optional: bool) -> Optional[int]:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise _Bad(f"{what} must be 0..{size - 1}{' or null' if optional else ''}, not {quoted(value)}")
    return value


def _deal(value: Any, rules: Rules) -> DealResult:
    _object(value, _DEAL_KEYS, "a deal")
    sides = rules.sides
    piles = [sorted(_cards(p, "deal piles", rules.deck)) for p in _list(value["piles"], sides, "deal piles")]
    cards = [c for p in piles for c in p]
    if len(set(cards)) != len(cards):
        raise _Bad("a deal's piles hold a card twice")
    details = _list(value["details"], sides, "deal details")
    keys = _DETAIL_KEYS[row_of(rules).scoring]
    for detail in details:
        _object(detail, keys, "deal details")
    details = [{k: _number(d[k], "deal details") for k in keys} for d in details]
    points = [_number(p, "deal points") for p in _list(value["points"], sides, "deal points")]
    if points != [saturating_sum(d.values()) for d in details]:
        raise _Bad(f"deal points {points} are not the sum of their details")
    deal_number = _number(value["deal_number"], "deal_number")
    if deal_number < 1:
        raise _Bad("deal_number must be at least 1")
    return DealResult(
        deal_number,
        _seat(value["dealer"], rules.players, "deal dealer", optional=False),
        piles,
        points,
        details,
        [_number(e, "deal escobas") for e in _list(value["escobas"], sides, "deal escobas")],
        _seat(value["last_capturer"], rules.players, "deal last_capturer", optional=True),
    )


def read_quinte(position: Any, data: Any) -> Any:
    """A quinte game: the same checks as `position` (quinte's from_position); a finished
    match (turn null) is checked as the position it ended in."""
    rules, rng = _envelope(data, _QUINTE_KEYS)
    hands = [_cards(h, "hands", "quinte") for h in _list(data["hands"], 4, "hands")]
    stock = _cards(data["stock"], "stock", "quinte")
    played = _cards(data["played"], "played", "quinte")
    piles = [_cards(p, "piles", "quinte") for p in _list(data["piles"], 2, "piles")]
    bids = _list(data["bids"], None, "bids")
    if not all(isinstance(b, str) for b in bids):
        raise _Bad("bids must be a list of pass, double or redouble")
    quints = [_number(q, "quints") for q in _list(data["quints"], 2, "quints")]
    scores = [_number(s, "scores") for s in _list(data["scores"], 2, "scores")]
    dealer = _seat(data["dealer"], 4, "dealer", optional=False)
    last_capturer = _seat(data["last_capturer"], 4, "last_capturer", optional=True)
    turn = _seat(data["turn"], 4, "turn", optional=True)
    winner = _seat(data["winner"], 2, "winner", optional=True)
    deal_number = _number(data["deal_number"], "deal_number")
    if deal_number < 1:
        raise _Bad("deal_number must be at least 1")
    deals = [_deal(d, rules) for d in _list(data["deals"], None, "deals")]
    trick = played[len(played) - len(played) % 4 :]
    try:
        game = position(
            rules, hands, trick, stock, dealer=dealer, turn=turn, scores=scores, piles=piles, escobas=None,
            last_capturer=last_capturer, deal_number=deal_number, seed=0,  # the generator: rng, below
            bids=bids, quints=quints, played=played, over=turn is None,
        )
    except ValueError as error:
        raise _Bad(str(error)) from None
    game._rng = Random(rng)
    game._deals = deals
    if game._winner != winner:
        raise _Bad(f"winner is {quoted(winner)}, but the scores {scores} give {game._winner!r}")
    return game
