"""The service's PNG of a position is the picture a browser draws of its SVG.

Each case's SVG is drawn by headless Chromium (Debian's ``chromium`` through Playwright, as in
tests/client/test_playground.py) and compared pixel by pixel with the PNG the service makes of
the same SVG (:func:`service.pictures.drawing.png_bytes`): every game's start at two sizes, a
midgame
seen from another seat with a previous move and highlights, Maestria's stacks with a General,
Sceptre with four players seen from the side, and a board of points and lines (Three Men's
Morris, a test's game).

The tolerance. Two rasterisers estimate differently how much of an edge pixel a shape covers,
so anti-aliased rims differ: measured on these cases, at most 104 of 255 in a channel (on
circles' rims), pixels differing by more than 64 at most 0.04% of a picture and 3.1% of a
16x16 tile. So a pixel *differs* when one of its channels differs by more than
:data:`CHANNEL` (64, a quarter of the range: more than a rim's estimate usually moves it, less
than a shape's presence or absence, which moves it by 100 to 230 here), and a picture matches
when at most :data:`SHARE` (0.2%) of its pixels differ and no :data:`TILE` x :data:`TILE`
square of pixels has more than :data:`TILE_SHARE` (8%) of its pixels differing, so that a
wrong glyph or piece is caught where it is, however large the picture. The PNGs the service
made before its letters were paths (cairo 1.16 drawing the text as vertical bars) fail this on
every case: 0.4% to 4.5% of their pixels differ, and 8.2% to 65% of their worst tile. Every
case also checks that a PNG drawn without the picture's letters fails, so the tolerance is
shown to see letters at every size.
"""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np
import pytest
from PIL import Image

from rules import registry
from rules.core.game import Game
from service.pictures.drawing import picture, png_bytes
from tests.client.test_playground import ARGS, CHROMIUM
from tests.morris.morris_game import ThreeMensMorris
from tests.positions import random_position

#: a pixel differs when one of its channels differs by more than this (0-255)
CHANNEL = 64
#: at most this share of a picture's pixels may differ
SHARE = 0.002
#: the side of the squares of pixels checked one by one, and the share of one that may differ
TILE, TILE_SHARE = 16, 0.08

MAESTRIA_STACKS = ("w1,-,w3,-,w3,-,w1*,-,w4,-,w1,-/b3,-,b1,-,b3,-,b4*,-,b2,-,b2,- "
                   "setup w 2 - 0 5")
FOUR_PLAYERS = {"players": ["w", "r", "b", "y"]}


@dataclass(frozen=True)
class Case:
    """A picture to compare: the game (id and options), a position reached by ``plies``
    random plies (or given as ``position``), and the picture's arguments."""

    game_id: str
    size: int
    plies: int = 0
    options: dict[str, Any] | None = None
    position: str | None = None
    seat: int | None = None     # index of the seat it is seen from
    marked: bool = False        # a previous move and three highlights

    def __str__(self) -> str:
        seen = "" if self.seat is None else f"-seat{self.seat}"
        return (f"{self.game_id}-{self.size}-{self.plies}{seen}"
                f"{'-marked' if self.marked else ''}{'-opts' if self.options else ''}")

    def svg(self) -> str:
        """The case's SVG, as the render operation draws it."""
        game = registry.configure(self.game_id, self.options)
        if self.position is not None:
            position = game.parse_position(self.position)
        else:
            game, position = random_position(self.game_id, self.plies, 5, self.options,
                                             going_on=self.marked)
        kwargs: dict[str, Any] = {}
        if self.seat is not None:
            kwargs["orientation"] = game.seats()[self.seat]
        if self.marked:
            kwargs.update(marks_of(game, position))
        return picture(game, position, format="svg", size=self.size, **kwargs).decode()


def marks_of(game: Game[Any, Any], position: Any) -> dict[str, Any]:
    """A previous move (a legal move's, as a game whose notation does not record it would be
    told) and three highlighted squares of ``position``, a position with a legal move."""
    moves = game.legal_moves(position)
    move = next((m for m in moves if len(game.move_squares(m)) == 2), moves[0])
    names = sorted(c.name for c in game.board_view(position).cells)
    return {"last_move": game.format_move(position, move),
            "highlight": [names[0], names[len(names) // 2], names[-1]]}


def cases() -> list[Case]:
    """Every game at two sizes, seen from its last seat with marks, and the special boards."""
    out = []
    for game_id in registry.game_ids():
        last = len(registry.configure(game_id).seats()) - 1
        out += [Case(game_id, 480), Case(game_id, 240, plies=12, seat=last, marked=True)]
    out += [
        Case("maestria", 480, position=MAESTRIA_STACKS, marked=True),
        Case("maestria", 240, position=MAESTRIA_STACKS, seat=1),
        Case("sceptre", 900, plies=9, options=FOUR_PLAYERS, seat=1, marked=True),
        Case("sceptre", 480, plies=9, options=FOUR_PLAYERS, seat=3),
        Case("morris", 480, plies=7, marked=True),
        Case("morris", 240, plies=8, seat=1, marked=True),
    ]
    return out


@pytest.fixture(scope="module", autouse=True)
def morris(register_game: Any) -> Iterator[None]:
    """Three Men's Morris registered for this module: the board of points and lines."""
    with register_game(ThreeMensMorris):
        yield


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A page of headless Chromium to draw SVGs on."""
    assert shutil.which("chromium") or shutil.which(CHROMIUM), (
        "Debian's chromium is required: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser.new_page()
        browser.close()


def drawn_by_chromium(page: Any, svg: str) -> bytes:
    """A screenshot of ``svg`` inlined in a page at its own pixel size."""
    root = ET.fromstring(svg)
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    page.set_viewport_size({"width": width, "height": height})
    page.set_content(f'<!DOCTYPE html><html><body style="margin:0">{svg}</body></html>')
    shot: bytes = page.screenshot(clip={"x": 0, "y": 0, "width": width, "height": height})
    return shot


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)


@dataclass(frozen=True)
class Difference:
    """How two pictures of one size differ: the share of differing pixels, overall and in the
    worst tile, and the largest channel difference."""

    share: float
    worst_tile: float
    largest: int

    @property
    def within_tolerance(self) -> bool:
        return self.share <= SHARE and self.worst_tile <= TILE_SHARE


def difference(a: bytes, b: bytes) -> Difference:
    """The :class:`Difference` of two PNGs of the same size."""
    first, second = pixels(a), pixels(b)
    assert first.shape == second.shape, (first.shape, second.shape)
    channel = np.abs(first - second).max(axis=2)
    differs = channel > CHANNEL
    height, width = differs.shape
    tiles = [differs[y:y + TILE, x:x + TILE].mean()
             for y in range(0, height, TILE) for x in range(0, width, TILE)]
    return Difference(float(differs.mean()), float(max(tiles)), int(channel.max()))


def without_letters(svg: str) -> str:
    """``svg`` with every text path (piece glyphs, counts, badges, terrain letters and
    coordinates) taken out."""
    return re.sub(r'<path class="(glyph|badge|terrain|coordinate)"[^>]*/>', "", svg)


@pytest.mark.parametrize("case", cases(), ids=str)
def test_the_png_is_what_chromium_draws_of_the_svg(chromium, case):
    svg = case.svg()
    browser = drawn_by_chromium(chromium, svg)
    found = difference(png_bytes(svg), browser)
    assert found.within_tolerance, found
    # the tolerance sees letters: the same picture without them does not match
    unlettered = difference(png_bytes(without_letters(svg)), browser)
    assert not unlettered.within_tolerance, unlettered
