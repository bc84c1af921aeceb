"""Board geometry: square names and precomputed neighbour and ray tables.

Every game's move generator walks these tables instead of doing coordinate
arithmetic on the hot path. Squares are integers ``rank_index * files +
file_index`` with rank 1 first, so ``a1`` is 0.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Sequence

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

# The 8 directions as (file step, rank step), clockwise from north.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)


class Grid:
    """A rectangular board, optionally with holes, and its geometry tables.

    ``rays[sq][d]`` lists the squares from ``sq`` (exclusive) in direction
    ``d`` until the edge or the first hole; ``neighbours[sq]`` holds the up to
    8 adjacent squares.
    """

    def __init__(
        self, files: int, ranks: int, on_board: Callable[[int, int], bool] | None = None
    ) -> None:
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.on_board = tuple(
            on_board(sq % files, sq // files) if on_board else True for sq in range(self.size)
        )
        self.names: tuple[str, ...] = tuple(
            f"{FILE_LETTERS[sq % files]}{sq // files + 1}" for sq in range(self.size)
        )
        self.index: dict[str, int] = {
            name: sq for sq, name in enumerate(self.names) if self.on_board[sq]
        }
        self.coords: tuple[tuple[int, int], ...] = tuple(
            (sq % files, sq // files) for sq in range(self.size)
        )
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(self._ray(sq, d) for d in range(8)) for sq in range(self.size)
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(ray[0] for ray in self.rays[sq] if ray) for sq in range(self.size)
        )
        self.squares: tuple[int, ...] = tuple(sq for sq in range(self.size) if self.on_board[sq])

    def _ray(self, sq: int, d: int) -> tuple[int, ...]:
        df, dr = DIRECTIONS[d]
        f, r = self.coords[sq]
        out: list[int] = []
        while True:
            f, r = f + df, r + dr
            target = self.at(f, r)
            if target is None:
                return tuple(out)
            out.append(target)

    def at(self, f: int, r: int) -> int | None:
        """The square at file index ``f``, rank index ``r``, or None off the board."""
        if 0 <= f < self.files and 0 <= r < self.ranks:
            sq = r * self.files + f
            if self.on_board[sq]:
                return sq
        return None

    def offset(self, sq: int, df: int, dr: int) -> int | None:
        """The square ``df`` files and ``dr`` ranks away from ``sq``, or None."""
        f, r = self.coords[sq]
        return self.at(f + df, r + dr)

    def leaps(self, sq: int, offsets: Iterable[tuple[int, int]]) -> tuple[int, ...]:
        """The on-board squares reached from ``sq`` by each (df, dr) in ``offsets``."""
        out = []
        for df, dr in offsets:
            target = self.offset(sq, df, dr)
            if target is not None:
                out.append(target)
        return tuple(out)

    def direction(self, a: int, b: int) -> tuple[int, int] | None:
        """``(d, distance)`` if ``b`` lies on one of the 8 lines from ``a``, else None."""
        fa, ra = self.coords[a]
        fb, rb = self.coords[b]
        df, dr = fb - fa, rb - ra
        if (df, dr) == (0, 0) or (df and dr and abs(df) != abs(dr)):
            return None
        step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
        return DIRECTIONS.index(step), max(abs(df), abs(dr))


#: What :func:`moves_needed` gives a square from which the target cannot be reached.
UNREACHABLE = 255


def move_sources(reach: Sequence[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    """Reverse a piece's move table: ``reach[sq]`` holds the squares a piece on ``sq`` can move
    to; the result holds, per square, the squares from which a piece can move there."""
    sources: list[list[int]] = [[] for _ in reach]
    for sq, targets in enumerate(reach):
        for t in targets:
            sources[t].append(sq)
    return tuple(tuple(s) for s in sources)


def moves_needed(sources: Sequence[Sequence[int]], target: int) -> bytes:
    """Per square, the fewest moves a piece needs to reach ``target`` on an empty board (0 on
    ``target`` itself; :data:`UNREACHABLE` when it never can, and at most 254 otherwise),
    ``sources`` being its reversed move table (:func:`move_sources`): a breadth-first search
    from ``target``, so terrain folded into the table is walked around, not through."""
    dist = bytearray([UNREACHABLE]) * len(sources)
    dist[target] = 0
    queue = deque([target])
    while queue:
        sq = queue.popleft()
        step = min(dist[sq] + 1, UNREACHABLE - 1)
        for s in sources[sq]:
            if dist[s] == UNREACHABLE:
                dist[s] = step
                queue.append(s)
    return bytes(dist)
