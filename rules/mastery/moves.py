"""Mastery move generation and the reasons a move is illegal.

A move is a tuple ``(src, dst, raised_kind, raised_square)``: the piece on
``src`` goes to ``dst``; ``raised_kind`` is OFFICER or PAWN when the move
resurrects a lost piece on ``raised_square``, else 0 and -1. A move whose
``src`` holds an enemy piece is a control move.
"""

from __future__ import annotations

from bisect import bisect_left

from ..core.errors import IllegalMove
from ..core.geometry import DIAGONAL, ORTHOGONAL
from .position import (
    EMPTY, FULL_ARMY, GRID, KIND_LETTERS, KIND_NAMES, MASTER, OFFICER, PAWN, SIDE_NAMES,
    Position, army_counts, piece_name,
)

Move = tuple[int, int, int, int]

NAMES = GRID.names
SQUARES = range(GRID.size)


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


# Per side: the enemy piece codes a Master's zone controls (Officers and Pawns) and an
# Officer's zone controls (Pawns).
MASTER_PREY = tuple(frozenset({(1 - s) * 4 + OFFICER, (1 - s) * 4 + PAWN}) for s in (0, 1))
OFFICER_PREY = tuple(frozenset({(1 - s) * 4 + PAWN}) for s in (0, 1))


def _controlled(board: tuple[int, ...], side: int, controllers: list[tuple[int, int]]) -> list[int]:
    """Squares of enemy pieces in the zone of ``controllers`` (``(square, kind)`` of ``side``'s
    Masters and Officers), in square order."""
    found = set()
    master_prey, officer_prey = MASTER_PREY[side], OFFICER_PREY[side]
    for sq, kind in controllers:
        if kind == MASTER:
            for z in MASTER_ZONE[sq]:
                if board[z] in master_prey:
                    found.add(z)
        else:
            for z in OFFICER_ZONE[sq]:
                if board[z] in officer_prey:
                    found.add(z)
    return sorted(found)


def has_power_of_control(board: tuple[int, ...], side: int) -> bool:
    """A side with no Pawns or no Officers on the board has lost the power of control."""
    return bool(board.count(side * 4 + PAWN) and board.count(side * 4 + OFFICER))


def controllable(board: tuple[int, ...], side: int) -> list[int]:
    """Squares of enemy Officers and Pawns that ``side`` may move this ply.

    Empty when ``side`` has lost the power of control (no Pawns or no Officers).
    """
    if not has_power_of_control(board, side):
        return []
    controllers = [(sq, code & 3) for sq, code in enumerate(board)
                   if code >> 2 == side and code & 3 in (MASTER, OFFICER)]
    return _controlled(board, side, controllers)


def _with(empties: list[int], src: int) -> list[int]:
    """Where a resurrected piece may go: the empty squares and the capturer's square, sorted."""
    i = bisect_left(empties, src)
    return empties[:i] + [src] + empties[i:]


# Generation makes one pass over the board for the side's own pieces (which also collects the
# Masters and Officers whose zones give control), counts pieces with ``tuple.count`` (in C),
# and walks the precomputed rays; the walk is written out once for own pieces and once for
# controlled ones, with no nested function and no function call per move.


