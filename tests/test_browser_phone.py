"""The browser table for people, on a phone too, in headless Chromium at a
phone held upright (390 × 844, touch) and at a laptop's 1280 × 800: no horizontal scroll,
the status, the table and the hand within the first screen, every card to take at least
44 px, and a match played to its end by taps (escoba with a level bot, quinte against three);
a room that waits for a seat, its link shared and the seat taken from the table; and seats
numbered from 0 on the page as `quinza join --seat` numbers them.

Screenshots go to $QUINZA_SHOTS (quinza-phone-*.png, quinza-desktop-*.png)."""

from __future__ import annotations

import json
import random
import threading
import urllib.request
from typing import Any, Callable, Dict, List

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, lobby_create, play_until, served, shot, try_move, wait  # noqa: E402,F401

SIZES = {"phone": (390, 844, True), "desktop": (1280, 800, False)}
TARGET = 44  # px: the least a finger can tap

# Where the page's parts are on the document (not the scrolled viewport), and the size of
# every card that may be tapped now.
LAYOUT = """
const box = (id) => { const e = document.getElementById(id); if (!e || e.hidden) return null;
  const r = e.getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY}; };
const taps = [...document.querySelectorAll(
  "#hand .card.playable, #hand .card.selected, #table-cards .card.takeable, #table-cards .card.taken")]
  .map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; });
return {scroll: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
        status: box("status"), middle: box("middle"), hand: box("hand"), taps};
"""


def sized(browser: Callable[..., Any], size: str) -> Any:
    """A Chromium page at `size`: a phone (touch, its viewport meta read) or a laptop."""
    width, height, mobile = SIZES[size]
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})
    return driver


def tapper(driver: Any) -> Callable[[Any], None]:
    """A finger's tap at an element's centre (scrolled to, if it must be): what is there
    is tapped, so an element covered by another is not."""
    def tap(element: Any) -> None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", element)
        x, y, hit = driver.execute_script("""
            const r = arguments[0].getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            return [x, y, arguments[0].contains(document.elementFromPoint(x, y))];""", element)
        assert hit, f"{element.get_attribute('outerHTML')[:80]}: covered at its centre"
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    return tap


def check_layout(driver: Any, size: str) -> None:
    """No horizontal scroll; the status, the table and the hand within the first screen;
    every card to tap at least 44 px each way."""
    m = driver.execute_script(LAYOUT)
    assert m["width"] == SIZES[size][0], m
    assert m["scroll"] <= m["width"], f"{size}: the page scrolls sideways: {m}"
    assert m["status"]["bottom"] <= m["height"] and m["middle"]["bottom"] <= m["height"], f"{size}: {m}"
    if m["hand"] is not None:
        assert 0 <= m["hand"]["top"] and m["hand"]["bottom"] <= m["height"], f"{size}: the hand below the first screen: {m}"
    assert all(w >= TARGET and h >= TARGET for w, h in m["taps"]), f"{size}: a card smaller than {TARGET} px: {m}"


def ply_of(driver: Any) -> int:
    return int(driver.execute_script("return document.body.dataset.ply || 0"))


def over(driver: Any) -> bool:
    return "the match" in driver.find_element(By.ID, "status").text


def try_bid(driver: Any, press: Callable[[Any], None]) -> bool:
    buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button.bid")
    if not buttons:
        return False
    ply = ply_of(driver)
    press(buttons[0])
    wait(lambda: ply_of(driver) != ply, what="the bid to be told")
    return True


def presser(driver: Any, size: str, shots: Dict[str, bool], label: str) -> Callable[[Any], None]:
    """A tap (a click at the laptop's size); the page is shot once as a move is chosen."""
    finger = tapper(driver) if SIZES[size][2] else (lambda element: element.click())

    def press(element: Any) -> None:
        if element.get_attribute("id") == "play":
            check_layout(driver, size)  # the move chosen: the hand and the table still in the first screen
        if element.get_attribute("id") == "play" and not shots.get("choosing"):
            shots["choosing"] = True  # the move chosen, before it is sent
            shot(driver, label)
        finger(element)
    return press


def play_by_taps(pages: Dict[str, Any], size: str, rng: random.Random, rules: str) -> None:
    """Every page's seat plays by taps (clicks at the laptop's size) until the match ends,
    the layout checked at every step."""
    shots: Dict[str, bool] = {}
    moved = {name: 0 for name in pages}
    first = next(iter(pages.values()))

    def step() -> None:
        for name, driver in pages.items():
            try:
                check_layout(driver, size)
                press = presser(driver, size, shots, f"{size}-{rules}-choosing")
                if try_bid(driver, press) or try_move(driver, rng, shots, press):
                    moved[name] += 1
                    if moved[name] == 2 and name == "Ana":
                        shot(driver, f"{size}-{rules}-mid-match")
            except StaleElementReferenceException:
                continue

    play_until(lambda: over(first), step, lambda: ply_of(first), what=f"the {rules} match at {size}")
    assert all(moved.values()), moved
    for name, driver in pages.items():
        wait(lambda: over(driver), what="the match's end")
        check_layout(driver, size)
        shot(driver, f"{size}-{rules}-end-{name.lower()}")


