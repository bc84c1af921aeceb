"""A game-agnostic picture of a position: what a renderer, a text board or a frontend draws.

A game draws its positions by overriding :meth:`rules.core.game.Game.board_view`, usually
with the help of :func:`grid_cells`. Everything game-specific a picture shows is said here in
generic terms: a cell's :class:`Mark` (a raised square, a failed attacker), a piece's
:class:`Badge` (a leader riding a stack), terrain colours, a palette per player; the
renderer and :func:`text_board` know no game.
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


@dataclass(frozen=True)
class BoardView:
    """A whole board: ``files`` x ``ranks`` grid coordinates, the on-board ``cells``
    (off-board holes are simply absent), the colours of each player's pieces, whose turn it
    is and the previous move's squares (for highlighting)."""

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

    def __post_init__(self) -> None:
        if not self.file_labels:
            object.__setattr__(self, "file_labels", tuple(FILE_LETTERS[:self.files]))
        if not self.rank_labels:
            object.__setattr__(self, "rank_labels",
                               tuple(str(r + 1) for r in range(self.ranks)))

    @property
    def names(self) -> frozenset[str]:
        return frozenset(c.name for c in self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "files": self.files, "ranks": self.ranks,
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


def text_board(view: BoardView) -> str:
    """The board as text: top rank first, rank numbers on the left, files below.

    Pieces are written in notation (``M``, ``wK``, ``b3*``); an empty cell is ``.``, its
    terrain letter in lower case, or the symbol of its first mark that has one; off-board
    holes are blank.
    """
    grid: dict[tuple[int, int], str] = {}
    for c in view.cells:
        symbols = [m.symbol for m in c.marks if m.symbol]
        if c.piece is not None:
            token = c.piece.text or c.piece.glyph
        elif c.terrain and c.terrain in view.terrain:
            token = view.terrain[c.terrain][1].lower()
        elif symbols:
            token = symbols[0]
        else:
            token = "."
        grid[(c.file, c.rank)] = token
    width = max([len(t) for t in grid.values()] + [len(x) for x in view.file_labels] + [1])
    label_width = max(len(x) for x in view.rank_labels)
    lines = []
    for r in reversed(range(view.ranks)):
        row = " ".join(grid.get((f, r), "").rjust(width) for f in range(view.files))
        lines.append(f"{view.rank_labels[r].rjust(label_width)}  {row}".rstrip())
    files = " ".join(x.rjust(width) for x in view.file_labels)
    lines.append(f"{' ' * label_width}  {files}")
    return "\n".join(lines)
