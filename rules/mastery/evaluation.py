"""What the computer opponent knows about a Mastery position: material."""

from __future__ import annotations

from ..core.evaluation import material_chance
from .position import MASTER, OFFICER, PAWN, SIDE_NAMES, Position, army_counts

#: Material per kind (index = kind).
PIECE_VALUES = (0, 4, 2, 1)
#: The lead that makes a side about 73 % to win.
MATERIAL_SCALE = 4.0


def material(counts: list[int]) -> float:
    """A side's material, plus 4 for its last Master and 2 for its last Officer or Pawn, whose
    loss ends the game."""
    soldiers = counts[OFFICER] + counts[PAWN]
    return (sum(v * c for v, c in zip(PIECE_VALUES, counts))
            + 4 * (counts[MASTER] >= 1) + 2 * (soldiers >= 1))


def evaluate(position: Position, player: str) -> float:
    """Material: Masters 4, Officers 2, Pawns 1, plus 4 for a side's last Master and 2 for its
    last Officer or Pawn; the lead as a chance of winning."""
    scores = [material(counts) for counts in army_counts(position.board)]
    return material_chance(scores, SIDE_NAMES.index(player), MATERIAL_SCALE)
