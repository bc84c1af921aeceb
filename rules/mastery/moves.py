"""Mastery move generation and the reasons a move is illegal.

A move is a tuple ``(src, dst, raised_kind, raised_square)``: the piece on
``src`` goes to ``dst``; ``raised_kind`` is OFFICER or PAWN when the move
resurrects a lost piece on ``raised_square``, else 0 and -1. A move whose
``src`` holds an enemy piece is a control move.
"""

from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.geometry import DIAGONAL, ORTHOGONAL
from .position import (
    EMPTY, FULL_ARMY, GRID, KIND_LETTERS, KIND_NAMES, MASTER, OFFICER, PAWN, SIDE_NAMES,
    Position, army_counts, piece_name,
)

Move = tuple[int, int, int, int]

NAMES = GRID.names


def _rays(directions: tuple[int, ...], length: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(GRID.rays[sq][d][:length] for d in directions if GRID.rays[sq][d])
        for sq in range(GRID.size)
    )


# Movement rays per square: own Masters, Officers (own or treacherous), own Pawns,
# treacherous Pawns (which slide up to 3 squares in any of the 8 directions).
MASTER_RAYS = _rays(ORTHOGONAL, 3)
OFFICER_RAYS = _rays(ORTHOGONAL, 2)
PAWN_RAYS = _rays(ORTHOGONAL + DIAGONAL, 1)
TREACHEROUS_PAWN_RAYS = _rays(ORTHOGONAL + DIAGONAL, 3)
OWN_RAYS = (None, MASTER_RAYS, OFFICER_RAYS, PAWN_RAYS)
CONTROLLED_RAYS = (None, None, OFFICER_RAYS, TREACHEROUS_PAWN_RAYS)

# Zones of control: a Master's is the 8 squares at Manhattan distance exactly 2 (its 4
# orthogonal neighbours are blind spots); an Officer's is the 8 adjacent squares.
MASTER_ZONE = tuple(
    GRID.leaps(sq, ((0, 2), (0, -2), (2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)))
    for sq in range(GRID.size)
)
OFFICER_ZONE = GRID.neighbours

# What capturing each kind lets the capturer bring back.
RESURRECTABLE = {MASTER: (OFFICER, PAWN), OFFICER: (PAWN,), PAWN: ()}

MOVE_RANGE = {MASTER: "1-3 squares orthogonally", OFFICER: "1-2 squares orthogonally",
              PAWN: "1 square in any direction"}
TREACHEROUS_RANGE = {OFFICER: "1-2 squares orthogonally", PAWN: "1-3 squares in any direction"}


def may_capture(mover_kind: int, target_kind: int, rank_limited: bool) -> bool:
    """Rank-limited capture (classic-1990): a piece captures only pieces of its rank or lower."""
    return not rank_limited or target_kind >= mover_kind


def controllable(board: tuple[int, ...], side: int) -> list[int]:
    """Squares of enemy Officers and Pawns that ``side`` may move this ply.

    Empty when ``side`` has lost the power of control (no Pawns or no Officers).
    """
    counts = army_counts(board)[side]
    if not counts[PAWN] or not counts[OFFICER]:
        return []
    found = set()
    for sq, code in enumerate(board):
        if code and code >> 2 == side:
            kind = code & 3
            if kind == MASTER:
                for z in MASTER_ZONE[sq]:
                    target = board[z]
                    if target and target >> 2 != side and target & 3 != MASTER:
                        found.add(z)
            elif kind == OFFICER:
                for z in OFFICER_ZONE[sq]:
                    target = board[z]
                    if target and target >> 2 != side and target & 3 == PAWN:
                        found.add(z)
    return sorted(found)


def generate(pos: Position, classic: bool) -> list[Move]:
    """Every legal move for the side to move (the caller handles finished games).

    Own moves first, then control moves, each in square order; each move once.
    """
    board, side = pos.board, pos.side
    counts = army_counts(board)[side]
    lost = {OFFICER: FULL_ARMY[OFFICER] - counts[OFFICER], PAWN: FULL_ARMY[PAWN] - counts[PAWN]}
    empties = [sq for sq, code in enumerate(board) if not code]
    moves: list[Move] = []
    append = moves.append
    barred = _barred(pos, classic)

    def walk(src: int, mover_kind: int, rays, controlled: bool) -> None:
        # The one move straight back that the reflection or KO rule forbids, if any.
        back = barred[1] if src == barred[0] and (controlled or not classic) else -1
        for ray in rays[src]:
            for to in ray:
                target = board[to]
                if not target:
                    if to != back:
                        append((src, to, 0, -1))
                    continue
                if target >> 2 == side:
                    # Devouring: only one's own Master, onto one's own Officer or Pawn.
                    if not controlled and mover_kind == MASTER and target & 3 != MASTER and to != back:
                        append((src, to, 0, -1))
                    break
                target_kind = target & 3
                if to != back and may_capture(mover_kind, target_kind, classic):
                    append((src, to, 0, -1))
                    for kind in RESURRECTABLE[target_kind]:
                        if lost[kind] > 0:
                            for sq in sorted(empties + [src]):
                                append((src, to, kind, sq))
                break

    for sq, code in enumerate(board):
        if code and code >> 2 == side:
            kind = code & 3
            walk(sq, kind, OWN_RAYS[kind], False)
    for sq in controllable(board, side):
        kind = board[sq] & 3
        walk(sq, kind, CONTROLLED_RAYS[kind], True)
    return moves


