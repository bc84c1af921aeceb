"""King's Mate move generation and check detection.

A :class:`Move` is ``(src, dst, promotion)``: the piece on ``src`` goes to ``dst``;
``promotion`` is the kind a Fool becomes on the enemy home rank, else 0. Defense of the
Crown is the King's 3-square move; under active play a capture is an attempt, whose
failure :mod:`rules.kings_mate.game` resolves. Why a move is illegal is told by
:mod:`rules.kings_mate.illegal`.

Legality is decided in three layers, each named after its rule:

1. movement: the piece's own moves, raised-square permission (judged on the position
   before the move), no landing on one's own pieces or on any King (a defended King cannot
   be captured, and a defenseless one is never left capturable);
2. counter or succumb: with no Swordmaster left, no move may leave the King capturable;
3. the Swordmaster formation ruling: if some remaining move leaves a valid formation, only
   those are legal.

Layers 2 and 3 never meet (a King with a Swordmaster cannot be in check, one without has no
formation to keep), so :func:`generate` applies layer 3 while generating layer 1: with one
bitmask of formation-keeping destinations per piece (:func:`_keeping_masks`), and a second,
unrestricted generation only when no move keeps the formation.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ..core.geometry import DIAGONAL, ORTHOGONAL
from ..core.notation import SquareMoveReader
from ..core.promotion import promotion_moves
from .position import (
    EMPTY, FOOL, GRID, IS_CENTRAL_RAISED, IS_RAISED, KEEPER, KIND_LETTERS, KING, KING_SQUARES,
    LETTER_KINDS, NAMES, PRIEST, PRIESTESS, PROMOTION_RANK, SWORDMASTER, UNMOVED_BIT, Position,
    lost_promotion_kinds,
)


class Move(NamedTuple):
    """A King's Mate move: the piece on ``src`` goes to ``dst`` (square indices) and, a Fool
    reaching the enemy home rank, becomes the kind ``promotion`` (0: no promotion)."""

    src: int
    dst: int
    promotion: int


SQUARES = range(GRID.size)
RANK_OF = tuple(sq // GRID.files for sq in SQUARES)
#: MOVES[src][dst]: the move from src to dst without promotion, built once: the generator
#: looks its moves up here rather than building a Move for each.
MOVES = tuple(tuple(Move(src, dst, 0) for dst in SQUARES) for src in SQUARES)


def _rays(
    directions: tuple[int, ...], stop_before_raised: bool
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per square, the non-empty rays in ``directions``; cut before the first raised square
    when ``stop_before_raised`` (for pieces without permission, which may neither pass over
    nor stop on one), so the hot loop never tests for raised squares."""
    out = []
    for sq in SQUARES:
        rays = []
        for d in directions:
            ray = GRID.rays[sq][d]
            if stop_before_raised:
                cut = [i for i, s in enumerate(ray) if IS_RAISED[s]]
                ray = ray[: cut[0]] if cut else ray
            if ray:
                rays.append(ray)
        out.append(tuple(rays))
    return tuple(out)


ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
#: Slider rays by kind, with raised-square permission (index True) and without (False).
SLIDER_RAYS = {
    SWORDMASTER: {True: _rays(ALL_DIRECTIONS, False), False: _rays(ALL_DIRECTIONS, True)},
    PRIEST: {True: _rays(DIAGONAL, False), False: _rays(DIAGONAL, True)},
    PRIESTESS: {True: _rays(DIAGONAL, False), False: _rays(DIAGONAL, True)},
    KEEPER: {True: _rays(ORTHOGONAL, False), False: _rays(ORTHOGONAL, True)},
}
KING_STEPS = GRID.neighbours
#: A Fool's non-capturing steps (straight forward or backward: north and south for both
#: sides) and its capturing steps (the 4 diagonal neighbours).
FOOL_STRAIGHT = tuple(
    tuple(GRID.rays[sq][d][0] for d in (0, 4) if GRID.rays[sq][d]) for sq in SQUARES)
