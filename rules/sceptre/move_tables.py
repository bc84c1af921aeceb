"""Sceptre's move tables: per square and per piece, every square the piece may reach on an
empty board with terrain already applied, and the move to each (:class:`MoveTables`, built
once per layout). Move generation then only has to look at the pieces."""

from __future__ import annotations

from functools import cached_property

from ..core.errors import InvalidOptions
from ..core.geometry import DIAGONAL, DIRECTIONS, ORTHOGONAL, Grid
from .pieces import BISHOP, KING, KNIGHT, KNIGHT_LEAPS, PAWN, QUEEN, ROOK, Move
from .sections import FORWARD_DIRECTION, MAX_SPAN
from .terrain import BLOCKED, FORD, OPEN, SLOW, effect

#: Squares along one direction from a square, nearest first.
Ray = tuple[int, ...]
#: A ray with the move to each of its squares, for move generation.
Path = tuple[Ray, tuple[Move, ...]]
#: A square a piece may reach and the move there.
Target = tuple[int, Move]


class MoveTables:
    """The move tables of a :class:`~rules.sceptre.layout.Layout` (its docstring lists them),
    built by :meth:`_build_tables` from the board, players, forward directions and initial
    board the layout sets first."""

    grid: Grid
    terrain: tuple[str, ...]
    players: tuple[int, ...]
    forward: dict[int, str]
    initial_board: bytes
    start_error: InvalidOptions | None

    def _slide(self, kind: int, sq: int, d: int, length: int) -> tuple[int, ...]:
        """The squares a piece of ``kind`` may reach from ``sq`` along direction ``d``
        on an empty board, at most ``length`` squares, terrain applied."""
        out = []
        for k, t in enumerate(self.grid.rays[sq][d][:length], 1):
            e = effect(kind, self.terrain[t])
            if e == BLOCKED:
                break
            if e == SLOW:
                if k == 1:
                    out.append(t)
                break
            out.append(t)
            if e == FORD:
                break
        return tuple(out)

    def _build_tables(self) -> None:
        grid, terrain = self.grid, self.terrain
        size = grid.size
        rays_of: list[tuple[tuple[Ray, ...], ...]] = [()] * 7
        for kind, directions, length in ((KING, ORTHOGONAL + DIAGONAL, 1),
                                         (QUEEN, ORTHOGONAL + DIAGONAL, MAX_SPAN),
                                         (ROOK, ORTHOGONAL, MAX_SPAN),
                                         (BISHOP, DIAGONAL, MAX_SPAN)):
            table: list[tuple[Ray, ...]] = []
            for sq in range(size):
                if not terrain[sq] or effect(kind, terrain[sq]) == BLOCKED:
                    table.append(())
                    continue
                limit = 1 if effect(kind, terrain[sq]) == SLOW else length
                rays = (self._slide(kind, sq, d, limit) for d in sorted(directions))
                table.append(tuple(r for r in rays if r))
            rays_of[kind] = tuple(table)
        self.slides = tuple(
            tuple(_paths(sq, rays) for sq, rays in enumerate(table)) for table in rays_of)
        leaps = tuple(
            tuple(t for t in grid.leaps(sq, KNIGHT_LEAPS)
                  if effect(KNIGHT, terrain[t]) != BLOCKED)
            if terrain[sq] and effect(KNIGHT, terrain[sq]) != BLOCKED else ()
            for sq in range(size))
        self.leaps = tuple(_targets(sq, targets) for sq, targets in enumerate(leaps))
        reach_set: list[tuple[frozenset[int], ...]] = [
            tuple(frozenset(t for ray in rays for t in ray) for rays in table)
            for table in rays_of]
        reach_set[KNIGHT] = tuple(frozenset(targets) for targets in leaps)
        self.reach_set = tuple(reach_set)
        self.knight_geometry = tuple(grid.leaps(sq, KNIGHT_LEAPS) for sq in range(size))
        self._build_pawn_tables()
        self.pawn_area = self._pawn_areas()
        #: ``standable[kind][sq]``: whether a piece of that kind may stand there (as can_stand).
        self.standable = tuple(
            tuple(kind > 0 and self.can_stand(kind, sq) for sq in range(grid.size))
            for kind in range(7))

    def _build_pawn_tables(self) -> None:
        grid, terrain = self.grid, self.terrain
        self.pawn_rays: dict[int, tuple[tuple[Ray, ...], ...]] = {}
        self.pawn_captures: dict[int, tuple[Ray, ...]] = {}
        self.promotion: dict[int, frozenset[int]] = {}
        for colour in self.players:
            d = FORWARD_DIRECTION[self.forward[colour]]
            # forward, the two forward diagonals, the two sideways directions
            directions = (d, (d + 1) % 8, (d + 7) % 8, (d + 2) % 8, (d + 6) % 8)
            moves: list[tuple[Ray, ...]] = []
            captures: list[Ray] = []
            for sq in range(grid.size):
                e = effect(PAWN, terrain[sq]) if terrain[sq] else BLOCKED
                if e == BLOCKED:
                    moves.append(())
                    captures.append(())
                    continue
                limit = 1 if e in (SLOW, FORD) else 3
                rays = [self._slide(PAWN, sq, dd, limit) for dd in directions]
                if e == FORD:
                    rays.append(self._slide(PAWN, sq, (d + 4) % 8, 1))
                moves.append(tuple(r for r in rays if r))
                captures.append(tuple(
                    ray[0] for dd in directions[1:3] for ray in (grid.rays[sq][dd],)
                    if ray and effect(PAWN, terrain[ray[0]]) != BLOCKED))
            self.pawn_rays[colour] = tuple(moves)
            self.pawn_captures[colour] = tuple(captures)
            self.promotion[colour] = frozenset(
                sq for sq in grid.squares
                if terrain[sq] == OPEN and _last_line(grid, sq, d))
        self.pawn_paths = {
            colour: tuple(_paths(sq, rays) for sq, rays in enumerate(table))
            for colour, table in self.pawn_rays.items()}
        self.pawn_capture_targets = {
            colour: tuple(_targets(sq, targets) for sq, targets in enumerate(table))
            for colour, table in self.pawn_captures.items()}
        self.pawn_may_promote = {
            colour: tuple(
                not self.promotion[colour].isdisjoint(
                    {t for ray in rays for t in ray} | set(self.pawn_captures[colour][sq]))
                for sq, rays in enumerate(self.pawn_rays[colour]))
            for colour in self.players}

    def _pawn_areas(self) -> dict[int, frozenset[int]]:
        """Per army, every square its Pawns can ever reach from their start squares.

        Pawns never move backwards except 1 square off a river, so the rest of the board
        (at the least the ranks behind their start) is closed to them; a Pawn elsewhere
        makes a position unreachable. Pieces only ever block a Pawn, and a capture is a
        diagonal step its moves already include, so the closure of the moves on an empty
        board is exactly the squares reachable in some game. Empty (no check) when the
        layout has no initial position.
        """
        if self.start_error is not None:
            return {}
        areas = {}
        for colour in self.players:
            moves = self.pawn_rays[colour]
            todo = [sq for sq, code in enumerate(self.initial_board) if code == colour * 8 + PAWN]
            seen = set(todo)
            while todo:
                for ray in moves[todo.pop()]:
                    for t in ray:
                        if t not in seen:
                            seen.add(t)
                            todo.append(t)
            areas[colour] = frozenset(seen)
        return areas

    def can_stand(self, kind: int, sq: int) -> bool:
        """Whether a piece of ``kind`` may stand on ``sq`` (terrain it may enter)."""
        return bool(self.terrain[sq]) and effect(kind, self.terrain[sq]) != BLOCKED

    @cached_property
    def plain_move_by_text(self) -> dict[str, Move]:
        """Every move of the tables (each move without promotion a piece may make on this
        board) by its text, ``e2e5``: most moves a request names are read here, without a
        regular expression. Built when the first move is read on this board."""
        names = self.grid.names
        paths = [path for table in self.slides for square in table for path in square]
        paths += [path for table in self.pawn_paths.values() for square in table
                  for path in square]
        targets = [target for square in self.leaps for target in square]
        targets += [target for table in self.pawn_capture_targets.values() for square in table
                    for target in square]
        moves = [move for _, ray_moves in paths for move in ray_moves]
        moves += [move for _, move in targets]
        return {names[move.src] + names[move.dst]: move for move in moves}


