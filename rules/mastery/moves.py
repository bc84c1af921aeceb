"""Mastery moves: their type, their notation and their generation (docs/rules/mastery.md).

The piece on ``src`` goes to ``dst``; a move whose ``src`` holds an enemy piece is a control
move. A capture of an enemy Master or Officer may bring back one of the mover's lost pieces
(its ``resurrect_kind``, OFFICER or PAWN) on ``resurrect_square``.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from typing import Callable, NamedTuple

from ..core.memo import memo
from ..core.geometry import DIAGONAL, ORTHOGONAL
from .position import EMPTY, FULL_ARMY, GRID, KIND_LETTERS, MASTER, OFFICER, PAWN, Position

NAMES = GRID.names
SQUARES = range(GRID.size)


class Move(NamedTuple):
    """One Mastery move; the defaults are a move that resurrects nothing."""

    src: int
    dst: int
    #: OFFICER or PAWN when the move brings a lost piece back, else EMPTY
    resurrect_kind: int = EMPTY
    #: where the resurrected piece goes (-1 without resurrection)
    resurrect_square: int = -1


#: ``PLAIN_MOVES[src][dst]``: the move from ``src`` to ``dst`` that resurrects nothing. The
#: generator takes its moves from here and from :func:`resurrections`, since building a
#: NamedTuple costs several times a lookup.
PLAIN_MOVES = tuple(tuple(Move(src, dst) for dst in SQUARES) for src in SQUARES)


@memo(entry_bytes=2_800, most=2 * 1016)
def resurrections(kind: int, src: int, dst: int) -> tuple[Move, ...]:
    """The moves ``src`` to ``dst`` that bring back a piece of ``kind``, indexed by the square
    it returns to. Built on first use: a process meets few of the 2 x 1,016 (kind, src, dst)
    triples a capture can take, and all of them would hold some 130,000 moves."""
    return tuple(Move(src, dst, kind, sq) for sq in SQUARES)


def _rays(directions: tuple[int, ...], length: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per square, its rays in ``directions`` cut to ``length`` squares (empty rays left out)."""
    return tuple(
        tuple(GRID.rays[sq][d][:length] for d in directions if GRID.rays[sq][d])
        for sq in SQUARES
    )


# Movement rays per square: own Masters, Officers (own or treacherous), own Pawns,
# treacherous Pawns (which slide up to 3 squares in any of the 8 directions).
MASTER_RAYS = _rays(ORTHOGONAL, 3)
OFFICER_RAYS = _rays(ORTHOGONAL, 2)
PAWN_RAYS = _rays(ORTHOGONAL + DIAGONAL, 1)
TREACHEROUS_PAWN_RAYS = _rays(ORTHOGONAL + DIAGONAL, 3)
NO_RAYS: tuple[tuple[tuple[int, ...], ...], ...] = ()
OWN_RAYS = (NO_RAYS, MASTER_RAYS, OFFICER_RAYS, PAWN_RAYS)
CONTROLLED_RAYS = (NO_RAYS, NO_RAYS, OFFICER_RAYS, TREACHEROUS_PAWN_RAYS)

# Zones of control: a Master's is the 8 squares at Manhattan distance exactly 2 (its 4
# orthogonal neighbours are blind spots); an Officer's is the 8 adjacent squares.
MASTER_ZONE = tuple(
    GRID.leaps(sq, ((0, 2), (0, -2), (2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)))
    for sq in SQUARES
)
OFFICER_ZONE = GRID.neighbours

# Zones and sets of squares as "byte masks": an int whose byte ``sq`` (bit ``8 * sq``) is 1
# for each square of the set, the same layout as ``int.from_bytes(board_bytes, "little")`` of
# a board translated to 0/1, so a zone meets the enemy pieces in one ``&``.
MASTER_ZONE_MASK = tuple(sum(1 << 8 * z for z in MASTER_ZONE[sq]) for sq in SQUARES)
OFFICER_ZONE_MASK = tuple(sum(1 << 8 * z for z in OFFICER_ZONE[sq]) for sq in SQUARES)


def _marking(codes: set[int]) -> bytes:
    """A ``bytes.translate`` table that turns the piece codes ``codes`` into 1, the rest into
    0: the board as bytes translated by it marks the squares of those pieces."""
    return bytes(1 if code in codes else 0 for code in range(256))


