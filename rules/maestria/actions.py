"""Maestria actions: what an action is, its notation, and the legal ones in a position.

An action (Maestria's move) is an :class:`Action`; its ``kind`` says which of the five it is:

- ``place``, written ``@c1`` / ``@c1*``: one pawn (the General with ``*``) placed on ``dst``;
- ``step``, written ``c1d2:3`` / ``c1d2:3*``: ``pawns`` pawns (the General among them with
  ``*``) from ``src`` to the adjacent ``dst``, costing ``pawns`` action points;
- ``end``: the turn passes;
- ``fight`` and ``retreat``, written ``retreat:d2``: the defender's answer to a pending attack,
  the retreat taking the attacked stack to ``dst``.

Why an action is illegal is :mod:`rules.maestria.illegal`.
"""

from __future__ import annotations

import re
from typing import Final, Iterator, Literal, NamedTuple

from ..core.errors import IllegalMove
from .position import (
    ARMY, COUNT_MASK, GENERAL_BIT, GRID, MAX_STACK, NAMES, NEIGHBOURS, OWNER_SHIFT, SETUP,
    SETUP_CELLS, Position, army_totals, count_of, format_step, has_general, owner_of,
)
from .reasons import Illegal

#: The five kinds of action; each is also the ``kind`` of its legal-move entry.
ActionKind = Literal["place", "step", "end", "fight", "retreat"]
PLACE: Final = "place"
STEP: Final = "step"
END: Final = "end"
FIGHT: Final = "fight"
RETREAT: Final = "retreat"
#: the kinds that answer a pending attack
ANSWERS: Final = (FIGHT, RETREAT)

#: ``src`` or ``dst`` of an action that has no such cell
NO_CELL: Final = -1


class Action(NamedTuple):
    """One Maestria action (see the module's docstring for each kind).

    ``src`` is the cell a step leaves; ``dst`` the cell a pawn is placed on, a step goes to
    or a retreat goes to; ``pawns`` how many pawns a place (1) or a step moves;
    ``with_general`` whether the General is among them. Fields a kind has no use for keep
    their defaults.
    """

    kind: ActionKind
    src: int = NO_CELL
    dst: int = NO_CELL
    pawns: int = 0
    with_general: bool = False


#: The move type of :class:`~rules.maestria.game.Maestria`.
Move = Action

END_ACTION: Final = Action(END)
FIGHT_ACTION: Final = Action(FIGHT)
#: ``PLACE_ACTIONS[cell][with_general]``
PLACE_ACTIONS: Final = tuple(
    (Action(PLACE, NO_CELL, sq, 1, False), Action(PLACE, NO_CELL, sq, 1, True))
    for sq in range(GRID.size))
#: ``RETREAT_ACTIONS[cell]``: the retreat to ``cell``
RETREAT_ACTIONS: Final = tuple(Action(RETREAT, NO_CELL, sq) for sq in range(GRID.size))


# ---- notation ---------------------------------------------------------------------------------

_ACTION = re.compile(
    r"@(?P<place>[a-l][12])(?P<pg>\*?)"
    r"|(?P<src>[a-l][12])(?P<dst>[a-l][12]):(?P<k>[1-9][0-9]?)(?P<sg>\*?)"
    r"|retreat:(?P<retreat>[a-l][12])"
    r"|(?P<word>end|fight)"
)


def parse_action(text: object) -> Action:
    """Parse action notation, without judging legality; malformed text is ``malformed_move``."""
    if isinstance(text, str):
        known = NOTATIONS.get(text)
        if known is not None:
            return known
    m = _ACTION.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise IllegalMove(
            Illegal.MALFORMED_MOVE,
            f"{text!r} is not a Maestria action; write @c1 or @c1* (place a soldier or the "
            "General), c1d2:3 or c1d2:3* (step 3 pawns, the General among them with *), end, "
            "fight, or retreat:d2.")
    idx = GRID.index
    if m.group("place"):
        return PLACE_ACTIONS[idx[m.group("place")]][bool(m.group("pg"))]
    if m.group("src"):
        return Action(STEP, idx[m.group("src")], idx[m.group("dst")], int(m.group("k")),
                      bool(m.group("sg")))
    if m.group("retreat"):
        return RETREAT_ACTIONS[idx[m.group("retreat")]]
    return END_ACTION if m.group("word") == END else FIGHT_ACTION