#: The non-promoting move of each (from, to) pair in every layout's tables, one object per pair
#: (a move is a value, the same on every board), keyed by ``src * MAX_SQUARES + dst``: the
#: tables of all compiled layouts share them, and there are at most MAX_SQUARES ** 2.
_PLAIN_MOVES: dict[int, Move] = {}
MAX_SQUARES = MAX_SPAN * MAX_SPAN


def _plain_move(src: int, dst: int) -> Move:
    move = _PLAIN_MOVES.get(src * MAX_SQUARES + dst)
    if move is None:
        move = _PLAIN_MOVES[src * MAX_SQUARES + dst] = Move(src, dst, 0)
    return move


def _paths(src: int, rays: tuple[Ray, ...]) -> tuple[Path, ...]:
    """Each ray from ``src`` with the moves to its squares."""
    return tuple((ray, tuple(_plain_move(src, dst) for dst in ray)) for ray in rays)


def _targets(src: int, squares: Ray) -> tuple[Target, ...]:
    """Each square with the move from ``src`` to it."""
    return tuple((dst, _plain_move(src, dst)) for dst in squares)


def _last_line(grid: Grid, sq: int, d: int) -> bool:
    """Whether ``sq`` is on the bounding box's last rank (or file) in direction ``d``."""
    f, r = grid.coords[sq]
    df, dr = DIRECTIONS[d]
    if dr:
        return r == (grid.ranks - 1 if dr > 0 else 0)
    return f == (grid.files - 1 if df > 0 else 0)
