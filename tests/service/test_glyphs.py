"""The pictures' text as outlines (:mod:`service.pictures.glyphs`): every character any game's
picture
writes is in the shipped font, a character the font lacks is drawn as its box, and a text's
anchor is where its path is placed."""

from __future__ import annotations

import re

from rules import registry
from rules.core.view import view_for
from service.pictures import glyphs
from tests.positions import random_position


def written(game_id: str, options: dict[str, object] | None = None) -> set[str]:
    """Every character a picture of the game writes over some random positions: pieces'
    glyphs, stacks' counts, badges, terrain letters and coordinates."""
    chars: set[str] = set()
    for seed in range(4):
        view = view_for(*random_position(game_id, 8 * seed, seed, options))
        texts = [*view.file_labels, *view.rank_labels,
                 *(letter for _, letter in view.terrain.values())]
        for cell in view.cells:
            if cell.piece is not None:
                texts += [cell.piece.glyph, str(cell.piece.count),
                          *(badge.label for badge in cell.piece.badges)]
        chars |= set("".join(texts))
    return chars


def test_every_character_a_game_writes_is_in_the_font():
    chars = set().union(*(written(game_id) for game_id in registry.game_ids()),
                        written("sceptre", {"players": ["w", "r", "b", "y"]}))
    assert {"♚", "K", "1", "a"} <= chars
    assert sorted(ch for ch in chars if not glyphs.has_glyph(ch)) == []


def test_a_character_the_font_lacks_is_drawn_as_its_box():
    assert not glyphs.has_glyph("中")
    box = glyphs.outline("中", 20, "start")
    assert box and box == glyphs.outline("𝄞", 20, "start")   # the same .notdef box
    assert box != glyphs.outline("K", 20, "start")
    assert glyphs.outline("  ", 20) == ""                      # spaces draw nothing


def test_a_text_is_anchored_at_its_start_or_middle():
    def xs(path_data: str) -> list[float]:
        """The x of every point of the path (absolute commands: M, L, Q, C pairs; H)."""
        found = []
        for command, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", path_data):
            numbers = [float(n) for n in args.split()]
            found += numbers if command == "H" else [] if command in "VZ" else numbers[0::2]
        return found

    width = glyphs.advance("W", 30)
    start, middle = xs(glyphs.outline("W", 30, "start")), xs(glyphs.outline("W", 30))
    assert 0 <= min(start) and max(start) <= width
    assert abs(min(middle) + max(middle)) < 1          # centred on the anchor
    assert glyphs.advance("WW", 30) == 2 * width
    path = glyphs.text_path("W", 10, 20, 30, "#123456", kind="glyph")
    assert 'class="glyph" data-text="W"' in path and 'transform="translate(10.0 20.0)"' in path
