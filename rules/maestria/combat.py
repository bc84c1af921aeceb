"""Maestria combat: who rolls which dice, checking and rolling them, and the exact odds.

A side always rolls one d6, one more d6 if it has more pawns in the fight, and the
special d4 if its terrain beats the other's (Mountain beats Plain, Plain beats Forest,
Forest beats Mountain). Dice are written ``{"attacker": [...], "defender": [...]}``,
each list the d6 values then the d4 if that side has it. Every probability here is an
exact :class:`fractions.Fraction`.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any, Final, Literal, Mapping, NamedTuple

from ..core.memo import memo
from ..core.errors import InvalidDice, as_json
from .position import COUNT_MASK, FOREST, MOUNTAIN, PLAIN

#: What each terrain beats in the fight for the d4.
BEATS = {MOUNTAIN: PLAIN, PLAIN: FOREST, FOREST: MOUNTAIN}
#: Every terrain, in the order of its code.
TERRAINS = (PLAIN, FOREST, MOUNTAIN)

#: The two sides of a fight, as the dice and the odds name them.
FightSide = Literal["attacker", "defender"]
ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"
#: :func:`winner` of a fight with equal totals
TIE: Final = None

#: A fight's dice: each side's d6 values, then its d4 if it has one.
FightDice = dict[FightSide, list[int]]

#: The JSON Schema of a fight's dice (the only dice Maestria takes). Its top level is exactly
#: what :func:`check_dice` accepts there (an object of the two sides' rolls); how many dice
#: a side rolls depends on the fight, so the values are judged by :func:`check_dice`.
DICE_SCHEMA: Final[Mapping[str, Any]] = {
    "type": "object",
    "description": "The dice of a fight: each side's d6 values, then its d4 if its terrain "
                   "beats the other's. A side rolls one d6, a second d6 if it has more pawns "
                   "in the fight, and the d4 on the better terrain; a d6 shows 1 to 6, the d4 "
                   "1 to 4.",
    "properties": {
        side: {
            "type": "array",
            "description": f"The {side}'s d6 values (one or two), then its d4 if it has one.",
            "items": {"type": "integer", "minimum": 1, "maximum": 6},
            "minItems": 1,
            "maxItems": 3,
        }
        for side in (ATTACKER, DEFENDER)
    },
    "required": [ATTACKER, DEFENDER],
    "additionalProperties": False,
}

class Entitlement(NamedTuple):
    """The dice of each side in one fight."""

    attacker_d6: int
    attacker_d4: bool
    defender_d6: int
    defender_d4: bool

    def sides(self) -> tuple[tuple[FightSide, int, bool], tuple[FightSide, int, bool]]:
        """``(side, d6 count, has the d4)`` for the attacker, then the defender."""
        return ((ATTACKER, self.attacker_d6, self.attacker_d4),
                (DEFENDER, self.defender_d6, self.defender_d4))


def entitlement(attackers: int, defenders: int, attacker_terrain: int,
                defender_terrain: int) -> Entitlement:
    """The dice each side rolls: the numerical superiority d6 and the terrain advantage d4."""
    return dice_of(attackers, defenders, BEATS[attacker_terrain] == defender_terrain,
                   BEATS[defender_terrain] == attacker_terrain)


def dice_of(attackers: int, defenders: int, attacker_d4: bool, defender_d4: bool
            ) -> Entitlement:
    """The dice each side rolls, the terrain advantage already decided: a second d6 for the
    side with more pawns, the d4 for a side whose terrain beats the other's."""
    return Entitlement(1 + (attackers > defenders), attacker_d4,
                       1 + (defenders > attackers), defender_d4)


#: ``ENTITLEMENTS[attackers][defenders][attacker_terrain][defender_terrain]``:
#: :func:`entitlement` of every fight of up to COUNT_MASK pawns a side, built once (an attack
#: listed in a legal-moves answer is then one look-up)
ENTITLEMENTS = tuple(
    tuple(tuple(tuple(entitlement(attackers, defenders, attacker_terrain, defender_terrain)
                      for defender_terrain in TERRAINS) for attacker_terrain in TERRAINS)
          for defenders in range(COUNT_MASK + 1))
    for attackers in range(COUNT_MASK + 1))


def describe_dice(d6: int, d4: bool) -> list[str]:
    """``["d6", "d6", "d4"]`` for two d6 and the d4."""
    return ["d6"] * d6 + (["d4"] if d4 else [])


def check_dice(ent: Entitlement, dice: object) -> FightDice:
    """Validate client dice against what each side is entitled to; return them normalised.

    Raises InvalidDice with a sentence saying which side's roll is wrong and why.
    """
    if not isinstance(dice, Mapping) or set(dice) != {ATTACKER, DEFENDER}:
        raise InvalidDice(
            'Dice for a fight are {"attacker": [...], "defender": [...]}: each side\'s d6 values, '
            "then its d4 if it has the terrain advantage.")
    out: FightDice = {}
    for side, d6, d4 in ent.sides():
        roll = dice[side]
        expected = describe_dice(d6, d4)
        wanted = " + ".join(expected)
        if not isinstance(roll, (list, tuple)) or len(roll) != len(expected):
            raise InvalidDice(
                f"The {side} rolls {wanted} in this fight, so its dice must be a list of "
                f"{len(expected)} value{'s' if len(expected) > 1 else ''}; got {as_json(roll)}.")
        for value, die in zip(roll, expected):
            top = 6 if die == "d6" else 4
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
                raise InvalidDice(
                    f"The {side} rolls {wanted}; each {die} shows a whole number from 1 to "
                    f"{top}, got {as_json(value)}.")
        out[side] = list(roll)
    return out


