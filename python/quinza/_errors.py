"""The exceptions both backends raise: one class each, so `except` works for either."""


class IllegalMoveError(ValueError):
    """A move that is malformed or not legal in the current position.

    Raised by ``Game.play``; the game is left exactly as it was.
    """
