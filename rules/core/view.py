"""A game-agnostic picture of a position: what a renderer, a text board or a frontend draws.

A game draws its positions by overriding :meth:`rules.core.game.Game.board_view`, usually
with the help of :func:`grid_cells`. Everything game-specific a picture shows is said here in
generic terms: a cell's :class:`Mark` (a raised square, a failed attacker), a piece's
:class:`Badge` (a leader riding a stack), terrain colours, a palette per player; the
renderer and :func:`text_board` know no game.

A board is drawn in one of two :data:`Layout` kinds: ``cells`` (the default), a grid of
squares that pieces stand in, or ``points``, places on a plain board joined by the view's
``lines`` that pieces stand on (a mill game's board). Either way every place is a
:class:`Cell` with its grid coordinates, so pictures, frontends and text boards find it alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal

from .geometry import FILE_LETTERS, Grid

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Badge:
    """Something a piece carries that the picture shows beside its glyph.

    ``label`` is drawn in a small disc of colour ``fill`` at the piece's lower left (text in
    ``ink``); ``ring`` also circles the whole piece in ``fill``; ``title`` is the words added
    to the piece's tooltip (``with the leader``).
    """

    label: str
    title: str
    fill: str = "#d4a017"
    ink: str = "#000000"
    ring: bool = False


@dataclass(frozen=True)
class Mark:
    """Something about a cell that the picture shows, whoever stands on it.

    ``style`` ``frame`` draws a dashed frame inside the cell, ``dot`` a small disc in its
    upper right corner; ``symbol`` stands for the empty cell on a text board (blank: ``.``).
    """

    name: str
    style: Literal["frame", "dot"] = "dot"
    colour: str = "#c62828"
    symbol: str = ""


@dataclass(frozen=True)
class Piece:
    """What stands on a cell.

    ``glyph`` is the short label drawn in the piece's disc (``M``, ``K``, ``♔``); ``text``
    its plain-text form for terminals (the notation letter, ``b3*``); ``owner`` the player
    it belongs to (a key of :attr:`BoardView.palette`); ``count`` the stack height (1 for a
    single piece); ``badges`` what it carries; ``name`` is for people (``dark Tower``).
    """

    glyph: str
    owner: str
    text: str = ""
    name: str = ""
    count: int = 1
    badges: tuple[Badge, ...] = ()


@dataclass(frozen=True)
class Cell:
    """One on-board cell: its name, its grid coordinates (0-based, rank 0 at the bottom),
    its checker shade (0 light, 1 dark), terrain (None for plain board), marks, and its
    piece."""

    name: str
    file: int
    rank: int
    shade: int = 0
    terrain: str | None = None
    marks: tuple[Mark, ...] = ()
    piece: Piece | None = None


#: How a board is drawn: ``cells``, squares side by side; ``points``, places on a plain board
#: joined by lines, each at its grid coordinates (see :class:`BoardView`)
Layout = Literal["cells", "points"]
LAYOUTS: tuple[Layout, ...] = ("cells", "points")


@dataclass(frozen=True)
class BoardView:
    """A whole board: ``files`` x ``ranks`` grid coordinates, the on-board ``cells``
    (off-board holes are simply absent), the colours of each player's pieces, whose turn it
    is and the previous move's squares (for highlighting).

    ``layout`` ``cells`` draws each cell as a square (checkered by its shade, coloured by its
    terrain); ``points`` draws each as a point at the same grid coordinates on a plain board,
    with ``lines`` (pairs of cell names) drawn straight between their points, and pieces
    standing on the points (a point's terrain colours its dot; shades are not drawn). A
    ``cells`` view has no lines. Raises ValueError for an unknown layout, lines in a
    ``cells`` view, or a line naming a cell the view does not have.
    """

    game: str
    files: int
    ranks: int
    cells: tuple[Cell, ...]
    #: player -> (fill, ink): the disc colour and the glyph colour of that player's pieces
    palette: dict[str, tuple[str, str]]
    to_move: str | None = None
    last_move: tuple[str, ...] = ()
    file_labels: tuple[str, ...] = ()
    rank_labels: tuple[str, ...] = ()
    #: terrain name -> (fill colour, one-letter code for text boards)
    terrain: dict[str, tuple[str, str]] = field(default_factory=dict)
    caption: str = ""
    layout: Layout = "cells"
    #: the lines of a ``points`` board: each joins the points of two cells, by name
    lines: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        self._check_layout()
        if not self.file_labels:
            object.__setattr__(self, "file_labels", tuple(FILE_LETTERS[:self.files]))
        if not self.rank_labels:
            object.__setattr__(self, "rank_labels",
                               tuple(str(r + 1) for r in range(self.ranks)))

    def _check_layout(self) -> None:
        """ValueError for a layout this module does not know, or lines it cannot draw."""
        if self.layout not in LAYOUTS:
            raise ValueError(f"layout {self.layout!r} is not one of {', '.join(LAYOUTS)}")
        if not self.lines:
            return
        if self.layout != "points":
            raise ValueError("only a points board has lines")
        strays = sorted({end for line in self.lines for end in line} - self.names)
        if strays:
            raise ValueError(f"lines name places the board does not have: {', '.join(strays)}")

    @property
    def names(self) -> frozenset[str]:
        return frozenset(c.name for c in self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "files": self.files, "ranks": self.ranks,
            "layout": self.layout, "lines": [list(line) for line in self.lines],
            "to_move": self.to_move, "last_move": list(self.last_move),
            "cells": [{
                "name": c.name, "file": c.file, "rank": c.rank, "shade": c.shade,
                "terrain": c.terrain, "marks": [m.name for m in c.marks],
                "piece": None if c.piece is None else {
                    "glyph": c.piece.glyph, "owner": c.piece.owner, "count": c.piece.count,
                    "badges": [b.label for b in c.piece.badges], "name": c.piece.name},
            } for c in self.cells],
        }


class NoBoardView(LookupError):
    """The game draws no picture of its positions."""


#: The edges of a board picture a player may sit at (see
#: :meth:`rules.core.hooks.PictureHooks.seat_edges`), in the order of the quarter turns
#: counter-clockwise that bring each to the bottom: ``south`` is the bottom of the picture as
#: the game draws it (no turn), ``west`` its left (a quarter turn), ``north`` its top (a half
#: turn), ``east`` its right (three quarters).
EDGES = ("south", "west", "north", "east")


class UnknownSeat(LookupError):
    """A player a picture was asked to be seen from who does not sit at this board."""


def quarter_turns(game: Game[Any, Any], player: str | None) -> int:
    """How many quarter turns counter-clockwise bring ``player``'s edge of the board to the
    bottom of the picture (0 for None: the board as the game draws it). Raises UnknownSeat
    for a name that is not one of the players taking part under the game's options."""
    if player is None:
        return 0
    edges = game.seat_edges()
    if player not in edges:
        raise UnknownSeat(player)
    return EDGES.index(edges[player])


def grid_cells(
    grid: Grid,
    piece_at: Callable[[int], Piece | None],
    *,
    marks_at: Callable[[int], tuple[Mark, ...]] | None = None,
    terrain_at: Callable[[int], str | None] | None = None,
) -> tuple[Cell, ...]:
    """The cells of every on-board square of ``grid``, checkered with a1 dark, each with
    the piece, marks and terrain the game's functions give for its square."""
    cells = []
    for sq in grid.squares:
        f, r = grid.coords[sq]
        cells.append(Cell(
            grid.names[sq], f, r, shade=(f + r + 1) % 2,
            terrain=terrain_at(sq) if terrain_at else None,
            marks=marks_at(sq) if marks_at else (),
            piece=piece_at(sq),
        ))
    return tuple(cells)


def view_for(game: Game[Any, Any], position: Any) -> BoardView:
    """The BoardView of ``position`` in ``game``; raises NoBoardView for a game without
    pictures."""
    return game.board_view(position)


def has_view(game: Game[Any, Any]) -> bool:
    """Whether ``game`` draws pictures of its positions."""
    try:
        game.board_view(game.start_position)
    except NoBoardView:
        return False
    return True


def _token(view: BoardView, cell: Cell) -> str:
    """A cell on a text board: its piece in notation, else its terrain letter in lower case,
    else the symbol of its first mark that has one, else ``.``."""
    symbols = [m.symbol for m in cell.marks if m.symbol]
    if cell.piece is not None:
        return cell.piece.text or cell.piece.glyph
    if cell.terrain and cell.terrain in view.terrain:
        return view.terrain[cell.terrain][1].lower()
    return symbols[0] if symbols else "."


def text_board(view: BoardView) -> str:
    """The board as text: top rank first, rank numbers on the left, files below.

    Pieces are written in notation (``M``, ``wK``, ``b3*``); an empty cell is ``.``, its
    terrain letter in lower case, or the symbol of its first mark that has one; off-board
    holes are blank. A ``points`` board (see :func:`points_text_board`) also draws its lines.
    """
    if view.layout == "points":
        return points_text_board(view)
    grid = {(c.file, c.rank): _token(view, c) for c in view.cells}
    width = max([len(t) for t in grid.values()] + [len(x) for x in view.file_labels] + [1])
    label_width = max(len(x) for x in view.rank_labels)
    lines = []
    for r in reversed(range(view.ranks)):
        row = " ".join(grid.get((f, r), "").rjust(width) for f in range(view.files))
        lines.append(f"{view.rank_labels[r].rjust(label_width)}  {row}".rstrip())
    files = " ".join(x.rjust(width) for x in view.file_labels)
    lines.append(f"{' ' * label_width}  {files}")
    return "\n".join(lines)


def points_text_board(view: BoardView) -> str:
    """A ``points`` board as text: each point's token (as :func:`text_board` writes a cell)
    centred on its column, three characters between columns and a line of text between
    ranks, where the view's lines are drawn with ``-``, ``|``, ``/`` and ``\\`` (``X`` where
    two diagonals cross); rank labels on the left of the points' rows, file labels below.
    ``.---.---.`` is a rank of three empty points joined along it."""
    tokens = {(c.file, c.rank): _token(view, c) for c in view.cells}
    width = max([len(t) for t in tokens.values()] + [len(x) for x in view.file_labels] + [1])
    pitch = width + 3

    def centre(file: int, rank: int) -> tuple[int, int]:
        return file * pitch + width // 2, (view.ranks - 1 - rank) * 2

    canvas = [[" "] * (view.files * pitch) for _ in range(2 * view.ranks - 1)]
    for (file, rank), token in tokens.items():
        x, y = centre(file, rank)
        start = x - (len(token) - 1) // 2
        canvas[y][start:start + len(token)] = token
    by_name = {c.name: (c.file, c.rank) for c in view.cells}
    for a, b in view.lines:
        _draw_line(canvas, centre(*by_name[a]), centre(*by_name[b]))
    labels = dict(enumerate(reversed(view.rank_labels)))
    label_width = max(len(x) for x in view.rank_labels)
    lines = [f"{labels.get(y // 2, '') if y % 2 == 0 else '':>{label_width}}  "
             f"{''.join(row)}".rstrip() for y, row in enumerate(canvas)]
    files = [" "] * (view.files * pitch)
    for file, name in enumerate(view.file_labels):
        x = centre(file, 0)[0] - (len(name) - 1) // 2
        files[x:x + len(name)] = name
    lines.append(f"{' ' * label_width}  {''.join(files)}".rstrip())
    return "\n".join(lines)


def _draw_line(canvas: list[list[str]], a: tuple[int, int], b: tuple[int, int]) -> None:
    """Draw the straight line from character ``a`` to ``b`` (column, row) on ``canvas``,
    leaving both ends and every character already written but a crossing diagonal."""
    (x1, y1), (x2, y2) = sorted((a, b), key=lambda p: (p[1], p[0]))
    if y1 == y2:
        steps = [(x, y1) for x in range(min(x1, x2) + 1, max(x1, x2))]
        stroke = "-"
    else:
        steps = [(round(x1 + (x2 - x1) * (y - y1) / (y2 - y1)), y) for y in range(y1 + 1, y2)]
        stroke = "|" if x1 == x2 else "/" if x2 < x1 else "\\"
    crossing = {"/": "\\", "\\": "/"}
    for x, y in steps:
        here = canvas[y][x]
        if here == " ":
            canvas[y][x] = stroke
        elif crossing.get(here) == stroke:
            canvas[y][x] = "X"