@pytest.mark.parametrize("size", list(SIZES))
def test_escoba_waits_for_its_seat_shares_its_link_and_is_played_by_taps(
        browser: Callable[..., Any], served: str, size: str) -> None:
    ana, bea = sized(browser, size), sized(browser, size)
    try:
        room = lobby_create(ana, served, "Ana", players=3, target=1, bots={2: "easy"})
        # The room waits for seat 1: the page says so and gives the link (no token in it).
        wait(lambda: ana.find_element(By.ID, "waiting").is_displayed(), what="the waiting panel")
        assert ana.find_element(By.ID, "status").text == "Waiting for seat 1 to be taken."
        link = ana.find_element(By.ID, "share-link").get_attribute("value")
        assert link == f"{served}/table?room={room}"
        assert not ana.find_elements(By.CSS_SELECTOR, "#hand .card.playable")  # no move before the start
        assert not ana.find_elements(By.ID, "undo-ask")  # nor an undo
        others = {p.get_attribute("data-seat"): p.text for p in ana.find_elements(By.CSS_SELECTOR, "#others .player")}
        assert others["1"].startswith("Seat 1") and others["2"].startswith("Bot 2 (easy)"), others
        check_layout(ana, size)
        shot(ana, f"{size}-waiting")

        # Bea opens the link, writes her name and taps "Sit at seat 1": the match starts.
        bea.get(link)
        name = wait(lambda: bea.find_elements(By.ID, "sit-name"), what="the seat offered at the table")[0]
        name.clear()
        name.send_keys("Bea")
        presser(bea, size, {}, "")(bea.find_element(By.CSS_SELECTOR, "button.sit-here[data-seat='1']"))
        wait(lambda: "watching" not in bea.find_element(By.ID, "status").text
             and bea.find_elements(By.CSS_SELECTOR, "#hand .card"), what="Bea seated")
        for page in (ana, bea):
            wait(lambda: not page.find_element(By.ID, "waiting").is_displayed(), what="the room to start")
        info = json.load(urllib.request.urlopen(f"{served}/api/rooms/{room}", timeout=5))
        assert info["seats"][1]["name"] == "Bea" and info["waiting"] == []
        assert "seat 0" in ana.find_element(By.ID, "log").text  # "You are at the table, seat 0."
        play_by_taps({"Ana": ana, "Bea": bea}, size, random.Random(44), "escoba")
    finally:
        ana.quit()
        bea.quit()


@pytest.mark.parametrize("size", list(SIZES))
def test_quinte_against_three_level_bots_is_played_by_taps(browser: Callable[..., Any], served: str, size: str) -> None:
    ana = sized(browser, size)
    try:
        lobby_create(ana, served, "Ana", rules="quinte", players=4, target=70, bots={1: "easy", 2: "medium", 3: "easy"})
        wait(lambda: ana.find_elements(By.CSS_SELECTOR, "#others .player"), what="the table")
        assert not ana.find_element(By.ID, "waiting").is_displayed()  # every seat taken: no wait
        check_layout(ana, size)
        shot(ana, f"{size}-quinte-start")
        play_by_taps({"Ana": ana}, size, random.Random(5), "quinte")
    finally:
        ana.quit()


def test_the_lobby_offers_the_levels_and_shows_waiting_and_full_rooms(browser: Callable[..., Any], served: str) -> None:
    ana = sized(browser, "phone")
    try:
        ana.get(served + "/")
        wait(lambda: ana.find_elements(By.CSS_SELECTOR, "#seat-1 option"), what="the seats")
        offered = [o.get_attribute("value") for o in ana.find_elements(By.CSS_SELECTOR, "#seat-1 optgroup:first-of-type option")]
        assert offered == ["easy", "medium", "hard", "expert", "master"]
        waiting = lobby_create(ana, served, "Ana", players=2, target=1, bots={})
        full = lobby_create(ana, served, "Ana", players=2, target=21, bots={1: "hard"})
        ana.get(served + "/")
        wait(lambda: ana.find_elements(By.CSS_SELECTOR, f"#watch article.room[data-room='{full}']"), what="the full room")
        rows = {a.get_attribute("data-room"): a.text for a in ana.find_elements(By.CSS_SELECTOR, "article.room")}
        assert "Seat 0: Ana" in rows[waiting] and "Seat 1: free" in rows[waiting], rows
        assert "Seat 1: the hard bot" in rows[full] and "Watch" in rows[full], rows
        assert ana.find_elements(By.CSS_SELECTOR, f"#rooms article.room[data-room='{waiting}'] .sit[data-seat='1']")
        assert ana.execute_script("return document.documentElement.scrollWidth <= innerWidth")
        shot(ana, "phone-lobby")
    finally:
        ana.quit()


def test_quinza_join_at_seat_1_is_seat_1_on_the_page(browser: Callable[..., Any], served: str) -> None:
    from quinza.server.client import play

    ana = sized(browser, "desktop")
    try:
        room = lobby_create(ana, served, "Ana", players=2, target=1, bots={})
        done: List[Any] = []
        far = threading.Thread(target=lambda: done.append(play(served, room, "greedy", name="far", seat=1)), daemon=True)
        far.start()
        # The page names the seat `--seat 1` took as seat 1, wherever it numbers it.
        wait(lambda: "far sits down at seat 1." in ana.find_element(By.ID, "log").text, what="far seated")
        assert ana.find_element(By.CSS_SELECTOR, "#others .player[data-seat='1'] h3").text.startswith("far")
        play_until(lambda: over(ana), lambda: try_move(ana, random.Random(1), {}), lambda: ply_of(ana))
        far.join(timeout=60)
        assert done and done[0]["seat"] == 1
    finally:
        ana.quit()
