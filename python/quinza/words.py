"""The words players read, in their languages: one gettext catalog (docs/howto/translate.md).

English is the source language: every message is written in English where it is said,
and `locale/<lang>/LC_MESSAGES/quinza.mo` beside this module gives it in Spanish and
French. The standard library's gettext reads them: Babel makes them, the package does not
need it. Messages are keyed by what the rules do (sweeps, partnerships, bids, gold),
never by a rule set's name. Errors for programmers (an IllegalMoveError, a bad argument)
stay in English (quinza._words).

    >>> from quinza import words
    >>> sorted(words.LANGUAGES)
    ['en', 'es', 'fr']
    >>> words.voice("es").card("1o"), words.voice("fr").card("11e"), words.voice("en").card("JK", deck="quinte")
    ('el as de oros', "le cavalier d'épées", 'the joker')
    >>> with words.speaking("es"):
    ...     words._("your turn"), words.ngettext("{count} card", "{count} cards", 3)
    ('tu turno', '3 cartas')

Where a language is chosen: `choose(lang, accept)`, the one asked for, else the best of an
Accept-Language header, else the locale of the environment, else English. The language
in force is the context's (`speaking`), so a server's connections each keep their own.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import _cardnames
from ._marks import N_, NP_

__all__ = ["LANGUAGES", "SOURCE", "Voice", "Later", "choose", "check_language", "from_accept", "from_locale",
           "voice", "current", "use", "speaking", "translations", "_", "ngettext", "pgettext", "N_", "NP_",
           "later", "later_n", "in_voice"]

# Each language the catalog has, named in itself.
LANGUAGES: Dict[str, str] = {"en": "English", "es": "Español", "fr": "Français"}
SOURCE = "en"  # the language the messages are written in
DOMAIN = "quinza"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


def check_language(lang: Any) -> str:
    """A language code as the catalog knows it: "es", "es-ES", "es_MX.UTF-8" give "es".
    Any other is a ValueError that names the languages there are."""
    code = lang.replace("-", "_").split(".")[0].split("_")[0].lower() if isinstance(lang, str) else None
    if code not in LANGUAGES:
        names = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise ValueError(f"unknown language {lang!r}: the languages are {names}")
    return code


def _known(lang: str) -> Optional[str]:
    try:
        return check_language(lang)
    except ValueError:
        return None


def from_accept(header: Optional[str]) -> Optional[str]:
    """The best language of an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8") that
    the catalog has, or None."""
    ranked = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = _known(tag.strip())
        if code is not None and weight > 0:
            ranked.append((-weight, i, code))
    return min(ranked)[2] if ranked else None


def from_locale(environ: Optional[Dict[str, str]] = None) -> Optional[str]:
    """The language of the environment's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them), if the catalog has it."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in env.get(key, "").split(":"):
            if value and value not in ("C", "POSIX"):
                return _known(value)
    return None