FOOL_DIAGONAL = tuple(
    tuple(GRID.rays[sq][d][0] for d in DIAGONAL if GRID.rays[sq][d]) for sq in SQUARES)
#: FOOL_STEPS[permitted][sq]: a Fool's steps from sq as (square, diagonal) pairs, straight
#: ones first; without raised-square permission (index False) the raised squares are left out.
FOOL_STEPS = {
    permitted: tuple(
        tuple((to, diagonal) for to, diagonal in
              [(to, False) for to in FOOL_STRAIGHT[sq]] + [(to, True) for to in FOOL_DIAGONAL[sq]]
              if permitted or not IS_RAISED[to])
        for sq in SQUARES)
    for permitted in (False, True)
}
#: A piece's rays from its square, each square paired with the move there.
PairedRays = tuple[tuple[tuple[int, Move], ...], ...]


def _with_moves(src: int, rays: tuple[tuple[int, ...], ...]) -> PairedRays:
    """``rays`` from ``src`` with each square paired with the move there, so that the
    generator appends the move it finds without building or looking it up."""
    return tuple(tuple((to, MOVES[src][to]) for to in ray) for ray in rays)


def _piece_rays(side: int, general: bool) -> tuple[tuple[PairedRays, ...], ...]:
    """PIECE_RAYS[side][general][code][src]: the rays of ``side``'s piece ``code`` on
    ``src``, paired with their moves; the King's steps are rays of one square, a Swordmaster
    always has raised-square permission, the other sliders have it when ``general``."""
    def rays(code: int, src: int) -> tuple[tuple[int, ...], ...]:
        kind = code & 7
        if code >> 3 != side or kind not in SLIDER_RAYS and kind != KING:
            return ()
        if kind == KING:
            return tuple((to,) for to in KING_STEPS[src])
        return SLIDER_RAYS[kind][general or kind == SWORDMASTER][src]
    return tuple(tuple(_with_moves(src, rays(code, src)) for src in SQUARES) for code in range(16))


PIECE_RAYS = tuple(
    tuple(_piece_rays(side, general) for general in (False, True)) for side in (0, 1))
#: FOOL_MOVES[side][permitted][src]: a Fool's steps from src as (square, diagonal, move,
#: promotes) tuples, straight ones first; ``promotes``: the square is on the enemy home rank.
FOOL_MOVES = tuple(
    tuple(
        tuple(tuple((to, diagonal, MOVES[src][to], RANK_OF[to] == PROMOTION_RANK[side])
                    for to, diagonal in FOOL_STEPS[permitted][src]) for src in SQUARES)
        for permitted in (False, True))
    for side in (0, 1))
#: ADJACENT[a] >> b & 1 tells whether a and b touch (8-neighbourhood).
ADJACENT = tuple(sum(1 << n for n in GRID.neighbours[sq]) for sq in SQUARES)
#: OWNED[side][code]: whether ``code`` is a piece of ``side``.
OWNED = tuple(tuple(code != 0 and code >> 3 == side for code in range(16)) for side in (0, 1))
#: PREY[side][code]: whether ``side`` may capture the piece ``code`` (an enemy piece other
#: than the King: a defended King cannot be captured, a defenseless one is never left capturable).
PREY = tuple(
    tuple(code != 0 and code >> 3 != side and code & 7 != KING for code in range(16))
    for side in (0, 1)
)
#: LINE_DIRECTION[k][sq]: the direction from k in which sq lies on one of its 8 lines, or -1.
LINE_DIRECTION = tuple(
    tuple(next((d for d in range(8) if sq in GRID.rays[k][d]), -1) for sq in SQUARES)
    for k in SQUARES
)


