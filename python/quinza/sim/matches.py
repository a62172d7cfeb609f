"""One match of a simulation, move by move: each seat's bot made for the match and
asked in turn; a Python bot that fails is named in a `BotError`."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from ..engines import Engine
from .._errors import BotError, IllegalMoveError
from .._registry import Spec
from ..bots import bot_kind, bot_name, bot_params


def seat_players(api: Engine, seat_bots: Sequence[Any], match_seed: int) -> List[Any]:
    """The bots of one match: core bots and named Python bots (`Spec`) new for the match,
    each seeded with its seat's seed (the greedy bot only checks it); Python callables as
    they are."""
    players = []
    for seat, b in enumerate(seat_bots):
        kind = bot_kind(api, b)
        if isinstance(b, Spec):
            players.append(b.make(api.seat_seed(match_seed, seat)))
        else:
            players.append(b if kind is None else api.bot(kind, api.seat_seed(match_seed, seat), **bot_params(b)))
    return players


def play_match(api: Engine, rules: Any, seat_bots: Sequence[Any], match_seed: int, index: Optional[int] = None) -> Tuple[Any, int]:
    """Play the match seeded `match_seed` to its end: `Game(rules, seed=match_seed)`, each
    seat's bot choosing in turn. A Python bot gets a copy of the game (it cannot change
    the match); what it returns is played, and an illegal move or an exception raises
    `BotError` naming the bot, the seat, the match and the move. Returns (game, moves)."""
    players = seat_players(api, seat_bots, match_seed)
    game = api.Game(rules, seed=match_seed)
    moves = 0
    where = f"match {index} (match seed {match_seed})" if index is not None else f"the match seeded {match_seed}"
    while not game.is_over:
        seat = game.turn
        bot = players[seat]
        if bot_kind(api, seat_bots[seat]) is not None:
            game.play(bot(game))
        else:
            name = bot_name(api, seat_bots[seat])
            try:
                move = bot(game.copy())
            except Exception as error:
                raise BotError(
                    f"bot {name} at seat {seat} raised {type(error).__name__}: {error} in {where}",
                    bot=name, seat=seat, match_seed=match_seed, index=index,
                ) from error
            try:
                game.play(move)
            except IllegalMoveError as error:
                shown = str(move) if type(move).__name__ == "Move" else repr(move)
                raise BotError(
                    f"bot {name} at seat {seat} played an illegal move {shown} in {where}: {error}",
                    bot=name, seat=seat, match_seed=match_seed, index=index, move=move,
                ) from None
        moves += 1
    return game, moves
