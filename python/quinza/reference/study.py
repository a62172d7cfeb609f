"""`review` of the reference: every move of a match valued with the reference's `Game`,
bots and solver (docs/reference/study.md "Reviewing a match"). The review itself is written once,
in quinza/study/review.py, over the public API of the twin it is handed."""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

from ..study import review as _review
from ..study.review import Review as Review  # re-exported by the reference


def review(game: Any, bot: Any = None, seed: Any = 0, hindsight: Any = _review.HINDSIGHT_NODES,
           progress: Optional[Callable[[int, int], Any]] = None) -> Review:
    api = sys.modules[__name__.rpartition(".")[0]]  # the reference's package, loaded: no import circle
    return _review.review(api, game, bot, seed, hindsight, progress)


review.__doc__ = _review.REVIEW_DOC
