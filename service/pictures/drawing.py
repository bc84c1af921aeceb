"""Board pictures: an SVG or PNG of any position (the render operation is
:mod:`service.pictures.render`).

The picture is drawn from the game's :class:`rules.core.view.BoardView`, so this module knows
no game: a board of square cells, or of points joined by lines. Every cell or point is a
``<g class="cell" data-square="a1">`` group, which lets a web page (the board element, the
playground) inline the SVG and make the squares clickable. Every text is a path outlined from
the package's font (:mod:`service.pictures.glyphs`), so the picture names no font and a browser and
the PNG (cairosvg) draw the same shapes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Sequence

from rules.core.errors import IllegalMove, RulesError, as_json
from rules.core.game import Game
from rules.core.memo import memo
from rules.core.view import (
    BoardView, Cell, Mark, NoBoardView, Piece, quarter_turns, view_for,
)

from .glyphs import text_path


MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 100, 2000, 480
#: A picture without a requested size draws each square this many pixels wide (at least
#: DEFAULT_SIZE on its longer side, at most DEFAULT_MAX_SIZE), so that a 24x24 board and
#: a 2x12 strip stay as readable as an 8x8 board
DEFAULT_CELL_PX, DEFAULT_MAX_SIZE = 48, 1600
MAX_HIGHLIGHTS = 64
CELL = 60
MARGIN = 26

#: the frame around the board, where the coordinates are written
FRAME = "#5b4636"
COORDINATES = "#f3e9d2"
SHADES = ("#eeddb8", "#b98f64")
TERRAIN_FALLBACK = ("#c9d8b0", "#a8bd8a", "#d9c7a3", "#a9c4d8", "#c8b2c8")
#: how much darker a dark square of terrain is drawn (a black veil of this opacity), so that
#: the checker stays visible on terrain
TERRAIN_SHADE = 0.18
#: a ``points`` board: its plain ground, and the colour of its lines and points
POINTS_GROUND = "#eeddb8"
POINTS_INK = "#5b4636"
POINT_RADIUS = 7
PIECE_RADIUS = CELL * 0.38


@dataclass(frozen=True)
class Tones:
    """The two colours of a frame the picture draws around a cell (the previous move, a
    highlight): an outer ``dark`` band and an inner ``light`` one, so that one of them stands
    out against any cell colour, light or dark (WCAG's two-colour indicator)."""

    dark: str
    light: str


LAST_MOVE = Tones("#08164a", "#9ad7ff")
HIGHLIGHT = Tones("#111111", "#ffe066")
#: the width of each band of a frame, in drawing units
BAND = 3.5


# ---- drawing -------------------------------------------------------------------------------

def terrain_fill(view: BoardView, terrain: str) -> str:
    """The colour of ``terrain`` in ``view``: the view's own, or one of TERRAIN_FALLBACK for
    a terrain the view gives no colour."""
    if terrain in view.terrain:
        return view.terrain[terrain][0]
    return TERRAIN_FALLBACK[sum(map(ord, terrain)) % len(TERRAIN_FALLBACK)]


def cell_colours(view: BoardView) -> set[str]:
    """Every colour (``#rrggbb``) a place of ``view`` may be drawn in beneath a frame: on a
    ``cells`` board the checker shades and each colour a terrain may take (the view's own
    and the fallbacks, each also veiled as on a dark square); on a ``points`` board its
    ground and those terrain colours (a point's dot)."""
    terrains = {colour for colour, _ in view.terrain.values()} | set(TERRAIN_FALLBACK)
    if view.layout == "points":
        return {POINTS_GROUND} | terrains
    return set(SHADES) | terrains | {veiled(colour, TERRAIN_SHADE) for colour in terrains}


def veiled(colour: str, opacity: float) -> str:
    """``colour`` (``#rrggbb``) seen through black of ``opacity``."""
    channels = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c * (1 - opacity)):02x}" for c in channels)


