"""Mastery positions as a BoardView: an 8x8 checkered board, dark and light pieces."""

from __future__ import annotations

from ..core.view import BoardView, Cell, Piece, board_view
from .position import CODE_TO_LETTER, GRID, KIND_LETTERS, SIDE_NAMES, piece_name

PALETTE = {"dark": ("#2f2a26", "#f5efe0"), "light": ("#f6f1e4", "#2f2a26")}


@board_view("mastery")
def view(game, position) -> BoardView:
    cells = []
    for sq in GRID.squares:
        f, r = GRID.coords[sq]
        code = position.board[sq]
        piece = None
        if code:
            piece = Piece(glyph=KIND_LETTERS[code & 3], owner=SIDE_NAMES[code >> 2],
                          text=CODE_TO_LETTER[code], name=piece_name(code))
        cells.append(Cell(GRID.names[sq], f, r, shade=(f + r + 1) % 2, piece=piece))
    last = position.last
    return BoardView(
        game="mastery", files=GRID.files, ranks=GRID.ranks, cells=tuple(cells),
        palette=PALETTE, to_move=game.status(position).to_move,
        last_move=() if last is None else (GRID.names[last.src], GRID.names[last.dst]),
    )
