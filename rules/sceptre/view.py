"""Sceptre positions as a BoardView: the layout's sections over their bounding box (holes
left out), terrain, and the four armies in their colours with chess glyphs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.view import BoardView, Piece, grid_cells
from .pieces import COLOUR_NAMES
from .position import Position, piece_letters, piece_name
from .terrain import OPEN, TERRAIN_NAMES

if TYPE_CHECKING:
    from .game import Sceptre
    from .layout import Layout

#: the edge behind a player moving in each direction: where he sits
BEHIND = {"north": "south", "south": "north", "east": "west", "west": "east"}
GLYPHS = " ♚♛♜♝♞♟"
PALETTE = {"white": ("#f6f1e4", "#2f2a26"), "red": ("#c0392b", "#fff4e8"),
           "black": ("#2f2a26", "#f5efe0"), "yellow": ("#f1c40f", "#2f2a26")}
TERRAIN = {"forest": ("#7fa36a", "F"), "river": ("#6fa8dc", "R"), "pond": ("#3d85c6", "P"),
           "bridge": ("#b08d57", "B"), "castle ruin": ("#9e9e9e", "C")}


def board_view(game: Sceptre, position: Position) -> BoardView:
    """The picture of ``position``: every square of the layout with its terrain (open ground
    is plain board) and its piece."""
    layout = game.layout

    def piece_at(sq: int) -> Piece | None:
        code = position.board[sq]
        if not code:
            return None
        return Piece(glyph=GLYPHS[code & 7], owner=COLOUR_NAMES[code >> 3],
                     text=piece_letters(code), name=piece_name(code))

    def terrain_at(sq: int) -> str | None:
        letter = layout.terrain[sq]
        return None if letter == OPEN else TERRAIN_NAMES[letter]

    grid = layout.grid
    return BoardView(game=game.id, files=grid.files, ranks=grid.ranks,
                     cells=grid_cells(grid, piece_at, terrain_at=terrain_at), palette=PALETTE,
                     to_move=game.status(position).to_move, terrain=TERRAIN)


def seat_edges(layout: Layout) -> dict[str, str]:
    """The edge of the board each player of ``layout`` sits at: behind his forward
    direction."""
    return {COLOUR_NAMES[colour]: BEHIND[layout.forward[colour]] for colour in layout.players}
