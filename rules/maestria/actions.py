"""Maestria actions: their notation, their generation, and why one is illegal.

An action is an :class:`Action` tuple ``(kind, src, dst, count, general)``:

- PLACE ``@c1`` / ``@c1*``: one pawn (the General with ``*``) on ``src``;
- STEP ``c1d2:3`` / ``c1d2:3*``: ``count`` pawns (the General among them with ``*``) from
  ``src`` to the adjacent ``dst``, costing ``count`` action points;
- END ``end``: the turn passes;
- FIGHT ``fight`` and RETREAT ``retreat:d2`` (``src`` = d2): the defender's answer to an attack.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core.errors import IllegalMove
from .position import (
    ACTION_POINTS, ARMY, GRID, MAX_STACK, NAMES, NEIGHBOURS, SETUP, SETUP_CELLS,
    SIDE_NAMES, CAMP_ROW, Position, army_totals, cell_colour, count_of, format_cell,
    has_general, owner_of,
)

PLACE, STEP, END, FIGHT, RETREAT = range(5)
KIND_NAMES = ("place", "step", "end", "fight", "retreat")


class Action(NamedTuple):
    kind: int
    src: int = -1
    dst: int = -1
    count: int = 0
    general: bool = False


END_ACTION = Action(END)
FIGHT_ACTION = Action(FIGHT)

_ACTION = re.compile(
    r"@(?P<place>[a-l][12])(?P<pg>\*?)"
    r"|(?P<src>[a-l][12])(?P<dst>[a-l][12]):(?P<k>[1-9][0-9]?)(?P<sg>\*?)"
    r"|retreat:(?P<retreat>[a-l][12])"
    r"|(?P<word>end|fight)"
)


def parse_action(text: object) -> Action:
    """Parse action notation, without judging legality; malformed text is ``malformed_move``."""
    m = _ACTION.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise IllegalMove(
            "malformed_move",
            f"{text!r} is not a Maestria action; write @c1 or @c1* (place a soldier or the "
            "General), c1d2:3 or c1d2:3* (step 3 pawns, the General among them with *), end, "
            "fight, or retreat:d2.")
    idx = GRID.index
    if m.group("place"):
        return Action(PLACE, idx[m.group("place")], -1, 1, bool(m.group("pg")))
    if m.group("src"):
        return Action(STEP, idx[m.group("src")], idx[m.group("dst")], int(m.group("k")),
                      bool(m.group("sg")))
    if m.group("retreat"):
        return Action(RETREAT, idx[m.group("retreat")])
    return END_ACTION if m.group("word") == "end" else FIGHT_ACTION


def format_action(action: Action) -> str:
    kind = action.kind
    star = "*" if action.general else ""
    if kind == PLACE:
        return f"@{NAMES[action.src]}{star}"
    if kind == STEP:
        return f"{NAMES[action.src]}{NAMES[action.dst]}:{action.count}{star}"
    if kind == RETREAT:
        return f"retreat:{NAMES[action.src]}"
    return KIND_NAMES[kind]


# ---- generation -------------------------------------------------------------------------------

# Every (count, general) a stack of ``c`` pawns (with its General when ``g``) can send, for
# each number of action points: precomputed because a play turn asks for it per cell.
def _splits(c: int, g: bool, points: int) -> tuple[tuple[int, bool], ...]:
    out = []
    for k in range(1, min(c, points) + 1):
        if k <= c - g:  # soldiers only
            out.append((k, False))
        if g:
            out.append((k, True))
    return tuple(out)


SPLITS = {(c, g, p): _splits(c, g, p)
          for c in range(1, MAX_STACK + 1) for g in (False, True) for p in range(ACTION_POINTS + 1)}


def generate(pos: Position) -> list[Action]:
    """Every legal action of the side that acts next (the caller handles finished games)."""
    if pos.pending is not None:
        return _answers(pos)
    if pos.phase == SETUP:
        return _placements(pos)
    return _steps(pos)


def _placements(pos: Position) -> list[Action]:
    side, cells = pos.side, pos.cells
    placed, general = army_totals(cells)[side]
    soldiers_allowed = placed - general < ARMY - 1
    out = []
    for sq in SETUP_CELLS[side]:
        if count_of(cells[sq]) < MAX_STACK:
            if soldiers_allowed:
                out.append(Action(PLACE, sq, -1, 1, False))
            if not general:
                out.append(Action(PLACE, sq, -1, 1, True))
    return out


def _steps(pos: Position) -> list[Action]:
    side, cells, budget = pos.side, pos.cells, pos.budget
    out = []
    append = out.append
    for src, code in enumerate(cells):
        if not code or owner_of(code) != side:
            continue
        splits = SPLITS[count_of(code), has_general(code), budget]
        for dst in NEIGHBOURS[src]:
            target = cells[dst]
            # Only a step onto one's own stack is limited by room; an attack never is.
            room = MAX_STACK - count_of(target) if target and owner_of(target) == side else MAX_STACK
            for k, g in splits:
                if k <= room:
                    append(Action(STEP, src, dst, k, g))
    append(END_ACTION)
    return out


def _answers(pos: Position) -> list[Action]:
    """The defender's choices: fight, or retreat to each adjacent cell it may go to."""
    out = [FIGHT_ACTION]
    cells = pos.cells
    dst = pos.pending.dst
    stack = cells[dst]
    defender = owner_of(stack)
    size = count_of(stack)
    if size == 1 and has_general(stack):
        return out
    for cell in NEIGHBOURS[dst]:
        target = cells[cell]
        if not target or (owner_of(target) == defender and count_of(target) + size <= MAX_STACK):
            out.append(Action(RETREAT, cell))
    return out


