"""The browser table in the players' languages, in headless Chromium: an escoba match
against a bot played to its end on a page that asked for Spanish (and a quinte table
in French), and no English word of the page's table left on the screen: the lobby, the
table, the log and the end of the match all read in the page's language.

Screenshots go to $QUINZA_SHOTS (quinza-es-*.png, quinza-fr-*.png)."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any, Callable, Dict, Set

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, lobby_create, play_until, served, shot, try_move, wait  # noqa: E402,F401


def table_of(base: str, lang: str) -> Dict[str, str]:
    with urllib.request.urlopen(f"{base}/api/words?lang={lang}", timeout=30) as answer:
        got = json.load(answer)
    assert got["lang"] == lang
    words: Dict[str, Any] = got["words"]
    texts: Dict[str, str] = {}
    for key, entry in words.items():  # a plural entry is {"one": ..., "other": ...}
        texts[key] = " ".join(entry.values()) if isinstance(entry, dict) else str(entry)
    return texts


def tokens(text: str) -> Set[str]:
    """The words of `text` a reader would tell apart by language: letters only, four or
    more, in lower case, without the places ({name}) a table fills in."""
    return {t.lower() for t in re.findall(r"[^\W\d_]{4,}", re.sub(r"\{[^}]*\}", " ", text))}


def english_only(base: str, lang: str) -> Set[str]:
    """The words of the English table that no entry of `lang`'s table has."""
    english, other = table_of(base, "en"), table_of(base, lang)
    theirs = set().union(*(tokens(t) for t in other.values()))
    return set().union(*(tokens(t) for t in english.values())) - theirs


def screen_words(driver: Any) -> Set[str]:
    text: str = driver.find_element(By.TAG_NAME, "body").text
    return tokens(text)


def step_all(driver: Any, rng: random.Random, shots: Dict[str, bool]) -> None:
    try:
        bids = driver.find_elements(By.CSS_SELECTOR, "#choices button.bid")
        if bids:
            ply = driver.execute_script("return document.body.dataset.ply")
            bids[0].click()
            wait(lambda: driver.execute_script("return document.body.dataset.ply") != ply, what="the bid")
            return
        try_move(driver, rng, shots)
    except StaleElementReferenceException:
        pass


def over(driver: Any) -> bool:
    return bool(driver.find_elements(By.ID, "rematch"))


def ply_of(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.ply || 0"))


@pytest.mark.parametrize("lang, rules, players, target, bots", [
    ("es", "escoba", 2, 1, {1: "greedy"}),
    ("fr", "quinte", 4, 40, {1: "random", 2: "random", 3: "random"}),
])
def test_a_match_in_the_pages_language_shows_no_english_word(browser: Callable[..., Any], served: str, lang: str,
                                                             rules: str, players: int, target: int,
                                                             bots: Dict[int, str]) -> None:
    foreign = english_only(served, lang)
    assert {"seat", "plays", "takes", "match"} <= foreign  # the measure tells the languages apart
    page = browser()
    try:
        page.get(f"{served}/?lang={lang}")  # the page's choice, kept for the pages after it
        wait(lambda: page.find_elements(By.CSS_SELECTOR, "#rules option"), what="the lobby")
        assert page.execute_script("return document.documentElement.lang") == lang
        left = screen_words(page) & foreign
        assert not left, f"English on the {lang} lobby: {sorted(left)}"
        offered = page.execute_script("return [...document.querySelectorAll('#seats option')].map(o => o.text).join(' ')")
        assert {"hard", "greedy"} <= foreign and not tokens(offered) & foreign, offered  # the bots by level and name
        shot(page, f"{lang}-lobby")
        lobby_create(page, served, "Ana", rules=rules, players=players, target=target, bots=bots)
        rng, shots = random.Random(3), {}  # type: ignore[var-annotated]
        seen: Set[str] = set()

        def step() -> None:
            step_all(page, rng, shots)
            try:
                seen.update(screen_words(page))
            except StaleElementReferenceException:
                pass
            if ply_of(page) >= 4 and f"{lang}-mid" not in shots:
                shots[f"{lang}-mid"] = True
                shot(page, f"{lang}-{rules}-mid-match")

        play_until(lambda: over(page), step, lambda: ply_of(page), what=f"the {rules} match in {lang}")
        seen.update(screen_words(page))
        shot(page, f"{lang}-{rules}-end")
        left = seen & foreign
        assert not left, f"English on the {lang} table: {sorted(left)}"
    finally:
        page.quit()
