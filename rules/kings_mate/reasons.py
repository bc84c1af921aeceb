"""Why a King's Mate move is refused, and why a game of King's Mate ends."""

from __future__ import annotations

from ..core.reasons import Reason


class Illegal(Reason):
    """The rule an illegal move breaks, in the order :mod:`rules.kings_mate.illegal` tries them."""

    MALFORMED_MOVE = ("malformed_move", "The text is not a move in King's Mate notation "
                      "(<from><to>, with =W, =P or =E for a promotion).")
    EMPTY_SQUARE = "empty_square", "There is no piece on the square the move starts from."
    NOT_YOUR_PIECE = "not_your_piece", "The piece on the start square belongs to the other side."
    FAILED_ATTEMPT = ("failed_attempt", "The piece already failed a capture attempt this ply "
                      "(Active Play); another piece must move.")
    OWN_PIECE = "own_piece", "The destination holds one of the mover's own pieces."
    PIECE_MOVEMENT = ("piece_movement", "The piece does not move that way (a Fool captures only "
                      "diagonally and steps diagonally only to capture; the King's 3-square jump "
                      "needs Defense of the Crown).")
    DEFENSE_OF_THE_CROWN = ("defense_of_the_crown", "The King's 3-square jump needs a King that "
                            "never moved, his two Swordmasters in line beside him and the square "
                            "beyond them empty.")
    PATH_BLOCKED = ("path_blocked", "A piece stands between the start and the destination; "
                    "pieces never jump.")
    RAISED_SQUARE = ("raised_square", "The piece may not pass over or stop on a raised square: "
                     "only a King or a Swordmaster may, unless the King stands on the central X "
                     "(or, for a Fool under Fool's Gambit, a Fool stands on its own King Square).")
    DEFENDED_KING = ("defended_king", "The destination holds a King; a King with a Swordmaster "
                     "cannot be captured, and a defenseless one is never left capturable.")
    PROMOTION_NOT_ALLOWED = ("promotion_not_allowed", "The move names a promotion it cannot have: "
                             "it is no Fool reaching the enemy home rank, the type is not one the "
                             "player has lost, or it is the Fool's Gambit winning move.")
    PROMOTION_REQUIRED = ("promotion_required", "A Fool reaching the enemy home rank must become "
                          "a type its player has lost, named in the move (=W, =P or =E).")
    KING_IN_CHECK = ("king_in_check", "The move would leave the mover's defenseless King (no "
                     "Swordmaster left) capturable.")
    SWORDMASTER_FORMATION = ("swordmaster_formation", "The move breaks the Swordmaster formation "
                             "while another move keeps it.")
    ILLEGAL_MOVE = ("illegal_move", "The move is not legal here for a reason none of the others "
                    "names; a safeguard that a correct engine never gives.")


class End(Reason):
    """How a game of King's Mate ends."""

    CHECKMATE = ("checkmate", "The side to move has a defenseless King that could be captured "
                 "and no legal move: it loses.")
    STALEMATE = ("stalemate", "The side to move has no legal move and is not in check: a draw, "
                 "or a loss for that side under the stalemate option.")
    FOOLS_GAMBIT = ("fools_gambit", "Under Fool's Gambit a Fool reached the enemy King Square: "
                    "its side wins.")
    QUIET_PLIES = ("quiet_plies", "The plies since the last capture reached the "
                   "draw_after_quiet_plies house rule: a draw.")
