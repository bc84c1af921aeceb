"""Sceptre move generation, attack tests, and the reasons a move is illegal.

A move is a tuple ``(src, dst, promotion)``: the piece on ``src`` goes to ``dst`` and, for a
Pawn that promotes, becomes ``promotion`` (a kind), else 0. :data:`PASS` is the mated
player's pass. Terrain is already folded into the layout's tables, so generation here only
looks at the pieces.
"""

from __future__ import annotations

from ..core.errors import IllegalMove
from ..core.geometry import DIRECTIONS
from .board import (
    BISHOP, BLOCKED, COLOUR_NAMES, FORD, FORWARD_DIRECTION, KIND_LETTERS, KIND_NAMES, KING,
    KNIGHT, KNIGHT_LEAPS, ORTHODOX_COUNT, PAWN, PROMOTION_KINDS, QUEEN, ROOK, SLOW,
    TERRAIN_NAMES, Layout, effect,
)
from .position import INERT, Position, piece_name

Move = tuple[int, int, int]
PASS: Move = (-1, -1, 0)

# Which sliders attack along an orthogonal (index 0) or diagonal (index 1) line; the King
# is among them because its reach table limits it to the adjacent square.
_LINE_KINDS = ((KING, QUEEN, ROOK), (KING, QUEEN, BISHOP))


def hostile_armies(control: tuple[int, ...], side: int) -> tuple[bool, ...]:
    """Per colour, whether that army's pieces attack ``side``: armies moved by another player
    still in the game. Inert armies never attack; armies ``side`` controls are friends."""
    return tuple(c != INERT and c != side for c in control)


def attacked(board, sq: int, hostile: tuple[bool, ...], layout: Layout) -> bool:
    """Whether a hostile piece could capture on ``sq`` (pieces block, terrain applies)."""
    rays = layout.grid.rays[sq]
    reach_set = layout.reach_set
    for d in range(8):
        for t in rays[d]:
            code = board[t]
            if code:
                if hostile[code >> 3]:
                    kind = code & 7
                    if kind == PAWN:
                        if sq in layout.pawn_captures[code >> 3][t]:
                            return True
                    elif kind in _LINE_KINDS[d & 1] and sq in reach_set[kind][t]:
                        return True
                break
    knight_reach = reach_set[KNIGHT]
    for t in layout.knight_geometry[sq]:
        code = board[t]
        if code & 7 == KNIGHT and hostile[code >> 3] and sq in knight_reach[t]:
            return True
    return False


def king_square(board, colour: int) -> int:
    return board.index(colour * 8 + KING)


def in_check(pos: Position, layout: Layout) -> bool:
    """Whether the side to move's King is attacked by another player still in the game."""
    return attacked(pos.board, king_square(pos.board, pos.side),
                    hostile_armies(pos.control, pos.side), layout)


def lost_kinds(board, army: int) -> tuple[int, ...]:
    """The kinds (Q, R, B, N) of which ``army`` has fewer than the orthodox number."""
    return tuple(k for k in PROMOTION_KINDS if board.count(army * 8 + k) < ORTHODOX_COUNT[k])


def pseudo_legal(pos: Position, layout: Layout) -> list[Move]:
    """Every move of the side to move by piece movement and terrain, King safety ignored.

    The side moves every army it controls; any piece not controlled by it (hostile or inert)
    can be captured.
    """
    board, side, control = pos.board, pos.side, pos.control
    reach = layout.reach
    moves: list[Move] = []
    append = moves.append
    for src, code in enumerate(board):
        if not code or control[code >> 3] != side:
            continue
        kind = code & 7
        if kind == PAWN:
            army = code >> 3
            promo = layout.promotion[army]
            targets = []
            for ray in layout.pawn_moves[army][src]:
                for t in ray:
                    if board[t]:
                        break
                    targets.append(t)
            for t in layout.pawn_captures[army][src]:
                target = board[t]
                if target and control[target >> 3] != side:
                    targets.append(t)
            for t in targets:
                if t in promo:
                    kinds = lost_kinds(board, army)
                    if kinds:
                        for k in kinds:
                            append((src, t, k))
                        continue
                append((src, t, 0))
        elif kind == KNIGHT:
            for t in reach[KNIGHT][src]:
                target = board[t]
                if not target or control[target >> 3] != side:
                    append((src, t, 0))
        else:
            for ray in reach[kind][src]:
                for t in ray:
                    target = board[t]
                    if not target:
                        append((src, t, 0))
                        continue
                    if control[target >> 3] != side:
                        append((src, t, 0))
                    break
    return moves


