"""Why a Sceptre move is illegal: one small check per rule, tried in the order below.

Each check is named after the reason it reports and answers the sentence saying what is wrong,
or None when the move does not break its rule. A check may rely on every check before it
having passed (the piece is the mover's, its shape fits the piece, its way stays on the
board...). See docs/rules/sceptre.md for the rules themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.checks import RuleBook
from ..core.geometry import DIRECTIONS
from .layout import Layout
from .moves import Board, after, attacked, hostile_armies, lost_kinds
from .pieces import (
    BISHOP, COLOUR_NAMES, KIND_LETTERS, KIND_NAMES, KING, KNIGHT, KNIGHT_LEAPS, PASS, PAWN,
    QUEEN, ROOK, Move,
)
from .position import INERT, Position, piece_name
from .reasons import Illegal
from .sections import FORWARD_DIRECTION
from .terrain import BLOCKED, FORD, SLOW, TERRAIN_NAMES, effect

if TYPE_CHECKING:
    from .game import Sceptre

BOOK: RuleBook[Sceptre, Position, Move] = RuleBook(Illegal.ILLEGAL_MOVE)

_MOVE_RULE = {
    KING: "Kings move 1 square in any direction",
    QUEEN: "Queens move any distance in a straight line",
    ROOK: "Rooks move orthogonally",
    BISHOP: "Bishops move diagonally",
    KNIGHT: "Knights leap (1,2), (3,3) or (0,3) in any direction",
    PAWN: "Pawns move 1-3 squares forward, diagonally forward or sideways, and capture "
          "1 square diagonally forward",
}


# ---- what the checks look at ----------------------------------------------------------------

def _names(game: Sceptre, move: Move) -> tuple[str, str]:
    """The names of the squares the move leaves and reaches."""
    names = game.layout.grid.names
    return names[move.src], names[move.dst]


def _steps(game: Sceptre, move: Move) -> tuple[int, int]:
    """How many files and ranks the move goes (signed)."""
    coords = game.layout.grid.coords
    return (coords[move.dst][0] - coords[move.src][0],
            coords[move.dst][1] - coords[move.src][1])


def _line(game: Sceptre, move: Move) -> tuple[int, int] | None:
    """``(direction, distance)`` of a move along one of the 8 lines, else None."""
    return game.layout.grid.direction(move.src, move.dst)


def _pawn_frame(layout: Layout, army: int, df: int, dr: int) -> tuple[int, int]:
    """(forward, lateral) components of a displacement for a Pawn of ``army``."""
    fx, fy = DIRECTIONS[FORWARD_DIRECTION[layout.forward[army]]]
    return df * fx + dr * fy, df * fy - dr * fx


def _on_ford(game: Sceptre, move: Move) -> bool:
    """Whether the move starts on a square where a Pawn fords (a river)."""
    return effect(PAWN, game.layout.terrain[move.src]) == FORD


def _path(game: Sceptre, pos: Position, move: Move) -> list[int]:
    """The squares the piece passes between its start and its destination (none for a
    Knight, which leaps)."""
    line = _line(game, move)
    if pos.board[move.src] & 7 == KNIGHT or line is None:
        return []
    return list(game.layout.grid.rays[move.src][line[0]][: line[1] - 1])


# ---- the checks, in the order they are tried -------------------------------------------------

@BOOK.rule(Illegal.PASS_NOT_ALLOWED)
def pass_not_allowed(game: Sceptre, pos: Position, move: Move) -> str | None:
    if move != PASS:
        return None
    return ("A player may pass only when he is checkmated with other players still in the "
            "game; you have legal moves.")


@BOOK.rule(Illegal.KING_IN_CHECK)
def king_in_check_mated(game: Sceptre, pos: Position, move: Move) -> str | None:
    """A mated player (three or more players in the game) may only pass."""
    if game.legal_moves(pos) != (PASS,):
        return None
    return (f"{COLOUR_NAMES[pos.side].capitalize()} is checkmated: no move saves the King, so "
            "the only action is 'pass'.")


@BOOK.rule(Illegal.EMPTY_SQUARE)
def empty_square(game: Sceptre, pos: Position, move: Move) -> str | None:
    if pos.board[move.src]:
        return None
    return f"There is no piece on {_names(game, move)[0]} to move."


@BOOK.rule(Illegal.NOT_YOUR_PIECE)
def not_your_piece(game: Sceptre, pos: Position, move: Move) -> str | None:
    code = pos.board[move.src]
    controller = pos.control[code >> 3]
    if controller == pos.side:
        return None
    why = ("it belongs to an inert army, which never moves again" if controller == INERT
           else f"it is moved by {COLOUR_NAMES[controller]}")
    return (f"The {piece_name(code)} on {_names(game, move)[0]} is not yours to move: "
            f"{why}.")


@BOOK.rule(Illegal.PIECE_MOVEMENT)
def piece_movement(game: Sceptre, pos: Position, move: Move) -> str | None:
    s, d = _names(game, move)
    if move.src == move.dst:
        return f"A move must leave {s}."
    code = pos.board[move.src]
    kind = code & 7
    rule = _MOVE_RULE[kind]
    df, dr = _steps(game, move)
    line = _line(game, move)
    if kind == KNIGHT:
        return None if (df, dr) in KNIGHT_LEAPS else f"{rule}; {s} to {d} is not such a leap."
    if kind == PAWN:
        fwd, lat = _pawn_frame(game.layout, code >> 3, df, dr)
        on_ford = _on_ford(game, move)
        if line is not None and line[1] <= 3 and fwd >= 0 or on_ford and (fwd, lat) == (-1, 0):
            return None
        extra = " (and 1 square straight back from a river square)" if on_ford else ""
        return f"{rule}{extra}; {s} to {d} is not such a move."
    fits = {KING: line is not None and line[1] == 1, QUEEN: line is not None,
            ROOK: line is not None and line[0] % 2 == 0,
            BISHOP: line is not None and line[0] % 2 == 1}[kind]
    if fits:
        return None
    how = ("not in a straight line" if line is None else
           "diagonal" if line[0] % 2 else "orthogonal" if kind == BISHOP else
           f"{line[1]} squares away")
    return f"{rule}; {s} to {d} is {how}."


@BOOK.rule(Illegal.PAWN_CAPTURE)
def pawn_capture(game: Sceptre, pos: Position, move: Move) -> str | None:
    code, target = pos.board[move.src], pos.board[move.dst]
    if code & 7 != PAWN or not target:
        return None
    df, dr = _steps(game, move)
    fwd, lat = _pawn_frame(game.layout, code >> 3, df, dr)
    if fwd == 1 and abs(lat) == 1:
        return None
    s, d = _names(game, move)
    return (f"Pawns capture only 1 square diagonally forward; {d} holds the "
            f"{piece_name(target)} and cannot be captured from {s}.")


@BOOK.rule(Illegal.OFF_BOARD)
def off_board(game: Sceptre, pos: Position, move: Move) -> str | None:
    line = _line(game, move)
    if pos.board[move.src] & 7 == KNIGHT or line is None \
            or move.dst in game.layout.grid.rays[move.src][line[0]]:
        return None
    s, d = _names(game, move)
    return f"The way from {s} to {d} leaves the board."


@BOOK.rule(Illegal.PATH_BLOCKED)
def path_blocked(game: Sceptre, pos: Position, move: Move) -> str | None:
    for step in _path(game, pos, move):
        if pos.board[step]:
            s, d = _names(game, move)
            return (f"The way from {s} to {d} is blocked by the {piece_name(pos.board[step])} "
                    f"on {game.layout.grid.names[step]}; only Knights leap.")
    return None


@BOOK.rule(Illegal.OWN_PIECE)
def own_piece(game: Sceptre, pos: Position, move: Move) -> str | None:
    target = pos.board[move.dst]
    if not target or pos.control[target >> 3] != pos.side:
        return None
    return f"{_names(game, move)[1]} holds your own {piece_name(target)}."


@BOOK.rule(Illegal.TERRAIN)
def terrain(game: Sceptre, pos: Position, move: Move) -> str | None:
    """Why terrain forbids the piece's way, or None if it does not."""
    layout = game.layout
    names, ground = layout.grid.names, layout.terrain
    kind = pos.board[move.src] & 7
    src, dst = move.src, move.dst
    path = _path(game, pos, move)
    who = KIND_NAMES[kind] + "s"
    distance = len(path) + 1
    if kind != KNIGHT and distance > 1 and effect(kind, ground[src]) in (SLOW, FORD):
        return (f"A {KIND_NAMES[kind]} standing on {TERRAIN_NAMES[ground[src]]} ({names[src]}) "
                "moves only 1 square.")
    for step in path:
        e = effect(kind, ground[step])
        if e == BLOCKED:
            return f"{who} cannot cross {TERRAIN_NAMES[ground[step]]}; {names[step]} is in the way."
        if e == SLOW:
            return (f"{who} may enter {TERRAIN_NAMES[ground[step]]} only by a 1-square move "
                    f"and never cross it; {names[step]} is in the way.")
        if e == FORD:
            return (f"A Pawn cannot cross a river in one move; its move ends on the first river "
                    f"square ({names[step]}).")
    e = effect(kind, ground[dst])
    if e == BLOCKED:
        return f"{who} cannot enter {TERRAIN_NAMES[ground[dst]]} ({names[dst]})."
    if e == SLOW and distance > 1:
        return (f"{who} may enter {TERRAIN_NAMES[ground[dst]]} ({names[dst]}) only by a "
                "1-square move.")
    return None


