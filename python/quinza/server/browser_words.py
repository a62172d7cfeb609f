"""The browser's words from the catalog (docs/howto/translate.md): static/words.json is
the English source of every word the pages show, keyed ("move.play": "{who} plays the
{card}."; a count's entry {"one": ..., "other": ...}); scripts/catalog.py puts each entry
in the catalog under the context "browser KEY", and GET /api/words?lang=LANG gives a page
the entries in its language (`entries`): the page's choice, else its Accept-Language,
else English. A count's entry gives one form for each plural category of the browser's
Intl.PluralRules. In a language other than English every card is named whole, as its
players name it (quinza.words), the article with it."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

from .. import _phrases, words

SOURCE = Path(__file__).parent / "static" / "words.json"
CONTEXT = "browser {key}"
# A number of each plural category, for a language's gettext forms (CLDR's categories the
# browser's Intl.PluralRules names).
CATEGORIES = {"zero": 0, "one": 1, "two": 2, "few": 3, "many": 1_000_000, "other": 7}

English = Union[str, Tuple[str, str]]


@functools.lru_cache(maxsize=None)
def english(source: Path = SOURCE) -> Dict[str, English]:
    """words.json's table (this package's, or the file `source`): key -> its sentence, or
    (one, other) for a count."""
    table = json.loads(source.read_text(encoding="utf-8"))
    return {key: text if isinstance(text, str) else (text["one"], text["other"]) for key, text in table.items()}


def entries(lang: str) -> Dict[str, Any]:
    """The browser's table in `lang` (a code the catalog has): each entry translated, a
    count's one form for each plural category, the bots' names that are words (`bot.hard`);
    outside English, each card's whole name."""
    spoken = words.voice(lang)
    out: Dict[str, Any] = {}
    for key, text in english().items():
        context = CONTEXT.format(key=key)
        if isinstance(text, tuple):
            out[key] = {category: spoken.np(context, text[0], text[1], n) for category, n in CATEGORIES.items()}
        else:
            out[key] = spoken.p(context, text)
    out.update({f"bot.{name}": spoken.p("bot", said) for name, said in _phrases.BOT_WORDS.items()})
    if lang != words.SOURCE:
        for deck, cards in (("baraja", _BARAJA), ("quinte", _QUINTE)):
            out.update({f"card.{deck}.{card}": spoken.card(card, deck) for card in cards})
    return out


_BARAJA = [f"{rank}{suit}" for suit in "oceb" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
_QUINTE = [f"{rank}{suit}" for suit in "shdc" for rank in (*range(2, 11), "J", "Q", "K", "A")] + ["JK"]


def chosen(asked: Optional[str], accept: Optional[str]) -> str:
    """The page's language: the one it asks for if the catalog has it, else its
    Accept-Language's, else English."""
    try:
        return words.choose(asked or None, accept, locale=False)
    except ValueError:
        return words.choose(None, accept, locale=False)


def template_messages(source: Path = SOURCE) -> List[Tuple[str, English]]:
    """(context, English) of every entry of words.json (`source`: a source tree's, where the
    catalog is made, scripts/catalog.py), for the catalog's template."""
    return [(CONTEXT.format(key=key), text) for key, text in english(source).items()]