def after(pos: Position, move: Move) -> tuple[list[int], tuple[int, ...]]:
    """Board (as a list) and army control right after ``move``, before the turn passes.

    Capturing the King of a player still in the game hands every army he controlled to the
    mover; capturing an inert King changes nothing.
    """
    src, dst, promotion = move
    board = list(pos.board)
    code, target = board[src], board[dst]
    board[dst] = (code & ~7) | promotion if promotion else code
    board[src] = 0
    control = pos.control
    if target & 7 == KING and control[target >> 3] == target >> 3:
        loser = target >> 3
        control = tuple(pos.side if c == loser else c for c in control)
    return board, control


def generate(pos: Position, layout: Layout) -> tuple[list[Move], bool]:
    """Every legal move of the side to move (in board order), and whether it is in check.

    A move is legal when afterwards (armies handed over) the mover's own King is attacked by
    no piece of another player still in the game. Without check, a move other than the
    King's can only expose the King along the line through its start square, so only pinned
    pieces are tested further.
    """
    board, side, control = pos.board, pos.side, pos.control
    hostile = hostile_armies(control, side)
    ksq = board.index(side * 8 + KING)
    check = attacked(board, ksq, hostile, layout)
    pins = {} if check else _pins(board, ksq, side, control, hostile, layout)
    legal: list[Move] = []
    for move in pseudo_legal(pos, layout):
        src, dst, _ = move
        target = board[dst]
        if target & 7 == KING and control[target >> 3] == target >> 3 or check or src == ksq:
            new_board, new_control = after(pos, move)
            king = dst if src == ksq else ksq
            if not attacked(new_board, king, hostile_armies(new_control, side), layout):
                legal.append(move)
        elif src in pins:
            if dst in pins[src]:
                legal.append(move)
        else:
            legal.append(move)
    return legal, check


def _pins(board, ksq, side, control, hostile, layout: Layout) -> dict[int, frozenset[int]]:
    """Pinned friendly pieces: square -> the squares on the pin line they may move to."""
    pins = {}
    rays = layout.grid.rays[ksq]
    for d in range(8):
        blocker = -1
        for i, t in enumerate(rays[d]):
            code = board[t]
            if not code:
                continue
            if blocker < 0:
                if control[code >> 3] != side:
                    break
                blocker = t
                continue
            if hostile[code >> 3] and code & 7 in _LINE_KINDS[d & 1] \
                    and ksq in layout.reach_set[code & 7][t]:
                pins[blocker] = frozenset(rays[d][: i + 1])
            break
    return pins


# ---- explanations ----------------------------------------------------------------------

_MOVE_RULE = {
    KING: "Kings move 1 square in any direction",
    QUEEN: "Queens move any distance in a straight line",
    ROOK: "Rooks move orthogonally",
    BISHOP: "Bishops move diagonally",
    KNIGHT: "Knights leap (1,2), (3,3) or (0,3) in any direction",
    PAWN: "Pawns move 1-3 squares forward, diagonally forward or sideways, and capture "
          "1 square diagonally forward",
}


def _pawn_frame(layout: Layout, army: int, df: int, dr: int) -> tuple[int, int]:
    """(forward, lateral) components of a displacement for a Pawn of ``army``."""
    d = FORWARD_DIRECTION[layout.forward[army]]
    fx, fy = DIRECTIONS[d]
    return df * fx + dr * fy, df * fy - dr * fx