def _piece(view: BoardView, piece: Piece, x: float, y: float) -> Iterable[str]:
    fill, ink = view.palette.get(piece.owner, ("#888888", "#000000"))
    radius = PIECE_RADIUS
    title = _piece_name(piece, piece.name or piece.glyph)
    yield f'<g class="piece" data-owner="{escape(piece.owner)}"><title>{escape(title)}</title>'
    if piece.count > 1:  # the discs beneath, so a stack looks like one
        for i in range(min(piece.count, 5) - 1, 0, -1):
            yield (f'<circle cx="{x:.1f}" cy="{y - 3 * i + 3 * (piece.count > 1):.1f}" '
                   f'r="{radius:.1f}" fill="{fill}" stroke="#222" stroke-width="1.2"/>')
    for badge in piece.badges:
        if badge.ring:
            yield (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4:.1f}" fill="none" '
                   f'stroke="{badge.fill}" stroke-width="3.5"/>')
    yield (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" stroke="#222" '
           f'stroke-width="1.6"/>')
    size = 26 if len(piece.glyph) == 1 else 18
    yield text_path(piece.glyph, x, y + size * 0.36, size, ink, kind="glyph")
    if piece.count > 1:
        yield from _badge_disc(x + CELL * 0.3, y + CELL * 0.3, str(piece.count), "#c62828",
                               "#fff", 13)
    for i, badge in enumerate(piece.badges):
        yield from _badge_disc(x - CELL * 0.3, y + CELL * 0.3 - 22 * i, badge.label,
                               badge.fill, badge.ink, 12)
    yield "</g>"


def _badge_disc(x: float, y: float, label: str, fill: str, ink: str,
                font_size: int) -> Iterable[str]:
    """A small labelled disc beside a piece: its stack count or one of its badges."""
    yield (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="{fill}" stroke="#fff" '
           f'stroke-width="1.5"/>')
    yield text_path(label, x, y + 4.5, font_size, ink, kind="badge")


def _mark(mark: Mark, x: int, y: int) -> str:
    if mark.style == "frame":
        return (f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
                f'fill="#ffffff" fill-opacity="0.25" stroke="{mark.colour}" stroke-width="3" '
                f'stroke-dasharray="6 3"><title>{escape(mark.name)}</title></rect>')
    return (f'<circle cx="{x + CELL - 8}" cy="{y + 8}" r="4" fill="{mark.colour}">'
            f'<title>{escape(mark.name)}</title></circle>')


def _frame(kind: str, tones: Tones, x: float, y: float, side: float,
           round: bool) -> Iterable[str]:
    """A frame of class ``kind`` just inside the square of ``side`` at ``x``, ``y`` (a ring
    inside its circle when ``round``): a band of ``tones.dark`` at the edge, one of
    ``tones.light`` within, each :data:`BAND` wide. A square frame is two ``rect`` elements,
    a ring two ``circle`` elements (CairoSVG draws a rounded rectangle's lower left corner
    out of round)."""
    for band, colour in enumerate((tones.dark, tones.light)):
        inset = BAND * (band + 0.5)
        width = side - 2 * inset
        paint = f'fill="none" stroke="{colour}" stroke-width="{BAND}"'
        if round:
            yield (f'<circle class="{kind}" cx="{x + side / 2:.2f}" cy="{y + side / 2:.2f}" '
                   f'r="{width / 2:.2f}" {paint}/>')
        else:
            yield (f'<rect class="{kind}" x="{x + inset:.2f}" y="{y + inset:.2f}" '
                   f'width="{width:.2f}" height="{width:.2f}" {paint}/>')


def _frames(name: str, x: float, y: float, side: float, round: bool, moved: set[str],
            marked: set[str]) -> Iterable[str]:
    """The previous move's frame and the highlight's (inside it when the cell has both)."""
    if name in moved:
        yield from _frame("last-move", LAST_MOVE, x, y, side, round)
    if name in marked:
        inset = 2 * BAND if name in moved else 0
        yield from _frame("highlight", HIGHLIGHT, x + inset, y + inset, side - 2 * inset, round)


def _extent(files: int, ranks: int) -> tuple[int, int]:
    """Width and height of a board picture in drawing units (cells and margins)."""
    return files * CELL + 2 * MARGIN, ranks * CELL + 2 * MARGIN


