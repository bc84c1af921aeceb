"""Three Men's Morris played through the ``<referee-board>`` element in headless Chromium: a
board of points and lines, whose points the element makes buttons like any square, clicked
and walked to with the arrow keys by the geometry of their areas.

The service runs with the game registered (:mod:`tests.morris.serve`); the page, the browser
and the way moves are played are those of tests/client/test_board_element.py.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.client.test_board_element import (
    SHADOW, add_board, events, focus_board, focused, play_by_keyboard, play_by_mouse,
    play_whole_game, square, wait_for_events,
)
from tests.live_service import running_service
from tests.morris.test_morris import GAME

MORRIS = {"game": "morris", "options": {}, "start": ".../.../... x",
          "moves": [(move, None) for move in GAME]}


@pytest.fixture(scope="module")
def service_url() -> Iterator[str]:
    """The service with Three Men's Morris registered (the page's fixtures use this one)."""
    with running_service(workers=1, module="tests.morris.serve") as url:
        yield url


def test_a_whole_game_by_mouse(page, service_url):
    play_whole_game(page, service_url, MORRIS, play_by_mouse)
    assert [applied["events"][0]["type"] for applied in events(page, "move")] == [
        "place"] * 6 + ["move"] * 3


def test_a_whole_game_by_keyboard(page, service_url):
    def by_keyboard(page, move, dice):
        if focused(page).get("square") is None:
            focus_board(page)
        play_by_keyboard(page, move, dice)

    play_whole_game(page, service_url, MORRIS, by_keyboard)


def test_a_point_answers_a_click_anywhere_in_its_area(page):
    add_board(page, game="morris", interactive="")
    # b2's area is a disc a cell wide: a click well off its dot, between the lines, places on b2
    box = page.locator(square("b2")).bounding_box()
    assert box and box["width"] > 40
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.2)
    wait_for_events(page, "status", 2)
    assert events(page, "move")[0]["move"] == "b2"
    # and the arrows go from point to point: from b2 right to c2
    focus_board(page)
    start = focused(page)["square"]
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"sq => {SHADOW}.activeElement?.dataset.square !== sq", arg=start)
    here = page.evaluate(f"{SHADOW}.activeElement.dataset.square")
    assert here[0] == chr(ord(start[0]) + 1) and here[1] == start[1], (start, here)