def _line(layout: Layout, src: int, dst: int) -> tuple[int, int] | None:
    return layout.grid.direction(src, dst)


def explain(pos: Position, move: Move, layout: Layout, legal: tuple[Move, ...]) -> IllegalMove:
    """The rule that forbids ``move``, which is known not to be among ``legal``."""
    grid = layout.grid
    names = grid.names
    board, side, control = pos.board, pos.side, pos.control
    if move == PASS:
        return IllegalMove(
            "pass_not_allowed",
            "A player may pass only when he is checkmated with other players still in the game; "
            "you have legal moves.")
    if legal == (PASS,):
        return IllegalMove(
            "king_in_check",
            f"{COLOUR_NAMES[side].capitalize()} is checkmated: no move saves the King, so the "
            "only action is 'pass'.")
    src, dst, promotion = move
    s, d = names[src], names[dst]
    code = board[src]
    if not code:
        return IllegalMove("empty_square", f"There is no piece on {s} to move.")
    army, kind = code >> 3, code & 7
    if control[army] != side:
        why = ("it belongs to an inert army, which never moves again" if control[army] == INERT
               else f"it is moved by {COLOUR_NAMES[control[army]]}")
        return IllegalMove("not_your_piece", f"The {piece_name(code)} on {s} is not yours to "
                                             f"move: {why}.")
    if src == dst:
        return IllegalMove("piece_movement", f"A move must leave {s}.")
    df = grid.coords[dst][0] - grid.coords[src][0]
    dr = grid.coords[dst][1] - grid.coords[src][1]
    target = board[dst]
    rule = _MOVE_RULE[kind]
    line = _line(layout, src, dst)
    if kind == KNIGHT:
        if (df, dr) not in KNIGHT_LEAPS:
            return IllegalMove("piece_movement", f"{rule}; {s} to {d} is not such a leap.")
        path: list[int] = []
    elif kind == PAWN:
        fwd, lat = _pawn_frame(layout, army, df, dr)
        on_ford = effect(PAWN, layout.terrain[src]) == FORD
        capture_shape = fwd == 1 and abs(lat) == 1
        move_shape = line is not None and line[1] <= 3 and fwd >= 0
        back = on_ford and fwd == -1 and lat == 0
        if not (move_shape or back):
            extra = " (and 1 square straight back from a river square)" if on_ford else ""
            return IllegalMove("piece_movement", f"{rule}{extra}; {s} to {d} is not such a move.")
        if target and not capture_shape:
            return IllegalMove(
                "pawn_capture", f"Pawns capture only 1 square diagonally forward; {d} holds the "
                f"{piece_name(target)} and cannot be captured from {s}.")
        path = list(grid.rays[src][line[0]][: line[1] - 1]) if line else []
    else:
        ok = {KING: line is not None and line[1] == 1, QUEEN: line is not None,
              ROOK: line is not None and line[0] % 2 == 0,
              BISHOP: line is not None and line[0] % 2 == 1}[kind]
        if not ok:
            how = ("not in a straight line" if line is None else
                   "diagonal" if line[0] % 2 else "orthogonal" if kind == BISHOP else
                   f"{line[1]} squares away")
            return IllegalMove("piece_movement", f"{rule}; {s} to {d} is {how}.")
        path = list(grid.rays[src][line[0]][: line[1] - 1])
    if line is not None and kind != KNIGHT and dst not in grid.rays[src][line[0]]:
        return IllegalMove("off_board", f"The way from {s} to {d} leaves the board.")
    for step in path:
        if board[step]:
            return IllegalMove(
                "path_blocked", f"The way from {s} to {d} is blocked by the "
                f"{piece_name(board[step])} on {names[step]}; only Knights leap.")
    if target and control[target >> 3] == side:
        return IllegalMove("own_piece", f"{d} holds your own {piece_name(target)}.")
    why = _terrain_obstacle(layout, kind, src, dst, path)
    if why:
        return IllegalMove("terrain", why)
    promo = layout.promotion[army] if kind == PAWN else frozenset()
    if promotion:
        if kind != PAWN:
            return IllegalMove(
                "promotion_not_allowed", f"Only a Pawn promotes; the {piece_name(code)} on {s} "
                f"cannot (write {s}{d} without ={KIND_LETTERS[promotion]}).")
        if dst not in promo:
            return IllegalMove(
                "promotion_not_allowed", f"{s}{d} does not reach an open-ground square of the "
                "last rank in the Pawn's forward direction, so it cannot promote.")
        if promotion not in lost_kinds(board, army):
            return IllegalMove(
                "promotion_not_allowed", f"A Pawn promotes only to a kind its army has lost; "
                f"{COLOUR_NAMES[army]} has lost no {KIND_NAMES[promotion]}.")
    elif kind == PAWN and dst in promo and lost_kinds(board, army):
        kinds = "|".join(KIND_LETTERS[k] for k in lost_kinds(board, army))
        return IllegalMove(
            "promotion_required", f"A Pawn reaching {d} must promote to a lost kind: write "
            f"{s}{d}={kinds[0]} (choices: {kinds}).")
    new_board, new_control = after(pos, move)
    king = dst if kind == KING else board.index(side * 8 + KING)
    hostile = hostile_armies(new_control, side)
    if attacked(new_board, king, hostile, layout):
        by = _find_attacker(new_board, king, hostile, layout)
        who = f" by the {piece_name(new_board[by])} on {names[by]}" if by is not None else ""
        return IllegalMove(
            "king_in_check", f"After {s}{d} your King on {names[king]} would be attacked{who}.")
    return IllegalMove("illegal_move", f"{s}{d} is not a legal move here.")


