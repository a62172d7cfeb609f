"""The browser table (quinza.server's lobby and table pages) in a real headless Chromium,
driven by Selenium: two people, each in their own browser, and a bot play a whole escoba
match by clicking cards; one reloads mid-match and plays on; a spectator watches, and
neither its page nor any websocket frame it received holds a card it could not see.

The browser fixtures and a player's clicks are in tests/browser_util.py; quinte, the
turn timer, undo and rematch are tests/test_browser_table.py."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from typing import Any, Callable, Dict, List, Set, Tuple

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, lobby_create, lobby_sit, served, shot, try_move, wait  # noqa: E402,F401
from .test_server_leaks import allowed_by_ply, leaks  # noqa: E402

MATCH_TIME = 150  # seconds the whole match may take in the browsers

# The words the page uses for the baraja's cards (static/words.json, words.js's cardName).
RANKS = {"1": "Ace", "10": "Knave", "11": "Knight", "12": "King"}
SUITS = {"o": "Coins", "c": "Cups", "e": "Swords", "b": "Clubs"}


def card_words(card: str) -> str:
    return f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"


ALL_CARDS = [f"{r}{s}" for s in SUITS for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]

# What the spectator's page shows: the cards it draws (by data-card and picture) and its
# words, read at once with the ply of the last message it got.
PAGE = """
const cards = [...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card);
const pictures = [...document.querySelectorAll("img")].map((i) => i.getAttribute("src"));
return [Number(document.body.dataset.ply || 0), cards, pictures, document.body.innerText];
"""


def page_cards(pictures: List[str], cards: List[str]) -> Set[str]:
    drawn = {m.group(1) for src in pictures for m in [re.search(r"/cards/baraja/([^/]+)\.svg$", src)] if m}
    return (drawn - {"back"}) | set(cards)


def test_two_browsers_and_a_bot_play_escoba_a_reload_plays_on_and_the_spectator_sees_nothing_hidden(
        browser: Callable[..., Any], served: str) -> None:
    base = served
    ana, bea = browser(), browser()
    spectator = None
    try:
        room = lobby_create(ana, base, "Ana")  # Ana sits at seat 0 as she creates it
        lobby_sit(bea, base, "Bea", room, 1)
        spectator = browser(record_frames=True)
        spectator.get(f"{base}/table?room={room}&watch=1")
        wait(lambda: "watching" in spectator.find_element(By.ID, "status").text, what="the spectator's table")
        rng = random.Random(38)
        seen: List[Tuple[int, Set[str], str]] = []
        shots: Dict[str, bool] = {}
        moved = {"Ana": 0, "Bea": 0}
        reloaded = False
        end = time.monotonic() + MATCH_TIME
        while time.monotonic() < end:
            ply, cards, pictures, text = spectator.execute_script(PAGE)
            seen.append((ply, page_cards(pictures, cards), text))
            if "wins the match" in text or "a draw" in text:
                break
            for name, driver in (("Ana", ana), ("Bea", bea)):
                try:
                    if try_move(driver, rng, shots):
                        moved[name] += 1
                except StaleElementReferenceException:
                    continue
            if moved["Ana"] == 3 and not reloaded:  # mid-match: Ana reloads and plays on
                reloaded = True
                shot(spectator, "spectator-mid-match")
                ana.refresh()
                wait(lambda: ana.find_elements(By.CSS_SELECTOR, "#hand .card"), what="Ana's hand after the reload")
                assert "watching" not in ana.find_element(By.ID, "status").text
                shot(ana, "after-reload")
            time.sleep(0.05)
        else:
            raise AssertionError(f"the match did not end in {MATCH_TIME} s: moves {moved}")
        assert reloaded and moved["Ana"] > 3 and moved["Bea"] > 0
        for name, driver in (("ana", ana), ("bea", bea)):
            wait(lambda: "the match" in driver.find_element(By.ID, "status").text, what="the match's end")
            text = driver.find_element(By.TAG_NAME, "body").text
            shot(driver, f"end-{name}")
            # Words for players: no notation, no Python, no keys.
            assert "_" not in text and "[" not in text and "{" not in text and "None" not in text, text
            # The last deal's points (escoba to 1 needs a lead of 2: a match may take more
            # than one deal), in the categories' words.
            assert re.search(r"Deal \d+: the points", text) and "Seven of Coins" in text, text
        shot(spectator, "end-spectator")

        record = urllib.request.urlopen(f"{base}/api/rooms/{room}/record", timeout=5).read().decode()
        allowed = allowed_by_ply(record, None)
        frames = [json.loads(f) for f in spectator.execute_script("return window.quinzaFrames")]
        assert frames and frames[-1]["ply"] == len(allowed) - 1
        assert leaks(frames, allowed, "baraja") == []
        # The words may name a card shown at any ply so far (the log tells the play of
        # earlier deals too); the cards drawn are those the spectator may see now.
        told: List[Set[str]] = []
        for now in allowed:
            told.append((told[-1] if told else set()) | now)
        for ply, cards, text in seen:
            assert cards <= allowed[ply], (ply, cards - allowed[ply])
            hidden = [c for c in ALL_CARDS if c not in told[ply]
                      and re.search(rf"(?<![\w]){card_words(c)}\b", text)]
            assert hidden == [], (ply, hidden)
        # The check can fail: a card of a hand at the start is not one the spectator may see.
        assert not set(quinza_hand(record)) <= allowed[0]
    finally:
        for driver in (ana, bea, spectator):
            if driver is not None:
                driver.quit()


def quinza_hand(record: str) -> List[str]:
    import quinza

    start = quinza.Game.from_json(quinza.Game.from_record(record).start_json())
    return [str(c) for c in start.hand(0)]
