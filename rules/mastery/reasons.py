"""Why a Mastery move is refused and why a Mastery game ends (docs/rules/mastery.md)."""

from __future__ import annotations

from ..core.reasons import Reason


class Illegal(Reason):
    """The rule an illegal Mastery move breaks, in the order the rules are checked."""

    MALFORMED_MOVE = ("malformed_move",
                      "The text is not a move in Mastery notation (<from><to>, optionally "
                      "+O@<square> or +P@<square>).")
    EMPTY_SQUARE = "empty_square", "There is no piece on the square the move starts from."
    NOT_YOUR_PIECE = ("not_your_piece",
                      "The move starts from an enemy Master, and Masters can never be "
                      "controlled.")
    LOST_POWER = ("lost_power",
                  "The mover has no Pawns or no Officers on the board, so he has lost the power "
                  "to control enemy pieces.")
    NOT_IN_ZONE_OF_CONTROL = ("not_in_zone_of_control",
                              "The enemy piece stands in no zone of control of one of the "
                              "mover's higher-ranked pieces (Masters for Officers and Pawns, "
                              "Officers for Pawns).")
    PIECE_MOVEMENT = ("piece_movement",
                      "The piece does not move that way: wrong direction, too far for its kind, "
                      "or no move at all.")
    PATH_BLOCKED = ("path_blocked",
                    "A piece stands on a square the move passes over; pieces never jump.")
    OWN_PIECE = ("own_piece",
                 "The destination holds one of the mover's own pieces, and only an own Master "
                 "may move onto an own Officer or Pawn (devouring it).")
    RANK_CAPTURE = ("rank_capture",
                    "Under classic-1990 the capture breaks the rank limits: Pawns capture only "
                    "Pawns, Officers only Officers and Pawns.")
    REFLECTION_RULE = ("reflection_rule",
                       "Under ross-2002 the piece moved on the previous ply may not go straight "
                       "back to the square it came from.")
    KO_RULE = ("ko_rule",
               "Under classic-1990 a control move may not undo the previous ply's plain move and "
               "so recreate the previous board.")
    RESURRECTION_NOT_ALLOWED = ("resurrection_not_allowed",
                                "Only capturing an enemy Master (an Officer or Pawn back) or "
                                "Officer (a Pawn back) resurrects; capturing a Pawn, moving "
                                "without capture and devouring never do, and Masters never come "
                                "back.")
    NO_LOST_PIECE = ("no_lost_piece",
                     "The mover has lost no piece of the kind he wants to resurrect.")
    SQUARE_OCCUPIED = ("square_occupied",
                       "The resurrection square is not empty after the move (it is the capture "
                       "square, or holds a piece).")
    #: the rule book's fallback, which no move is known to reach
    NOT_LEGAL_HERE = ("illegal_move",
                      "The move breaks no rule the engine can name, yet is not legal.")


class End(Reason):
    """Why a Mastery game is over, in the order the ends are checked."""

    NO_MASTERS = "no_masters", "The loser has no Masters left: all three were captured."
    NO_OFFICERS_OR_PAWNS = ("no_officers_or_pawns",
                            "The loser has only Masters left: all his Officers and Pawns were "
                            "captured or devoured.")
    NO_LEGAL_MOVES = ("no_legal_moves",
                      "The side to move has no legal move and loses, since Mastery has no draw.")
    QUIET_PLIES = ("quiet_plies",
                   "The house rule draw_after_quiet_plies is on and that many plies in a row "
                   "passed without a capture, devour or resurrection.")
