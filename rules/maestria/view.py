"""Maestria positions as a BoardView: the 2x12 board of black and white cells with its
terrain (an option), stacks of pawns with their counts, and the General riding its stack."""

from __future__ import annotations

from ..core.view import Badge, BoardView, Piece, grid_cells
from .position import (
    GRID, NAMES, SIDE_NAMES, TERRAIN_NAMES, Position, count_of, format_cell, has_general,
    owner_of,
)

PALETTE = {"black": ("#2f2a26", "#f5efe0"), "white": ("#f6f1e4", "#2f2a26")}
TERRAIN = {"Plain": ("#d8cf9a", "P"), "Forest": ("#7fa36a", "F"), "Mountain": ("#a39a8c", "M")}
GENERAL = Badge(label="G", title="with the General", ring=True)


def stack_piece(code: int) -> Piece | None:
    """The stack on a cell (None when empty), with the General's badge when it is in it."""
    if not code:
        return None
    side = SIDE_NAMES[owner_of(code)]
    count = count_of(code)
    return Piece(glyph="P", owner=side, text=format_cell(code), count=count,
                 name=f"{side} stack of {count}",
                 badges=(GENERAL,) if has_general(code) else ())


def board_view(position: Position, terrain: tuple[int, ...], to_move: str | None) -> BoardView:
    """The picture of ``position`` on the board of ``terrain`` (one terrain per cell, as the
    ``terrain`` option gives it); the cells of a pending attack are the last move."""
    cells = grid_cells(GRID, lambda sq: stack_piece(position.cells[sq]),
                       terrain_at=lambda sq: TERRAIN_NAMES[terrain[sq]])
    pending = position.pending
    return BoardView(
        game="maestria", files=GRID.files, ranks=GRID.ranks, cells=cells, palette=PALETTE,
        to_move=to_move, terrain=TERRAIN,
        last_move=() if pending is None else (NAMES[pending.src], NAMES[pending.dst]),
    )