def default_size(files: int, ranks: int) -> int:
    """The longer side, in pixels, of a picture of a ``files`` x ``ranks`` board when the
    request names no size: squares of about DEFAULT_CELL_PX pixels, within DEFAULT_SIZE and
    DEFAULT_MAX_SIZE."""
    longer = max(_extent(files, ranks))
    return min(DEFAULT_MAX_SIZE, max(DEFAULT_SIZE, round(longer * DEFAULT_CELL_PX / CELL)))


@memo(entry_bytes=200, most=64)
def default_size_for(game: Game[Any, Any]) -> int:
    """:func:`default_size` of ``game``'s board (one board size per configured game);
    DEFAULT_SIZE for a game without pictures."""
    try:
        view = view_for(game, game.start_position)
    except NoBoardView:
        return DEFAULT_SIZE
    except RulesError:  # a layout without an initial position: assume the largest
        return DEFAULT_MAX_SIZE
    return default_size(view.files, view.ranks)


class Turned:
    """Where each grid coordinate of a ``files`` x ``ranks`` board is drawn once the picture
    is turned ``turns`` quarter turns counter-clockwise (see
    :func:`rules.core.view.quarter_turns`): the drawing's ``columns`` x ``rows`` of cells,
    column 0 at the left and row 0 at the top."""

    def __init__(self, files: int, ranks: int, turns: int) -> None:
        self.files, self.ranks, self.turns = files, ranks, turns % 4
        self.columns, self.rows = (ranks, files) if self.turns % 2 else (files, ranks)

    def place(self, file: int, rank: int) -> tuple[int, int]:
        """The column and row at which the cell at ``file``, ``rank`` is drawn."""
        last_file, last_rank = self.files - 1, self.ranks - 1
        if self.turns == 0:
            return file, last_rank - rank
        if self.turns == 1:   # the west edge at the bottom: east is up, south to the right
            return last_rank - rank, last_file - file
        if self.turns == 2:
            return last_file - file, rank
        return rank, file     # the east edge at the bottom: west is up, north to the right

    def bottom_labels(self, view: BoardView) -> list[tuple[int, str]]:
        """The column of each label written below the board: the files' labels, or the
        ranks' once the board is turned a quarter."""
        if self.turns % 2:
            return [(self.place(0, r)[0], name) for r, name in enumerate(view.rank_labels)]
        return [(self.place(f, 0)[0], name) for f, name in enumerate(view.file_labels)]

    def left_labels(self, view: BoardView) -> list[tuple[int, str]]:
        """The row of each label written left of the board: the ranks' labels, or the
        files' once the board is turned a quarter."""
        if self.turns % 2:
            return [(self.place(f, 0)[1], name) for f, name in enumerate(view.file_labels)]
        return [(self.place(0, r)[1], name) for r, name in enumerate(view.rank_labels)]


# ---- what the picture says to a screen reader -----------------------------------------------

def board_title(name: str, view: BoardView, seen_from: str | None = None) -> str:
    """The picture's title: the game's ``name``, whose turn it is, and the player it is seen
    from when that turns the board (``<name>, white to move, seen by black``)."""
    parts = [name]
    if view.to_move:
        parts.append(f"{view.to_move} to move")
    if seen_from:
        parts.append(f"seen by {seen_from}")
    return ", ".join(parts)


def _piece_words(piece: Piece, square: str) -> str:
    """One piece for a reader: its name without its owner, its count where the name does
    not give it, what it carries, and its square (``rook d2``, ``stack of 3 with the
    flag e2``)."""
    words = piece.name or piece.glyph
    if words.lower().startswith(piece.owner.lower() + " "):
        words = words[len(piece.owner) + 1:]
    return f"{_piece_name(piece, words)} {square}"


def _piece_name(piece: Piece, words: str) -> str:
    """``words`` naming ``piece``, with its stack height where they do not already give it
    (``rook``, ``stack of 3``, ``tower x2``) and what it carries (``with the flag``)."""
    if piece.count > 1 and str(piece.count) not in words.split():
        words += f" x{piece.count}"
    return words + "".join(f" {badge.title}" for badge in piece.badges)