# ---- explanations -----------------------------------------------------------------------------

def explain(pos: Position, action: Action) -> IllegalMove:
    """The rule that forbids ``action``, which is known not to be legal in ``pos``."""
    kind = action.kind
    if pos.pending is not None:
        if kind in (FIGHT, RETREAT):
            return _explain_retreat(pos, action)
        attacker = SIDE_NAMES[pos.side]
        return IllegalMove(
            "fight_pending",
            f"{attacker.capitalize()}'s attack {NAMES[pos.pending.src]}{NAMES[pos.pending.dst]} "
            f"waits for {SIDE_NAMES[1 - pos.side]}'s answer: 'fight' or 'retreat:<cell>'.")
    if kind in (FIGHT, RETREAT):
        return IllegalMove("wrong_phase",
                           f"'{KIND_NAMES[kind]}' answers an attack, and no attack is pending.")
    if pos.phase == SETUP:
        if kind != PLACE:
            return IllegalMove(
                "wrong_phase",
                f"During setup the only action is placing a pawn (@c1, or @c1* for the General); "
                f"'{format_action(action)}' belongs to the play phase.")
        return _explain_place(pos, action)
    if kind == PLACE:
        return IllegalMove("wrong_phase",
                           "Setup is over: pawns are placed only during the setup phase.")
    if kind == STEP:
        return _explain_step(pos, action)
    return IllegalMove("illegal_move", f"{format_action(action)} is not legal here.")


