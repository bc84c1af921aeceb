"""Why a King's Mate move is illegal: the rules a move can break, in the order they are tried.

The order follows the three layers of legality (see :mod:`rules.kings_mate.moves`): whose
piece it is, then its movement (shape, Defense of the Crown, path, raised squares, the
defended King, promotion), then what the position forbids (a defenseless King left
capturable, the Swordmaster formation). Each check answers the sentence saying what is wrong,
or None when the move does not break its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.checks import RuleBook
from .moves import (
    FOOL_DIAGONAL, FOOL_STRAIGHT, RANK_OF, Move, attacked, format_move, king_square, permissions,
)
from .position import (
    EMPTY, FOOL, GRID, IS_RAISED, KEEPER, KIND_LETTERS, KIND_NAMES, KING, KING_SQUARES, NAMES,
    PRIEST, PRIESTESS, PROMOTION_RANK, SIDE_NAMES, SWORDMASTER, UNMOVED_BIT, Position,
    lost_promotion_kinds, piece_name,
)
from .reasons import Illegal

if TYPE_CHECKING:
    from .game import KingsMate

BOOK: RuleBook[KingsMate, Position, Move] = RuleBook(Illegal.ILLEGAL_MOVE)

#: How the King and each slider move, in words.
MOVES_LIKE = {
    KING: "1 square in any direction",
    SWORDMASTER: "any number of squares in one straight line, orthogonal or diagonal",
    PRIEST: "any number of squares diagonally",
    PRIESTESS: "any number of squares diagonally",
    KEEPER: "any number of squares orthogonally",
}
RAISED_RULE = "only a King or a Swordmaster may pass over or stop on a raised square"


def _kind(pos: Position, move: Move) -> int:
    return pos.board[move.src] & 7


def _crown_jump(move: Move) -> int | None:
    """The direction of a King move 3 squares along a line (Defense of the Crown), else
    None."""
    line = GRID.direction(move.src, move.dst)
    return line[0] if line is not None and line[1] == 3 else None


def _slider_path(pos: Position, move: Move) -> tuple[int, ...]:
    """The squares a slider passes over, for a move along one of its lines; () for a King or
    a Fool."""
    line = GRID.direction(move.src, move.dst)
    if _kind(pos, move) in (KING, FOOL) or line is None:
        return ()
    return GRID.rays[move.src][line[0]][: line[1] - 1]


def _promotes(pos: Position, move: Move) -> bool:
    """Whether the move takes a Fool onto the enemy home rank."""
    return _kind(pos, move) == FOOL and RANK_OF[move.dst] == PROMOTION_RANK[pos.side]


def _gambit_win(game: KingsMate, pos: Position, move: Move) -> bool:
    """Whether the move takes a Fool onto the enemy King Square under Fool's Gambit, which
    wins before any promotion."""
    return (game.rules.gambit and _kind(pos, move) == FOOL
            and move.dst == KING_SQUARES[1 - pos.side])


@BOOK.rule(Illegal.EMPTY_SQUARE)
def empty_square(game: KingsMate, pos: Position, move: Move) -> str | None:
    if pos.board[move.src] != EMPTY:
        return None
    return f"There is no piece on {NAMES[move.src]} to move."


@BOOK.rule(Illegal.NOT_YOUR_PIECE)
def not_your_piece(game: KingsMate, pos: Position, move: Move) -> str | None:
    code = pos.board[move.src]
    if code >> 3 == pos.side:
        return None
    return f"{NAMES[move.src]} holds a {piece_name(code)}; it is {SIDE_NAMES[pos.side]}'s turn."


@BOOK.rule(Illegal.FAILED_ATTEMPT)
def failed_attempt(game: KingsMate, pos: Position, move: Move) -> str | None:
    if move.src not in pos.failed:
        return None
    return (f"The {KIND_NAMES[_kind(pos, move)]} on {NAMES[move.src]} already failed a capture "
            "attempt this ply; move another piece.")


@BOOK.rule(Illegal.PIECE_MOVEMENT)
def piece_movement_staying_put(game: KingsMate, pos: Position, move: Move) -> str | None:
    if move.src != move.dst:
        return None
    s = NAMES[move.src]
    return f"A move must go somewhere; {s}{s} stays on {s}."


@BOOK.rule(Illegal.OWN_PIECE)
def own_piece(game: KingsMate, pos: Position, move: Move) -> str | None:
    target = pos.board[move.dst]
    if not target or target >> 3 != pos.side:
        return None
    return f"{NAMES[move.dst]} holds your own {KIND_NAMES[target & 7]}."


@BOOK.rule(Illegal.PIECE_MOVEMENT)
def piece_movement(game: KingsMate, pos: Position, move: Move) -> str | None:
    kind = _kind(pos, move)
    if kind == FOOL:
        return _fool_movement(pos, move)
    if kind == KING:
        return _king_movement(game, move)
    line = GRID.direction(move.src, move.dst)
    if line is not None and (kind == SWORDMASTER or (kind == KEEPER) == (line[0] % 2 == 0)):
        return None
    how = "not in a straight line" if line is None else (
        "diagonal" if line[0] % 2 else "orthogonal")
    return (f"{KIND_NAMES[kind]}s move {MOVES_LIKE[kind]}; {NAMES[move.src]} to "
            f"{NAMES[move.dst]} is {how}.")


def _fool_movement(pos: Position, move: Move) -> str | None:
    s, d = NAMES[move.src], NAMES[move.dst]
    straight = move.dst in FOOL_STRAIGHT[move.src]
    diagonal = move.dst in FOOL_DIAGONAL[move.src]
    target = pos.board[move.dst]
    if not (straight or diagonal):
        return (f"Fools move 1 square straight forward or backward, and capture 1 square "
                f"diagonally; {s} to {d} is neither.")
    if straight and target:
        return f"Fools capture only diagonally; {d} is straight ahead or behind {s}."
    if diagonal and not target:
        return f"Fools move diagonally only to capture; {d} is empty."
    return None


def _king_movement(game: KingsMate, move: Move) -> str | None:
    s, d = NAMES[move.src], NAMES[move.dst]
    if _crown_jump(move) is not None:
        if game.rules.crown:
            return None
        return (f"Kings move {MOVES_LIKE[KING]}; the 3-square jump {s} to {d} is Defense of the "
                "Crown, an optional rule not in play (option defense_of_the_crown).")
    line = GRID.direction(move.src, move.dst)
    if line is None or line[1] != 1:
        return f"Kings move {MOVES_LIKE[KING]}; {s} to {d} is not a step."
    return None


@BOOK.rule(Illegal.DEFENSE_OF_THE_CROWN)
def defense_of_the_crown(game: KingsMate, pos: Position, move: Move) -> str | None:
    direction = _crown_jump(move)
    if _kind(pos, move) != KING or direction is None or not game.rules.crown:
        return None
    board, side = pos.board, pos.side
    if not pos.unmoved & UNMOVED_BIT[side]:
        return (f"Defense of the Crown needs a King that has never moved; the {SIDE_NAMES[side]} "
                "King has moved.")
    ray = GRID.rays[move.src][direction]
    own_sword = side * 8 + SWORDMASTER
    if board[ray[0]] != own_sword or board[ray[1]] != own_sword:
        return (f"Defense of the Crown needs your two Swordmasters in line on {NAMES[ray[0]]} "
                f"and {NAMES[ray[1]]}, between {NAMES[move.src]} and {NAMES[move.dst]}.")
    if board[move.dst]:
        return (f"Defense of the Crown needs the square beyond the Swordmasters empty; "
                f"{NAMES[move.dst]} holds a {piece_name(board[move.dst])}.")
    return None


@BOOK.rule(Illegal.PATH_BLOCKED)
def path_blocked(game: KingsMate, pos: Position, move: Move) -> str | None:
    board = pos.board
    for step in _slider_path(pos, move):
        if board[step]:
            return (f"The way from {NAMES[move.src]} to {NAMES[move.dst]} is blocked by the "
                    f"{piece_name(board[step])} on {NAMES[step]}; pieces never jump.")
    return None


@BOOK.rule(Illegal.RAISED_SQUARE)
def raised_square(game: KingsMate, pos: Position, move: Move) -> str | None:
    kind = _kind(pos, move)
    if kind in (KING, SWORDMASTER):
        return None
    general, fools = permissions(pos.board, pos.side, king_square(pos.board, pos.side),
                                 game.rules.gambit)
    if fools if kind == FOOL else general:
        return None
    if kind == FOOL:
        unless = ("unless your King stands on the central X (or, under Fool's Gambit, one of "
                  "your Fools stands on your King Square)")
    else:
        unless = "unless your King stands on the central X"
    for sq in _slider_path(pos, move) + (move.dst,):
        if IS_RAISED[sq]:
            verb = "stop on" if sq == move.dst else "pass over"
            return (f"Your {KIND_NAMES[kind]} may not {verb} the raised square {NAMES[sq]}: "
                    f"{RAISED_RULE}, {unless}.")
    return None


@BOOK.rule(Illegal.DEFENDED_KING)
def defended_king(game: KingsMate, pos: Position, move: Move) -> str | None:
    target = pos.board[move.dst]
    if target & 7 != KING:
        return None
    return (f"The {piece_name(target)} on {NAMES[move.dst]} is defended: a King cannot be "
            "captured while he has a Swordmaster, so take his Swordmasters first.")


@BOOK.rule(Illegal.PROMOTION_NOT_ALLOWED)
def promotion_not_allowed(game: KingsMate, pos: Position, move: Move) -> str | None:
    promotion = move.promotion
    if not promotion:
        return None
    if not _promotes(pos, move):
        return ("Only a Fool reaching the enemy home rank promotes; this move cannot carry "
                f"={KIND_LETTERS[promotion]}.")
    plain = NAMES[move.src] + NAMES[move.dst]
    if _gambit_win(game, pos, move):
        return (f"A Fool reaching the enemy King Square {NAMES[move.dst]} wins by Fool's Gambit "
                f"before any promotion; write {plain}.")
    lost = lost_promotion_kinds(pos.board, pos.side)
    if promotion in lost:
        return None
    if not lost:
        return ("You have lost no Keeper, Priest or Priestess, so the Fool stays a Fool; "
                f"write {plain}.")
    return (f"A Fool becomes only a type you have lost; you have not lost a "
            f"{KIND_NAMES[promotion]} (choose {', '.join('=' + KIND_LETTERS[k] for k in lost)}).")


@BOOK.rule(Illegal.PROMOTION_REQUIRED)
def promotion_required(game: KingsMate, pos: Position, move: Move) -> str | None:
    if move.promotion or not _promotes(pos, move) or _gambit_win(game, pos, move):
        return None
    lost = lost_promotion_kinds(pos.board, pos.side)
    if not lost:
        return None
    return (f"A Fool reaching the enemy home rank must become a type you have lost: add "
            f"{' or '.join('=' + KIND_LETTERS[k] for k in lost)}.")


@BOOK.rule(Illegal.KING_IN_CHECK)
def king_in_check(game: KingsMate, pos: Position, move: Move) -> str | None:
    board, side = pos.board, pos.side
    if side * 8 + SWORDMASTER in board:
        return None
    after = list(board)
    after[move.dst] = side * 8 + move.promotion if move.promotion else board[move.src]
    after[move.src] = EMPTY
    enemy = 1 - side
    e_general, e_fools = permissions(after, enemy, king_square(board, enemy), game.rules.gambit)
    king = king_square(board, side)
    where = move.dst if move.src == king else king
    by = attacked(after, where, enemy, e_general, e_fools)
    if by < 0:
        return None
    return (f"After {format_move(move)} your defenseless King on {NAMES[where]} could be "
            f"captured by the {piece_name(after[by])} on {NAMES[by]}; counter or succumb.")


@BOOK.rule(Illegal.SWORDMASTER_FORMATION)
def swordmaster_formation(game: KingsMate, pos: Position, move: Move) -> str | None:
    if pos.side * 8 + SWORDMASTER not in pos.board:
        return None
    return (f"After {format_move(move)} your Swordmasters would be out of formation (one must "
            "touch the King, the other the King or the first), and another move keeps them in "
            "formation.")
