"""Sceptre's players and pieces: the colours in seat order, the piece codes and kinds with
their letters, names and orthodox counts, the Knight's leaps, and a move as a value
(:class:`Move`, :data:`PASS`)."""

from __future__ import annotations

from typing import Final, NamedTuple

# ---- players ------------------------------------------------------------------------------

#: Colours in seat order, which is also the turn order.
COLOURS = ("w", "r", "b", "y")
COLOUR_NAMES = ("white", "red", "black", "yellow")

# ---- pieces: a piece code is colour * 8 + kind, 0 for an empty square ---------------------

KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN = range(1, 7)
KIND_LETTERS = " KQRBNP"
KIND_NAMES = ("", "King", "Queen", "Rook", "Bishop", "Knight", "Pawn")
#: The orthodox army: how many of each kind an army has at most (promotion only replaces a
#: lost piece, so no kind can ever exceed its orthodox count).
ORTHODOX_COUNT = (0, 1, 1, 2, 2, 2, 8)
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT)
#: Which kinds attack along an orthogonal (index 0) or diagonal (index 1) line; the King is
#: among them because its reach table limits it to the adjacent square.
LINE_KINDS = (frozenset((KING, QUEEN, ROOK)), frozenset((KING, QUEEN, BISHOP)))
BACK_RANK = (ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK)

#: The Knight's leaps as (file step, rank step): (1,2), (3,3) and (0,3) in every direction.
KNIGHT_LEAPS: tuple[tuple[int, int], ...] = tuple(sorted(
    {(a * sa, b * sb) for a, b in ((1, 2), (2, 1), (3, 3), (0, 3), (3, 0))
     for sa in (1, -1) for sb in (1, -1)}
))

# ---- moves ---------------------------------------------------------------------------------


class Move(NamedTuple):
    """One move: the piece on ``src`` goes to ``dst`` and, for a Pawn that promotes, becomes
    the kind ``promotion`` (0 when it does not promote). :data:`PASS` is the mated player's
    pass."""

    src: int
    dst: int
    promotion: int


#: The only move of a player checkmated while three or more players are in the game.
PASS: Final = Move(-1, -1, 0)
