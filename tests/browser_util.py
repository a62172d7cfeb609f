"""Helpers of the browser tests (tests/test_browser*.py): headless Chromium sessions
(Debian's `chromium` and `chromium-driver`, installed by apt-get when missing and the tests
run as root), the app served on loopback, and a player's clicks in the lobby and at the
table. Screenshots go to $QUINZA_SHOTS (default /tmp)."""

from __future__ import annotations

import os
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Optional

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from quinza.server import create_app  # noqa: E402

from .server_util import served_on_loopback  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from apt_install import apt_install, can_install  # noqa: E402  (scripts/apt_install.py)

SHOTS = os.environ.get("QUINZA_SHOTS", "/tmp")

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


@pytest.fixture(scope="session")
def browser() -> Callable[..., Any]:
    """A maker of headless Chromium sessions (Debian's, installed by apt-get when missing
    and this runs as root)."""
    def missing() -> bool:
        return shutil.which("chromium") is None or shutil.which("chromedriver") is None

    if missing() and can_install():
        apt_install(["chromium", "chromium-driver"], missing)
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


def play_until(over: Callable[[], bool], step: Callable[[], Any], progress: Callable[[], Any],
               what: str = "the match", stall: float = 60) -> None:
    """`step()` again and again until `over()`. A match has no wall-clock budget, since a
    busy machine plays it slowly: the test fails only when `progress()` (the ply) stays
    the same for `stall` seconds, a hang."""
    seen, since = progress(), time.monotonic()
    while not over():
        step()
        now = progress()
        if now != seen:
            seen, since = now, time.monotonic()
        assert time.monotonic() - since < stall, f"{what}: nothing moved for {stall:.0f} s (at {seen})"
        time.sleep(0.05)


def shot(driver: Any, name: str) -> None:
    driver.save_screenshot(os.path.join(SHOTS, f"quinza-{name}.png"))


def lobby_create(driver: Any, base: str, name: str, rules: str = "escoba", players: int = 3, target: int = 1,
                 bots: Optional[Dict[int, str]] = None, timer: Optional[int] = None, undo: Optional[str] = None) -> str:
    """Create a room in the lobby (by default a 3-seat escoba room to 1 point with the
    greedy bot at seat 2, undo by consent), its creator seated at seat 0: its id, the creator's
    page at its table."""
    driver.get(base + "/")
    driver.find_element(By.ID, "name").clear()
    driver.find_element(By.ID, "name").send_keys(name)
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#rules option"), what="the rule sets")
    driver.find_element(By.CSS_SELECTOR, f"#rules option[value={rules}]").click()
    driver.find_element(By.CSS_SELECTOR, f"#players option[value='{players}']").click()
    target_box = driver.find_element(By.ID, "target")
    target_box.clear()
    target_box.send_keys(str(target))
    if timer is not None:
        driver.find_element(By.ID, "timer").send_keys(str(timer))
    if undo is not None:
        driver.find_element(By.CSS_SELECTOR, f"#undo option[value={undo}]").click()
    for seat, bot in ({2: "greedy"} if bots is None else bots).items():
        driver.find_element(By.CSS_SELECTOR, f"#seat-{seat} option[value={bot}]").click()
    shot(driver, "lobby")
    driver.find_element(By.ID, "create-room").click()
    wait(lambda: "table?room=" in driver.current_url and driver.find_elements(By.CSS_SELECTOR, "#hand .card"),
         what="the creator's table")
    room_id: str = driver.current_url.split("room=")[1].split("&")[0]
    return room_id


def listed(driver: Any, base: str, room: str) -> str:
    """The words the lobby lists a room with (a full room is listed to watch); the page is
    taken back to the room's table."""
    driver.get(base + "/")
    row = wait(lambda: driver.find_elements(By.CSS_SELECTOR, f"article.room[data-room='{room}']"), what="the room")[0]
    text: str = row.text
    driver.get(f"{base}/table?room={room}")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#hand .card"), what="the table again")
    return text


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


def try_move(driver: Any, rng: random.Random, shots: Dict[str, bool],
             press: Callable[[Any], None] = lambda element: element.click()) -> bool:
    """If this page's seat is to move, play a random legal move by clicking (or `press`,
    a tap): a hand card, then the table cards it takes, then Play. Whether it moved."""
    playable = driver.find_elements(By.CSS_SELECTOR, "#hand .card.playable")
    if not playable:
        return False
    ply = driver.execute_script("return document.body.dataset.ply")
    press(rng.choice(playable))
    choices = driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")
    moves = [c.get_attribute("data-move") for c in choices]
    assert moves, "a selected card shows its legal moves"
    move = rng.choice(moves)
    taken = move.split(" x ")[1].split() if " x " in move else []
    for card in taken:
        box = driver.find_element(By.CSS_SELECTOR, f"#table-cards .card[data-card='{card}']")
        assert "takeable" in box.get_attribute("class") or "taken" in box.get_attribute("class")
        press(box)
    play = driver.find_element(By.ID, "play")
    assert play.is_enabled(), f"{move}: Play is offered once its cards are chosen"
    assert "_" not in play.text and "[" not in play.text
    if len(taken) >= 2 and not shots.get("capture"):
        shots["capture"] = True
        shot(driver, "choosing-a-capture")
    press(play)
    wait(lambda: driver.execute_script("return document.body.dataset.ply") != ply, what="the move to be told")
    return True


