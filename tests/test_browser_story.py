"""The story at the browser table in headless Chromium (tests/browser_util.py): the log
oldest first and grouped by deal, the same after a reload in mid-match, and the review of
the person's moves once the match is over."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, lobby_create, play_until, served, shot, try_move, wait  # noqa: E402,F401

LINES = """return [...document.querySelectorAll("#log li")].filter((li) => !li.querySelector("ol"))
  .map((li) => [li.closest(".story-deal") ? li.closest(".story-deal").dataset.deal : "", li.textContent]);"""


def moves_told(driver: Any) -> List[List[str]]:
    """The log's lines, in order, with their deal: those of the moves and what they did
    (not where this page sat down, which each connection tells anew)."""
    lines: List[List[str]] = driver.execute_script(LINES)
    return [line for line in lines if not line[1].startswith("You are at the table")]


def words_for_players(text: str) -> None:
    assert "_" not in text and "[" not in text and "{" not in text and "None" not in text and "null" not in text, text


def test_the_log_comes_back_after_a_reload_and_the_review_follows_the_match(browser: Callable[..., Any],
                                                                          served: str) -> None:
    driver = browser()
    rng = random.Random(11)
    shots: Dict[str, bool] = {}
    try:
        lobby_create(driver, served, "ana", rules="escoba", players=2, target=1, bots={1: "greedy"})  # ana at seat 0
        ply = lambda: int(driver.execute_script("return document.body.dataset.ply || 0"))  # noqa: E731
        play_until(lambda: ply() >= 8, lambda: try_move(driver, rng, shots), ply, what="the first moves")
        wait(lambda: not driver.find_elements(By.CSS_SELECTOR, "#hand .card.playable") or ply() >= 8)
        before = moves_told(driver)
        assert len(before) >= 8 and before[0][0] == "1"
        first = before[0][1]
        assert first.endswith("on the table.") or " takes " in first or " take " in first, first
        driver.refresh()
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#hand .card"), what="the table again")
        wait(lambda: len(moves_told(driver)) >= len(before), what="the log restored")
        after = moves_told(driver)
        assert after[:len(before)] == before  # oldest first, the same words, in the same deals
        assert driver.find_element(By.CSS_SELECTOR, "#log .story-deal h3").text == "Deal 1"
        shot(driver, "story-log-restored")
        over = lambda: "over" in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or "")  # noqa: E731
        play_until(over, lambda: try_move(driver, rng, shots), ply, what="the match")
        review = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#review .review-chart, #review .worst"),
                      seconds=60, what="the review")
        box = driver.find_element(By.ID, "review")
        words_for_players(box.text)
        assert "Your moves, reviewed" in box.text and "moves" in box.text
        assert driver.find_elements(By.CSS_SELECTOR, "#review svg.review-chart polyline.played"), review
        worst = driver.find_elements(By.CSS_SELECTOR, "#review .worst li")
        assert all("Better: " in li.text and "gave up" in li.text for li in worst)
        driver.execute_script("document.getElementById('review').scrollIntoView()")
        shot(driver, "story-review")
        driver.set_window_size(390, 844)  # a phone: the review keeps within its width
        wide = "const r = document.getElementById('review'); return r.scrollWidth - r.clientWidth;"
        assert driver.execute_script(wide) <= 1
        driver.execute_script("document.getElementById('review').scrollIntoView()")
        shot(driver, "story-review-phone")
    finally:
        driver.quit()


def test_a_quinte_log_is_grouped_by_trick_after_a_reload(browser: Callable[..., Any], served: str) -> None:
    from .test_browser_table import try_bid

    driver = browser()
    rng = random.Random(5)
    seen: Dict[str, Any] = {}
    try:
        lobby_create(driver, served, "ana", rules="quinte", players=4, target=70,
                 bots={1: "greedy", 2: "greedy", 3: "greedy"})  # ana at seat 0
        tricks = lambda: driver.find_elements(By.CSS_SELECTOR, "#log .story-trick")  # noqa: E731
        ply = lambda: int(driver.execute_script("return document.body.dataset.ply || 0"))  # noqa: E731
        play_until(lambda: len(tricks()) >= 3, lambda: try_bid(driver, rng, seen) or try_move(driver, rng, seen), ply,
                   what="three tricks")
        before = moves_told(driver)
        driver.refresh()
        wait(lambda: len(moves_told(driver)) >= len(before), what="the log restored")
        assert moves_told(driver)[:len(before)] == before
        heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#log .story-trick h4")]
        assert heads[:3] == ["Trick 1", "Trick 2", "Trick 3"]
        first = driver.find_elements(By.CSS_SELECTOR, "#log .story-trick")[0]
        lines = [li.text for li in first.find_elements(By.CSS_SELECTOR, ".story-lines li")]
        assert len(lines) == 5 and "wins the trick" in lines[-1] or "win the trick" in lines[-1], lines
        shot(driver, "story-quinte-tricks")
    finally:
        driver.quit()
