"""What the computer opponent knows about a Sceptre position: the material of every army a
player controls, how near his pieces stand to the enemy Kings and how cornered they are, and
with three or four players how many of the others are out."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from ..core.evaluation import cornered, hunt, material_chance, with_shares
from . import moves as mv
from .board import BISHOP, COLOUR_NAMES, KING, KNIGHT, PAWN, QUEEN, ROOK, Layout
from .position import Control, Position, active_players

#: A match at each 1 of a board translated by :func:`hunter_table`.
_ONES = re.compile(b"\x01").finditer

#: The lead that makes a player about 73 % to win against one other.
MATERIAL_SCALE = 4.0


def material(board: bytes, control: Sequence[int]) -> list[float]:
    """Each player's material, over every army he controls (pieces counted in C)."""
    scores = [0.0] * 4
    count = board.count
    for army, owner in enumerate(control):
        if owner >= 0:
            base = army * 8
            scores[owner] += (9 * count(base + QUEEN) + 5 * count(base + ROOK)
                              + 3 * (count(base + BISHOP) + count(base + KNIGHT))
                              + count(base + PAWN))
    return scores


def nearness(position: Position, layout: Layout, player: int) -> float:
    """``player``'s hunt (:func:`rules.core.evaluation.hunt`): how near his pieces (but Kings
    and Pawns) stand to the nearest King of another player still in (as
    :func:`rules.core.evaluation.closeness`, from tables), and how cornered those Kings are:
    near the edge of the board, and with few squares to step to."""
    board, control = position.board, position.control
    grid = layout.grid
    kings = [(army, board.index(army * 8 + KING)) for army, owner in enumerate(control)
             if owner == army and army != player]
    hunters = [m.start() for m in _ONES(board.translate(hunter_table(control, player)))]
    reach = max(grid.files, grid.ranks)
    if not hunters:
        near = 0.0
    else:
        tables = [distances(layout, sq) for _, sq in kings]
        if len(tables) == 1:
            total = reach * len(hunters) - sum(map(tables[0].__getitem__, hunters))
        else:
            total = sum(reach - min(table[sq] for table in tables) for sq in hunters)
        near = total / ((reach - 1) * len(hunters))
    coords = grid.coords
    return hunt(near, [(cornered(grid, coords[sq]) + confined(position, layout, army, sq)) / 2
                       for army, sq in kings])


@lru_cache(maxsize=256)
def hunter_table(control: Control, player: int) -> bytes:
    """The translation table that marks (1) the pieces ``player`` moves but Kings and Pawns."""
    moved = mv.moved_by(control, player)
    return bytes(moved[code] and code & 7 not in (KING, PAWN) for code in range(32)) + bytes(224)


@lru_cache(maxsize=4096)
def distances(layout: Layout, target: int) -> bytes:
    """Per square of ``layout``, its distance to ``target`` in King steps, at most the
    board's longer side (the reach of :func:`rules.core.evaluation.closeness`)."""
    grid = layout.grid
    reach = max(grid.files, grid.ranks)
    tf, tr = grid.coords[target]
    return bytes(min(reach, max(abs(f - tf), abs(r - tr))) for f, r in grid.coords)


def confined(position: Position, layout: Layout, army: int, king: int) -> float:
    """How few of the squares next to the King of ``army`` (on ``king``) he could step to: 1
    when none (he is boxed in), 0 when every one is free of his own pieces and of attack as
    the board stands."""
    board, control = position.board, position.control
    steps = layout.reach_set[KING][king]
    if not steps:
        return 1.0
    friends = mv.moved_by(control, control[army])
    hostile = mv.hostile_armies(control, control[army])
    free = 0
    for sq in steps:
        code = board[sq]
        if friends[code]:
            continue
        if not mv.attacked(board, sq, hostile, layout):
            free += 1
    return 1.0 - free / len(steps)


def mated(position: Position, layout: Layout, player: int) -> bool:
    """Whether ``player``'s King is attacked and he would have no legal move if it were his
    turn: with three or more players in, such a player can only pass, and his King waits for
    whoever takes it (and his armies with it). Cheap unless his King is attacked."""
    board = position.board
    king = board.index(player * 8 + KING)
    if not mv.attacked(board, king, mv.hostile_armies(position.control, player), layout):
        return False
    return not mv.generate(position._replace(side=player), layout)[0]


def hand_over_material(position: Position, layout: Layout, loser: int,
                       active: Sequence[int], material: list[float]) -> None:
    """Move the material of ``loser`` (a mated player) to the players in ``active`` whose
    pieces attack his King, in equal parts: one of them will take it."""
    board, control = position.board, position.control
    king = board.index(loser * 8 + KING)
    attackers = [p for p in active
                 if mv.attacked(board, king, tuple(c == p for c in control), layout)]
    for p in attackers:
        material[p] += material[loser] / len(attackers)
    material[loser] = 0.0


def evaluate(position: Position, player: str, layout: Layout) -> float:
    """Material (Queen 9, Rook 5, Bishop and Knight 3, Pawn 1) of every army a player
    controls, as a share of winning among the players still in (0 for one who is out); a fifth
    of it is kept for his hunt of the enemy Kings, and with three or four players another fifth
    for how many of the others are out: with a large lead the share is 1 only when these are
    too, and they lead him on to take Kings.

    With three or four players in, a mated player counts as out and his material as already
    shared among the players who give the check: he can only pass, and his King (with every
    army he controls) falls to the first of them who takes it. Without that, a mate would be
    worth nothing to the player who gives it until the King is taken, plies later."""
    colour = COLOUR_NAMES.index(player)
    control = position.control
    if control[colour] != colour:
        return 0.0
    active = active_players(control)
    seats = len(layout.players)
    scores = material(position.board, control)
    if len(active) > 2:
        doomed = [p for p in active if mated(position, layout, p)]
        if colour in doomed:
            return 0.0
        if doomed:
            active = tuple(p for p in active if p not in doomed)
            for p in doomed:
                hand_over_material(position, layout, p, active, scores)
    chance = material_chance([scores[p] for p in active], active.index(colour), MATERIAL_SCALE)
    hunting = nearness(position, layout, colour)
    if seats == 2:
        return with_shares(chance, hunting)
    return with_shares(chance, hunting, (seats - len(active)) / (seats - 1))
