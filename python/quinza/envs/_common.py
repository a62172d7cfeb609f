"""What the two envs share: the engine, the rewards of a move, the seat's view as text.
Pure Python over the public API (`encode`, `action_mask`, `move_of`, `play`'s events), so
either backend plays: the Rust core (`quinza`) or the reference (`quinza.reference`)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..engines import Engine
from ..engines import engine
from .._registry import Spec
from ..bots import bot_from_text, bot_kind, split_bots

REWARDS = ("match", "deal")
RENDER_MODES = ("ansi", "human")
ILLEGAL = ("lose", "raise")


def backend_module(chosen: Any, backend: Any = None) -> Engine:
    """The engine an env plays on: `engine=` (`chosen`) or its older name `backend=`, each
    "rust" (or None), "reference", an engine object, or a twin's package (`quinza`,
    `quinza.reference`: its `ENGINE`). Both given is a ValueError, unless they agree."""
    if chosen is not None and backend is not None and backend_module(chosen) is not backend_module(backend):
        raise ValueError(f"engine={chosen!r} and backend={backend!r} name two engines: give engine= alone")
    picked = backend if chosen is None else chosen
    return engine(getattr(picked, "ENGINE", picked))


def check_choice(value: Any, name: str, choices: Sequence[Any]) -> Any:
    if value not in choices:
        raise ValueError(f"unknown {name} {value!r}: choose " + " or ".join(repr(c) for c in choices))
    return value


def check_max_deals(max_deals: Any) -> Optional[int]:
    if max_deals is None:
        return None
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise ValueError(f"max_deals must be None or a whole number from 1, not {max_deals!r}")
    return max_deals


def opponent_bots(api: Engine, opponents: Any, others: int) -> List[Any]:
    """One bot per other seat from `opponents`: one bot for all, or a list (or comma-separated
    text, as `simulate` reads it) of one per other seat; each a core bot's name or text
    ("pimc:worlds=8", made a bot object here), a bot object, or a callable (game) -> move.
    An unknown bot or parameter is refused now, not at the first reset."""
    if isinstance(opponents, str):
        opponents = split_bots(opponents)
    specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents]
    if len(specs) == 1:
        specs = specs * others
    if len(specs) != others:
        raise ValueError(f"opponents: give 1 or {others} bots for the other seats, not {len(specs)}")
    bots = []
    for spec in specs:
        bot = bot_from_text(api, spec) if isinstance(spec, str) else spec
        if not isinstance(bot, (str, Spec)) and not callable(bot):
            raise ValueError(f"an opponent is a bot name or text, a bot, or a callable (game) -> move, not {spec!r}")
        bot_kind(api, bot)  # refuses an unknown name
        bots.append(bot)
    return bots


def move_rewards(game: Any, events: Sequence[Any], reward: str) -> List[float]:
    """Per seat, what one `play` earned. "deal": each deal scored, the seat's side's points
    minus the mean of the other sides' points of that deal. "match": at the end of the
    match +1 for the winning side's seats, -1 for the others, 0 each for a draw."""
    rules = game.rules
    seats = range(rules.players)
    out = [0.0] * rules.players
    for event in events:
        if reward == "deal" and event.kind == "deal_scored":
            points = list(event.deal.points)
            total = sum(points)
            for seat in seats:
                own = points[rules.side_of(seat)]
                out[seat] += own - (total - own) / (rules.sides - 1)
        if reward == "match" and event.kind == "match_over":
            winner = game.winner
            for seat in seats:
                out[seat] = 0.0 if winner is None else (1.0 if rules.side_of(seat) == winner else -1.0)
    return out


def view_text(game: Any, seat: int) -> str:
    """What `seat` may know, as text: its observation, key by key (the rules first)."""
    obs: Dict[str, Any] = game.observation(seat)
    rules = game.rules
    turn = "match over" if obs["turn"] is None else f"seat {obs['turn']} to play"
    lines = [f"{rules.name}, seat {seat}'s view: deal {obs['deal_number']}, dealer seat {obs['dealer']}, {turn}"]
    for key, value in obs.items():
        if key in ("rules", "seat", "deal_number", "dealer", "turn"):
            continue
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = " ".join(value) or "-"
        lines.append(f"{key}: {value}")
    return "\n".join(lines)