def board_description(view: BoardView, highlight: Iterable[str] = (),
                      moved: Iterable[str] = ()) -> str:
    """Every piece by square, player by player (in the order of the view's palette, then
    any other owner in the order met), then the squares of the previous move and the
    highlighted ones: ``White: rook a1, knight b1; Black: rook a8. Previous move: d4,
    d5.``"""
    by_owner: dict[str, list[str]] = {owner: [] for owner in view.palette}
    for cell in view.cells:
        if cell.piece is not None:
            by_owner.setdefault(cell.piece.owner, []).append(_piece_words(cell.piece, cell.name))
    players = [f"{owner[:1].upper()}{owner[1:]}: {', '.join(pieces)}"
               for owner, pieces in by_owner.items() if pieces]
    sentences = ["; ".join(players) + "." if players else "No pieces on the board."]
    order = {cell.name: i for i, cell in enumerate(view.cells)}
    for words, squares in (("Previous move", moved), ("Highlighted", highlight)):
        listed = sorted(set(squares), key=lambda name: order.get(name, len(order)))
        if listed:
            sentences.append(f"{words}: {', '.join(listed)}.")
    return " ".join(sentences)


def svg_board(view: BoardView, *, size: int | None = None, highlight: Iterable[str] = (),
              last_move: bool | Sequence[str] = True, turns: int = 0,
              title: str | None = None) -> str:
    """The SVG document of ``view``; its longer side is ``size`` pixels (by default
    :func:`default_size`). ``last_move`` shows the previous move the view records (True),
    none (False), or these squares. ``turns`` quarter turns counter-clockwise turn the
    board (the pieces and labels stay upright). The document is an image to a screen
    reader (``role="img"``), labelled by its ``<title>`` (``title``, by default
    :func:`board_title` of the view's game id) and described by a ``<desc>`` listing the
    pieces by square (:func:`board_description`); the same arguments give the same bytes.

    Every place of the board is a ``<g class="cell" data-square="...">`` group whose
    ``rect.square`` is its area (a square cell, or the disc around a point, as wide as a
    cell), holding the frames of the previous move (``rect.last-move``) and of a highlight
    (``rect.highlight``) and its piece (``g.piece`` with ``data-owner``). Every text is a
    path (:mod:`service.pictures.glyphs`), so the picture names no font."""
    turned = Turned(view.files, view.ranks, turns)
    width, height = _extent(turned.columns, turned.rows)
    if size is None:
        size = default_size(view.files, view.ranks)
    scale = size / max(width, height)
    px_w, px_h = round(width * scale), round(height * scale)
    marked = set(highlight)
    if isinstance(last_move, bool):
        moved = set(view.last_move) if last_move else set()
    else:
        moved = set(last_move)
    title = board_title(view.game, view) if title is None else title
    desc = board_description(view, marked, moved)
    # ids unique to what the picture says, so that pictures inlined in one page keep theirs
    ids = "board-" + hashlib.sha256(f"{title}\n{desc}".encode()).hexdigest()[:12]
    # the viewBox fills the whole pixel box (stretched by under a pixel where the sides were
    # rounded), so that every rasteriser puts each shape at the same pixels
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
        f'viewBox="0 0 {width} {height}" preserveAspectRatio="none" '
        f'data-game="{escape(view.game)}" data-files="{view.files}" data-ranks="{view.ranks}" '
        f'data-layout="{view.layout}" '
        f'role="img" aria-labelledby="{ids}-title" aria-describedby="{ids}-desc">',
        f'<title id="{ids}-title">{escape(title)}</title>',
        f'<desc id="{ids}-desc">{escape(desc)}</desc>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{FRAME}"/>',
    ]
    if view.layout == "points":
        out.extend(_points_ground(view, turned))
    for cell in view.cells:
        column, row = turned.place(cell.file, cell.rank)
        x, y = MARGIN + column * CELL, MARGIN + row * CELL
        out.append(f'<g class="cell" data-square="{escape(cell.name)}">')
        if view.layout == "points":
            out.extend(_point(view, cell, x, y))
        else:
            out.extend(_square(view, cell, x, y))
        out.extend(_frames(cell.name, x, y, CELL, view.layout == "points", moved, marked))
        out.extend(_mark(mark, x, y) for mark in cell.marks)
        if cell.piece is not None:
            out.extend(_piece(view, cell.piece, x + CELL / 2, y + CELL / 2))
        out.append("</g>")
    out.extend(_coordinates(view, turned, height))
    out.append("</svg>")
    return "\n".join(out)


