"""Maestria positions as a BoardView: the 2x12 board of black and white cells with its
terrain (an option), stacks of pawns with their counts, and the General."""

from __future__ import annotations

from ..core.view import BoardView, Cell, Piece, board_view
from .position import (
    GRID, NAMES, SIDE_NAMES, TERRAIN_NAMES, cell_colour, count_of, format_cell, has_general,
    owner_of, terrain_table,
)

PALETTE = {"black": ("#2f2a26", "#f5efe0"), "white": ("#f6f1e4", "#2f2a26")}
TERRAIN = {"Plain": ("#d8cf9a", "P"), "Forest": ("#7fa36a", "F"), "Mountain": ("#a39a8c", "M")}


@board_view("maestria")
def view(game, position) -> BoardView:
    terrain = terrain_table(game.options["terrain"])
    cells = []
    for sq in GRID.squares:
        f, r = GRID.coords[sq]
        code = position.cells[sq]
        piece = None
        if code:
            side = SIDE_NAMES[owner_of(code)]
            count = count_of(code)
            piece = Piece(glyph="P", owner=side, text=format_cell(code), count=count,
                          general=has_general(code),
                          name=f"{side} stack of {count}")
        cells.append(Cell(NAMES[sq], f, r, shade=1 - cell_colour(sq),
                          terrain=TERRAIN_NAMES[terrain[sq]], piece=piece))
    pending = position.pending
    return BoardView(
        game="maestria", files=GRID.files, ranks=GRID.ranks, cells=tuple(cells),
        palette=PALETTE, to_move=game.status(position).to_move, terrain=TERRAIN,
        last_move=() if pending is None else (NAMES[pending.src], NAMES[pending.dst]),
    )
