"""Mastery positions as a BoardView: an 8x8 checkered board, dark and light pieces."""

from __future__ import annotations

from ..core.view import BoardView, Piece, grid_cells
from .position import CODE_TO_LETTER, GRID, KIND_LETTERS, SIDE_NAMES, Position, piece_name

PALETTE = {"dark": ("#2f2a26", "#f5efe0"), "light": ("#f6f1e4", "#2f2a26")}


def board_view(position: Position, to_move: str | None) -> BoardView:
    """The picture of ``position``, ``to_move`` being the side whose turn it is (None once
    the game is over); the previous ply's squares are highlighted."""
    board = position.board

    def piece_at(sq: int) -> Piece | None:
        code = board[sq]
        if not code:
            return None
        return Piece(glyph=KIND_LETTERS[code & 3], owner=SIDE_NAMES[code >> 2],
                     text=CODE_TO_LETTER[code], name=piece_name(code))

    last = position.last
    return BoardView(
        game="mastery", files=GRID.files, ranks=GRID.ranks, cells=grid_cells(GRID, piece_at),
        palette=PALETTE, to_move=to_move,
        last_move=() if last is None else (GRID.names[last.src], GRID.names[last.dst]),
    )
