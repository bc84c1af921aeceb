"""Sceptre positions as a BoardView: the layout's sections over their bounding box (holes
left out), terrain, and the four armies in their colours with chess glyphs."""

from __future__ import annotations

from ..core.view import BoardView, Cell, Piece, board_view
from .board import COLOUR_NAMES, TERRAIN_NAMES
from .position import piece_letters, piece_name

GLYPHS = " ♚♛♜♝♞♟"
PALETTE = {"white": ("#f6f1e4", "#2f2a26"), "red": ("#c0392b", "#fff4e8"),
           "black": ("#2f2a26", "#f5efe0"), "yellow": ("#f1c40f", "#2f2a26")}
TERRAIN = {"forest": ("#7fa36a", "F"), "river": ("#6fa8dc", "R"), "pond": ("#3d85c6", "P"),
           "bridge": ("#b08d57", "B"), "castle ruin": ("#9e9e9e", "C")}


@board_view("sceptre")
def view(game, position) -> BoardView:
    layout = game.layout
    grid = layout.grid
    cells = []
    for sq in grid.squares:
        f, r = grid.coords[sq]
        code = position.board[sq]
        piece = None
        if code:
            piece = Piece(glyph=GLYPHS[code & 7], owner=COLOUR_NAMES[code >> 3],
                          text=piece_letters(code), name=piece_name(code))
        kind = layout.terrain[sq]
        terrain = TERRAIN_NAMES[kind] if kind != "." else None
        cells.append(Cell(grid.names[sq], f, r, shade=(f + r + 1) % 2, terrain=terrain,
                          piece=piece))
    return BoardView(game="sceptre", files=grid.files, ranks=grid.ranks, cells=tuple(cells),
                     palette=PALETTE, to_move=game.status(position).to_move, terrain=TERRAIN)
