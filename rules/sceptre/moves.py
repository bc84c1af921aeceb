"""Sceptre move generation and attack tests.

A move is a :class:`~rules.sceptre.pieces.Move` ``(src, dst, promotion)``; :data:`PASS` is the
mated player's pass. Terrain is already folded into the layout's tables, and so are the moves
to every square a piece may reach, so generation here only looks at the pieces.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate
from operator import getitem
from typing import Callable, Iterator, Mapping, Sequence

from ..core.memo import memo
from ..core.promotion import promotion_moves
from .layout import Layout
from .pieces import KIND_LETTERS, KING, KNIGHT, ORTHODOX_COUNT, PAWN, PROMOTION_KINDS, QUEEN, Move
from .position import INERT, Control, Position, reassign
from .slots import CAPTURE, QUIET, Slot

#: A board as a sequence of piece codes (a position's tuple, or the list of one being played).
Board = Sequence[int]
#: The moves of one piece that keep its King safe, out of all it could make.
PieceFilter = Callable[[list[Move]], list[Move]]



@memo(entry_bytes=240, most=256)
def hostile_armies(control: Control, side: int) -> tuple[bool, ...]:
    """Per colour, whether that army's pieces attack ``side``: armies moved by another player
    still in the game. Inert armies never attack; armies ``side`` controls are friends
    (cached: one tuple per army control and side)."""
    return tuple(c != INERT and c != side for c in control)


def attacked(board: Board, sq: int, hostile: Sequence[bool], layout: Layout) -> bool:
    """Whether a hostile piece could capture on ``sq`` (pieces block, terrain applies)."""
    for line in layout.attacker_lines[sq]:
        for t, codes in line:
            code = board[t]
            if code:
                if code in codes and hostile[code >> 3]:
                    return True
                break
    return _knight_attacks(board, sq, hostile, layout)


def attackers(board: Board, sq: int, layout: Layout) -> int:
    """The armies whose pieces could capture on ``sq`` (pieces block, terrain applies), one
    bit each (``1 << army``), whoever moves them: :func:`attacked` for every army at once."""
    armies = 0
    for line in layout.attacker_lines[sq]:
        for t, codes in line:
            code = board[t]
            if code:
                if code in codes:
                    armies |= 1 << (code >> 3)
                break
    for t in layout.knight_sources[sq]:
        code = board[t]
        if code & 7 == KNIGHT:
            armies |= 1 << (code >> 3)
    return armies


def _attacks_along(code: int, t: int, sq: int, line_kinds: frozenset[int],
                   layout: Layout) -> bool:
    """Whether the piece ``code`` on ``t``, first on a line of ``sq`` along which
    ``line_kinds`` attack, could capture on ``sq``."""
    kind = code & 7
    if kind == PAWN:
        return sq in layout.pawn_captures[code >> 3][t]
    return kind in line_kinds and sq in layout.reach_set[kind][t]


def _knight_attacks(board: Board, sq: int, hostile: Sequence[bool], layout: Layout) -> bool:
    """Whether a hostile Knight could capture on ``sq``."""
    for t in layout.knight_sources[sq]:
        code = board[t]
        if code & 7 == KNIGHT and hostile[code >> 3]:
            return True
    return False


def moved_squares(board: bytes, control: Control, side: int) -> Iterator[re.Match[bytes]]:
    """A match on each square of ``board`` (in board order) that holds a piece ``side``
    moves (as :func:`moved_by`): the board is translated to one byte per square, 1 for such
    a piece, and searched for that byte, both in C."""
    return _ONES(board.translate(moved_table(control, side)))


_ONES = re.compile(b"\x01").finditer
_START = re.Match.start


@memo(entry_bytes=490, most=256)
def moved_table(control: Control, side: int) -> bytes:
    """The translation table of :func:`moved_squares`: 1 for each piece code ``side``
    moves, 0 for every other byte."""
    return bytes(moved_by(control, side)) + bytes(256 - 32)


@memo(entry_bytes=490, most=256)
def moved_by(control: Control, side: int) -> tuple[bool, ...]:
    """Per piece code (0 for an empty square), whether ``side`` moves that piece: it belongs
    to an army ``side`` controls."""
    return tuple(code > 0 and control[code >> 3] == side for code in range(32))


def lost_kinds(board: Board, army: int) -> tuple[int, ...]:
    """The kinds (Q, R, B, N) of which ``army`` has fewer than the orthodox number."""
    return tuple(k for k in PROMOTION_KINDS if board.count(army * 8 + k) < ORTHODOX_COUNT[k])


def pseudo_legal(pos: Position, layout: Layout,
                 restrict: Mapping[int, PieceFilter] | None = None,
                 ) -> tuple[list[Move], list[Move]]:
    """Every move of the side to move by piece movement and terrain, in board order, and
    those of them that capture a King (generated whatever ``restrict`` keeps).

    King safety is ignored, except for the pieces on the squares of ``restrict``, whose
    moves go through the filter given for their square. The side moves every army it
    controls; any piece not controlled by it (hostile or inert) can be captured.
    """
    board, side, control = pos.board, pos.side, pos.control
    slides, leaps = layout.slides, layout.leaps
    pawn_paths, pawn_captures = layout.pawn_paths, layout.pawn_capture_targets
    may_promote = layout.pawn_may_promote
    restrict = restrict or {}
    moves: list[Move] = []
    king_captures: list[Move] = []
    append, extend = moves.append, moves.extend
    # the squares of the pieces the side moves, in board order (searched in C: the codes are
    # below 32, so the board is a byte string)
    for found in moved_squares(board, control, side):
        src = found.start()
        code = board[src]
        keep = restrict.get(src)
        if keep is not None:  # this piece's moves are collected apart, then filtered
            piece: list[Move] = []
            append, extend = piece.append, piece.extend
        kind = code & 7
        if kind == PAWN:
            army = code >> 3
            if may_promote[army][src]:
                promoting = _promoting_pawn_moves(pos, layout, src, army)
                extend(promoting)
                king_captures += [m for m in promoting if board[m[1]] & 7 == KING]
            else:
                for ray, ray_moves in pawn_paths[army][src]:
                    i = 0
                    for t in ray:
                        if board[t]:
                            break
                        i += 1
                    if i:
                        extend(ray_moves[:i])
                for t, move in pawn_captures[army][src]:
                    target = board[t]
                    if target and control[target >> 3] != side:
                        append(move)
                        if target & 7 == KING:
                            king_captures.append(move)
        elif kind == KNIGHT:
            for t, move in leaps[src]:
                target = board[t]
                if not target:
                    append(move)
                elif control[target >> 3] != side:
                    append(move)
                    if target & 7 == KING:
                        king_captures.append(move)
        else:
            for ray, ray_moves in slides[kind][src]:
                i = 0
                for t in ray:
                    target = board[t]
                    if target:
                        if control[target >> 3] != side:
                            i += 1
                            if target & 7 == KING:
                                king_captures.append(ray_moves[i - 1])
                        break
                    i += 1
                if i:
                    extend(ray_moves[:i])
        if keep is not None:
            moves.extend(keep(piece))
            append, extend = moves.append, moves.extend
    return moves, king_captures


def _promoting_pawn_moves(pos: Position, layout: Layout, src: int, army: int) -> list[Move]:
    """The moves of a Pawn on ``src`` that can reach a promotion square: one move per kind
    its army has lost onto such a square (or the plain move when it has lost none)."""
    board, side, control = pos.board, pos.side, pos.control
    promo = layout.promotion[army]
    kinds = lost_kinds(board, army)
    targets = []
    for ray in layout.pawn_rays[army][src]:
        for t in ray:
            if board[t]:
                break
            targets.append(t)
    for t in layout.pawn_captures[army][src]:
        target = board[t]
        if target and control[target >> 3] != side:
            targets.append(t)
    moves: list[Move] = []
    for t in targets:
        if t in promo:
            moves.extend(promotion_moves(Move, src, t, kinds))
        else:
            moves.append(Move(src, t, 0))
    return moves


def after(pos: Position, move: Move) -> tuple[bytearray, Control]:
    """Board (as a bytearray) and army control right after ``move``, before the turn passes.

    Capturing the King of a player still in the game hands every army he controlled to the
    mover; capturing an inert King changes nothing.
    """
    src, dst, promotion = move
    board = bytearray(pos.board)
    code, target = board[src], board[dst]
    board[dst] = (code & ~7) | promotion if promotion else code
    board[src] = 0
    control = pos.control
    if target & 7 == KING and control[target >> 3] == target >> 3:
        control = reassign(control, target >> 3, pos.side)
    return board, control


def keeps_king_safe(pos: Position, move: Move, ksq: int, layout: Layout) -> bool:
    """Whether, once ``move`` is played (armies handed over), the mover's King (on ``ksq``
    before the move) is attacked by no piece of another player still in the game."""
    board, control = after(pos, move)
    king = move[1] if move[0] == ksq else ksq
    return not attacked(board, king, hostile_armies(control, pos.side), layout)


def generate(pos: Position, layout: Layout) -> tuple[list[Move], bool]:
    """Every legal move of the side to move (in board order), and whether it is in check.

    A move is legal when afterwards (armies handed over) the mover's own King is attacked by
    no piece of another player still in the game. Without check, a move other than the
    King's can only expose the King along the line through its start square, so only the
    King's moves, pinned pieces' moves and captures of a King are tested further.
    """
    board, side, control = pos.board, pos.side, pos.control
    hostile = hostile_armies(control, side)
    ksq = board.index(side * 8 + KING)
    pins = _pins(board, ksq, side, control, hostile, layout)
    if pins is None or _knight_attacks(board, ksq, hostile, layout):
        return _safe_moves(pos, pseudo_legal(pos, layout)[0], ksq, hostile, layout), True

    def safe(moves: list[Move]) -> list[Move]:
        return _safe_moves(pos, moves, ksq, hostile, layout)

    restrict: dict[int, PieceFilter] = {ksq: safe}
    for pinned, line in pins.items():
        restrict[pinned] = _on_line(line, board)
    moves, king_captures = pseudo_legal(pos, layout, restrict)
    # Capturing a King hands armies over, which may expose the mover's King or shield it.
    unsafe = {m for m in king_captures if not keeps_king_safe(pos, m, ksq, layout)}
    if unsafe:
        moves = [m for m in moves if m not in unsafe]
    return moves, False


def _safe_moves(pos: Position, moves: list[Move], ksq: int, hostile: Sequence[bool],
                layout: Layout) -> list[Move]:
    """The moves after which the mover's King (on ``ksq`` before the move) is not attacked,
    as :func:`keeps_king_safe` judges them. A move that captures no King leaves the armies as
    they are, so it is tried on one scratch board (made, tested, taken back); a King capture
    hands armies over and goes through :func:`keeps_king_safe`."""
    board = pos.board
    scratch = bytearray(board)
    kept = []
    for m in moves:
        src, dst, promotion = m
        target = board[dst]
        if target & 7 == KING:
            if keeps_king_safe(pos, m, ksq, layout):
                kept.append(m)
            continue
        code = board[src]
        scratch[dst] = (code & ~7) | promotion if promotion else code
        scratch[src] = 0
        if not attacked(scratch, dst if src == ksq else ksq, hostile, layout):
            kept.append(m)
        scratch[dst] = target
        scratch[src] = code
    return kept


def _on_line(squares: frozenset[int], board: Board) -> PieceFilter:
    """The filter keeping the moves of a pinned piece that end on ``squares``, and its
    captures of a King (judged apart, as they hand armies over)."""
    return lambda moves: [m for m in moves if m[1] in squares or board[m[1]] & 7 == KING]


def _pins(board: Board, ksq: int, side: int, control: Sequence[int], hostile: Sequence[bool],
          layout: Layout) -> dict[int, frozenset[int]] | None:
    """Pinned friendly pieces: square -> the squares on the pin line they may move to; None
    when a hostile piece attacks the King on ``ksq`` along a line (the one walk of its lines
    answers both)."""
    pins = {}
    reach_set = layout.reach_set
    for line, line_kinds in layout.attack_lines[ksq]:
        blocker = -1
        for i, t in enumerate(line):
            code = board[t]
            if not code:
                continue
            if blocker < 0:
                if control[code >> 3] != side:
                    if hostile[code >> 3] and _attacks_along(code, t, ksq, line_kinds, layout):
                        return None
                    break
                blocker = t
                continue
            if hostile[code >> 3] and code & 7 in line_kinds and ksq in reach_set[code & 7][t]:
                pins[blocker] = frozenset(line[: i + 1])
            break
    return pins


def draw(pos: Position, layout: Layout, random: Callable[[], float], tries: int) -> Move | None:
    """A legal move of the side to move, drawn uniformly among them all, or None when ``tries``
    draws found none (the caller then draws from the full list: a mix of uniform draws is
    uniform).

    Each draw picks one slot (:attr:`~rules.sceptre.layout.Layout.slots`) of the side's pieces
    uniformly; a slot whose move the position does not allow, or that would leave the King
    attacked, is drawn again. Every legal move is the move of exactly one slot, so the move
    found is uniform over the legal moves without generating them.
    """
    board, side, control = pos.board, pos.side, pos.control
    slots_of = layout.slots
    squares = list(map(_START, moved_squares(board, control, side)))
    tables = list(map(getitem, map(slots_of.__getitem__, map(board.__getitem__, squares)),
                      squares))
    starts = list(accumulate(map(len, tables), initial=0))
    total = starts[-1]
    ksq = board.index(side * 8 + KING)
    hostile = hostile_armies(control, side)
    for _ in range(tries):
        r = int(random() * total)
        i = bisect_right(starts, r) - 1
        move = _slot_move(board, control, side, tables[i][r - starts[i]])
        if move is not None and _is_safe(pos, move, ksq, hostile, layout):
            return move
    return None


def _slot_move(board: bytes, control: Control, side: int, slot: Slot) -> Move | None:
    """The move of ``slot`` when the position allows it by piece movement (the squares it
    passes over empty, its target as its mode needs, a promotion kind the army has lost),
    else None; King safety is not judged."""
    dst, path, clear, move, mode = slot
    if board[path] != clear:  # the squares passed over, sliced in C
        return None
    target = board[dst]
    if target:
        if mode == QUIET or control[target >> 3] == side:
            return None
    elif mode == CAPTURE:
        return None
    return _promotion(board, move) if move[2] else move


def _promotion(board: Board, move: Move) -> Move | None:
    """The move of a promotion slot as the position allows it: itself when its kind is one
    the army has lost, the plain move for the Queen's slot when it has lost none, else
    None."""
    src, dst, kind = move
    lost = lost_kinds(board, board[src] >> 3)
    if lost:
        return move if kind in lost else None
    return Move(src, dst, 0) if kind == QUEEN else None


def _is_safe(pos: Position, move: Move, ksq: int, hostile: Sequence[bool],
             layout: Layout) -> bool:
    """Whether the pseudo-legal ``move`` keeps the mover's King (on ``ksq``) safe, as
    :func:`_safe_moves` judges it."""
    board = pos.board
    src, dst, promotion = move
    if board[dst] & 7 == KING:
        return keeps_king_safe(pos, move, ksq, layout)
    scratch = bytearray(board)
    code = scratch[src]
    scratch[dst] = (code & ~7) | promotion if promotion else code
    scratch[src] = 0
    return not attacked(scratch, dst if src == ksq else ksq, hostile, layout)


def stays_in(pos: Position, layout: Layout) -> bool:
    """Whether the side to move has a legal move (stopping at the first found) or is in
    check: a player with neither is removed while three or more players are in the game.

    First a move of a piece off the King's lines (see :attr:`Layout.line_squares`); then
    the moves to a square next to the piece along its rays (and the Knight's leaps, the
    Pawn's captures), each tested for King safety: a piece that can move at all can make
    one of them, and one of them is legal unless the only legal moves capture a King far
    away (which hands armies over), so the rest are tried only when none is."""
    board, side, control = pos.board, pos.side, pos.control
    ksq = board.index(side * 8 + KING)
    squares = list(map(_START, moved_squares(board, control, side)))
    # A piece off the King's lines cannot expose him: its move is legal unless he is in
    # check already, and either way the side stays in.
    lines, near = layout.line_squares[ksq], layout.near_slots
    for src in squares:
        if src != ksq and src not in lines:
            for slot in near[board[src]][src]:
                move = _slot_move(board, control, side, slot)
                if move is not None and board[move[1]] & 7 != KING:
                    return True
    hostile = hostile_armies(control, side)
    for table in (near, layout.slots):
        for src in squares:
            for slot in table[board[src]][src]:
                move = _slot_move(board, control, side, slot)
                if move is not None and _is_safe(pos, move, ksq, hostile, layout):
                    return True
    return attacked(board, ksq, hostile, layout)


def format_move(move: Move, layout: Layout) -> str:
    """``e2e5``, ``d15d16=Q``, or ``pass``."""
    src, dst, promotion = move
    if src < 0:  # only PASS names no square
        return "pass"
    names = layout.grid.names
    return names[src] + names[dst] + (f"={KIND_LETTERS[promotion]}" if promotion else "")