def formation_ok(king: int, swordmasters: Sequence[int]) -> bool:
    """The Swordmaster formation: none; one touching the King; or two, one touching the King
    and the other touching the King or the first (at least two of the three pairs touch)."""
    if not swordmasters:
        return True
    if len(swordmasters) == 1:
        return bool(ADJACENT[king] >> swordmasters[0] & 1)
    a, b = swordmasters
    return (ADJACENT[king] >> a & 1) + (ADJACENT[king] >> b & 1) + (ADJACENT[a] >> b & 1) >= 2


def permissions(board: Sequence[int], side: int, king: int, gambit: bool) -> tuple[bool, bool]:
    """``(pieces, fools)``: whether ``side``'s pieces other than King and Swordmasters, and
    its Fools, may pass over and stop on raised squares. A King on the central X opens them
    to all; under Fool's Gambit a Fool on its own King Square opens them to the other Fools."""
    general = IS_CENTRAL_RAISED[king]
    fools = general or (gambit and board[KING_SQUARES[side]] == side * 8 + FOOL)
    return general, fools


def attacked(board: Sequence[int], target: int, attacker: int, general: bool, fools: bool) -> int:
    """The square of an ``attacker`` piece that could move onto ``target`` by its movement and
    raised-square rules (``general``/``fools`` are the attacker's permissions), or -1.

    Looks outward from ``target`` along the 8 lines, so it costs a few ray steps whatever the
    number of pieces.
    """
    for d in range(8):
        sq = attacker_on_line(board, target, d, attacker, general, fools)
        if sq >= 0:
            return sq
    return -1


def attacker_on_line(
    board: Sequence[int], target: int, d: int, attacker: int, general: bool, fools: bool
) -> int:
    """The square of the ``attacker`` piece that could move onto ``target`` from direction
    ``d``, or -1: the first piece along that line, if its movement covers the distance and
    its raised-square permission covers the squares passed over and ``target``."""
    path_raised = IS_RAISED[target]
    first = True
    for sq in GRID.rays[target][d]:
        code = board[sq]
        if not code:
            if IS_RAISED[sq]:
                path_raised = True
            first = False
            continue
        if code >> 3 != attacker:
            return -1
        kind = code & 7
        if kind == SWORDMASTER or kind == KING and first:
            return sq
        if kind == FOOL:
            if first and d & 1 and (fools or not IS_RAISED[target]):
                return sq
        elif kind != KING and (kind == KEEPER) != bool(d & 1):
            if general or not path_raised:
                return sq
        return -1
    return -1


def king_square(board: Sequence[int], side: int) -> int:
    """The square of ``side``'s King (every position has exactly one a side)."""
    return board.index(side * 8 + KING)


def in_check(pos: Position, gambit: bool) -> bool:
    """Whether the side to move has a defenseless King (no Swordmaster) that the enemy could
    capture ("counter or succumb")."""
    side = pos.side
    if pos.swordmasters[side]:
        return False
    board, kings = pos.board, pos.kings
    enemy = 1 - side
    general, fools = permissions(board, enemy, kings[enemy], gambit)
    return attacked(board, kings[side], enemy, general, fools) >= 0


def enemy_king_capturable(pos: Position, gambit: bool) -> bool:
    """Whether the side to move could capture the other side's King: an impossible position."""
    side = pos.side
    enemy = 1 - side
    if pos.swordmasters[enemy]:
        return False
    board, kings = pos.board, pos.kings
    general, fools = permissions(board, side, kings[side], gambit)
    return attacked(board, kings[enemy], side, general, fools) >= 0


