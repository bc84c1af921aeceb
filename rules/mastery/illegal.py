"""Why a Mastery move is illegal: one check per rule, in the order they are tried.

Each check answers the sentence saying how the move breaks its rule, or None; a check may
take for granted that the checks before it did not fire (a piece stands on the square the
move starts from, it moves along one of its lines, nothing stands in the way...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.checks import RuleBook
from .moves import NAMES, Move, barred, in_zone_of_control
from .position import (
    EMPTY, FULL_ARMY, GRID, KIND_NAMES, MASTER, OFFICER, PAWN, SIDE_NAMES, Position,
    army_counts, piece_name,
)
from .reasons import Illegal

if TYPE_CHECKING:
    from .game import Mastery

BOOK: RuleBook[Mastery, Position, Move] = RuleBook(Illegal.NOT_LEGAL_HERE)

# What capturing each kind lets the capturer bring back (index 0: capturing nothing).
RESURRECTABLE = {EMPTY: (), MASTER: (OFFICER, PAWN), OFFICER: (PAWN,), PAWN: ()}

MOVE_RANGE = {MASTER: "1-3 squares orthogonally", OFFICER: "1-2 squares orthogonally",
              PAWN: "1 square in any direction"}
TREACHEROUS_RANGE = {OFFICER: "1-2 squares orthogonally", PAWN: "1-3 squares in any direction"}


def _controlled(pos: Position, move: Move) -> bool:
    """Whether the piece on the move's starting square belongs to the enemy (a control move)."""
    return pos.board[move.src] >> 2 != pos.side


def _a(noun: str) -> str:
    """``"an Officer"``, ``"a Pawn"``: the noun with its indefinite article."""
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


@BOOK.rule(Illegal.EMPTY_SQUARE)
def empty_square(game: Mastery, pos: Position, move: Move) -> str | None:
    if pos.board[move.src] != EMPTY:
        return None
    return f"There is no piece on {NAMES[move.src]} to move."


@BOOK.rule(Illegal.NOT_YOUR_PIECE)
def not_your_piece(game: Mastery, pos: Position, move: Move) -> str | None:
    code = pos.board[move.src]
    if not _controlled(pos, move) or code & 3 != MASTER:
        return None
    return f"{NAMES[move.src]} holds a {piece_name(code)}; Masters can never be controlled."


@BOOK.rule(Illegal.LOST_POWER)
def lost_power(game: Mastery, pos: Position, move: Move) -> str | None:
    counts = army_counts(pos.board)[pos.side]
    if not _controlled(pos, move) or (counts[PAWN] and counts[OFFICER]):
        return None
    missing = "Pawns" if not counts[PAWN] else "Officers"
    return (f"{SIDE_NAMES[pos.side].capitalize()} has no {missing} on the board and has lost the "
            f"power of control, so it cannot move the {piece_name(pos.board[move.src])} on "
            f"{NAMES[move.src]}.")


@BOOK.rule(Illegal.NOT_IN_ZONE_OF_CONTROL)
def not_in_zone_of_control(game: Mastery, pos: Position, move: Move) -> str | None:
    if not _controlled(pos, move) or move.src in in_zone_of_control(pos.board, pos.side):
        return None
    code = pos.board[move.src]
    controllers = "Masters (at distance 2)" if code & 3 == OFFICER else (
        "Masters (at distance 2) or Officers (adjacent)")
    return (f"The {piece_name(code)} on {NAMES[move.src]} is not in the zone of control of any "
            f"of your {controllers}, so you cannot move it.")


@BOOK.rule(Illegal.PIECE_MOVEMENT)
def piece_movement(game: Mastery, pos: Position, move: Move) -> str | None:
    src, dst = move.src, move.dst
    kind = pos.board[src] & 3
    controlled = _controlled(pos, move)
    line = GRID.direction(src, dst)
    limit = 3 if kind == MASTER or (controlled and kind == PAWN) else 2 if kind == OFFICER else 1
    if line is not None and not (kind != PAWN and line[0] % 2) and line[1] <= limit:
        return None
    if src == dst:
        how = "no move at all"
    elif line is None:
        how = "not in a straight line"
    else:
        how = "diagonal" if line[0] % 2 else f"{line[1]} squares away"
    who = f"{'Treacherous ' if controlled else ''}{KIND_NAMES[kind]}s"
    reach = (TREACHEROUS_RANGE if controlled else MOVE_RANGE)[kind]
    return f"{who} move {reach}; {NAMES[src]} to {NAMES[dst]} is {how}."


