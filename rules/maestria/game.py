"""Maestria behind the common game interface."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.errors import IllegalMove
from ..core.game import DRAW, ONGOING, WIN, Applied, Game, Status
from ..core.options import DRAW_AFTER_QUIET_PLIES, OptionSpec
from ..registry import register
from . import actions as ac
from . import combat
from .actions import Action, format_action, parse_action
from .position import (
    ACTION_POINTS, ARMY, BLACK, DEFAULT_TERRAIN, INITIAL, NAMES, PHASE_NAMES, PLACEMENTS_PER_TURN,
    PLAY, SETUP, SIDE_NAMES, WHITE, Pending, Position, army_totals,
    count_of, format_position, has_general, make_cell, owner_of, parse_position, parse_terrain,
    terrain_table,
)


@lru_cache(maxsize=8192)
def _analyse(pos: Position, terrain: str, quiet_limit: int | None) -> tuple[Status, tuple]:
    """Status and legal actions of ``pos``, computed together and cached: a request usually
    asks for both, and ``apply`` checks legality against the same list."""
    if pos.phase == PLAY:
        totals = army_totals(pos.cells)
        for loser in (BLACK, WHITE):
            if not totals[loser][1]:
                return Status(WIN, SIDE_NAMES[1 - loser], "general_eliminated",
                              extra={"phase": "play"}), ()
        if quiet_limit is not None and pos.quiet >= quiet_limit:
            return Status(DRAW, None, "quiet_plies", extra={"phase": "play"}), ()
    extra: dict[str, Any] = {"phase": PHASE_NAMES[pos.phase], "budget": pos.budget}
    actor = pos.side
    if pos.pending is not None:
        actor = 1 - pos.side
        extra["fight"] = fight_json(pos, terrain_table(terrain))
    return Status(ONGOING, None, None, SIDE_NAMES[actor], extra), tuple(ac.generate(pos))


def fight_entitlement(pos: Position, terrain: tuple[int, ...]) -> combat.Entitlement:
    src, dst, k, _ = pos.pending
    return combat.entitlement(k, count_of(pos.cells[dst]), terrain[src], terrain[dst])


def fight_odds_json(pos: Position, terrain: tuple[int, ...]) -> dict[str, Any]:
    """Exact odds of the pending fight, if the defender chooses to fight, as shared JSON."""
    return step_odds_json(pos, terrain, *pos.pending)


def step_odds_json(pos: Position, terrain: tuple[int, ...], src: int, dst: int, k: int,
                   general: bool) -> dict[str, Any]:
    """Exact odds of the fight that k pawns stepping from ``src`` onto the enemy stack on
    ``dst`` would start, as shared JSON."""
    defenders = pos.cells[dst]
    ent = combat.entitlement(k, count_of(defenders), terrain[src], terrain[dst])
    return combat.fight_odds_json(ent, k, general, count_of(defenders), has_general(defenders))


def fight_json(pos: Position, terrain: tuple[int, ...]) -> dict[str, Any]:
    """The pending fight: both sides, their dice, and the exact odds."""
    src, dst, k, general = pos.pending
    ent = fight_entitlement(pos, terrain)
    defenders = pos.cells[dst]
    return {
        "attacker": {"side": SIDE_NAMES[pos.side], "from": NAMES[src], "pawns": k,
                     "general": general, "terrain": combat.terrain_name(terrain[src]),
                     "dice": combat.describe_dice(ent.attacker_d6, ent.attacker_d4)},
        "defender": {"side": SIDE_NAMES[1 - pos.side], "cell": NAMES[dst],
                     "pawns": count_of(defenders), "general": has_general(defenders),
                     "terrain": combat.terrain_name(terrain[dst]),
                     "dice": combat.describe_dice(ent.defender_d6, ent.defender_d4)},
        "odds": fight_odds_json(pos, terrain),
    }


@register
class Maestria(Game):
    id = "maestria"
    name = "Maestria"
    # A play position with two full armies and 5 AP has about 90 actions, so depth 3 generates
    # under 10,000 positions (about 0.15 s) while depth 4 would generate about 200,000 (5 s).
    max_perft_depth = 3
    option_specs = (
        OptionSpec(
            "terrain", "json", DEFAULT_TERRAIN,
            "The terrain of the 24 cells: two rows of 12 letters P (plain), F (forest), "
            "M (mountain), row 2 (white's camp) first, files a to l, e.g. "
            f"'{DEFAULT_TERRAIN}' (the default).",
            validate=parse_terrain,
        ),
        # The shared option, worded for Maestria: a ply is a turn and a capture is any loss.
        dataclasses.replace(
            DRAW_AFTER_QUIET_PLIES,
            description="House rule, off by default (null): the game is drawn once the quiet "
                        "counter, the turn changes since the last pawn was lost, reaches this "
                        "number."),
    )

    def __init__(self, options=None) -> None:
        super().__init__(options)
        self.terrain_text: str = self.options["terrain"]
        self.terrain = terrain_table(self.terrain_text)
        self.quiet_limit = self.options["draw_after_quiet_plies"]

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return SIDE_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        initial = format_position(INITIAL)
        return {
            "pieces": [
                {"letter": "b<k> / w<k>", "name": "Stack",
                 "moves": "k pawns (1-5) of one colour on a cell; steps of j pawns to an adjacent "
                          "cell cost j action points"},
                {"letter": "*", "name": "General",
                 "moves": "one pawn per side, marked '*' on its stack; its fall ends the game"},
            ],
            "sides": {"b": "black (acts first in both phases, camp row 1)",
                      "w": "white (camp row 2)"},
            "setups": {"default": initial},
            "terrain": {"letters": {"P": "Plain", "F": "Forest", "M": "Mountain"},
                        "beats": "Mountain beats Plain, Plain beats Forest, Forest beats Mountain",
                        "default": DEFAULT_TERRAIN},
            "notation": {
                "position": "<cells: row 2 / row 1, 12 comma-separated tokens each: - or b<k> / "
                            "w<k>, '*' with the General> <phase setup|play> <side b|w> <budget> "
                            "<pending: - or c1c2:3*> <quiet> <n>",
                "move": "@c1 / @c1* (place a soldier / the General), c1d2:3 / c1d2:3* (step 3 "
                        "pawns, the General among them with *), end, fight, retreat:<cell>",
                "dice": '{"attacker": [d6, (d6), (d4)], "defender": [...]}: d6 values first, '
                        "then the d4 if that side has the terrain advantage",
                "example": initial,
            },
        }

    # ---- positions -------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return INITIAL

    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def format_position(self, position: Position) -> str:
        return format_position(position)

    # ---- actions ---------------------------------------------------------------------------

    def legal_moves(self, position: Position) -> tuple:
        return _analyse(position, self.terrain_text, self.quiet_limit)[1]

    def status(self, position: Position) -> Status:
        return _analyse(position, self.terrain_text, self.quiet_limit)[0]

    def format_move(self, position: Position, move: Action) -> str:
        return format_action(move)

    def parse_move(self, position: Position, text: str) -> Action:
        return parse_action(text)

    def explain_illegal(self, position: Position, move: Action) -> IllegalMove:
        return ac.explain(position, move)

    def move_fields(self, position: Position, move: Action) -> dict[str, Any]:
        kind = move.kind
        fields: dict[str, Any] = {"kind": ac.KIND_NAMES[kind]}
        if kind == ac.PLACE:
            fields.update({"to": NAMES[move.src], "count": 1, "general": move.general})
        elif kind == ac.STEP:
            fields.update({"from": NAMES[move.src], "to": NAMES[move.dst], "count": move.count,
                           "general": move.general, "cost": move.count})
            target = position.cells[move.dst]
            if target and owner_of(target) != position.side:
                fields["attack"] = True
                # The odds the defender would face if it chose to fight.
                fields["odds"] = step_odds_json(position, self.terrain, move.src, move.dst,
                                                move.count, move.general)
        elif kind == ac.FIGHT:
            fields["odds"] = fight_odds_json(position, self.terrain)
        elif kind == ac.RETREAT:
            fields.update({"from": NAMES[position.pending.dst], "to": NAMES[move.src],
                           "count": count_of(position.cells[position.pending.dst])})
        return fields

    # ---- chance ------------------------------------------------------------------------------

    def is_chance(self, position: Position, move: Action) -> bool:
        return move.kind == ac.FIGHT

    def chance_outcomes(self, position: Position, move: Action) -> list[tuple[Any, Fraction]]:
        if move.kind != ac.FIGHT:
            return []
        return combat.outcomes(fight_entitlement(position, self.terrain))

    def roll(self, position: Position, move: Action, rng: random.Random) -> Any:
        return combat.roll_dice(fight_entitlement(position, self.terrain), rng)

    def check_dice(self, position: Position, move: Action, dice: Any) -> Any:
        return combat.check_dice(fight_entitlement(position, self.terrain), dice)

    def advance(self, position: Position, move: Action) -> Position:
        dice = None
        if move.kind == ac.FIGHT:
            dice = combat.first_outcome(fight_entitlement(position, self.terrain))
        return self.apply(position, move, dice).position

    # ---- applying --------------------------------------------------------------------------

    def apply(self, position: Position, move: Action, dice: Any = None) -> Applied:
        kind = move.kind
        if kind == ac.PLACE:
            return _place(position, move)
        if kind == ac.STEP:
            return _step(position, move)
        if kind == ac.END:
            return Applied(_pass_turn(position), ({"type": "end", "side": SIDE_NAMES[position.side]},
                                                  *_turn_event(position)))
        if kind == ac.FIGHT:
            if dice is None:
                dice = combat.first_outcome(fight_entitlement(position, self.terrain))
            applied = _fight(position, dice)
            return Applied(applied.position, applied.events, dice)
        return _retreat(position, move)


# ---- the effects of each action --------------------------------------------------------------

def _pass_turn(pos: Position) -> Position:
    """The other side's turn: 3 placements in setup (play after white's 15th), 5 AP in play."""
    side = 1 - pos.side
    n = pos.n + (pos.side == WHITE)
    if pos.phase == SETUP:
        if pos.side == WHITE and army_totals(pos.cells)[WHITE][0] == ARMY:
            return Position(pos.cells, PLAY, BLACK, ACTION_POINTS, None, 0, n)
        return Position(pos.cells, SETUP, side, PLACEMENTS_PER_TURN, None, 0, n)
    return Position(pos.cells, PLAY, side, ACTION_POINTS, None, pos.quiet + 1, n)


def _turn_event(before: Position) -> tuple[dict[str, Any], ...]:
    return ({"type": "turn", "to_move": SIDE_NAMES[1 - before.side]},)


def _place(pos: Position, move: Action) -> Applied:
    cells = list(pos.cells)
    code = cells[move.src]
    cells[move.src] = make_cell(pos.side, count_of(code) + 1, has_general(code) or move.general)
    after = pos._replace(cells=tuple(cells), budget=pos.budget - 1)
    events: tuple[dict[str, Any], ...] = ({
        "type": "place", "side": SIDE_NAMES[pos.side], "cell": NAMES[move.src],
        "general": move.general},)
    if after.budget == 0:
        after = _pass_turn(after)
        events += ({"type": "phase", "phase": "play"},) if after.phase == PLAY else ()
        events += _turn_event(pos)
    return Applied(after, events)


def _remove(cells: list[int], sq: int, k: int, general: bool) -> None:
    code = cells[sq]
    left = count_of(code) - k
    cells[sq] = make_cell(owner_of(code), left, has_general(code) and not general) if left else 0


def _add(cells: list[int], sq: int, side: int, k: int, general: bool) -> None:
    code = cells[sq]
    cells[sq] = make_cell(side, count_of(code) + k, has_general(code) or general)


def _step(pos: Position, move: Action) -> Applied:
    src, dst, k, general = move.src, move.dst, move.count, move.general
    budget = pos.budget - k
    target = pos.cells[dst]
    event = {"type": "step", "side": SIDE_NAMES[pos.side], "from": NAMES[src], "to": NAMES[dst],
             "count": k, "general": general}
    if target and owner_of(target) != pos.side:
        event["type"] = "attack"
        after = pos._replace(budget=budget, pending=Pending(src, dst, k, general))
        return Applied(after, (event,))
    cells = list(pos.cells)
    _remove(cells, src, k, general)
    _add(cells, dst, pos.side, k, general)
    return _spend(pos._replace(cells=tuple(cells), budget=budget), (event,))


def _spend(after: Position, events: tuple[dict[str, Any], ...]) -> Applied:
    """The turn passes by itself when the action points are used up."""
    if after.budget == 0:
        return Applied(_pass_turn(after), events + _turn_event(after))
    return Applied(after, events)


def _fight(pos: Position, dice: dict[str, list[int]]) -> Applied:
    src, dst, k, general = pos.pending
    cells = list(pos.cells)
    defenders = cells[dst]
    d, defender_general = count_of(defenders), has_general(defenders)
    won = combat.winner(dice)
    events: list[dict[str, Any]] = [{
        "type": "fight", "dice": dice, "attacker_total": sum(dice["attacker"]),
        "defender_total": sum(dice["defender"]), "winner": won,
    }]
    after = pos._replace(pending=None)
    if won is combat.TIE:
        events.append({"type": "tie", "detail": "Equal totals: nothing happens; the action "
                                                "points are spent."})
        return _spend(after, tuple(events))
    lost = min(k, d)
    if won == combat.ATTACKER:
        loser, cell, fighters, has_gen = 1 - pos.side, dst, d, defender_general
    else:
        loser, cell, fighters, has_gen = pos.side, src, k, general
    # Soldiers fall before the General, so it falls only with the whole fighting group.
    general_falls = has_gen and lost == fighters
    _remove(cells, cell, lost, general_falls)
    events.append({"type": "loss", "side": SIDE_NAMES[loser], "cell": NAMES[cell],
                   "pawns": lost, "general": general_falls})
    if won == combat.ATTACKER and not cells[dst]:
        _remove(cells, src, k, general)
        _add(cells, dst, pos.side, k, general)
        events.append({"type": "enter", "side": SIDE_NAMES[pos.side], "from": NAMES[src],
                       "to": NAMES[dst], "count": k})
    after = after._replace(cells=tuple(cells), quiet=0)
    if general_falls:
        events.append({"type": "general_eliminated", "side": SIDE_NAMES[loser],
                       "winner": SIDE_NAMES[1 - loser]})
        return Applied(after, tuple(events))
    return _spend(after, tuple(events))


def _retreat(pos: Position, move: Action) -> Applied:
    src, dst, k, general = pos.pending
    cells = list(pos.cells)
    stack = cells[dst]
    defender = owner_of(stack)
    size, defender_general = count_of(stack), has_general(stack)
    cells[dst] = 0
    _add(cells, move.src, defender, size, defender_general)
    _remove(cells, move.src, 1, False)  # the retreat costs one soldier
    _remove(cells, src, k, general)
    _add(cells, dst, pos.side, k, general)
    events = (
        {"type": "retreat", "side": SIDE_NAMES[defender], "from": NAMES[dst],
         "to": NAMES[move.src], "count": size},
        {"type": "loss", "side": SIDE_NAMES[defender], "cell": NAMES[move.src], "pawns": 1,
         "general": False},
        {"type": "enter", "side": SIDE_NAMES[pos.side], "from": NAMES[src], "to": NAMES[dst],
         "count": k},
    )
    return _spend(pos._replace(cells=tuple(cells), pending=None, quiet=0), events)