def pseudo_moves(pos: Position, gambit: bool, crown: bool,
                 keeping: dict[int, int] | None = None, others: int = -1) -> list[Move]:
    """Every move allowed by movement and raised-square rules alone (layer 1), in square order.

    With ``keeping``, only the moves to the destinations it allows: ``keeping[src]`` is a
    bitmask of the squares the King or Swordmaster on ``src`` may go to; ``others`` is ``-1``
    when every other piece moves freely, ``0`` when none may move. :func:`generate` uses it
    for the formation ruling.
    """
    board, side = pos.board, pos.side
    failed = pos.failed
    own = side * 8
    king_code, sword_code, fool_code = own + KING, own + SWORDMASTER, own + FOOL
    general = IS_CENTRAL_RAISED[pos.kings[side]]
    rays_of = PIECE_RAYS[side][general]
    fool_steps = FOOL_MOVES[side][general or (
        gambit and board[KING_SQUARES[side]] == fool_code)]
    gambit_square = KING_SQUARES[1 - side] if gambit else -1
    prey = PREY[side]
    mine = OWNED[side]
    lost: tuple[int, ...] | None = None
    moves: list[Move] = []
    append = moves.append
    for src, code in enumerate(board):
        if not mine[code] or (failed and src in failed):
            continue
        if keeping is not None and (code == king_code or code == sword_code):
            _masked_moves(board, src, keeping[src], rays_of[code][src], prey, append)
            if code == king_code and crown and pos.unmoved & UNMOVED_BIT[side]:
                _crown_moves(board, src, sword_code, keeping[src], append)
            continue
        if not others:
            continue
        if code == fool_code:
            for to, diagonal, move, promotes in fool_steps[src]:
                # Straight only onto an empty square, diagonally only to capture.
                if diagonal:
                    if not prey[board[to]]:
                        continue
                elif board[to]:
                    continue
                if promotes and to != gambit_square:
                    if lost is None:
                        lost = lost_promotion_kinds(board, side)
                    moves.extend(promotion_moves(Move, src, to, lost))
                else:
                    append(move)
            continue
        # The King's steps are rays of one square, so he walks the sliders' loop.
        for ray in rays_of[code][src]:
            for to, move in ray:
                t = board[to]
                if not t:
                    append(move)
                    continue
                if prey[t]:
                    append(move)
                break
        if code == king_code and crown and pos.unmoved & UNMOVED_BIT[side]:
            _crown_moves(board, src, sword_code, -1, append)
    return moves


def _masked_moves(board: Sequence[int], src: int, mask: int,
                  rays: PairedRays, prey: tuple[bool, ...],
                  append: Callable[[Move], None]) -> None:
    """The King's or a Swordmaster's moves held by ``mask`` (the formation): its rays are
    walked in full, as pieces block, but only the destinations in ``mask`` are moves."""
    for ray in rays:
        for to, move in ray:
            t = board[to]
            if not t:
                if mask >> to & 1:
                    append(move)
                continue
            if prey[t] and mask >> to & 1:
                append(move)
            break


def _crown_moves(board: Sequence[int], king: int, sword_code: int, mask: int,
                 append: Callable[[Move], None]) -> None:
    """Defense of the Crown: the unmoved King's jumps over two Swordmasters in line with him
    to the empty square beyond, held by ``mask``."""
    step = MOVES[king]
    for ray in GRID.rays[king]:
        if (len(ray) >= 3 and board[ray[0]] == sword_code and board[ray[1]] == sword_code
                and not board[ray[2]] and mask >> ray[2] & 1):
            append(step[ray[2]])


def generate(pos: Position, gambit: bool, crown: bool) -> list[Move]:
    """Every legal move of the side to move (the caller handles finished games). The King
    and Swordmaster squares are the ones the position keeps, so no pass over the board finds
    them."""
    side = pos.side
    king = pos.kings[side]
    swordmasters = pos.swordmasters[side]
    if not swordmasters:
        return _counter_or_succumb(pos, king, pseudo_moves(pos, gambit, crown), gambit)
    # The formation ruling (layer 3), applied while generating: first only the moves after
    # which the formation is valid; if there are none, every move.
    keeping = _keeping_masks(king, swordmasters)
    others = -1 if formation_ok(king, swordmasters) else 0
    return pseudo_moves(pos, gambit, crown, keeping, others) or pseudo_moves(pos, gambit, crown)