@BOOK.rule(Illegal.PATH_BLOCKED)
def path_blocked(game: Mastery, pos: Position, move: Move) -> str | None:
    line = GRID.direction(move.src, move.dst)
    if line is None:
        return None
    direction, distance = line
    for step in GRID.rays[move.src][direction][: distance - 1]:
        if pos.board[step]:
            return (f"The way from {NAMES[move.src]} to {NAMES[move.dst]} is blocked by the "
                    f"{piece_name(pos.board[step])} on {NAMES[step]}; pieces never jump.")
    return None


@BOOK.rule(Illegal.OWN_PIECE)
def own_piece(game: Mastery, pos: Position, move: Move) -> str | None:
    target = pos.board[move.dst]
    if not target or target >> 2 != pos.side:
        return None
    d = NAMES[move.dst]
    if _controlled(pos, move) or pos.board[move.src] & 3 != MASTER:
        return (f"{d} holds your own {KIND_NAMES[target & 3]}; only a Master may move onto an "
                "ally (devouring it), and only onto an Officer or Pawn.")
    if target & 3 == MASTER:
        return f"{d} holds your own Master; Masters devour only Officers and Pawns."
    return None


@BOOK.rule(Illegal.RANK_CAPTURE)
def rank_capture(game: Mastery, pos: Position, move: Move) -> str | None:
    target = pos.board[move.dst]
    kind = pos.board[move.src] & 3
    if not game.classic or not target or target >> 2 == pos.side or target & 3 >= kind:
        return None
    return (f"Under the classic-1990 rules {_a(KIND_NAMES[kind])} cannot capture "
            f"{_a(KIND_NAMES[target & 3])} (Pawns capture only Pawns; Officers capture Officers "
            "and Pawns).")


@BOOK.rule(Illegal.REFLECTION_RULE)
def reflection_rule(game: Mastery, pos: Position, move: Move) -> str | None:
    if game.classic or barred(pos, False) != (move.src, move.dst):
        return None
    return (f"The piece on {NAMES[move.src]} came from {NAMES[move.dst]} on the previous ply and "
            "may not move straight back there (reflection rule).")


@BOOK.rule(Illegal.KO_RULE)
def ko_rule(game: Mastery, pos: Position, move: Move) -> str | None:
    if (not game.classic or not _controlled(pos, move)
            or barred(pos, True) != (move.src, move.dst)):
        return None
    return (f"Moving the piece on {NAMES[move.src]} back to {NAMES[move.dst]} by control would "
            "recreate the previous position (KO rule).")


@BOOK.rule(Illegal.RESURRECTION_NOT_ALLOWED)
def resurrection_not_allowed(game: Mastery, pos: Position, move: Move) -> str | None:
    kind = move.resurrect_kind
    if not kind:
        return None
    if kind == MASTER:
        return "Masters never come back; a capture may bring back only an Officer or a Pawn."
    target = pos.board[move.dst]
    captured = target & 3 if target and target >> 2 != pos.side else EMPTY
    allowed = RESURRECTABLE[captured]
    if not allowed:
        if captured:
            what = "captures a Pawn"
        elif target:
            what = "devours your own piece, and devouring never resurrects"
        else:
            what = "captures nothing"
        return (f"Only capturing an enemy Master or Officer lets you resurrect a piece; "
                f"{NAMES[move.src]}{NAMES[move.dst]} {what}.")
    if kind not in allowed:
        return f"Capturing an Officer lets only a Pawn return, not an {KIND_NAMES[kind]}."
    return None


@BOOK.rule(Illegal.NO_LOST_PIECE)
def no_lost_piece(game: Mastery, pos: Position, move: Move) -> str | None:
    kind = move.resurrect_kind
    if not kind or army_counts(pos.board)[pos.side][kind] < FULL_ARMY[kind]:
        return None
    return f"You have lost no {KIND_NAMES[kind]} that could return."


@BOOK.rule(Illegal.SQUARE_OCCUPIED)
def square_occupied(game: Mastery, pos: Position, move: Move) -> str | None:
    sq = move.resurrect_square
    if not move.resurrect_kind or ((sq == move.src or not pos.board[sq]) and sq != move.dst):
        return None
    return (f"A resurrected piece goes on an empty square; {NAMES[sq]} is occupied after the "
            "move.")