def choose(lang: Optional[str] = None, accept: Optional[str] = None, locale: bool = True) -> str:
    """The language to speak: `lang` if given (checked), else the best of the
    Accept-Language header `accept`, else the environment's locale (unless `locale` is
    False: a server speaks its clients' languages, not its own), else English."""
    if lang is not None:
        return check_language(lang)
    return from_accept(accept) or (from_locale() if locale else None) or SOURCE


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (the source language's messages are as written)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


# -- a voice: the words of one language --------------------------------------------------


AND = N_("{items} and {last}")  # the last of a list


class Voice:
    """The words in one language: `voice("es")("the match is over")`. Each message is
    written in English with named places, filled in after it is translated:
    `v("seat {seat} plays", seat=1)`. `translations` is any gettext translations object
    (a test's stand-in, say)."""

    def __init__(self, lang: str, catalog: Optional[gettext.NullTranslations] = None) -> None:
        self.lang = lang
        self._t = catalog if catalog is not None else translations(check_language(lang))

    def __repr__(self) -> str:
        return f"<Voice {self.lang}>"

    def __call__(self, message: str, **params: Any) -> str:
        return _filled(self._t.gettext(message), params)

    def n(self, singular: str, plural: str, count: int, **params: Any) -> str:
        """A message whose words follow a number (`count`, a place of it too)."""
        return _filled(self._t.ngettext(singular, plural, count), {"count": count, **params})

    def p(self, context: str, message: str, **params: Any) -> str:
        """A message said one way in a context ("baraja card", "bid")."""
        return _filled(self._t.pgettext(context, message), params)

    def np(self, context: str, singular: str, plural: str, count: int, **params: Any) -> str:
        """A message of a context whose words follow `count`."""
        return _filled(self._t.npgettext(context, singular, plural, count), params)

    def listed(self, items: Sequence[str]) -> str:
        """Items as a sentence lists them: "a, b and c"."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self(AND, items=", ".join(items[:-1]), last=items[-1])

    def card(self, card: Any, deck: Optional[str] = None) -> str:
        """A card as players of the language name it: "the knave of cups", "la sota de
        copas", "le valet de coupes"; `card` a Card, or its text with its `deck`."""
        text = str(card)
        return _cardnames.card_name(self, text, deck or getattr(card, "deck", None) or "baraja")


def _filled(text: str, params: Dict[str, Any]) -> str:
    return text.format(**params) if params else text


def voice(lang: Optional[str] = None) -> Voice:
    """The Voice of `lang` (checked), or for None the one in force (`speaking`)."""
    return current() if lang is None else _voice_of(check_language(lang))


@functools.lru_cache(maxsize=None)
def _voice_of(lang: str) -> Voice:
    return Voice(lang)


_CURRENT: "contextvars.ContextVar[Optional[Voice]]" = contextvars.ContextVar("quinza_voice", default=None)
_DEFAULT: List[Optional[Voice]] = [None]


def current() -> Voice:
    """The Voice in force: the context's (`speaking`), else the process's (`use`), else
    the one the environment's locale chooses."""
    found = _CURRENT.get() or _DEFAULT[0]
    if found is None:
        found = _DEFAULT[0] = voice(choose())
    return found


def use(lang: Union[str, Voice, None]) -> Voice:
    """Speak `lang` from now on in this process (a Voice, a code, or None: the locale's)."""
    spoken = lang if isinstance(lang, Voice) else voice(choose(lang))
    _DEFAULT[0] = spoken
    return spoken


@contextlib.contextmanager
def speaking(lang: Union[str, Voice, None]) -> Iterator[Voice]:
    """Speak `lang` within a `with` block (in this context: a task, a thread's own)."""
    spoken = lang if isinstance(lang, Voice) else voice(choose(lang))
    token = _CURRENT.set(spoken)
    try:
        yield spoken
    finally:
        _CURRENT.reset(token)


# -- the words of the voice in force -----------------------------------------------------


def _(message: str, **params: Any) -> str:
    """`message` in the language in force, its places filled."""
    return current()(message, **params)


def ngettext(singular: str, plural: str, count: int, **params: Any) -> str:
    """A message whose words follow `count`, in the language in force."""
    return current().n(singular, plural, count, **params)


def pgettext(context: str, message: str, **params: Any) -> str:
    """A message of a context, in the language in force."""
    return current().p(context, message, **params)


class Later:
    """A message said later, in the receiver's language: a server's refusal is made once
    and worded for each connection (`in_voice`); `str()` says it in the language in force."""

    __slots__ = ("message", "plural", "count", "params")

    def __init__(self, message: str, plural: Optional[str] = None, count: Optional[int] = None,
                 **params: Any) -> None:
        self.message, self.plural, self.count, self.params = message, plural, count, params

    def in_voice(self, spoken: Voice) -> str:
        params = {k: in_voice(v, spoken) for k, v in self.params.items()}
        if self.plural is not None and self.count is not None:
            return spoken.n(self.message, self.plural, self.count, **params)
        return spoken(self.message, **params)

    def __str__(self) -> str:
        return self.in_voice(current())

    def __repr__(self) -> str:
        return f"Later({self.message!r})"


def later(message: str, **params: Any) -> Later:
    """`message` to be said later, in the receiver's language (`Later`)."""
    return Later(message, **params)


def later_n(singular: str, plural: str, count: int, **params: Any) -> Later:
    """A message of `count` to be said later (`Later`)."""
    return Later(singular, plural, count, **params)


def in_voice(text: Any, spoken: Voice) -> Any:
    """A message (a `Later`) in `spoken`; anything else as it is."""
    return text.in_voice(spoken) if isinstance(text, Later) else text