def _find_attacker(board: list[int], sq: int, hostile, layout: Layout) -> int | None:
    """One hostile piece attacking ``sq``: remove hostile pieces one by one until it stops."""
    for t in layout.grid.squares:
        code = board[t]
        if code and hostile[code >> 3]:
            without = list(board)
            without[t] = 0
            if not attacked(without, sq, hostile, layout):
                return t
    return None


def _terrain_obstacle(layout: Layout, kind: int, src: int, dst: int, path: list[int]) -> str | None:
    """Why terrain forbids the piece's way from ``src`` to ``dst``, or None if it does not."""
    names, terrain = layout.grid.names, layout.terrain
    who = KIND_NAMES[kind] + "s"
    distance = len(path) + 1
    here = effect(kind, terrain[src])
    if kind != KNIGHT and distance > 1 and here in (SLOW, FORD):
        return (f"A {KIND_NAMES[kind]} standing on {TERRAIN_NAMES[terrain[src]]} ({names[src]}) "
                "moves only 1 square.")
    for step in path:
        e = effect(kind, terrain[step])
        if e == BLOCKED:
            return f"{who} cannot cross {TERRAIN_NAMES[terrain[step]]}; {names[step]} is in the way."
        if e == SLOW:
            return (f"{who} may enter {TERRAIN_NAMES[terrain[step]]} only by a 1-square move "
                    f"and never cross it; {names[step]} is in the way.")
        if e == FORD:
            return (f"A Pawn cannot cross a river in one move; its move ends on the first river "
                    f"square ({names[step]}).")
    e = effect(kind, terrain[dst])
    if e == BLOCKED:
        return f"{who} cannot enter {TERRAIN_NAMES[terrain[dst]]} ({names[dst]})."
    if e == SLOW and distance > 1:
        return (f"{who} may enter {TERRAIN_NAMES[terrain[dst]]} ({names[dst]}) only by a "
                "1-square move.")
    return None


def format_move(move: Move, layout: Layout) -> str:
    """``e2e5``, ``d15d16=Q``, or ``pass``."""
    if move == PASS:
        return "pass"
    src, dst, promotion = move
    names = layout.grid.names
    return names[src] + names[dst] + (f"={KIND_LETTERS[promotion]}" if promotion else "")
