"""Why a Maestria action is refused, and why a game of Maestria ends (the rules are in
docs/rules/maestria.md)."""

from __future__ import annotations

from ..core.reasons import Reason


class Illegal(Reason):
    """The ``reason`` of every illegal action."""

    MALFORMED_MOVE = "malformed_move", "The text is not an action in Maestria's notation."
    WRONG_PHASE = ("wrong_phase", "Placements belong to setup, steps and 'end' to play, and "
                   "'fight' / 'retreat' only answer a pending attack.")
    FIGHT_PENDING = ("fight_pending", "While an attack is pending, only the defender's 'fight' "
                     "or 'retreat:<cell>' may be played.")
    NOT_OWN_CAMP = ("not_own_camp", "A pawn is placed only in the player's own camp (black row "
                    "1, white row 2).")
    WRONG_CELL_COLOUR = ("wrong_cell_colour", "A pawn is placed only on a cell of the player's "
                         "own colour.")
    CELL_FULL = ("cell_full", "A cell holds at most 5 pawns: a placement, a step onto one's own "
                 "stack or a retreat would exceed it.")
    GENERAL_ALREADY_PLACED = ("general_already_placed", "A side has one General; it is already "
                              "on the board.")
    GENERAL_REQUIRED = ("general_required", "The 15th pawn must be the General when the General "
                        "has not been placed.")
    NOT_YOUR_STACK = ("not_your_stack", "A step starts from a cell holding the player's own "
                      "pawns, not an empty or enemy cell.")
    NOT_ADJACENT = ("not_adjacent", "A step or retreat goes to a cell touching the start cell, "
                    "orthogonally or diagonally.")
    NOT_ENOUGH_PAWNS = ("not_enough_pawns", "A step moves at most as many pawns as the cell "
                        "holds.")
    NO_GENERAL_HERE = ("no_general_here", "A step marked '*' must start from the cell holding "
                       "the General.")
    GENERAL_MUST_MOVE = ("general_must_move", "A step without '*' moves only soldiers; moving "
                         "more pawns than the cell has soldiers takes the General and must be "
                         "written with '*'.")
    NO_ACTION_POINTS = ("no_action_points", "A step of k pawns costs k action points, and fewer "
                        "are left.")
    RETREAT_BLOCKED = "retreat_blocked", "A retreat goes to a cell without enemy pawns."
    GENERAL_ALONE = ("general_alone", "The General alone cannot retreat (a retreat costs a "
                     "soldier); it must fight.")
    ILLEGAL_MOVE = ("illegal_move", "The action is not legal here (reported only when no rule "
                    "above names the reason).")


class End(Reason):
    """The ``reason`` of every finished game."""

    GENERAL_ELIMINATED = ("general_eliminated", "A General fell in a fight; its owner loses and "
                          "the other side wins.")
    QUIET_PLIES = ("quiet_plies", "The house rule draw_after_quiet_plies is set and the quiet "
                   "counter (turn changes since the last loss) has reached it.")