# Per side: its own pieces; the enemy pieces a Master's zone controls (Officers and Pawns)
# and those an Officer's zone controls (Pawns).
OWN_PIECES = tuple(_marking({s * 4 + MASTER, s * 4 + OFFICER, s * 4 + PAWN}) for s in (0, 1))
MASTER_PREY = tuple(_marking({(1 - s) * 4 + OFFICER, (1 - s) * 4 + PAWN}) for s in (0, 1))
OFFICER_PREY = tuple(_marking({(1 - s) * 4 + PAWN}) for s in (0, 1))


def _controlled(cells: bytes, side: int, master_zone: int, officer_zone: int) -> list[int]:
    """Squares of enemy pieces that ``side`` controls, in square order: Officers and Pawns in
    ``master_zone``, Pawns in ``officer_zone`` (byte masks of the zones of ``side``'s Masters
    and Officers; ``cells``: the board as bytes)."""
    hit = master_zone & int.from_bytes(cells.translate(MASTER_PREY[side]), "little")
    if officer_zone:
        hit |= officer_zone & int.from_bytes(cells.translate(OFFICER_PREY[side]), "little")
    found = []
    while hit:
        low = hit & -hit
        found.append((low.bit_length() - 1) >> 3)
        hit ^= low
    return found


def in_zone_of_control(board: tuple[int, ...], side: int) -> list[int]:
    """Squares of the enemy Officers and Pawns in the zone of control of ``side``'s Masters
    and Officers, in square order (whether ``side`` still has the power of control aside)."""
    master_zone = officer_zone = 0
    for sq, code in enumerate(board):
        if code == side * 4 + MASTER:
            master_zone |= MASTER_ZONE_MASK[sq]
        elif code == side * 4 + OFFICER:
            officer_zone |= OFFICER_ZONE_MASK[sq]
    return _controlled(bytes(board), side, master_zone, officer_zone)


def barred(pos: Position, classic: bool) -> tuple[int, int]:
    """``(square, back_to)``: the previous ply's piece and where it may not return, or (-1, -1).

    Reflection (ross-2002) bars every move straight back; KO (classic-1990) only a control
    move that undoes a non-capturing ply, and the caller applies that distinction.
    """
    last = pos.last
    if last is None or (classic and last.capture):
        return (-1, -1)
    return (last.dst, last.src)


def _empties(board: tuple[int, ...]) -> list[int]:
    """The empty squares of ``board``, ascending."""
    return [sq for sq in SQUARES if not board[sq]]


def _with(empties: list[int], src: int) -> list[int]:
    """Where a resurrected piece may go: the empty squares and the capturer's square, sorted."""
    i = bisect_left(empties, src)
    return empties[:i] + [src] + empties[i:]


#: A piece that may move this ply: its square, kind, rays, the square it may not go back to
#: (-1 if none), and whether it may devour (only one's own Masters do).
Mover = tuple[int, int, tuple[tuple[int, ...], ...], int, bool]

#: ``OWN_MOVERS[kind][sq]``, ``CONTROLLED_MOVERS[kind][sq]``: the Mover of an own or a
#: controlled piece of ``kind`` on ``sq`` that is not barred from any square, built once.
OWN_MOVERS = tuple(tuple((sq, kind, rays[sq], -1, kind == MASTER) for sq in SQUARES) if rays
                   else () for kind, rays in enumerate(OWN_RAYS))
CONTROLLED_MOVERS = tuple(tuple((sq, kind, rays[sq], -1, False) for sq in SQUARES) if rays
                          else () for kind, rays in enumerate(CONTROLLED_RAYS))


def _movers(pos: Position, cells: bytes, classic: bool, power: bool) -> list[Mover]:
    """The pieces the side to move may move: its own in square order, then, if it has the
    ``power`` of control, the enemy pieces in its zones of control, in square order
    (``cells``: ``pos.board`` as bytes)."""
    board, side = pos.board, pos.side
    # The previous ply's piece may not go straight back (reflection: any move; KO: only a
    # control move, so own moves are never barred under classic-1990).
    barred_src, barred_dst = barred(pos, classic)
    own_barred = -1 if classic else barred_src
    movers: list[Mover] = []
    append = movers.append
    master_zone = officer_zone = 0
    for src in compress(SQUARES, cells.translate(OWN_PIECES[side])):
        kind = board[src] & 3
        if kind == MASTER:
            master_zone |= MASTER_ZONE_MASK[src]
        elif kind == OFFICER:
            officer_zone |= OFFICER_ZONE_MASK[src]
        if src == own_barred:
            append((src, kind, OWN_RAYS[kind][src], barred_dst, kind == MASTER))
        else:
            append(OWN_MOVERS[kind][src])
    if not power:
        return movers
    for src in _controlled(cells, side, master_zone, officer_zone):
        kind = board[src] & 3
        if src == barred_src:
            append((src, kind, CONTROLLED_RAYS[kind][src], barred_dst, False))
        else:
            append(CONTROLLED_MOVERS[kind][src])
    return movers


