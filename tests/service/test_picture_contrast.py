"""The previous move and the highlights stand out in every picture: each is a frame of two
tones (WCAG's two-colour indicator), which contrast with each other at 3:1 or more, and one of
which contrasts at 3:1 or more with every colour a place of any game's board may have.

The colours are taken from the games' views and the renderer (:func:`service.pictures.drawing.
cell_colours`: the checker shades, every terrain a view declares and the fallback terrains,
plain and veiled as on a dark square, the ground of a points board), for every registered
game, Sceptre with four players, and the tests' own games; the pictures are checked to draw
exactly those colours under the frames and the frames in exactly the tones checked.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Iterator

import pytest

from rules import registry
from rules.core.view import BoardView, view_for
from service.pictures import drawing
from tests.morris.morris_game import ThreeMensMorris
from tests.noughts.noughts_game import NoughtsAndCrosses
from tests.positions import random_position
from tests.wcag import contrast

SVG_NS = "{http://www.w3.org/2000/svg}"
FRAMES = {"last-move": drawing.LAST_MOVE, "highlight": drawing.HIGHLIGHT}


@pytest.fixture(scope="module")
def views(register_game: Any) -> Iterator[list[BoardView]]:
    """A midgame view of every registered game, of Sceptre with four players, and of the
    tests' games (Noughts and Crosses' cells, Three Men's Morris's points)."""
    with register_game(NoughtsAndCrosses), register_game(ThreeMensMorris):
        configs: list[tuple[str, dict[str, Any] | None]] = [
            (game_id, None) for game_id in registry.game_ids()]
        configs.append(("sceptre", {"players": ["w", "r", "b", "y"]}))
        yield [view_for(*random_position(game_id, 6, 1, options)) for game_id, options in configs]


def test_one_tone_of_each_frame_stands_out_on_every_colour_of_every_board(views):
    colours = set().union(*(drawing.cell_colours(view) for view in views))
    assert {drawing.POINTS_GROUND, *drawing.SHADES, *drawing.TERRAIN_FALLBACK} <= colours
    weak = []
    for kind, tones in FRAMES.items():
        assert contrast(tones.dark, tones.light) >= 3, kind
        for colour in sorted(colours):
            best = max(contrast(tones.dark, colour), contrast(tones.light, colour))
            if best < 3:
                weak.append(f"{kind} on {colour}: {best:.2f}")
    assert weak == []


def test_every_terrain_colour_a_view_declares_is_checked(views):
    for view in views:
        for fill, _letter in view.terrain.values():
            assert fill in drawing.cell_colours(view)
            assert drawing.veiled(fill, drawing.TERRAIN_SHADE) in drawing.cell_colours(view)


def drawn(view: BoardView) -> ET.Element:
    """The SVG of ``view`` with every place both the previous move and highlighted."""
    names = sorted(view.names)
    return ET.fromstring(drawing.svg_board(view, highlight=names, last_move=names))


def test_the_pictures_draw_those_colours_and_tones_only(views):
    for view in views:
        root = drawn(view)
        colours = drawing.cell_colours(view)
        for element in root.iter():
            kind = element.get("class")
            if kind == "square" and view.layout == "cells":
                assert element.get("fill") in colours, (view.game, element.attrib)
            elif kind in FRAMES:
                tones = FRAMES[kind]
                assert element.get("fill") == "none"   # nothing tints the place beneath
                assert element.get("stroke") in (tones.dark, tones.light)
        for group in root.iter(f"{SVG_NS}g"):
            if group.get("class") == "cell":
                strokes = [e.get("stroke") for e in group if e.get("class") in FRAMES]
                assert strokes == [drawing.LAST_MOVE.dark, drawing.LAST_MOVE.light,
                                   drawing.HIGHLIGHT.dark, drawing.HIGHLIGHT.light], view.game


def test_the_contrast_arithmetic_is_wcags():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