def roll_dice(ent: Entitlement, rng: random.Random) -> FightDice:
    """Roll each side's dice: d6 values first, then the d4."""
    out: FightDice = {}
    for side, d6, d4 in ent.sides():
        roll = [rng.randint(1, 6) for _ in range(d6)]
        if d4:
            roll.append(rng.randint(1, 4))
        out[side] = roll
    return out


def first_outcome(ent: Entitlement) -> FightDice:
    """The first of :func:`outcomes` (every die showing 1), without enumerating them."""
    return {side: [1] * (d6 + d4) for side, d6, d4 in ent.sides()}


#: 1 or 2 d6, with or without the d4: 4 rolls
@memo(entry_bytes=3_900, most=4)
def _faces(d6: int, d4: bool) -> tuple[tuple[int, ...], ...]:
    """Every roll of ``d6`` d6 and the d4 when ``d4``, in order (all ones first)."""
    return tuple(itertools.product(*([range(1, 7)] * d6 + ([range(1, 5)] if d4 else []))))


#: 1 or 2 d6 a side, never 2 each, the d4 to at most one side: 9 fights (weighed so that
#: the 9 fit in the default budget's part)
@memo(entry_bytes=190_000, weight=5, most=9)
def outcomes(ent: Entitlement) -> list[tuple[FightDice, Fraction]]:
    """Every dice outcome of the fight, all equally likely, with its exact probability.

    The search asks for them at every fight it tries (up to 864 outcomes), so they are built
    once per entitlement: the list and its dice are shared between callers, hence
    read-only."""
    attacker = _faces(ent.attacker_d6, ent.attacker_d4)
    defender = _faces(ent.defender_d6, ent.defender_d4)
    p = Fraction(1, len(attacker) * len(defender))
    return [({ATTACKER: list(a), DEFENDER: list(d)}, p) for a in attacker for d in defender]


def winner(dice: Mapping[FightSide, list[int]]) -> FightSide | None:
    """ATTACKER or DEFENDER for the higher total, None on a tie."""
    a, d = sum(dice[ATTACKER]), sum(dice[DEFENDER])
    return ATTACKER if a > d else DEFENDER if d > a else TIE


@memo(entry_bytes=1_150, most=4)
def total_distribution(d6: int, d4: bool) -> dict[int, Fraction]:
    """The exact distribution of one side's total, by convolution of its dice."""
    dist = {0: Fraction(1)}
    for faces in [6] * d6 + ([4] if d4 else []):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, faces + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / faces
        dist = nxt
    return dist


@memo(entry_bytes=300, most=9)
def result_odds(ent: Entitlement) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (attacker wins, defender wins, tie) for the fight's dice."""
    att = total_distribution(ent.attacker_d6, ent.attacker_d4)
    dfn = total_distribution(ent.defender_d6, ent.defender_d4)
    win = lose = tie = Fraction(0)
    for a, pa in att.items():
        for d, pd in dfn.items():
            if a > d:
                win += pa * pd
            elif d > a:
                lose += pa * pd
            else:
                tie += pa * pd
    return win, lose, tie


class FightOdds(NamedTuple):
    """Exact odds of a pending fight.

    ``attacker_losses`` and ``defender_losses`` map the number of pawns lost to its
    probability; a loser loses min(its pawns, the winner's pawns), soldiers first.
    """

    attacker_wins: Fraction
    defender_wins: Fraction
    tie: Fraction
    attacker_losses: tuple[tuple[int, Fraction], ...]
    defender_losses: tuple[tuple[int, Fraction], ...]
    attacker_general_falls: Fraction
    defender_general_falls: Fraction


@memo(entry_bytes=1_120, most=1024)
def fight_odds(ent: Entitlement, attackers: int, attacker_general: bool, defenders: int,
               defender_general: bool) -> FightOdds:
    """The exact odds of a fight of ``attackers`` pawns against ``defenders``."""
    win, lose, tie = result_odds(ent)
    lost = min(attackers, defenders)

    def losses(p_lose: Fraction) -> tuple[tuple[int, Fraction], ...]:
        table = {0: 1 - p_lose}
        table[lost] = table.get(lost, Fraction(0)) + p_lose
        return tuple(sorted((n, p) for n, p in table.items() if p))

    return FightOdds(
        win, lose, tie, losses(lose), losses(win),
        lose if attacker_general and lost == attackers else Fraction(0),
        win if defender_general and lost == defenders else Fraction(0),
    )


def fraction_fields(p: Fraction) -> dict[str, Any]:
    """``{"probability": 0.3858, "exact": "125/324"}``."""
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def odds_fields(odds: FightOdds) -> dict[str, Any]:
    """The odds as data for a status or an entry: each probability a float beside its exact
    fraction string."""
    return {
        "attacker_wins": fraction_fields(odds.attacker_wins),
        "defender_wins": fraction_fields(odds.defender_wins),
        "tie": fraction_fields(odds.tie),
        "attacker_losses": [{"pawns": n, **fraction_fields(p)} for n, p in odds.attacker_losses],
        "defender_losses": [{"pawns": n, **fraction_fields(p)} for n, p in odds.defender_losses],
        "attacker_general_falls": fraction_fields(odds.attacker_general_falls),
        "defender_general_falls": fraction_fields(odds.defender_general_falls),
    }


@memo(entry_bytes=1_250, most=1024)
def fight_odds_fields(ent: Entitlement, attackers: int, attacker_general: bool, defenders: int,
                    defender_general: bool) -> Mapping[str, Any]:
    """:func:`odds_fields` of :func:`fight_odds`, memoised on the fight's plain parameters.

    A busy position offers the same few fights on many attacking steps, and turning
    Fractions into floats and strings costs more than listing the steps. The mapping returned
    is shared between callers, hence read-only.
    """
    return odds_fields(fight_odds(ent, attackers, attacker_general, defenders, defender_general))