@BOOK.rule(Illegal.PROMOTION_NOT_ALLOWED)
def promotion_not_allowed(game: Sceptre, pos: Position, move: Move) -> str | None:
    if not move.promotion:
        return None
    code = pos.board[move.src]
    army = code >> 3
    s, d = _names(game, move)
    if code & 7 != PAWN:
        return (f"Only a Pawn promotes; the {piece_name(code)} on {s} cannot (write {s}{d} "
                f"without ={KIND_LETTERS[move.promotion]}).")
    if move.dst not in game.layout.promotion[army]:
        return (f"{s}{d} does not reach an open-ground square of the last rank in the Pawn's "
                "forward direction, so it cannot promote.")
    if move.promotion not in lost_kinds(pos.board, army):
        return (f"A Pawn promotes only to a kind its army has lost; {COLOUR_NAMES[army]} has "
                f"lost no {KIND_NAMES[move.promotion]}.")
    return None


@BOOK.rule(Illegal.PROMOTION_REQUIRED)
def promotion_required(game: Sceptre, pos: Position, move: Move) -> str | None:
    code = pos.board[move.src]
    army = code >> 3
    if move.promotion or code & 7 != PAWN or move.dst not in game.layout.promotion[army]:
        return None
    kinds = "|".join(KIND_LETTERS[k] for k in lost_kinds(pos.board, army))
    if not kinds:
        return None
    s, d = _names(game, move)
    return (f"A Pawn reaching {d} must promote to a lost kind: write {s}{d}={kinds[0]} "
            f"(choices: {kinds}).")


@BOOK.rule(Illegal.KING_IN_CHECK)
def king_in_check(game: Sceptre, pos: Position, move: Move) -> str | None:
    """The move would leave the mover's King attacked (armies handed over first)."""
    layout = game.layout
    board, control = after(pos, move)
    moving_king = pos.board[move.src] & 7 == KING
    king = move.dst if moving_king else pos.board.index(pos.side * 8 + KING)
    hostile = hostile_armies(control, pos.side)
    if not attacked(board, king, hostile, layout):
        return None
    by = _find_attacker(board, king, hostile, layout)
    names = layout.grid.names
    who = f" by the {piece_name(board[by])} on {names[by]}" if by is not None else ""
    s, d = _names(game, move)
    return f"After {s}{d} your King on {names[king]} would be attacked{who}."


def _find_attacker(board: Board, sq: int, hostile: tuple[bool, ...],
                   layout: Layout) -> int | None:
    """One hostile piece attacking ``sq``: the first, in square order, without which ``sq``
    is no longer attacked (None when no single piece's removal stops the attack)."""
    for t in layout.grid.squares:
        code = board[t]
        if code and hostile[code >> 3]:
            without = list(board)
            without[t] = 0
            if not attacked(without, sq, hostile, layout):
                return t
    return None