def _square(view: BoardView, cell: Cell, x: int, y: int) -> Iterable[str]:
    """A cell of a ``cells`` board: its square, checkered or in its terrain's colour (a dark
    square of terrain veiled darker), and its terrain's letter."""
    fill = terrain_fill(view, cell.terrain) if cell.terrain else SHADES[cell.shade % 2]
    yield (f'<rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
           f'fill="{fill}"/>')
    if cell.terrain and cell.shade % 2:  # the checker stays visible on terrain
        yield (f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#000" '
               f'fill-opacity="{TERRAIN_SHADE}"/>')
    if cell.terrain and cell.terrain in view.terrain and view.terrain[cell.terrain][1]:
        yield text_path(view.terrain[cell.terrain][1], x + 5, y + 15, 11, "#000",
                        anchor="start", opacity=0.45, kind="terrain")


def _point(view: BoardView, cell: Cell, x: int, y: int) -> Iterable[str]:
    """A place of a ``points`` board: its area, an unpainted disc as wide as a cell (which a
    pointer hits all the same), and its dot, in its terrain's colour if it has one."""
    cx, cy, r = x + CELL / 2, y + CELL / 2, CELL / 2
    yield (f'<rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="{r:g}" '
           f'fill="none" pointer-events="all"/>')
    fill = terrain_fill(view, cell.terrain) if cell.terrain else POINTS_INK
    yield (f'<circle class="point" cx="{cx:g}" cy="{cy:g}" r="{POINT_RADIUS}" fill="{fill}" '
           f'stroke="{POINTS_INK}" stroke-width="2"/>')


def _points_ground(view: BoardView, turned: Turned) -> Iterable[str]:
    """The plain board of a ``points`` view and its lines, beneath the points."""
    yield (f'<rect class="ground" x="{MARGIN}" y="{MARGIN}" width="{turned.columns * CELL}" '
           f'height="{turned.rows * CELL}" fill="{POINTS_GROUND}"/>')
    centres = {}
    for cell in view.cells:
        column, row = turned.place(cell.file, cell.rank)
        centres[cell.name] = (MARGIN + column * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2)
    yield (f'<g class="lines" stroke="{POINTS_INK}" stroke-width="4" '
           f'stroke-linecap="round">')
    for a, b in view.lines:
        (x1, y1), (x2, y2) = centres[a], centres[b]
        yield (f'<line data-from="{escape(a)}" data-to="{escape(b)}" x1="{x1:g}" y1="{y1:g}" '
               f'x2="{x2:g}" y2="{y2:g}"/>')
    yield "</g>"


def _coordinates(view: BoardView, turned: Turned, height: int) -> Iterable[str]:
    """The files' and ranks' labels below and left of the board, as the turn puts them."""
    for column, name in turned.bottom_labels(view):
        cx = MARGIN + column * CELL + CELL / 2
        yield text_path(name, cx, height - 8, 14, COORDINATES, kind="coordinate")
    for row, name in turned.left_labels(view):
        cy = MARGIN + row * CELL + CELL / 2 + 5
        yield text_path(name, MARGIN / 2, cy, 14, COORDINATES, kind="coordinate")


