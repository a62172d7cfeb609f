"""A room's undo mode in headless Chromium (docs/reference/wire.md "Undo by consent"): the lobby
creates a practice room and says so, the table's title says "(practice)", and a takeback
against the bot is done by a click; in a room with undo off the button is disabled."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By  # noqa: E402

from .browser_util import browser, listed, lobby_create, served, shot, try_move, wait  # noqa: E402,F401


def _ply(driver: Any) -> int:
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-ply") or 0)


def _create(driver: Any, base: str, undo: str) -> str:
    """A 2-seat escoba room with the greedy bot at seat 1 and this undo mode, made in the
    lobby."""
    return lobby_create(driver, base, "Ana", players=2, target=1, bots={1: "greedy"}, undo=undo)


def test_a_practice_room_says_so_and_takes_back_against_the_bot(browser: Callable[..., Any], served: str) -> None:
    page = browser()
    try:
        room = _create(page, served, "practice")
        # Ana sits at seat 0 as she creates it.
        assert "Practice: moves are taken back against the bots too." in listed(page, served, room)
        wait(lambda: page.find_element(By.ID, "title").text.endswith("(practice)"), what="the practice title")
        assert page.title.endswith("(practice)")
        rng, shots = random.Random(3), {}  # type: Dict[str, bool]
        wait(lambda: page.find_element(By.ID, "status").text == "Your turn.", what="Ana's turn")
        before = _ply(page)
        assert try_move(page, rng, shots)
        wait(lambda: _ply(page) == before + 2 and page.find_element(By.ID, "status").text == "Your turn.",
             what="the bot's reply")
        page.find_element(By.ID, "undo-ask").click()
        wait(lambda: "Undone: 2 moves taken back" in page.find_element(By.ID, "log").text, what="the takeback")
        shot(page, "practice-undone")
    finally:
        page.quit()


def test_with_undo_off_the_button_is_disabled(browser: Callable[..., Any], served: str) -> None:
    page = browser()
    try:
        room = _create(page, served, "off")
        assert "No undo." in listed(page, served, room)  # Ana sits at seat 0 as she creates it
        button = wait(lambda: page.find_elements(By.ID, "undo-ask"), what="the undo button")[0]
        assert button.get_attribute("disabled") is not None
        assert button.get_attribute("title") == "Undo is off in this room"
    finally:
        page.quit()
