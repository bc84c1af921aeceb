"""Why a Sceptre move is refused, and why a Sceptre game ends (see docs/rules/sceptre.md)."""

from __future__ import annotations

from ..core.reasons import Reason


class Illegal(Reason):
    """The ``reason`` of every illegal Sceptre move."""

    MALFORMED_MOVE = "malformed_move", "The move is not written in Sceptre's move notation."
    OFF_BOARD = "off_board", "A square is not on this board, or the way to it leaves the board."
    PASS_NOT_ALLOWED = "pass_not_allowed", (
        "Only a player checkmated while three or more players are in the game may pass.")
    EMPTY_SQUARE = "empty_square", "There is no piece on the square the move starts from."
    NOT_YOUR_PIECE = "not_your_piece", (
        "The piece belongs to an army another player moves, or to an inert army.")
    PIECE_MOVEMENT = "piece_movement", "The piece does not move that way."
    PAWN_CAPTURE = "pawn_capture", "A Pawn captures only 1 square diagonally forward."
    PATH_BLOCKED = "path_blocked", "A piece stands in the way, and only Knights leap."
    OWN_PIECE = "own_piece", "The destination holds a piece of an army the mover controls."
    TERRAIN = "terrain", (
        "The terrain forbids the piece to enter, to cross, or to move that far.")
    PROMOTION_NOT_ALLOWED = "promotion_not_allowed", (
        "Only a Pawn reaching an open-ground square of its last rank promotes, and only to a "
        "kind its army has lost.")
    PROMOTION_REQUIRED = "promotion_required", (
        "A Pawn reaching an open-ground square of its last rank must promote to a kind its "
        "army has lost.")
    KING_IN_CHECK = "king_in_check", (
        "The move would leave the mover's King attacked, or the mover is checkmated and may "
        "only pass.")
    ILLEGAL_MOVE = "illegal_move", "The move is not legal in this position."


class End(Reason):
    """The ``reason`` of every finished Sceptre game."""

    LAST_KING_STANDING = "last_king_standing", "One player is left in the game and wins."
    CHECKMATE = "checkmate", (
        "With two players left, the player to move is in check with no legal move and loses.")
    STALEMATE = "stalemate", (
        "With two players left, the player to move has no legal move, is not in check, and "
        "loses.")
    QUIET_PLIES = "quiet_plies", (
        "The draw_after_quiet_plies house rule is set and the quiet counter has reached it.")
