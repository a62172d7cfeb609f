"""The exceptions both backends raise: one class each, so `except` works for either."""

from typing import Any, Dict, Optional


class IllegalMoveError(ValueError):
    """A move that is malformed or not legal in the current position.

    Raised by ``Game.play``; the game is left exactly as it was.
    """


class BotError(ValueError):
    """A Python bot given to ``simulate`` raised an exception or returned an illegal move.

    The message names the bot, its seat, the match and its seed (and the move). ``result``
    holds the matches finished before that one (a ``SimulationResult``); ``__cause__`` is
    the bot's own exception, if it raised one.
    """

    def __init__(
        self,
        message: str,
        *,
        bot: Optional[str] = None,
        seat: Optional[int] = None,
        match_seed: Optional[int] = None,
        index: Optional[int] = None,
        move: Any = None,
        result: Any = None,
    ) -> None:
        super().__init__(message)
        self.bot, self.seat, self.match_seed, self.index, self.move = bot, seat, match_seed, index, move
        self.result = result

    def __reduce__(self) -> Any:
        return (_rebuild, (BotError, str(self), vars(self)))


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped ``simulate``; ``result`` holds every match finished before it."""

    def __init__(self, message: str, *, result: Any = None) -> None:
        super().__init__(message)
        self.result = result

    def __reduce__(self) -> Any:
        return (_rebuild, (SimulationInterrupted, str(self), vars(self)))


def _rebuild(cls: Any, message: str, attrs: Dict[str, Any]) -> Any:
    error = cls.__new__(cls)
    Exception.__init__(error, message) if issubclass(cls, Exception) else BaseException.__init__(error, message)
    error.__dict__.update(attrs)
    return error
