"""King's Mate positions as a BoardView: the 7x9 board with its raised squares (the King
Squares and the central X) and the failed attackers of active play marked."""

from __future__ import annotations

from ..core.view import BoardView, Mark, Piece, grid_cells
from .position import (
    CODE_TO_LETTER, GRID, IS_RAISED, KIND_LETTERS, SIDE_NAMES, Position, piece_name,
)

PALETTE = {"white": ("#f6f1e4", "#2f2a26"), "black": ("#2f2a26", "#f5efe0")}
RAISED = Mark("raised", style="frame", colour="#6b4a1f", symbol="^")
FAILED = Mark("failed", style="dot")


def draw(position: Position, to_move: str | None) -> BoardView:
    """The picture of ``position``, whose side to move is ``to_move`` (None once the game is
    over)."""
    board, failed = position.board, position.failed

    def piece_at(sq: int) -> Piece | None:
        code = board[sq]
        if not code:
            return None
        return Piece(glyph=KIND_LETTERS[code & 7], owner=SIDE_NAMES[code >> 3],
                     text=CODE_TO_LETTER[code], name=piece_name(code))

    def marks_at(sq: int) -> tuple[Mark, ...]:
        marks = (RAISED,) if IS_RAISED[sq] else ()
        return marks + (FAILED,) if sq in failed else marks

    return BoardView(game="kings-mate", files=GRID.files, ranks=GRID.ranks,
                     cells=grid_cells(GRID, piece_at, marks_at=marks_at), palette=PALETTE,
                     to_move=to_move)
