"""What the computer opponent knows about a Maestria position: pawns, the General's guard, and
the exact odds of a pending fight."""

from __future__ import annotations

from ..core.evaluation import material_chance
from . import combat
from .position import SIDE_NAMES, Position, count_of, has_general, owner_of

#: The lead, in pawns, that makes a side about 73 % to win.
MATERIAL_SCALE = 3.0


def material(cells: tuple[int, ...]) -> list[float]:
    """Each side's pawns, plus half the size of the stack that holds its General."""
    scores = [0.0, 0.0]
    for code in cells:
        if code:
            count = count_of(code)
            scores[owner_of(code)] += count * 1.5 if has_general(code) else count
    return scores


def evaluate(position: Position, player: str, fight: combat.Entitlement | None) -> float:
    """Pawns, plus half a pawn per pawn guarding the General (a General falls only with the
    whole group it fights in), the lead as a chance of winning; a pending attack, whose dice
    are ``fight``, scores the exact expectation of the fight, as if the defender fights."""
    side = SIDE_NAMES.index(player)
    scores = material(position.cells)
    if position.pending is None or fight is None:
        return material_chance(scores, side, MATERIAL_SCALE)
    _, dst, k, general = position.pending
    defenders = position.cells[dst]
    d = count_of(defenders)
    odds = combat.fight_odds(fight, k, general, d, has_general(defenders))
    attacker = position.side
    lost = min(k, d)
    value = float(odds.tie) * material_chance(scores, side, MATERIAL_SCALE)
    for won, falls, loser in ((odds.attacker_wins, odds.defender_general_falls, 1 - attacker),
                              (odds.defender_wins, odds.attacker_general_falls, attacker)):
        if falls:
            value += float(won) * (0.0 if loser == side else 1.0)
        else:
            after = list(scores)
            after[loser] -= lost
            value += float(won) * material_chance(after, side, MATERIAL_SCALE)
    return value
