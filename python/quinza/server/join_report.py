"""What `quinza join` tells the person who runs a remote bot while it plays: a line a deal
(the deal's points, the match's scores, the bot's moves and how long they took) and a
summary at the end, in the words of the language in force (quinza.words)."""

from __future__ import annotations

from typing import Any, Callable, List, Optional

from .. import _phrases
from ..words import _, ngettext

Message = Any


def _ms(seconds: float) -> str:
    return format(1000 * seconds, ".1f")


def _time_words(times: List[float]) -> str:
    """"12 moves, 3.1 ms a move (at most 9.8 ms)"; "no move" before the bot moved."""
    if not times:
        return _("no move")
    return _("{moves}, {mean} ms a move (at most {most} ms)",
             moves=ngettext("{count} move", "{count} moves", len(times)),
             mean=_ms(sum(times) / len(times)), most=_ms(max(times)))


class Tally:
    """Hears the messages of the seat's connection and the bot's thinking times, and says
    a line at each deal's end (`say`; None says nothing)."""

    def __init__(self, say: Optional[Callable[[str], None]]) -> None:
        self.say = say
        self.deal_times: List[float] = []
        self.times: List[float] = []
        self.deals = 0
        self._scored: Optional[Message] = None  # a deal scored, said with the next state's scores

    def moved(self, seconds: float) -> None:
        """The bot took `seconds` to choose a move."""
        self.deal_times.append(seconds)
        self.times.append(seconds)

    def heard(self, message: Message) -> None:
        """A message of the server, as the connection received it."""
        if message.get("type") == "played":
            for event in message.get("events", []):
                if event.get("kind") == "deal_scored" and event.get("deal") is not None:
                    self._scored = event["deal"]
        elif message.get("type") == "state" and self._scored is not None:
            deal, self._scored = self._scored, None
            self.deals += 1
            if self.say is not None:
                self.say(self.deal_words(deal["deal_number"], deal["points"], message["view"]["scores"]))
            self.deal_times = []

    def deal_words(self, number: int, points: List[int], scores: List[int]) -> str:
        """"deal 2 scored: side 0 +3, side 1 +2; the match: side 0 = 7, side 1 = 4; the bot:
        5 moves, 2.1 ms a move (at most 4.0 ms)"."""
        gained = ", ".join(_("{side} +{points}", side=_phrases.side(s), points=p) for s, p in enumerate(points))
        return _("{deal}; the match: {scores}; the bot: {time}",
                 deal=_("deal {number} scored: {points}", number=number, points=gained),
                 scores=_phrases.per_side(scores), time=_time_words(self.deal_times))

    def summary(self, view: Message) -> str:
        """The match's end, and the bot's moves over the whole match."""
        return _("{result}; {deals}, the bot: {time}", result=result_words(view),
                 deals=ngettext("{count} deal", "{count} deals", self.deals), time=_time_words(self.times))


def result_words(view: Message) -> str:
    """The match's end as a player reads it: "the match is over: side 0 wins (side 0 = 21,
    side 1 = 15)"."""
    return _("the match is over: {outcome} ({scores})", outcome=_phrases.outcome(view["winner"]),
             scores=_phrases.per_side(view["scores"]))
