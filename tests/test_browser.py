"""The browser table (quinza.server's lobby and table pages) in a real headless Chromium,
driven by Selenium: two people, each in their own browser, and a bot play a whole escoba
match by clicking cards; one reloads mid-match and plays on; a spectator watches, and
neither its page nor any websocket frame it received holds a card it could not see.

Chromium and its driver are Debian's (`chromium`, `chromium-driver`): the `browser`
fixture installs them with apt-get when they are missing and the tests run as root.
Selenium comes from the `test` extra. Screenshots go to $QUINZA_SHOTS (default /tmp)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import time
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Set, Tuple

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from quinza.server import create_app  # noqa: E402

from .server_util import served_on_loopback  # noqa: E402
from .test_server_leaks import allowed_by_ply, leaks  # noqa: E402

SHOTS = os.environ.get("QUINZA_SHOTS", "/tmp")
APT_TIMEOUT = 900  # seconds for apt-get update and install together
MATCH_TIME = 150  # seconds the whole match may take in the browsers

# Records every frame the page's websockets receive, before the page's own script runs.
RECORD_FRAMES = """
(() => {
  const Native = window.WebSocket;
  window.quinzaFrames = [];
  function Recorded(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", (event) => window.quinzaFrames.push(event.data));
    return ws;
  }
  Recorded.prototype = Native.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Recorded[k] = Native[k];
  window.WebSocket = Recorded;
})();
"""


def _apt_install() -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    began = time.monotonic()
    subprocess.run(["apt-get", "update"], env=env, check=True, timeout=APT_TIMEOUT, stdout=subprocess.DEVNULL)
    left = APT_TIMEOUT - (time.monotonic() - began)
    subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", "chromium", "chromium-driver"],
                   env=env, check=True, timeout=max(left, 60), stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def browser() -> Callable[..., Any]:
    """A maker of headless Chromium sessions (Debian's, installed by apt-get when missing
    and this runs as root)."""
    if (shutil.which("chromium") is None or shutil.which("chromedriver") is None) and hasattr(os, "geteuid") \
            and os.geteuid() == 0 and shutil.which("apt-get"):
        _apt_install()
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.skip("chromium and chromedriver are missing (apt-get install chromium chromium-driver)")

    def make(record_frames: bool = False) -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=1400,1000", "--disable-extensions"):
            options.add_argument(arg)
        made = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))
        made.set_page_load_timeout(20)
        if record_frames:
            made.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FRAMES})
        return made

    return make


@pytest.fixture
def served() -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread: its base URL."""
    with served_on_loopback(create_app(bot_delay=0.05)) as url:
        yield url


def wait(until: Callable[[], Any], seconds: float = 15, what: str = "the page") -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got = until()
        except StaleElementReferenceException:
            got = None
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")


def shot(driver: Any, name: str) -> None:
    driver.save_screenshot(os.path.join(SHOTS, f"quinza-{name}.png"))


# The words the page uses for the baraja's cards (static/common.js cardName).
RANKS = {"1": "As", "10": "Sota", "11": "Caballo", "12": "Rey"}
SUITS = {"o": "Oros", "c": "Copas", "e": "Espadas", "b": "Bastos"}


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


def lobby_create(driver: Any, base: str, name: str) -> str:
    """Create a 3-seat escoba room to 1 point with the greedy bot at the third seat; its id."""
    driver.get(base + "/")
    driver.find_element(By.ID, "name").send_keys(name)
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#rules option"), what="the rule sets")
    driver.find_element(By.CSS_SELECTOR, "#rules option[value=escoba]").click()
    driver.find_element(By.CSS_SELECTOR, "#players option[value='3']").click()
    target = driver.find_element(By.ID, "target")
    target.clear()
    target.send_keys("1")
    driver.find_element(By.CSS_SELECTOR, "#seat-2 option[value=greedy]").click()
    driver.find_element(By.ID, "create-room").click()
    room = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "article.room"), what="the new room")[0]
    shot(driver, "lobby")
    room_id: str = room.get_attribute("data-room")
    return room_id


def lobby_sit(driver: Any, base: str, name: str, room: str, seat: int) -> None:
    if not driver.current_url.startswith(base + "/") or "table" in driver.current_url:
        driver.get(base + "/")
    name_box = driver.find_element(By.ID, "name")
    name_box.clear()
    name_box.send_keys(name)
    button = wait(lambda: driver.find_elements(By.CSS_SELECTOR, f".sit[data-room='{room}'][data-seat='{seat}']"),
                  what="the free seat")[0]
    button.click()
    wait(lambda: "table?room=" in driver.current_url and driver.find_elements(By.CSS_SELECTOR, "#hand .card"),
         what="the table with a hand")


def try_move(driver: Any, rng: random.Random, shots: Dict[str, bool]) -> bool:
    """If this page's seat is to move, play a random legal move by clicking: a hand card,
    then the table cards it takes, then Play. Whether it moved."""
    playable = driver.find_elements(By.CSS_SELECTOR, "#hand .card.playable")
    if not playable:
        return False
    ply = driver.execute_script("return document.body.dataset.ply")
    rng.choice(playable).click()
    choices = driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")
    moves = [c.get_attribute("data-move") for c in choices]
    assert moves, "a selected card shows its legal moves"
    move = rng.choice(moves)
    taken = move.split(" x ")[1].split() if " x " in move else []
    for card in taken:
        box = driver.find_element(By.CSS_SELECTOR, f"#table-cards .card[data-card='{card}']")
        assert "takeable" in box.get_attribute("class") or "taken" in box.get_attribute("class")
        box.click()
    play = driver.find_element(By.ID, "play")
    assert play.is_enabled(), f"{move}: Play is offered once its cards are chosen"
    assert "_" not in play.text and "[" not in play.text
    if len(taken) >= 2 and not shots.get("capture"):
        shots["capture"] = True
        shot(driver, "choosing-a-capture")
    play.click()
    wait(lambda: driver.execute_script("return document.body.dataset.ply") != ply, what="the move to be told")
    return True


def test_two_browsers_and_a_bot_play_escoba_a_reload_plays_on_and_the_spectator_sees_nothing_hidden(
        browser: Callable[..., Any], served: str) -> None:
    base = served
    ana, bea = browser(), browser()
    spectator = None
    try:
        room = lobby_create(ana, base, "Ana")
        lobby_sit(ana, base, "Ana", room, 0)
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
            assert re.search(r"Deal \d+: the points", text) and "Seven of Oros" in text, text
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
