"""The browser's words come from the server's catalog: GET /api/words gives static/words.json's
table in the page's language (its choice, else its Accept-Language, else English), every
entry translated, a count's forms for each plural category, each card named whole."""

from __future__ import annotations

import json
import re
from pathlib import Path
import pytest

pytest.importorskip("starlette")

from quinza import words  # noqa: E402
from quinza.server import browser_words  # noqa: E402

from .server_util import client as app_client  # noqa: E402

STATIC = Path(browser_words.__file__).parent / "static"


def test_the_english_source_is_read_whole() -> None:
    table = browser_words.english()
    source = json.loads((STATIC / "words.json").read_text(encoding="utf-8"))
    assert list(table) == list(source) and len(table) > 200
    assert table["move.play"] == "{who} plays the {card}."
    assert table["n.cards"] == ("{n} card", "{n} cards")
    assert table["review.how"].startswith("Each move is valued") and table["review.how"].endswith("you played.")


def test_the_page_gets_its_words_in_its_language() -> None:
    with app_client() as client:
        english = client.get("/api/words").json()
        assert english["lang"] == "en" and english["languages"] == words.LANGUAGES
        assert english["words"]["status.your_turn"] == "Your turn."
        assert english["words"]["n.cards"]["one"] == "{n} card" and english["words"]["n.cards"]["other"] == "{n} cards"
        assert not any(key.startswith("card.baraja.") for key in english["words"])  # English: "the {card}"
        assert english["words"]["bot.hard"] == "hard" and "bot.pimc" not in english["words"]  # a search's name
        spanish = client.get("/api/words", headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}).json()
        assert spanish["lang"] == "es"
        said = spanish["words"]
        assert said["status.your_turn"] == "Tu turno." and said["move.play"] == "{who} juega {card}."
        assert said["card.baraja.10c"] == "la sota de copas" and said["card.baraja.1o"] == "el as de oros"
        assert said["card.quinte.JK"] == "el comodín" and said["card.quinte.Qh"] == "la reina de corazones"
        assert said["n.cards"]["one"] == "{n} carta" and said["n.cards"]["other"] == "{n} cartas"
        assert said["bot.hard"] == "difícil" and said["bot.greedy"] == "codicioso"
        assert set(said) >= set(browser_words.english())
        chosen = client.get("/api/words?lang=fr", headers={"Accept-Language": "es"}).json()  # the page's choice first
        assert chosen["lang"] == "fr" and chosen["words"]["card.baraja.11e"] == "le cavalier d'épées"
        assert chosen["words"]["bot.master"] == "maître"
        assert chosen["words"]["n.cards"]["one"] == "{n} carte" and chosen["words"]["n.cards"]["many"] == "{n} cartes"
        unknown = client.get("/api/words?lang=xx", headers={"Accept-Language": "fr-CA"}).json()
        assert unknown["lang"] == "fr"
        # Every entry of every language fills the places its English has.
        for lang in ("es", "fr"):
            table = client.get(f"/api/words?lang={lang}").json()["words"]
            for key, text in browser_words.english().items():
                source = set(re.findall(r"\{\w+\}", text if isinstance(text, str) else text[1]))
                found = table[key] if isinstance(table[key], str) else table[key]["other"]
                assert set(re.findall(r"\{\w+\}", found)) == source, (lang, key)


def test_the_servers_words_to_a_page_follow_its_accept_language() -> None:
    with app_client() as client:
        answer = client.get("/api/rooms/nowhere", headers={"Accept-Language": "es"})
        assert answer.status_code == 404 and answer.json()["message"] == "no hay sala nowhere"
        answer = client.get("/api/rooms/nowhere", headers={"Accept-Language": "fr"})
        assert answer.json()["message"] == "pas de salle nowhere"
        assert client.get("/api/rooms/nowhere").json()["message"] == "no room nowhere"


def test_the_pages_load_their_words_before_they_draw() -> None:
    for page in ("lobby.js", "table.js"):
        code = (STATIC / page).read_text(encoding="utf-8")
        start = code[code.index("async function start()"):]
        assert start.index("await loadWords(BASE)") < start.index("wordThePage()"), page
    socket = (STATIC / "socket.js").read_text(encoding="utf-8")
    assert "lang: language()" in socket  # the hello says the page's language