def generate(pos: Position, classic: bool) -> list[Move]:
    """Every legal move for the side to move (the caller handles finished games).

    Own moves first, then control moves, each in square order; each move once.
    """
    board, side = pos.board, pos.side
    base = side * 4
    lost_officers = FULL_ARMY[OFFICER] - board.count(base + OFFICER)
    lost_pawns = FULL_ARMY[PAWN] - board.count(base + PAWN)
    # The previous ply's piece may not go straight back (reflection: any move; KO: only a
    # control move, so own moves are never barred under classic-1990).
    barred_src, barred_dst = _barred(pos, classic)
    # Whether capturing each kind lets a lost piece return: a Master an Officer or a Pawn, an
    # Officer a Pawn (index = captured kind).
    raises = (False, bool(lost_officers or lost_pawns), bool(lost_pawns), False)
    moves: list[Move] = []
    append = moves.append
    empties: list[int] | None = None  # for resurrections, built on first use
    controllers: list[tuple[int, int]] = []

    for src in SQUARES:
        code = board[src]
        if not code or code >> 2 != side:
            continue
        kind = code & 3
        if kind != PAWN:
            controllers.append((src, kind))
        back = barred_dst if src == barred_src and not classic else -1
        for ray in OWN_RAYS[kind][src]:
            for to in ray:
                target = board[to]
                if not target:
                    if to != back:
                        append((src, to, 0, -1))
                    continue
                if target >> 2 == side:
                    # Devouring: only one's own Master, onto one's own Officer or Pawn.
                    if kind == MASTER and target & 3 != MASTER and to != back:
                        append((src, to, 0, -1))
                    break
                target_kind = target & 3
                if to != back and (not classic or target_kind >= kind):
                    append((src, to, 0, -1))
                    if raises[target_kind]:
                        if empties is None:
                            empties = [sq for sq in SQUARES if not board[sq]]
                        squares = _with(empties, src)
                        if target_kind == MASTER and lost_officers:
                            moves.extend([(src, to, OFFICER, sq) for sq in squares])
                        if lost_pawns:
                            moves.extend([(src, to, PAWN, sq) for sq in squares])
                break

    if lost_pawns == FULL_ARMY[PAWN] or lost_officers == FULL_ARMY[OFFICER]:
        return moves  # no power of control
    for src in _controlled(board, side, controllers):
        kind = board[src] & 3
        back = barred_dst if src == barred_src else -1
        for ray in CONTROLLED_RAYS[kind][src]:
            for to in ray:
                target = board[to]
                if not target:
                    if to != back:
                        append((src, to, 0, -1))
                    continue
                if target >> 2 == side:
                    break  # a controlled piece never devours
                target_kind = target & 3
                if to != back and (not classic or target_kind >= kind):
                    append((src, to, 0, -1))
                    if raises[target_kind]:
                        if empties is None:
                            empties = [sq for sq in SQUARES if not board[sq]]
                        squares = _with(empties, src)
                        if target_kind == MASTER and lost_officers:
                            moves.extend([(src, to, OFFICER, sq) for sq in squares])
                        if lost_pawns:
                            moves.extend([(src, to, PAWN, sq) for sq in squares])
                break
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
        if src == dst:
            how = "no move at all"
        elif line is None:
            how = "not in a straight line"
        else:
            how = "diagonal" if line[0] % 2 else f"{line[1]} squares away"
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
            f"Under the classic-1990 rules {_a(KIND_NAMES[kind])} cannot capture "
            f"{_a(KIND_NAMES[target & 3])} (Pawns capture only Pawns; Officers capture Officers "
            "and Pawns).",
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
        if raised_kind == MASTER:
            return IllegalMove(
                "resurrection_not_allowed",
                "Masters never come back; a capture may bring back only an Officer or a Pawn.",
            )
        captured = target & 3 if target and target >> 2 != side else 0
        allowed = RESURRECTABLE[captured] if captured else ()
        if not allowed:
            if captured:
                what = "captures a Pawn"
            elif target:
                what = "devours your own piece, and devouring never resurrects"
            else:
                what = "captures nothing"
            return IllegalMove(
                "resurrection_not_allowed",
                f"Only capturing an enemy Master or Officer lets you resurrect a piece; {s}{d} "
                f"{what}.",
            )
        if raised_kind not in allowed:
            return IllegalMove(
                "resurrection_not_allowed",
                f"Capturing an Officer lets only a Pawn return, not an "
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


def _a(noun: str) -> str:
    """``"an Officer"``, ``"a Pawn"``: the noun with its indefinite article."""
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


#: ``MOVE_TEXT[src][dst]`` is ``"d4d6"``; ``RAISE_TEXT[kind][sq]`` is ``"+O@h1"``.
MOVE_TEXT = tuple(tuple(a + b for b in NAMES) for a in NAMES)
RAISE_TEXT = tuple(
    tuple(f"+{KIND_LETTERS[kind]}@{name}" for name in NAMES) if kind in (OFFICER, PAWN) else ()
    for kind in range(4)
)


def format_move(move: Move) -> str:
    """``d4d6``, or ``c3c5+O@h1`` with a resurrection (letter uppercase for both sides)."""
    src, dst, raised_kind, raised_sq = move
    if raised_kind:
        return MOVE_TEXT[src][dst] + RAISE_TEXT[raised_kind][raised_sq]
    return MOVE_TEXT[src][dst]