def _explain_place(pos: Position, action: Action) -> IllegalMove:
    side, sq = pos.side, action.src
    name = SIDE_NAMES[side]
    if GRID.coords[sq][1] != CAMP_ROW[side]:
        return IllegalMove("not_own_camp",
                           f"{name.capitalize()} places pawns in its own camp, row "
                           f"{CAMP_ROW[side] + 1}; {NAMES[sq]} is in the enemy camp.")
    if cell_colour(sq) != side:
        return IllegalMove("wrong_cell_colour",
                           f"Pawns go on cells of their own colour; {NAMES[sq]} is a "
                           f"{SIDE_NAMES[1 - side]} cell.")
    placed, general = army_totals(pos.cells)[side]
    if action.general and general:
        return IllegalMove("general_already_placed",
                           f"{name.capitalize()} has already placed its General; place soldiers "
                           "only (without '*').")
    if not action.general and not general and placed == ARMY - 1:
        return IllegalMove("general_required",
                           f"This is {name}'s last ({ARMY}th) pawn and its General is not placed "
                           "yet: it must be the General (@<cell>*).")
    if count_of(pos.cells[sq]) >= MAX_STACK:
        return IllegalMove("cell_full",
                           f"{NAMES[sq]} already holds {MAX_STACK} pawns, the most a cell can hold.")
    return IllegalMove("illegal_move", f"{format_action(action)} is not legal here.")


def _explain_step(pos: Position, action: Action) -> IllegalMove:
    side, src, dst, k = pos.side, action.src, action.dst, action.count
    code = pos.cells[src]
    s, d = NAMES[src], NAMES[dst]
    if not code:
        return IllegalMove("not_your_stack", f"There are no pawns on {s} to step.")
    if owner_of(code) != side:
        return IllegalMove("not_your_stack",
                           f"The pawns on {s} are {SIDE_NAMES[owner_of(code)]}; "
                           f"{SIDE_NAMES[side]} moves only its own.")
    if dst not in NEIGHBOURS[src]:
        return IllegalMove("not_adjacent",
                           f"A step goes to an adjacent cell (orthogonal or diagonal); {s} to {d} "
                           "is not one.")
    if k > count_of(code):
        return IllegalMove("not_enough_pawns",
                           f"{s} holds {count_of(code)} pawn{'s' if count_of(code) > 1 else ''}; "
                           f"it cannot send {k}.")
    if action.general and not has_general(code):
        return IllegalMove("no_general_here",
                           f"The General is not on {s}; write the step without '*'.")
    if not action.general and k > count_of(code) - has_general(code):
        return IllegalMove("general_must_move",
                           f"{s} holds {format_cell(code)}: moving {k} pawns takes the General "
                           f"along; write {s}{d}:{k}*.")
    if k > pos.budget:
        return IllegalMove("no_action_points",
                           f"Moving {k} pawns costs {k} action points; {SIDE_NAMES[side]} has "
                           f"{pos.budget} left.")
    target = pos.cells[dst]
    if target and owner_of(target) == side and count_of(target) + k > MAX_STACK:
        return IllegalMove("cell_full",
                           f"{d} holds {count_of(target)} of your pawns; {k} more would exceed "
                           f"{MAX_STACK}.")
    return IllegalMove("illegal_move", f"{format_action(action)} is not legal here.")


def _explain_retreat(pos: Position, action: Action) -> IllegalMove:
    dst = pos.pending.dst
    stack = pos.cells[dst]
    defender = owner_of(stack)
    cell = action.src
    if count_of(stack) == 1 and has_general(stack):
        return IllegalMove("general_alone",
                           f"The General alone on {NAMES[dst]} cannot retreat (a retreat costs a "
                           "soldier); it must fight.")
    if cell not in NEIGHBOURS[dst]:
        return IllegalMove("not_adjacent",
                           f"A retreat goes to a cell adjacent to {NAMES[dst]}; {NAMES[cell]} is "
                           "not one.")
    target = pos.cells[cell]
    if target and owner_of(target) != defender:
        return IllegalMove("retreat_blocked",
                           f"{NAMES[cell]} holds enemy pawns; a retreat goes to a cell without "
                           "enemy pawns.")
    if count_of(target) + count_of(stack) > MAX_STACK:
        return IllegalMove("cell_full",
                           f"The whole stack of {count_of(stack)} must fit on {NAMES[cell]}, which "
                           f"holds {count_of(target)}; a cell holds at most {MAX_STACK}.")
    return IllegalMove("illegal_move", f"{format_action(action)} is not legal here.")
