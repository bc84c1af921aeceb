"""What the computer opponent knows about a Sceptre position: the material of every army a
player controls, how near his pieces stand to the enemy Kings and how cornered they are, and
with three or four players how many of the others are out."""

from __future__ import annotations

from itertools import compress

from ..core.evaluation import closeness, cornered, hunt, material_chance, with_shares
from .board import COLOUR_NAMES, KING, PAWN, Layout
from .position import Position, active_players

#: Material per kind (index = kind; a King is worth his army, counted piece by piece).
PIECE_VALUES = (0, 0, 9, 5, 3, 3, 1, 0)
#: The lead that makes a player about 73 % to win against one other.
MATERIAL_SCALE = 4.0


def material_and_nearness(position: Position, layout: Layout, reach: int
                          ) -> tuple[list[float], list[float]]:
    """Each player's material (over the armies he controls), and his hunt
    (:func:`rules.core.evaluation.hunt`): how near his pieces (but Kings and Pawns) stand to
    the nearest King of another player still in, within ``reach`` squares, and how near those
    Kings stand to the edge of the board."""
    grid = layout.grid
    coords = grid.coords
    control = position.control
    material = [0.0] * 4
    kings: list[tuple[int, tuple[int, int]]] = []
    hunters: list[list[tuple[int, int]]] = [[], [], [], []]
    board = position.board
    for sq in compress(range(len(board)), board):  # the occupied squares, skipped in C
        code = board[sq]
        owner = control[code >> 3]
        if owner < 0:
            continue
        kind = code & 7
        material[owner] += PIECE_VALUES[kind]
        if kind == KING:
            if owner == code >> 3:
                kings.append((owner, coords[sq]))
        elif kind != PAWN:
            hunters[owner].append(coords[sq])
    edges = [(owner, cornered(grid, king)) for owner, king in kings]
    nearness = [0.0] * 4
    for p in range(4):
        near = closeness(hunters[p], [king for owner, king in kings if owner != p], reach)
        nearness[p] = hunt(near, [edge for owner, edge in edges if owner != p])
    return material, nearness


def evaluate(position: Position, player: str, layout: Layout) -> float:
    """Material (Queen 9, Rook 5, Bishop and Knight 3, Pawn 1) of every army a player
    controls, as a share of winning among the players still in (0 for one who is out); a fifth
    of it is kept for his hunt of the enemy Kings, and with three or four players another fifth
    for how many of the others are out: with a large lead the share is 1 only when these are
    too, and they lead him on to take Kings."""
    colour = COLOUR_NAMES.index(player)
    control = position.control
    if control[colour] != colour:
        return 0.0
    active = active_players(control)
    grid = layout.grid
    material, nearness = material_and_nearness(position, layout, max(grid.files, grid.ranks))
    chance = material_chance([material[p] for p in active], active.index(colour),
                             MATERIAL_SCALE)
    seats = len(layout.players)
    if seats == 2:
        return with_shares(chance, nearness[colour])
    return with_shares(chance, nearness[colour], (seats - len(active)) / (seats - 1))
