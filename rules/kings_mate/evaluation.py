"""What the computer opponent knows about a King's Mate position: material, and how near each
King stands to the enemy King and how cornered that King is."""

from __future__ import annotations

from itertools import compress

from ..core.evaluation import closeness, cornered, hunt, material_chance, with_shares
from .position import BLACK, GRID, KING, SIDE_NAMES, WHITE, Position

#: Material per kind (index = kind; the King is never taken).
PIECE_VALUES = (0, 0, 9, 3, 3, 5, 1)
#: The lead that makes a side about 73 % to win.
MATERIAL_SCALE = 4.0
#: King-step distance at which a King no longer counts as near the enemy King (none is further
#: on the 7x9 board).
REACH = 8


def material_and_nearness(board: tuple[int, ...]) -> tuple[list[float], list[float]]:
    """Each side's material, and its hunt (:func:`rules.core.evaluation.hunt`): how near its
    King stands to the enemy King, and how near that King stands to the edge.

    The King is the hunter because he carries the Swordmasters (who must stay beside him) and
    with them the mating force. Counting every piece's nearness would hold the Swordmasters
    and Priests near the enemy King while their own King stands walled in behind them (one of
    them must step back to let him out, which one ply sees as a loss)."""
    material = [0.0, 0.0]
    kings = [(0, 0), (0, 0)]
    coords = GRID.coords
    for sq in compress(range(len(board)), board):  # the occupied squares, skipped in C
        code = board[sq]
        side, kind = code >> 3, code & 7
        material[side] += PIECE_VALUES[kind]
        if kind == KING:
            kings[side] = coords[sq]
    nearness = [0.0, 0.0]
    for side in (WHITE, BLACK):
        enemy = kings[1 - side]
        nearness[side] = hunt(closeness([kings[side]], [enemy], REACH),
                              [cornered(GRID, enemy)])
    return material, nearness


def evaluate(position: Position, player: str) -> float:
    """Material (Swordmaster 9, Keeper 5, Priest and Priestess 3, Fool 1), the lead as a
    chance of winning, a fifth of which is kept for the side's hunt: with a large lead the
    chance is 1 whatever else happens, and only the hunt then leads the King and his
    Swordmasters on to mate."""
    side = SIDE_NAMES.index(player)
    material, nearness = material_and_nearness(position.board)
    return with_shares(material_chance(material, side, MATERIAL_SCALE), nearness[side])
