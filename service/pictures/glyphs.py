"""Text drawn as outlines: every letter, digit and symbol of a board picture is an SVG
``<path>`` made from a font shipped with the package (``service/pictures/fonts``: a subset of DejaVu
Sans Bold, its licence beside it).

A picture therefore names no font: a browser, CairoSVG or any other rasteriser draws the same
shapes on a machine with or without fonts, and no font hinting (whose caches made a process's
PNG bytes depend on what it drew before) is involved. A character the font lacks is drawn as
the font's ``.notdef`` box. Outlines are cached per text and size, so a board's labels cost a
dictionary look-up after the first picture.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Literal

from rules.core.memo import memo

#: the font every text of a picture is drawn in
FONT_FILE = Path(__file__).resolve().parent / "fonts" / "DejaVuSans-Bold-subset.ttf"
#: the glyph drawn for a character the font lacks
MISSING = ".notdef"

Anchor = Literal["start", "middle"]
#: held while the font is read or an outline drawn: fontTools expands a glyph in place the
#: first time it is drawn, which two of a worker's threads must not do at once
_DRAWING = threading.Lock()


@dataclass(frozen=True)
class Font:
    """The outlines and metrics read from :data:`FONT_FILE`."""

    glyphs: Any                 # fontTools' glyph set: name -> glyph with .draw(pen), .width
    cmap: dict[int, str]        # code point -> glyph name
    units_per_em: int

    def glyph_name(self, char: str) -> str:
        """The glyph drawing ``char``: its own, or :data:`MISSING`."""
        return self.cmap.get(ord(char), MISSING)


@memo(entry_bytes=640_000, weight=2, most=1)
def font() -> Font:
    """The pictures' font, read once per process."""
    from fontTools.ttLib import TTFont

    with _DRAWING:
        ttf = TTFont(str(FONT_FILE))
        return Font(ttf.getGlyphSet(), dict(ttf.getBestCmap()), int(ttf["head"].unitsPerEm))


def has_glyph(char: str) -> bool:
    """Whether the pictures' font draws ``char`` (otherwise it is drawn as a box)."""
    return ord(char) in font().cmap


def _number(value: float) -> str:
    """A coordinate for path data: two decimals at most, no trailing zeros (``-0`` is ``0``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def advance(text: str, size: float) -> float:
    """How wide ``text`` is at font size ``size`` (drawing units), without kerning."""
    f = font()
    units: int = sum(f.glyphs[f.glyph_name(ch)].width for ch in text)
    return units * size / f.units_per_em


@memo(entry_bytes=640)
def outline(text: str, size: float, anchor: Anchor = "middle") -> str:
    """The path data of ``text`` at font size ``size`` with its anchor point at the origin on
    the baseline (y down, as in SVG): ``start`` puts the origin at the text's left end,
    ``middle`` at the middle of its advance width. Empty for a text of spaces only."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    f = font()
    scale = size / f.units_per_em
    pen = SVGPathPen(f.glyphs, ntos=_number)
    with _DRAWING:
        x = -advance(text, size) / 2 if anchor == "middle" else 0.0
        for ch in text:
            glyph = f.glyphs[f.glyph_name(ch)]
            glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, x, 0)))
            x += glyph.width * scale
    data: str = pen.getCommands()
    return data


def text_path(text: str, x: float, y: float, size: float, fill: str, *,
              anchor: Anchor = "middle", opacity: float | None = None,
              kind: str = "text") -> str:
    """An SVG ``<path class="{kind}">`` drawing ``text`` at font size ``size`` in ``fill``,
    its baseline at ``y`` and its ``anchor`` (left end or middle) at ``x``; ``opacity`` fades
    it. The text itself is kept in its ``data-text`` attribute, for programs reading the
    picture (people read the picture's ``<title>`` and ``<desc>``)."""
    faded = "" if opacity is None else f' fill-opacity="{opacity}"'
    return (f'<path class="{kind}" data-text="{escape(text)}" '
            f'd="{outline(text, size, anchor)}" '
            f'transform="translate({x:.1f} {y:.1f})" fill="{fill}"{faded}/>')