def _counter_or_succumb(pos: Position, king: int, moves: list[Move],
                        gambit: bool) -> list[Move]:
    """Drop the moves after which the defenseless King could be captured.

    Unless the King is in check already, only King moves and moves from a square on one of
    the King's lines can expose him: a move never widens the enemy's raised-square permission.
    """
    board, side = pos.board, pos.side
    enemy = 1 - side
    enemy_king = pos.kings[enemy]
    general, fools = permissions(board, enemy, enemy_king, gambit)
    checked = attacked(board, king, enemy, general, fools) >= 0
    line_of = LINE_DIRECTION[king]
    work = list(board)
    enemy_fool_square = KING_SQUARES[enemy]
    legal = []
    for move in moves:
        src, dst, promotion = move
        d = line_of[src]
        if src != king and d < 0 and not checked:
            legal.append(move)
            continue
        moving, captured = work[src], work[dst]
        work[dst] = side * 8 + promotion if promotion else moving
        work[src] = EMPTY
        # Capturing the Fool that stands on the enemy's own King Square may close the raised
        # squares to the enemy's other Fools.
        e_fools = fools if dst != enemy_fool_square else permissions(
            work, enemy, enemy_king, gambit)[1]
        if src == king:
            safe = attacked(work, dst, enemy, general, e_fools) < 0
        elif checked:
            safe = attacked(work, king, enemy, general, e_fools) < 0
        else:
            # Only the line the piece left can have opened.
            safe = attacker_on_line(work, king, d, enemy, general, e_fools) < 0
        if safe:
            legal.append(move)
        work[src], work[dst] = moving, captured
    return legal


def _keeping_masks(king: int, swordmasters: tuple[int, ...]) -> dict[int, int]:
    """For the King and each Swordmaster, the bitmask of the destinations after which the
    formation is valid, the other pieces staying where they are (:func:`formation_ok`: at
    least two of the three pairs King-a, King-b, a-b touch, or a lone ``a`` touches the King).
    """
    if len(swordmasters) == 1:
        (a,) = swordmasters
        return {king: ADJACENT[a], a: ADJACENT[king]}
    a, b = swordmasters
    near_king = ADJACENT[king]
    # The King moving: he must touch both, or one of them if they touch each other.
    king_mask = ADJACENT[a] | ADJACENT[b] if ADJACENT[a] >> b & 1 else ADJACENT[a] & ADJACENT[b]
    # A Swordmaster moving: it must touch the King and the other one, or just one of them if
    # the other touches the King.
    a_mask = near_king | ADJACENT[b] if near_king >> b & 1 else near_king & ADJACENT[b]
    b_mask = near_king | ADJACENT[a] if near_king >> a & 1 else near_king & ADJACENT[a]
    return {king: king_mask, a: a_mask, b: b_mask}


# ---- notation ---------------------------------------------------------------------------------


def _write(move: Move) -> str:
    src, dst, promotion = move
    return NAMES[src] + NAMES[dst] + (f"={KIND_LETTERS[promotion]}" if promotion else "")


#: The notation of every move without promotion, and the move of each such notation, built
#: once: reading and writing the common moves is then one lookup.
PLAIN_TEXT = {move: _write(move) for row in MOVES for move in row}
PLAIN_MOVES = {text: move for move, text in PLAIN_TEXT.items()}
_READER = SquareMoveReader(GRID, "(?:=([WPE]))?")


def format_move(move: Move) -> str:
    """``d2d3``, or ``a8a9=W`` with a promotion (letter uppercase for both sides)."""
    text = PLAIN_TEXT.get(move)
    return _write(move) if text is None else text


def read_move(text: str) -> Move | None:
    """The move written ``text`` (``<from><to>`` with ``=W``, ``=P`` or ``=E`` for a
    promotion), or None when it is not written so."""
    move = PLAIN_MOVES.get(text) if isinstance(text, str) else None
    if move is not None:
        return move
    read = _READER.read(text)
    if read is None:
        return None
    src, dst, (promotion,) = read
    return Move(GRID.index[src], GRID.index[dst], LETTER_KINDS[promotion] if promotion else 0)