def format_action(action: Action) -> str:
    """The canonical notation of ``action``; :func:`parse_action` reads it back."""
    kind = action.kind
    if kind == STEP:
        return format_step(action.src, action.dst, action.pawns, action.with_general)
    if kind == PLACE:
        return f"@{NAMES[action.dst]}{'*' if action.with_general else ''}"
    if kind == RETREAT:
        return f"retreat:{NAMES[action.dst]}"
    return kind


# ---- generation -------------------------------------------------------------------------------

def _splits(count: int, general: bool, most: int) -> list[tuple[int, bool]]:
    """Every (pawns, with_general) a stack of ``count`` pawns (its General among them when
    ``general``) can send with at most ``most`` pawns, soldiers only first."""
    out = []
    for k in range(1, min(count, most) + 1):
        if k <= count - general:  # soldiers only
            out.append((k, False))
        if general:
            out.append((k, True))
    return out


def _split_index(count: int, general: bool, most: int) -> int:
    """Where the steps of a stack of ``count`` (``general``) sending at most ``most`` pawns
    are in each cell pair's table of :data:`STEP_ACTIONS`."""
    return (count * 2 + general) * (MAX_STACK + 1) + most


#: ``STEP_ACTIONS[src]``: ``(dst, steps)`` for each neighbour ``dst`` of ``src``, where
#: ``steps[_split_index(count, general, most)]`` are the steps from a stack of ``count``
#: pawns (its General among them when ``general``) that move at most ``most`` pawns. Built
#: once: a play turn lists the steps of every own stack to every neighbour.
STEP_ACTIONS: Final = tuple(
    tuple(
        (dst, tuple(
            tuple(Action(STEP, src, dst, k, g) for k, g in _splits(count, general, most))
            for count in range(MAX_STACK + 1) for general in (False, True)
            for most in range(MAX_STACK + 1)))
        for dst in NEIGHBOURS[src])
    for src in range(GRID.size)
)


#: Every action that can be legal somewhere, by its notation: most actions a client sends
#: are read with one lookup, the rest with the regular expression.
NOTATIONS: Final = {format_action(action): action for action in (
    END_ACTION, FIGHT_ACTION, *RETREAT_ACTIONS, *(a for pair in PLACE_ACTIONS for a in pair),
    *(Action(STEP, src, dst, k, general) for src in range(GRID.size) for dst in NEIGHBOURS[src]
      for k in range(1, MAX_STACK + 1) for general in (False, True)))}


def generate(pos: Position) -> list[Action]:
    """Every legal action of the side that acts next (the caller handles finished games)."""
    if pos.pending is not None:
        return _answers(pos, pos.pending.dst)
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
                out.append(PLACE_ACTIONS[sq][False])
            if not general:
                out.append(PLACE_ACTIONS[sq][True])
    return out


def _steps(pos: Position) -> list[Action]:
    side, cells = pos.side, pos.cells
    # A stack sends at most the action points left, and at most the room left on its own
    # stack at the destination; an attack is never limited by room.
    most = min(pos.budget, MAX_STACK)
    out: list[Action] = []
    extend = out.extend
    for src, code in enumerate(cells):
        if not code or owner_of(code) != side:
            continue
        base = _split_index(count_of(code), has_general(code), 0)
        for dst, steps in STEP_ACTIONS[src]:
            target = cells[dst]
            if target and owner_of(target) == side:
                extend(steps[base + min(most, MAX_STACK - count_of(target))])
            else:
                extend(steps[base + most])
    out.append(END_ACTION)
    return out


def _answers(pos: Position, attacked: int) -> list[Action]:
    """The defender's choices: fight, or retreat to each adjacent cell it may go to."""
    return [FIGHT_ACTION, *(RETREAT_ACTIONS[cell] for cell in retreat_cells(pos.cells, attacked))]


def retreat_cells(cells: tuple[int, ...], attacked: int) -> Iterator[int]:
    """The cells the stack on ``attacked`` may retreat to, in neighbour order: an adjacent
    cell that is empty or holds its own side's pawns with room for the whole stack. A lone
    General has none (he cannot retreat). A generator: the computer opponent's evaluation
    asks only whether there is one, on every attack it values, so the cells are read with
    bit operations (as :func:`count_of` and :func:`owner_of` do) and no further than needed."""
    stack = cells[attacked]
    size = stack & COUNT_MASK
    if size == 1 and stack & GENERAL_BIT:
        return
    room = MAX_STACK - size
    defender = stack >> OWNER_SHIFT & 1
    for cell in NEIGHBOURS[attacked]:
        target = cells[cell]
        if not target or (target >> OWNER_SHIFT & 1 == defender and target & COUNT_MASK <= room):
            yield cell
