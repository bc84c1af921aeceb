"""Pieces a game's :meth:`~rules.core.game.Game.evaluate` is built from, shared by every game:
a material lead as a chance of winning, and the "hunt" that leads pieces on to the enemy
leaders (the pieces whose mate or capture wins the game).

A game counts its own material and picks its own hunters and leaders; these functions only
turn such counts and coordinates into numbers from 0 to 1.
"""

from __future__ import annotations

import math
from typing import Sequence

from .geometry import Grid

#: The share of an evaluation that each hunt term (see :func:`with_shares`) may move.
HUNT = 0.2

Coords = tuple[int, int]


def material_chance(scores: Sequence[float], index: int, scale: float) -> float:
    """The share of ``scores[index]`` in a softmax of ``scores / scale``: with two players the
    logistic of the material lead, 1/2 when even, nearer 1 the larger the lead.

    ``scale`` is the lead (in the game's units) that makes the leader about 73 % to win.
    """
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    return weights[index] / sum(weights)


def closeness(hunters: Sequence[Coords], leaders: Sequence[Coords], reach: int) -> float:
    """How near ``hunters`` stand to the nearest of ``leaders`` (in steps to any of the 8
    neighbouring squares): 1 when all stand next to one, 0 when all are ``reach`` squares away
    or more, or there are no hunters."""
    if not hunters:
        return 0.0
    total = 0
    for f, r in hunters:
        nearest = reach
        for kf, kr in leaders:
            d = max(abs(f - kf), abs(r - kr))
            if d < nearest:
                nearest = d
        total += reach - nearest
    return total / ((reach - 1) * len(hunters))


def cornered(grid: Grid, leader: Coords) -> float:
    """How near ``leader`` stands to the edge of ``grid``'s rectangle: 0 in the centre, 1 on
    the edge (a leader driven to the edge has fewer squares to flee to)."""
    cf, cr = (grid.files - 1) / 2, (grid.ranks - 1) / 2
    kf, kr = leader
    return max(abs(kf - cf) / cf, abs(kr - cr) / cr)


def hunt(near: float, edges: Sequence[float]) -> float:
    """The mean of a player's closeness to enemy leaders and of how cornered they are on
    average (``near`` alone when no enemy leader is left)."""
    return (near + sum(edges) / len(edges)) / 2 if edges else near


def with_shares(chance: float, *shares: float) -> float:
    """``chance`` (the material's) keeping :data:`HUNT` of itself for each share (each from 0
    to 1): with a large lead the result is 1 only when every share is 1 too, so the shares
    then lead the pieces on where material alone would see no difference."""
    factor = 1 - HUNT * len(shares)
    for share in shares:
        factor += HUNT * share
    return chance * factor
