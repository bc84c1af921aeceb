"""What the computer opponent knows about a Maestria position: pawns, the General's guard,
the exact odds of a pending fight, and the best attack the side to act can make at once."""

from __future__ import annotations

import math
from functools import lru_cache

from ..core.evaluation import material_chance
from . import combat
from .position import (
    GENERAL_BIT, MAX_STACK, NEIGHBOURS, PLAY, SIDE_NAMES, Position, count_of, has_general,
    owner_of,
)

#: The lead, in pawns, that makes a side about 73 % to win.
MATERIAL_SCALE = 3.0
#: What a pawn of the General's stack counts for (a General falls only with its whole group).
GUARD = 1.5
#: Whether the side to act is credited with its best single attack (see :func:`evaluate`).
THREATS = True


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


@lru_cache(maxsize=None)
def _odds(attackers: int, defenders: int, attacker_d4: bool, defender_d4: bool
          ) -> tuple[float, float, float]:
    """(attacker wins, defender wins, tie) of a fight, as floats."""
    ent = combat.Entitlement(1 + (attackers > defenders), attacker_d4,
                             1 + (defenders > attackers), defender_d4)
    win, lose, tie = combat.result_odds(ent)
    return float(win), float(lose), float(tie)


@lru_cache(maxsize=1 << 16)
def best_attack(cells: tuple[int, ...], side: int, budget: int,
                terrain: tuple[int, ...]) -> float | None:
    """The chance of winning of ``side``, to act with ``budget`` action points, after the best
    single attack it can make from where its stacks stand, the defender answering it by the
    better of fighting and retreating for him (None when it has no attack).

    A fight is valued by its exact odds: a General whose whole group falls loses the game, any
    other loss counts in pawns (GUARD per pawn of the General's stack); a retreat costs the
    defender a pawn."""
    lead = 0.0
    for code in cells:
        if code:
            value = count_of(code) * GUARD if code & GENERAL_BIT else count_of(code)
            lead += value if owner_of(code) == side else -value
    best: float | None = None
    beats = combat.BEATS
    for src, code in enumerate(cells):
        if not code or owner_of(code) != side:
            continue
        size = count_of(code)
        general = bool(code & GENERAL_BIT)
        most = min(size, budget)
        if most <= 0:
            continue
        src_terrain = terrain[src]
        for dst in NEIGHBOURS[src]:
            target = cells[dst]
            if not target or owner_of(target) == side:
                continue
            d = count_of(target)
            d_general = bool(target & GENERAL_BIT)
            d_weight = GUARD if d_general else 1.0
            dst_terrain = terrain[dst]
            a_d4 = beats[src_terrain] == dst_terrain
            d_d4 = beats[dst_terrain] == src_terrain
            # the retreat: lone General cannot; elsewhere a cell free of the attacker's pawns
            # with room for the whole stack
            retreat: float | None = None
            if not (d == 1 and d_general):
                for cell in NEIGHBOURS[dst]:
                    there = cells[cell]
                    if not there or (owner_of(there) != side
                                     and count_of(there) + d <= MAX_STACK):
                        retreat = _chance(lead + d_weight)
                        break
            for k in range(1, most + 1):
                win, lose, tie = _odds(k, d, a_d4, d_d4)
                lost = k if k < d else d
                if d_general and lost == d:
                    won_value = 1.0
                else:
                    won_value = _chance(lead + lost * d_weight)
                # with the General when the stack has no k soldiers; without it otherwise
                with_general = general and k == size
                if with_general and lost == k:
                    lost_value = 0.0
                else:
                    lost_value = _chance(lead - lost * (GUARD if with_general else 1.0))
                value = win * won_value + lose * lost_value + tie * _chance(lead)
                if retreat is not None and retreat < value:
                    value = retreat
                if best is None or value > best:
                    best = value
    return best


def evaluate(position: Position, player: str, fight: combat.Entitlement | None,
             terrain: tuple[int, ...] | None = None) -> float:
    """Pawns, plus half a pawn per pawn guarding the General (a General falls only with the
    whole group it fights in), the lead as a chance of winning; a pending attack, whose dice
    are ``fight``, scores the exact expectation of the fight, as if the defender fights.

    In play, with nothing pending, the side to act is credited with the best single attack
    it can make at once (:func:`best_attack`), when that beats standing still: so a position
    that leaves a stack, or the General, within reach of a good attack scores as the attack."""
    side = SIDE_NAMES.index(player)
    scores = material(position.cells)
    if position.pending is None or fight is None:
        if THREATS and terrain is not None and position.phase == PLAY:
            mover = position.side
            static = _chance(scores[mover] - scores[1 - mover])
            attack = best_attack(position.cells, mover, position.budget, terrain)
            value = static if attack is None or attack < static else attack
            return value if mover == side else 1.0 - value
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