def png_bytes(svg: str) -> bytes:
    """Rasterise an SVG from :func:`svg_board` at its own pixel size: the same SVG gives the
    same bytes in any process, whatever it drew before.

    That holds because the picture holds no text, only shapes (its letters are paths made
    from the package's own font, :mod:`service.pictures.glyphs`): no system font is looked up and no
    hinted glyph is cached, so nothing a process drew earlier changes a pixel, and the PNG
    encoder (libpng through cairo) is deterministic for the same pixels."""
    import cairosvg  # imported on first PNG: it loads the system cairo library

    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


class UnknownSquares(ValueError):
    """Squares a picture was asked to mark that the board does not have."""


def picture(game: Any, position: Any, *, format: str = "svg", size: int | None = None,
            highlight: Iterable[str] = (), last_move: bool | str = True,
            orientation: str | None = None) -> bytes:
    """SVG or PNG bytes of ``position``; ``last_move`` True shows the previous move the
    position records, False none, a string that move in the game's notation; ``orientation``
    a player the board is seen from (their edge at the bottom; None: as the game draws it).
    Raises NoBoardView, UnknownSeat, UnknownSquares naming the squares of ``highlight`` the
    board does not have, or InvalidLastMove."""
    turns = quarter_turns(game, orientation)
    view = view_for(game, position)
    highlight = list(highlight)
    unknown = [sq for sq in highlight if sq not in view.names]
    if unknown:
        raise UnknownSquares(", ".join(unknown))
    shown = last_move_squares(game, position, view, last_move)
    title = board_title(game.name, view, orientation if turns else None)
    svg = svg_board(view, size=size, highlight=highlight, last_move=shown, turns=turns,
                    title=title)
    return png_bytes(svg) if format == "png" else svg.encode("utf-8")


class InvalidLastMove(ValueError):
    """A ``last_move`` string that is not a move of the game on this board."""


def last_move_squares(game: Game[Any, Any], position: Any, view: BoardView,
                      last_move: bool | str) -> bool | tuple[str, ...]:
    """What the picture shows as the previous move: the flag as given, or the squares of the
    move written ``last_move``. The move is read in the game's notation and its squares must
    be on the board; whether it was legal cannot be judged, since the position before it is
    not sent."""
    if isinstance(last_move, bool):
        return last_move
    try:
        move = game.parse_move(position, last_move)
    except IllegalMove as exc:
        raise InvalidLastMove(f"last_move {as_json(last_move)} is not a {game.name} move: "
                              f"{exc.detail}") from None
    squares = game.move_squares(move)
    off_board = [sq for sq in squares if sq not in view.names]
    if off_board:
        raise InvalidLastMove(f"last_move {as_json(last_move)} names {', '.join(off_board)}, "
                              "which is not a square of this board.")
    return squares


# ---- an animated picture of a game -------------------------------------------------------

#: the container of each animated format: Pillow's format name and the media type
ANIMATED = {"apng": ("PNG", "image/png"), "gif": ("GIF", "image/gif")}


def animation(game: Game[Any, Any], positions: Sequence[Any], moves: Sequence[Any], *,
              format: str, size: int, orientation: str | None = None,
              frame_ms: int = 1000) -> bytes:
    """An animated APNG or GIF of a game: one frame per position (``positions[0]`` first,
    then the position after each of ``moves``), each ply's move highlighted as the previous
    move, every frame ``frame_ms`` long, looping. Frames are this module's PNGs, assembled
    by Pillow with fixed settings, so the same game gives the same bytes in any process.
    Raises NoBoardView or UnknownSeat."""
    import io

    from PIL import Image

    turns = quarter_turns(game, orientation)
    frames = []
    for index, position in enumerate(positions):
        view = view_for(game, position)
        shown: bool | tuple[str, ...] = True if index == 0 else game.move_squares(moves[index - 1])
        svg = svg_board(view, size=size, last_move=shown, turns=turns,
                        title=board_title(game.name, view, orientation if turns else None))
        frames.append(Image.open(io.BytesIO(png_bytes(svg))).convert("RGB"))
    out = io.BytesIO()
    container, _ = ANIMATED[format]
    frames[0].save(out, format=container, save_all=True, append_images=frames[1:],
                   duration=frame_ms, loop=0)
    return out.getvalue()
