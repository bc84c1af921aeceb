"""What the computer opponent knows about a Maestria position: pawns, the General's guard,
the exact odds of a pending fight, and the best attack the side to act can make at once."""

from __future__ import annotations

import math

from ..core.memo import memo
from ..core.evaluation import material_chance
from . import combat
from .actions import retreat_cells
from .position import (
    COUNT_MASK, GENERAL_BIT, MAX_STACK, NEIGHBOURS, OWNER_SHIFT, PLAY, SIDE_NAMES, Position,
    count_of, has_general, owner_of,
)

#: The lead, in pawns, that makes a side about 73 % to win.
#:
#: As a forecast of who wins, 4.5 (with GUARD 2.5) fits better: on 9,786 play positions of
#: games between the search and ``greedy``, its mean log-likelihood of the winner is -0.581,
#: against -0.596 for 3.0 and 1.5. But the search then lost to ``greedy`` far more often
#: (7 of the first 21 bench games), and 2.0 did no better (50.0 %, 40 games, against 58.8 %
#: for 3.0), so the scale stays.
MATERIAL_SCALE = 3.0
#: What a pawn of the General's stack counts for (a General falls only with its whole group).
GUARD = 1.5


def material(cells: tuple[int, ...]) -> list[float]:
    """Each side's pawns, plus half the size of the stack that holds its General."""
    scores = [0.0, 0.0]
    for code in cells:
        if code:
            count = count_of(code)
            scores[owner_of(code)] += count * GUARD if has_general(code) else count
    return scores


_CHANCES: dict[float, float] = {}


def _chance(lead: float) -> float:
    """The logistic of a material lead: a side's chance of winning (leads are whole or half
    pawns, so each is computed once)."""
    value = _CHANCES.get(lead)
    if value is None:
        value = _CHANCES[lead] = 1.0 / (1.0 + math.exp(-lead / MATERIAL_SCALE))
    return value


def _odds(attackers: int, defenders: int, attacker_d4: bool, defender_d4: bool
          ) -> tuple[float, float, float]:
    """(attacker wins, defender wins, tie) of a fight, as floats (each computed once, into
    :data:`_ODDS`)."""
    win, lose, tie = combat.result_odds(combat.dice_of(attackers, defenders, attacker_d4,
                                                       defender_d4))
    return float(win), float(lose), float(tie)


#: ``_ODDS[attacker_d4][defender_d4][attackers][defenders]``: :func:`_odds` as a table.
_ODDS = [[[[_odds(k, d, a_d4, d_d4) if k and d else (0.0, 0.0, 0.0)
            for d in range(MAX_STACK + 1)] for k in range(MAX_STACK + 1)]
          for d_d4 in (False, True)] for a_d4 in (False, True)]


@memo(entry_bytes=300, weight=2)
def standing(cells: tuple[int, ...], side: int, budget: int, terrain: tuple[int, ...]
             ) -> float:
    """The chance of winning of ``side``, to act with ``budget`` action points in ``cells``
    with nothing pending: its material lead as a chance, or the best single attack it can
    make at once from where its stacks stand, when that is better.

    An attack is valued by the defender's better answer, fighting or retreating. A fight
    counts with its exact odds: a General whose whole group falls loses the game, any other
    loss counts in pawns (GUARD per pawn of the General's stack), a tie changes nothing; a
    retreat costs the defender a pawn."""
    scores = material(cells)
    lead = scores[side] - scores[1 - side]
    mine = [sq for sq, code in enumerate(cells) if code and (code >> OWNER_SHIFT) & 1 == side]
    static = _chance(lead)
    best = static
    if budget <= 0:
        return best
    beats = combat.BEATS
    for src in mine:
        code = cells[src]
        size = code & COUNT_MASK
        general = code & GENERAL_BIT
        most = size if size < budget else budget
        src_terrain = terrain[src]
        for dst in NEIGHBOURS[src]:
            target = cells[dst]
            if not target or (target >> OWNER_SHIFT) & 1 == side:
                continue
            d = target & COUNT_MASK
            d_general = target & GENERAL_BIT
            d_weight = GUARD if d_general else 1.0
            dst_terrain = terrain[dst]
            # the defender's retreat, if it has one, costs it a pawn
            retreat = 2.0
            if next(retreat_cells(cells, dst), None) is not None:
                retreat = _chance(lead + d_weight)
                if retreat <= best:
                    continue
            odds = _ODDS[beats[src_terrain] == dst_terrain][beats[dst_terrain] == src_terrain]
            for k in range(1, most + 1):
                win, lose, tie = odds[k][d]
                lost = k if k < d else d
                if d_general and lost == d:
                    won_value = 1.0
                else:
                    won_value = _chance(lead + lost * d_weight)
                # with the General when the stack has no k soldiers; without it otherwise
                if general and k == size:
                    lost_value = 0.0 if lost == k else _chance(lead - lost * GUARD)
                else:
                    lost_value = _chance(lead - lost)
                value = win * won_value + lose * lost_value + tie * static
                if retreat < value:
                    value = retreat
                if value > best:
                    best = value
    return best


def evaluate(position: Position, player: str, fight: combat.Entitlement | None,
             terrain: tuple[int, ...] | None = None) -> float:
    """Pawns, plus half a pawn per pawn guarding the General (a General falls only with the
    whole group it fights in), the lead as a chance of winning; a pending attack, whose dice
    are ``fight``, scores the exact expectation of the fight, as if the defender fights.

    In play, with nothing pending, the side to act is credited with the best single attack
    it can make at once (:func:`standing`), when that beats standing still: so a position
    that leaves a stack, or the General, within reach of a good attack scores as the attack.
    The pending fight's results are valued by pawns alone, without the attacks they leave:
    valuing them by :func:`standing` of the side then to act (and the defender's better
    answer) made the search weaker against ``greedy`` (12.5 of 27 games against 15)."""
    side = SIDE_NAMES.index(player)
    if position.pending is None or fight is None:
        if terrain is not None and position.phase == PLAY:
            value = standing(position.cells, position.side, position.budget, terrain)
            return value if position.side == side else 1.0 - value
        return material_chance(material(position.cells), side, MATERIAL_SCALE)
    scores = material(position.cells)
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