def _barred(pos: Position, classic: bool) -> tuple[int, int]:
    """``(square, back_to)``: the previous ply's piece and where it may not return, or (-1, -1).

    Reflection (ross-2002) bars every move straight back; KO (classic-1990) only a control
    move that undoes a non-capturing ply, and the caller applies that distinction.
    """
    last = pos.last
    if last is None or (classic and last.capture):
        return (-1, -1)
    return (last.dst, last.src)


def explain(pos: Position, move: Move, classic: bool) -> IllegalMove:
    """The rule that forbids ``move``, which is known not to be legal in ``pos``."""
    src, dst, raised_kind, raised_sq = move
    board, side = pos.board, pos.side
    code = board[src]
    s, d = NAMES[src], NAMES[dst]
    if code == EMPTY:
        return IllegalMove("empty_square", f"There is no piece on {s} to move.")
    kind = code & 3
    controlled = code >> 2 != side
    if controlled:
        if kind == MASTER:
            return IllegalMove(
                "not_your_piece",
                f"{s} holds a {piece_name(code)}; Masters can never be controlled.",
            )
        counts = army_counts(board)[side]
        if not counts[PAWN] or not counts[OFFICER]:
            missing = "Pawns" if not counts[PAWN] else "Officers"
            return IllegalMove(
                "lost_power",
                f"{SIDE_NAMES[side].capitalize()} has no {missing} on the board and has lost the "
                f"power of control, so it cannot move the {piece_name(code)} on {s}.",
            )
        if src not in controllable(board, side):
            controllers = "Masters (at distance 2)" if kind == OFFICER else (
                "Masters (at distance 2) or Officers (adjacent)")
            return IllegalMove(
                "not_in_zone_of_control",
                f"The {piece_name(code)} on {s} is not in the zone of control of any of your "
                f"{controllers}, so you cannot move it.",
            )
    line = GRID.direction(src, dst)
    reach = (TREACHEROUS_RANGE if controlled else MOVE_RANGE)[kind]
    limit = 3 if kind == MASTER or (controlled and kind == PAWN) else 2 if kind == OFFICER else 1
    who = f"{'Treacherous ' if controlled else ''}{KIND_NAMES[kind]}s"
    if line is None or (kind != PAWN and line[0] % 2) or line[1] > limit:
        how = "not in a straight line" if line is None else (
            "diagonal" if line[0] % 2 else f"{line[1]} squares away")
        return IllegalMove("piece_movement", f"{who} move {reach}; {s} to {d} is {how}.")
    direction, distance = line
    for step in GRID.rays[src][direction][: distance - 1]:
        if board[step]:
            return IllegalMove(
                "path_blocked",
                f"The way from {s} to {d} is blocked by the {piece_name(board[step])} on "
                f"{NAMES[step]}; pieces never jump.",
            )
    target = board[dst]
    if target and target >> 2 == side:
        if controlled or kind != MASTER:
            return IllegalMove(
                "own_piece",
                f"{d} holds your own {KIND_NAMES[target & 3]}; only a Master may move onto an "
                "ally (devouring it), and only onto an Officer or Pawn.",
            )
        if target & 3 == MASTER:
            return IllegalMove(
                "own_piece", f"{d} holds your own Master; Masters devour only Officers and Pawns."
            )
    if target and target >> 2 != side and not may_capture(kind, target & 3, classic):
        return IllegalMove(
            "rank_capture",
            f"Under the classic-1990 rules a {KIND_NAMES[kind]} cannot capture a "
            f"{KIND_NAMES[target & 3]} (Pawns capture only Pawns; Officers capture Officers and "
            "Pawns).",
        )
    back = _barred(pos, classic)
    if back == (src, dst):
        if not classic:
            return IllegalMove(
                "reflection_rule",
                f"The piece on {s} came from {d} on the previous ply and may not move straight "
                "back there (reflection rule).",
            )
        if controlled:
            return IllegalMove(
                "ko_rule",
                f"Moving the piece on {s} back to {d} by control would recreate the previous "
                "position (KO rule).",
            )
    if raised_kind:
        captured = target & 3 if target and target >> 2 != side else 0
        allowed = RESURRECTABLE[captured] if captured else ()
        if not allowed:
            return IllegalMove(
                "resurrection_not_allowed",
                f"Only capturing an enemy Master or Officer lets you resurrect a piece; {s}{d} "
                f"{'captures a Pawn' if captured else 'captures nothing'}.",
            )
        if raised_kind not in allowed:
            return IllegalMove(
                "resurrection_not_allowed",
                f"Capturing an Officer lets only a Pawn return, not a "
                f"{KIND_NAMES[raised_kind]}.",
            )
        counts = army_counts(board)[side]
        if counts[raised_kind] >= FULL_ARMY[raised_kind]:
            return IllegalMove(
                "no_lost_piece",
                f"You have lost no {KIND_NAMES[raised_kind]} that could return.",
            )
        if raised_sq != src and board[raised_sq] or raised_sq == dst:
            return IllegalMove(
                "square_occupied",
                f"A resurrected piece goes on an empty square; {NAMES[raised_sq]} is occupied "
                "after the move.",
            )
    return IllegalMove("illegal_move", f"{format_move(move)} is not a legal move here.")


def format_move(move: Move) -> str:
    """``d4d6``, or ``c3c5+O@h1`` with a resurrection (letter uppercase for both sides)."""
    src, dst, raised_kind, raised_sq = move
    text = NAMES[src] + NAMES[dst]
    if raised_kind:
        text += f"+{KIND_LETTERS[raised_kind]}@{NAMES[raised_sq]}"
    return text
