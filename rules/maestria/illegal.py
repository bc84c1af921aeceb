"""Why a Maestria action is illegal: one check per reason, tried in the order below.

The first two checks refuse an action of the wrong moment (anything but an answer while an
attack is pending, an answer with none pending, a placement in play or a play action in
setup). What is left is a placement in setup, a step or ``end`` in play, or an answer to a
pending attack, and each later check looks only at the kinds its rule is about, in the order
the rules of that kind are tried.
"""

from __future__ import annotations

from ..core.checks import RuleBook
from ..core.game import Game
from .actions import ANSWERS, PLACE, RETREAT, STEP, Action, format_action
from .position import (
    ARMY, CAMP_ROW, GRID, MAX_STACK, NAMES, NEIGHBOURS, PLAY, SETUP, SIDE_NAMES, Position,
    army_totals, cell_colour, count_of, format_cell, has_general, owner_of,
)
from .reasons import Illegal

BOOK: RuleBook[Game[Position, Action], Position, Action] = RuleBook(Illegal.ILLEGAL_MOVE)


@BOOK.rule(Illegal.FIGHT_PENDING)
def fight_pending(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """While an attack is pending only the defender's answers may be played."""
    pending = pos.pending
    if pending is None or action.kind in ANSWERS:
        return None
    return (f"{SIDE_NAMES[pos.side].capitalize()}'s attack {NAMES[pending.src]}"
            f"{NAMES[pending.dst]} waits for {SIDE_NAMES[1 - pos.side]}'s answer: 'fight' or "
            "'retreat:<cell>'.")


@BOOK.rule(Illegal.WRONG_PHASE)
def wrong_phase(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """Answers need a pending attack, placements belong to setup and the rest to play."""
    if pos.pending is not None:
        return None
    if action.kind in ANSWERS:
        return f"'{action.kind}' answers an attack, and no attack is pending."
    if pos.phase == SETUP and action.kind != PLACE:
        return ("During setup the only action is placing a pawn (@c1, or @c1* for the General); "
                f"'{format_action(action)}' belongs to the play phase.")
    if pos.phase == PLAY and action.kind == PLACE:
        return "Setup is over: pawns are placed only during the setup phase."
    return None


@BOOK.rule(Illegal.GENERAL_ALONE)
def general_alone(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """The General alone pays no soldier for a retreat."""
    if action.kind != RETREAT or pos.pending is None:
        return None
    attacked = pos.pending.dst
    stack = pos.cells[attacked]
    if count_of(stack) == 1 and has_general(stack):
        return (f"The General alone on {NAMES[attacked]} cannot retreat (a retreat costs a "
                "soldier); it must fight.")
    return None


@BOOK.rule(Illegal.NOT_YOUR_STACK)
def not_your_stack(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step moves pawns of the side to act."""
    if action.kind != STEP:
        return None
    code = pos.cells[action.src]
    if not code:
        return f"There are no pawns on {NAMES[action.src]} to step."
    if owner_of(code) != pos.side:
        return (f"The pawns on {NAMES[action.src]} are {SIDE_NAMES[owner_of(code)]}; "
                f"{SIDE_NAMES[pos.side]} moves only its own.")
    return None


@BOOK.rule(Illegal.NOT_ADJACENT)
def not_adjacent(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step goes to a neighbour of its cell, a retreat to a neighbour of the attacked cell."""
    if action.kind == STEP and action.dst not in NEIGHBOURS[action.src]:
        return (f"A step goes to an adjacent cell (orthogonal or diagonal); {NAMES[action.src]} "
                f"to {NAMES[action.dst]} is not one.")
    if action.kind == RETREAT and pos.pending is not None:
        attacked = pos.pending.dst
        if action.dst not in NEIGHBOURS[attacked]:
            return (f"A retreat goes to a cell adjacent to {NAMES[attacked]}; "
                    f"{NAMES[action.dst]} is not one.")
    return None


@BOOK.rule(Illegal.RETREAT_BLOCKED)
def retreat_blocked(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A retreat goes to a cell without enemy pawns."""
    if action.kind != RETREAT or pos.pending is None:
        return None
    defender = owner_of(pos.cells[pos.pending.dst])
    target = pos.cells[action.dst]
    if target and owner_of(target) != defender:
        return (f"{NAMES[action.dst]} holds enemy pawns; a retreat goes to a cell without enemy "
                "pawns.")
    return None


@BOOK.rule(Illegal.NOT_OWN_CAMP)
def not_own_camp(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A pawn is placed in its side's camp."""
    if action.kind != PLACE or GRID.coords[action.dst][1] == CAMP_ROW[pos.side]:
        return None
    return (f"{SIDE_NAMES[pos.side].capitalize()} places pawns in its own camp, row "
            f"{CAMP_ROW[pos.side] + 1}; {NAMES[action.dst]} is in the enemy camp.")


@BOOK.rule(Illegal.WRONG_CELL_COLOUR)
def wrong_cell_colour(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A pawn is placed on a cell of its side's colour."""
    if action.kind != PLACE or cell_colour(action.dst) == pos.side:
        return None
    return (f"Pawns go on cells of their own colour; {NAMES[action.dst]} is a "
            f"{SIDE_NAMES[1 - pos.side]} cell.")


@BOOK.rule(Illegal.GENERAL_ALREADY_PLACED)
def general_already_placed(game: Game[Position, Action], pos: Position,
                           action: Action) -> str | None:
    """A side places one General."""
    if action.kind != PLACE or not action.with_general or not army_totals(pos.cells)[pos.side][1]:
        return None
    return (f"{SIDE_NAMES[pos.side].capitalize()} has already placed its General; place "
            "soldiers only (without '*').")


@BOOK.rule(Illegal.GENERAL_REQUIRED)
def general_required(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """The last pawn placed is the General when it is not on the board yet."""
    if action.kind != PLACE or action.with_general:
        return None
    placed, general = army_totals(pos.cells)[pos.side]
    if general or placed != ARMY - 1:
        return None
    return (f"This is {SIDE_NAMES[pos.side]}'s last ({ARMY}th) pawn and its General is not "
            "placed yet: it must be the General (@<cell>*).")


@BOOK.rule(Illegal.NOT_ENOUGH_PAWNS)
def not_enough_pawns(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step sends at most the pawns of its cell."""
    if action.kind != STEP:
        return None
    here = count_of(pos.cells[action.src])
    if action.pawns <= here:
        return None
    return (f"{NAMES[action.src]} holds {here} pawn{'s' if here > 1 else ''}; it cannot send "
            f"{action.pawns}.")


@BOOK.rule(Illegal.NO_GENERAL_HERE)
def no_general_here(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step marked with the General starts from the General's cell."""
    if action.kind != STEP or not action.with_general or has_general(pos.cells[action.src]):
        return None
    return f"The General is not on {NAMES[action.src]}; write the step without '*'."


@BOOK.rule(Illegal.GENERAL_MUST_MOVE)
def general_must_move(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step without the General moves at most the soldiers of its cell."""
    if action.kind != STEP or action.with_general:
        return None
    code = pos.cells[action.src]
    if action.pawns <= count_of(code) - has_general(code):
        return None
    s, k = NAMES[action.src], action.pawns
    return (f"{s} holds {format_cell(code)}: moving {k} pawns takes the General along; write "
            f"{s}{NAMES[action.dst]}:{k}*.")


@BOOK.rule(Illegal.NO_ACTION_POINTS)
def no_action_points(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """A step of k pawns costs k action points."""
    if action.kind != STEP or action.pawns <= pos.budget:
        return None
    return (f"Moving {action.pawns} pawns costs {action.pawns} action points; "
            f"{SIDE_NAMES[pos.side]} has {pos.budget} left.")


@BOOK.rule(Illegal.CELL_FULL)
def cell_full(game: Game[Position, Action], pos: Position, action: Action) -> str | None:
    """No placement, step onto an own stack or retreat makes a cell hold more than it may."""
    target = pos.cells[action.dst] if action.dst >= 0 else 0
    if action.kind == PLACE and count_of(target) >= MAX_STACK:
        return f"{NAMES[action.dst]} already holds {MAX_STACK} pawns, the most a cell can hold."
    if (action.kind == STEP and target and owner_of(target) == pos.side
            and count_of(target) + action.pawns > MAX_STACK):
        return (f"{NAMES[action.dst]} holds {count_of(target)} of your pawns; {action.pawns} "
                f"more would exceed {MAX_STACK}.")
    if action.kind == RETREAT and pos.pending is not None:
        stack = pos.cells[pos.pending.dst]
        if count_of(target) + count_of(stack) > MAX_STACK:
            return (f"The whole stack of {count_of(stack)} must fit on {NAMES[action.dst]}, "
                    f"which holds {count_of(target)}; a cell holds at most {MAX_STACK}.")
    return None
