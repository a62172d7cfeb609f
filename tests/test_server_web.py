"""The browser table's files as the app serves them (quinza/server/web.py): the pages,
their script and style, the card pictures drawn by the package's own SVG, and the rule
sets the lobby offers; nothing in a page is fetched from elsewhere. The play itself is
tests/test_browser.py, in Chromium."""

from __future__ import annotations

import re
from typing import List

from .server_util import client

import quinza  # noqa: E402
from quinza.server.web import STATIC  # noqa: E402


def test_the_pages_and_their_files_are_served_and_fetch_nothing_from_elsewhere() -> None:
    with client() as c:
        for page in ("/", "/table?room=abc"):
            r = c.get(page)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            for src in re.findall(r'(?:src|href)="([^"]+)"', r.text):
                assert "//" not in src, src  # relative: the app may be mounted under a prefix
                if src.startswith("static/"):
                    assert c.get("/" + src).status_code == 200, src
        for path in sorted(STATIC.glob("*.*")):
            r = c.get(f"/static/{path.name}")
            assert r.status_code == 200, path.name
            if path.suffix == ".js":  # a module's script is served as JavaScript, or the browser refuses it
                assert "javascript" in r.headers["content-type"], path.name
            text = r.text.replace('"http://www.w3.org/2000/svg"', "")  # a name of SVG, never fetched
            assert "http://" not in text and "https://" not in text and "@import" not in text, path.name


def test_a_card_picture_is_the_package_svg_and_no_card_is_404() -> None:
    with client() as c:
        r = c.get("/cards/baraja/7o.svg")
        assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
        assert r.text == quinza._view.card_svg(quinza.Card.parse("7o"))
        assert c.get("/cards/quinte/JK.svg").text == quinza._view.card_svg(quinza.Card.parse("JK", deck="quinte"))
        assert "back" in c.get("/cards/quinte/back.svg").text
        for bad in ("/cards/baraja/9o.svg", "/cards/baraja/7o", "/cards/tarot/7o.svg", "/cards/quinte/7o.svg"):
            assert c.get(bad).status_code == 404, bad


def test_a_card_prints_its_corners_and_is_named_in_the_pages_language() -> None:
    def corners(svg: str) -> List[str]:
        return re.findall(r'font-weight="bold" fill="#\w+">([^<]+)<', svg)

    with client() as c:
        queen = {lang: c.get(f"/cards/quinte/Qh.svg?lang={lang}").text for lang in ("en", "es", "fr", "xx")}
        king, jack = c.get("/cards/quinte/Kc.svg?lang=fr").text, c.get("/cards/quinte/Js.svg?lang=fr").text
        seven = c.get("/cards/baraja/12o.svg?lang=fr").text
    assert [corners(queen[lang]) for lang in ("en", "es", "fr")] == [["Q"], ["Q"], ["D"]]
    assert corners(king) == ["R"] and corners(jack) == ["V"] and corners(seven) == ["12"]
    assert queen["xx"] == queen["en"]  # a language the catalog has not: English
    assert "<title>la dame de cœur</title>" in queen["fr"] and "<title>the queen of hearts</title>" in queen["en"]


def test_the_lobby_is_offered_every_rule_set_and_bot() -> None:
    with client() as c:
        body = c.get("/api/rule-sets").json()
    assert body["rule_sets"] == quinza.rule_sets()
    assert body["bots"] == list(quinza.BOT_NAMES)
