"""The words' catalog (quinza.words, docs/howto/translate.md): the .po files hold every
message the package marks, translated in Spanish and French and not fuzzy; the .mo files
the package reads are compiled from them as they are; cards are named as each language's
players name them; the language is chosen as said; the server says a message made once in
each receiver's language."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Set, Tuple

import pytest

import quinza
from quinza import _phrases, words
from quinza.bots import LEVELS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import catalog  # noqa: E402  (scripts/catalog.py, which needs Babel: the test extra has it)

TRANSLATED = ("es", "fr")
PLACE = re.compile(r"\{\w*\}")


def messages(lang: str) -> Dict[Tuple[Any, Any], Any]:
    return {(m.context, m.id): m for m in catalog.read(catalog.po_path(lang)) if m.id}


def test_the_catalog_is_made_from_the_code_as_it_is() -> None:
    # The template holds what the code marks; each .po merges it; each .mo is its .po compiled.
    assert catalog.stale() == []
    assert catalog.languages() == list(TRANSLATED)
    assert set(words.LANGUAGES) == {"en", *TRANSLATED} and words.SOURCE == "en"
    for lang in TRANSLATED:
        mo = catalog.po_path(lang).with_suffix(".mo")
        assert mo.read_bytes() == catalog.mo_bytes(catalog.read(catalog.po_path(lang)))


def test_the_check_finds_a_message_the_code_has_and_the_catalog_not(tmp_path: Path, monkeypatch: Any) -> None:
    # The check can fail: a message added to the code, not yet extracted, makes the catalog stale.
    package = tmp_path / "quinza"
    (package / "locale").mkdir(parents=True)
    (package / "new.py").write_text('from quinza.words import _\n_("a message no catalog has yet")\n')
    for lang in TRANSLATED:
        (package / "locale" / lang / "LC_MESSAGES").mkdir(parents=True)
        for suffix in (".po", ".mo"):
            path = catalog.po_path(lang).with_suffix(suffix)
            (package / "locale" / lang / "LC_MESSAGES" / path.name).write_bytes(path.read_bytes())
    (package / "locale" / "quinza.pot").write_bytes(catalog.TEMPLATE.read_bytes())
    monkeypatch.setattr(catalog, "PACKAGE", package)
    monkeypatch.setattr(catalog, "LOCALE", package / "locale")
    monkeypatch.setattr(catalog, "TEMPLATE", package / "locale" / "quinza.pot")
    assert "a message no catalog has yet" in {m.id for m in catalog.extracted()}
    assert package / "locale" / "quinza.pot" in catalog.stale()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_not_fuzzy_with_its_places(lang: str) -> None:
    template = {(m.context, m.id) for m in catalog.extracted() if m.id}
    found = messages(lang)
    assert template and template <= set(found), template - set(found)
    for key, m in found.items():
        assert "fuzzy" not in m.flags, key
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert forms and all(forms), f"{lang}: not translated: {key}"
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        places = [set(PLACE.findall(i)) for i in ids]
        for form in forms:  # each form fills places its message has (a count's "one" may leave out {n})
            assert set(PLACE.findall(form)) <= set().union(*places), (lang, key, form)
        assert set(PLACE.findall(forms[-1])) == places[-1], (lang, key, forms[-1])
    # A translation is no copy of the English, but for the words that are the same
    # (names of games and terms kept: escoba, setenta, cachette, bots; "base"; French "table", "six", "expert",
    # "verdict").
    kept = re.compile(r"(?i)escobas?|setenta|cachette|quinza|rb3ine|quinte|bots?|score|points|quinza play|table|six|expert|base|verdict")
    same = [m.id for m in found.values() if m.string == m.id and re.search(r"[a-z]{3}", kept.sub("", PLACE.sub("", str(m.id))))]
    assert same == [], same


def test_the_runtime_reads_the_catalog_without_babel() -> None:
    # gettext of the standard library reads the .mo files: Babel made them, the package needs it not.
    code = ("import sys; sys.modules['babel'] = None\n"
            "from quinza import words\n"
            "print(words.voice('es')('your turn'), words.voice('fr').n('{count} card', '{count} cards', 2))")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[0] == "tu turno 2 cartes"


BARAJA = [quinza.Card.from_id(i) for i in range(40)]
QUINTE = [quinza.Card.from_id(i, "quinte") for i in range(53)]


def test_cards_are_named_as_the_players_of_each_language_name_them() -> None:
    es, fr, en = words.voice("es"), words.voice("fr"), words.voice("en")
    assert [es.card(c) for c in ("1o", "10c", "11e", "12b", "7o")] == [
        "el as de oros", "la sota de copas", "el caballo de espadas", "el rey de bastos", "el siete de oros"]
    assert [en.card(c) for c in ("1o", "10c", "11e", "12b")] == [
        "the ace of coins", "the knave of cups", "the knight of swords", "the king of clubs"]
    assert [fr.card(c) for c in ("1o", "10c", "11e", "12b")] == [
        "l'as de deniers", "le valet de coupes", "le cavalier d'épées", "le roi de bâtons"]
    quinte = ("Qh", "Jc", "As", "10d", "JK")
    assert [en.card(c, "quinte") for c in quinte] == [
        "the queen of hearts", "the jack of clubs", "the ace of spades", "the ten of diamonds", "the joker"]
    assert [es.card(c, "quinte") for c in quinte] == [
        "la reina de corazones", "la jota de tréboles", "el as de picas", "el diez de diamantes", "el comodín"]
    assert [fr.card(c, "quinte") for c in quinte] == [
        "la dame de cœur", "le valet de trèfle", "l'as de pique", "le dix de carreau", "le joker"]
    for voice in (es, fr, en):  # every card a name of its own, the same for a Card and its text
        for deck in (BARAJA, QUINTE):
            names = [voice.card(c) for c in deck]
            assert len(set(names)) == len(deck) and all(" " in n for n in names)
            assert names == [voice.card(str(c), c.deck) for c in deck]
    # English names are English throughout; the others' no English word.
    english = {w for c in BARAJA + QUINTE for w in en.card(c).split()}
    assert not english & {"oros", "copas", "espadas", "bastos", "sota", "caballo", "rey", "As"}
    for voice in (es, fr):
        assert not {w for c in BARAJA + QUINTE for w in voice.card(c).split()} & (english - {"joker", "six"})
    assert es.card("zz") == "zz"  # no card: as it is


def test_a_bot_is_named_in_the_players_language_its_parameters_as_written() -> None:
    with words.speaking("es"):
        assert [_phrases.bot_text(b) for b in ("hard", "Expert", "greedy", "pimc:worlds=16", "net:weights=a.qzn")] == [
            "difícil", "experto", "codicioso", "pimc:worlds=16", "red:weights=a.qzn"]
    with words.speaking("fr"):
        assert _phrases.bot_text("master") == "maître" and _phrases.bot_text("mybot") == "mybot"
    with words.speaking("en"):
        assert [_phrases.bot_text(b) for b in ("hard", "ismcts:iterations=200")] == ["hard", "ismcts:iterations=200"]
    assert set(_phrases.BOT_WORDS) >= set(LEVELS)


def test_a_language_is_chosen_as_asked_else_by_accept_language_else_by_the_locale(monkeypatch: Any) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    assert words.choose() == "en"
    assert words.choose("es-MX") == "es" and words.choose("FR_fr.UTF-8") == "fr"
    assert words.choose(None, "de-DE, fr;q=0.9, es;q=0.8") == "fr"
    assert words.choose(None, "de, es;q=0.2, fr;q=0") == "es"
    assert words.choose(None, "de, ja") == "en"
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert words.choose() == "es" and words.choose(None, "fr") == "fr" and words.choose("en") == "en"
    assert words.choose(None, None, locale=False) == "en"  # a server speaks its clients' languages
    monkeypatch.setenv("LANGUAGE", "fr:es")
    assert words.choose() == "fr"
    with pytest.raises(ValueError, match=r"unknown language 'de': the languages are en \(English\), es \(Español\), "
                                         r"fr \(Français\)"):
        words.choose("de")


def test_the_language_in_force_is_the_contexts() -> None:
    with words.speaking("fr"):
        assert words._("your turn") == "à vous"
        with words.speaking("es"):
            assert words.ngettext("{count} deal", "{count} deals", 1) == "1 reparto"
            assert words.pgettext("bid", "double") == "doblo"
        assert words.current().lang == "fr"
    message = words.later("seat {seat} is taken by {name}", seat=2, name="Ana")
    assert [message.in_voice(words.voice(lang)) for lang in ("en", "es", "fr")] == [
        "seat 2 is taken by Ana", "el asiento 2 lo ocupa Ana", "la place 2 est prise par Ana"]
    with words.speaking("es"):
        assert str(message) == "el asiento 2 lo ocupa Ana"


@pytest.mark.parametrize("name", ["quinza", "rb3ine", "escoba", "quinte"])
def test_the_escobas_are_shown_where_the_rules_sweep_whatever_their_name(name: str) -> None:
    row = next(r for r in quinza.rule_sets() if r["name"] == name)
    game = quinza.Game(name, seed=1)
    assert _phrases.sweeps(game.rules) == row["sweeps"] and _phrases.tricks(game.rules) == (row["family"] == "quinte")
    assert ("\nescobas: " in str(game.view())) == row["sweeps"]
    reference = quinza.reference.Game(name, seed=1)  # the same from the reference's own table
    assert ("\nescobas: " in str(reference.view())) == row["sweeps"]


def test_the_server_says_a_message_in_each_connections_language() -> None:
    pytest.importorskip("starlette")
    import asyncio

    from quinza.server.connection import Connection, Settings

    async def sent() -> Set[str]:
        settings = Settings(quinza, 0.0, 10_000, 10.0, 10, False)
        said = set()
        for lang in ("en", "es", "fr"):
            with words.speaking(lang):  # the handshake's language, as the app's middleware sets it
                conn = Connection(0, settings, 0.0)
            conn.send({"type": "error", "ply": 0, "message": words.later("undo is off in this room")})
            said.add(json.loads(await conn.queue.get() or "")["message"])
        conn.speak("es-AR")  # a hello's "lang"
        conn.send({"type": "error", "message": words.later("undo is off in this room")})
        said.add("hello: " + json.loads(await conn.queue.get() or "")["message"])
        with pytest.raises(ValueError, match="unknown language 'xx'"):
            conn.speak("xx")
        return said

    assert asyncio.run(sent()) == {"undo is off in this room", "deshacer está desactivado en esta sala",
                                   "l'annulation est désactivée dans cette salle",
                                   "hello: deshacer está desactivado en esta sala"}
