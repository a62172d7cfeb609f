"""The browser table's other pieces in headless Chromium (the fixtures and clicks are
tests/browser_util.py): a quinte match played to its end by two browsers and two bots,
bids included, and watched; the turn timer counting down and the stand-in told; undo by consent and a
rematch between two browsers."""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Dict, List

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, listed, lobby_create, lobby_sit, play_until, served, shot, try_move, wait  # noqa: E402,F401

QUINTE_TARGET = 70  # a low target (any is allowed): the match is over in one deal, seldom two
BID_BUTTONS = {"pass": "Pass", "double": "Double (each trick worth 10)", "redouble": "Redouble (each trick worth 20)"}


def players_words(text: str) -> None:
    """Words for players: no notation keys, no Python or JSON."""
    assert "_" not in text and "[" not in text and "{" not in text and "None" not in text and "null" not in text, text


def ply_of(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.ply || 0"))


def try_bid(driver: Any, rng: random.Random, seen: Dict[str, Any]) -> bool:
    """If this page's seat is to bid: a bid button clicked (double when it may). Whether it bid."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button.bid")
    if not buttons:
        return False
    offered = {b.get_attribute("data-move"): b.text for b in buttons}
    assert all(BID_BUTTONS[move] == words for move, words in offered.items()), offered
    seen.setdefault("bids", set()).update(offered)
    if not seen.get("shot-bids"):
        seen["shot-bids"] = True
        shot(driver, "quinte-bidding")
    choice = "double" if "double" in offered else rng.choice(sorted(offered))
    ply = ply_of(driver)
    next(b for b in buttons if b.get_attribute("data-move") == choice).click()
    wait(lambda: ply_of(driver) != ply, what="the bid to be told")
    return True


# What a quinte page shows, read at once (the page redraws on every message).
QUINTE_PAGE = """
const texts = (css) => [...document.querySelectorAll(css)].map((e) => e.textContent);
return {status: document.getElementById("status").textContent, labels: texts("#table-cards .card .label"),
        last: texts("#last-trick").join(" "), others: texts("#others .player"),
        stock: document.getElementById("stock").textContent, head: texts("#scores thead").join(" ")};
"""


def look_at_the_quinte_table(driver: Any, seen: Dict[str, Any]) -> None:
    """What a quinte player sees mid-deal: the trick with who played what, the others'
    hand sizes, the cachette, the tricks and quints; noted in `seen`."""
    page = driver.execute_script(QUINTE_PAGE)
    if "the match" in page["status"]:
        return  # over: the end is looked at apart
    if page["labels"] and all(page["labels"]) and not seen.get("trick"):
        seen["trick"] = True
        shot(driver, "quinte-trick")
    if "won by" in page["last"]:
        seen["last-trick"] = True
    assert len(page["others"]) == 3 and all(re.search(r"\d+ cards? in hand", o) for o in page["others"]), page
    assert "cachette" in page["stock"], page
    assert "Tricks won" in page["head"] and "Quint points" in page["head"], page


def test_quinte_is_played_to_its_end_in_two_browsers_with_bids_tricks_and_the_deal_told(
        browser: Callable[..., Any], served: str) -> None:
    ana, bea, spectator = browser(), browser(), browser()
    try:
        room = lobby_create(ana, served, "Ana", rules="quinte", players=4, target=QUINTE_TARGET,
                            bots={2: "greedy", 3: "greedy"})
        lobby_sit(bea, served, "Bea", room, 1)
        spectator.get(f"{served}/table?room={room}&watch=1")
        wait(lambda: "watching" in spectator.find_element(By.ID, "status").text, what="the spectator's table")
        rng = random.Random(5)
        seen: Dict[str, Any] = {}
        moved = {"Ana": 0, "Bea": 0}
        def step() -> None:
            for name, driver in (("Ana", ana), ("Bea", bea)):
                try:
                    look_at_the_quinte_table(driver, seen)
                    if try_bid(driver, rng, seen) or try_move(driver, rng, seen):
                        moved[name] += 1
                except StaleElementReferenceException:
                    continue

        play_until(lambda: "the match" in ana.find_element(By.ID, "status").text, step, lambda: ply_of(ana),
                   what="the quinte match")
        assert moved["Ana"] > 0 and moved["Bea"] > 0
        assert seen.get("trick") and seen.get("last-trick") and "pass" in seen["bids"], seen
        for name, driver in (("ana", ana), ("bea", bea), ("spectator", spectator)):
            wait(lambda: "the match" in driver.find_element(By.ID, "status").text, what="the match's end")
            shot(driver, f"quinte-end-{name}")
            text = driver.find_element(By.TAG_NAME, "body").text
            players_words(text)
            # The bids, the tricks and the deal's points, told in words.
            assert re.search(r"(You|Ana|Bea|Bot \d \(greedy\)) (pass|passes|double|doubles)\.", text), text
            assert re.search(r"wins? the trick", text), text
            assert re.search(r"Deal \d+: the points", text) and "Trick points" in text and "Quints" in text, text
            assert re.search(r"(Your side|wins? the match)", text), text
    finally:
        for driver in (ana, bea, spectator):
            driver.quit()


def clock_seconds(driver: Any) -> int:
    text = driver.find_element(By.ID, "clock").text
    found = re.fullmatch(r"You have (\d+) seconds? left to move\.", text)
    assert found, text
    return int(found.group(1))


def test_the_turn_timer_counts_down_and_the_stand_in_is_told(browser: Callable[..., Any], served: str) -> None:
    ana = browser()
    try:
        # 8 seconds: room enough, on a loaded machine, to find the turn and see the clock move.
        room = lobby_create(ana, served, "Ana", players=2, target=21, bots={1: "greedy"}, timer=8)
        assert "8 seconds a move" in listed(ana, served, room)  # a full room is listed to watch
        wait(lambda: ana.find_elements(By.CSS_SELECTOR, "#hand .card.playable"), what="Ana's turn")
        first = clock_seconds(ana)
        assert 1 <= first <= 8
        # The page counts down between the server's states (looked at until it does: a busy
        # machine runs the page's clock late, never early).
        wait(lambda: clock_seconds(ana) < first, seconds=first, what="the clock to count down")
        shot(ana, "timer")
        # Ana does not move: the stand-in moves for her, and the page says so.
        wait(lambda: "A stand-in for you" in ana.find_element(By.ID, "log").text, seconds=20, what="the stand-in's move")
        log = ana.find_element(By.ID, "log").text
        assert "You ran out of time: a stand-in plays for you." in log, log
        assert re.search(r"A stand-in for you (lays|plays) the ", log), log
        players_words(log)
        shot(ana, "stand-in")
    finally:
        ana.quit()


def mover(pages: Dict[str, Any]) -> str:
    """The name of the page whose seat is to move."""
    return wait(lambda: next((n for n, d in pages.items() if d.find_elements(By.CSS_SELECTOR, "#hand .card.playable")), None),
                what="a seat to move")


def hand(driver: Any) -> List[str]:
    return [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, "#hand .card")]


def ask_undo(asker: Any, other: Any) -> None:
    asker.find_element(By.ID, "undo-ask").click()
    wait(lambda: "asks to take back" in other.find_element(By.ID, "undo").text, what="the undo request")
    wait(lambda: other.find_elements(By.ID, "undo-agree") and other.find_elements(By.ID, "undo-refuse"), what="Agree and Refuse")
    wait(lambda: "Waiting for the answer of" in asker.find_element(By.ID, "undo").text, what="the asker's panel")
    assert not asker.find_elements(By.ID, "undo-agree")  # the asker does not answer its own request


def test_undo_by_consent_and_a_rematch_between_two_browsers(browser: Callable[..., Any], served: str) -> None:
    pages = {"Ana": browser(), "Bea": browser()}
    try:
        room = lobby_create(pages["Ana"], served, "Ana", players=2, target=1, bots={}, timer=60)
        lobby_sit(pages["Bea"], served, "Bea", room, 1)
        rng = random.Random(7)
        shots: Dict[str, bool] = {}
        first = mover(pages)
        other = "Bea" if first == "Ana" else "Ana"
        asker, answerer = pages[first], pages[other]
        before_hand, before_ply = wait(lambda: hand(asker), what="the hand"), ply_of(asker)
        assert try_move(asker, rng, shots)
        wait(lambda: ply_of(answerer) == before_ply + 1, what="the move on the other page")
        assert try_move(answerer, rng, shots)
        wait(lambda: ply_of(asker) == before_ply + 2, what="the reply on the asker's page")

        ask_undo(asker, answerer)
        shot(answerer, "undo-asked")
        assert answerer.find_element(By.ID, "clock").is_displayed()  # the turn's time runs on
        answerer.find_element(By.ID, "undo-refuse").click()
        for page in (asker, answerer):
            wait(lambda: "refuse the undo" in page.find_element(By.ID, "log").text
                 or "refuses the undo" in page.find_element(By.ID, "log").text, what="the refusal")
            wait(lambda: page.find_element(By.ID, "undo").get_attribute("hidden") is not None, what="the panel to go")
        assert ply_of(asker) == before_ply + 2  # nothing taken back
        wait(lambda: re.search(r"[1-6]?\d seconds? left", asker.find_element(By.ID, "clock").text), what="the timer")
        asker.find_element(By.ID, "undo-ask").click()  # once a turn: again after its next move
        wait(lambda: "once this turn" in asker.find_element(By.ID, "notice").text, what="the second request refused")
        before_hand, before_ply = hand(asker), ply_of(asker)
        assert try_move(asker, rng, shots)
        wait(lambda: ply_of(answerer) == before_ply + 1, what="the move on the other page")
        assert try_move(answerer, rng, shots)
        wait(lambda: ply_of(asker) == before_ply + 2, what="the reply on the asker's page")

        ask_undo(asker, answerer)
        answerer.find_element(By.ID, "undo-agree").click()
        for page in (asker, answerer):
            wait(lambda: "Undone: 2 moves taken back" in page.find_element(By.ID, "log").text, what="the undo")
            wait(lambda: ply_of(page) == before_ply, what="the ply before the move")
        wait(lambda: sorted(hand(asker)) == sorted(before_hand), what="the card back in the hand")
        assert asker.find_element(By.ID, "status").text == "Your turn."
        shot(asker, "after-undo")
        players_words(asker.find_element(By.ID, "log").text + answerer.find_element(By.ID, "log").text)

        def step() -> None:
            for page in pages.values():
                try:
                    try_move(page, rng, shots)
                except StaleElementReferenceException:
                    continue

        play_until(lambda: "the match" in asker.find_element(By.ID, "status").text, step, lambda: ply_of(asker))
        match_end_ply = ply_of(asker)
        wait(lambda: answerer.find_elements(By.ID, "rematch"), what="the rematch button")
        shot(answerer, "before-rematch")
        answerer.find_element(By.ID, "rematch").click()
        for page in pages.values():
            wait(lambda: "a new match (match 2)" in page.find_element(By.ID, "log").text, what="the rematch")
            wait(lambda: "the match" not in page.find_element(By.ID, "status").text, what="the new match")
            assert ply_of(page) < match_end_ply
            assert page.find_elements(By.ID, "undo-ask") and not page.find_elements(By.ID, "rematch")
        shot(asker, "rematch")
    finally:
        for page in pages.values():
            page.quit()