# Generation walks the precomputed rays of every piece that may move, with no function call
# per move: each move is looked up in PLAIN_MOVES or a row of resurrections.


#: A capture whose resurrection variants :func:`generate` was asked to defer: its index in
#: the list generated, its ``src`` and ``dst``, and the kinds that may come back, in the order
#: their variants are listed.
Deferred = tuple[int, int, int, tuple[int, ...]]


def generate(pos: Position, classic: bool, deferred: list[Deferred] | None = None
             ) -> list[Move]:
    """Every legal move for the side to move (the caller handles finished games).

    Own moves first, then control moves, each in square order; each move once, and the
    resurrection variants of a capture right after it. Given a ``deferred`` list, the
    variants are left out, and each capture that has some is added to ``deferred`` instead,
    in order (:func:`draw` counts them and builds only the one it draws).
    """
    board, side = pos.board, pos.side
    cells = bytes(board)  # counted and scanned in C
    base = side * 4
    lost_officers = FULL_ARMY[OFFICER] - cells.count(base + OFFICER)
    lost_pawns = FULL_ARMY[PAWN] - cells.count(base + PAWN)
    # The kinds that capturing each kind lets come back (index = captured kind), in the order
    # their variants are listed: after a Master an Officer or a Pawn, after an Officer a Pawn.
    pawn_back = (PAWN,) if lost_pawns else ()
    returning = ((), (OFFICER,) + pawn_back if lost_officers else pawn_back, pawn_back, ())
    moves: list[Move] = []
    append, extend = moves.append, moves.extend
    empties: list[int] | None = None  # for resurrections, built on first use
    # A side with no Pawns or no Officers on the board has lost the power of control.
    power = lost_pawns < FULL_ARMY[PAWN] and lost_officers < FULL_ARMY[OFFICER]
    for src, kind, rays, back, devours in _movers(pos, cells, classic, power):
        plain = PLAIN_MOVES[src]
        for ray in rays:
            for to in ray:
                target = board[to]
                if not target:
                    if to != back:
                        append(plain[to])
                    continue
                if target >> 2 == side:
                    # Devouring: only one's own Master, onto one's own Officer or Pawn.
                    if devours and target & 3 != MASTER and to != back:
                        append(plain[to])
                    break
                target_kind = target & 3
                if to != back and (not classic or target_kind >= kind):
                    append(plain[to])
                    kinds = returning[target_kind]
                    if kinds:
                        if deferred is not None:
                            deferred.append((len(moves) - 1, src, to, kinds))
                        else:
                            if empties is None:
                                empties = _empties(board)
                            squares = _with(empties, src)
                            for returned in kinds:
                                row = resurrections(returned, src, to)
                                extend([row[sq] for sq in squares])
                break
    return moves


def draw(pos: Position, classic: bool, random: Callable[[], float]) -> Move | None:
    """``generate(pos, classic)[int(random() * n)]``, ``n`` the number of moves, or None when
    there are none (``random`` is then not called): the draw :meth:`rules.core.game.Game.
    random_move` makes from the full list, the same move for the same ``random``, with only
    the drawn move built of the resurrection variants."""
    deferred: list[Deferred] = []
    moves = generate(pos, classic, deferred)
    if not deferred:
        return moves[int(random() * len(moves))] if moves else None
    per_kind = pos.board.count(EMPTY) + 1  # each empty square, and the capturer's own
    index = int(random() * (len(moves) + per_kind * sum(len(d[3]) for d in deferred)))
    before = 0  # variants listed before the capture at hand
    for at, src, dst, kinds in deferred:
        if index <= at + before:
            return moves[index - before]
        variant = index - at - before - 1
        if variant < per_kind * len(kinds):
            square = _with(_empties(pos.board), src)[variant % per_kind]
            return resurrections(kinds[variant // per_kind], src, dst)[square]
        before += per_kind * len(kinds)
    return moves[index - before]


#: ``MOVE_TEXT[src][dst]`` is ``"d4d6"``; ``RESURRECT_TEXT[kind][sq]`` is ``"+O@h1"``.
MOVE_TEXT = tuple(tuple(a + b for b in NAMES) for a in NAMES)
RESURRECT_TEXT = tuple(
    tuple(f"+{KIND_LETTERS[kind]}@{name}" for name in NAMES) if kind in KIND_LETTERS else ()
    for kind in range(4)
)

