"""King's Mate positions as a BoardView: the 7x9 board with its raised squares (the King
Squares and the central X) and the failed attackers of active play marked."""

from __future__ import annotations

from ..core.view import BoardView, Cell, Piece, board_view
from .position import CODE_TO_LETTER, GRID, IS_RAISED, KIND_LETTERS, SIDE_NAMES, piece_name

PALETTE = {"white": ("#f6f1e4", "#2f2a26"), "black": ("#2f2a26", "#f5efe0")}


@board_view("kings-mate")
def view(game, position) -> BoardView:
    failed = set(position.failed)
    cells = []
    for sq in GRID.squares:
        f, r = GRID.coords[sq]
        code = position.board[sq]
        piece = None
        if code:
            piece = Piece(glyph=KIND_LETTERS[code & 7], owner=SIDE_NAMES[code >> 3],
                          text=CODE_TO_LETTER[code], name=piece_name(code))
        marks = (("raised",) if IS_RAISED[sq] else ()) + (("failed",) if sq in failed else ())
        cells.append(Cell(GRID.names[sq], f, r, shade=(f + r + 1) % 2, marks=marks,
                          piece=piece))
    return BoardView(game="kings-mate", files=GRID.files, ranks=GRID.ranks, cells=tuple(cells),
                     palette=PALETTE, to_move=game.status(position).to_move)
