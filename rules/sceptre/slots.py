"""Sceptre's move slots: every move a piece may make on an empty board, each once, as a
:data:`Slot` that :func:`rules.sceptre.moves.draw` picks at random (:class:`SlotTables`, built
on first use from the move tables)."""

from __future__ import annotations

from functools import cached_property

from .move_tables import MAX_SQUARES, MoveTables, Ray
from .pieces import BISHOP, KING, KNIGHT, PAWN, PROMOTION_KINDS, QUEEN, ROOK, Move
from .sections import MAX_SPAN

#: How a slot's move is valid on its target square: empty or not the mover's (ANY), empty
#: (QUIET, a Pawn's move), holding a piece the mover does not move (CAPTURE, a Pawn's capture).
ANY, QUIET, CAPTURE = 0, 1, 2
#: One move a piece may make on an empty board: ``(dst, path, clear, move, mode)``, where
#: ``board[path] == clear`` says that the squares it passes over are empty (``path`` a slice
#: of the board, in steps along the ray) and ``mode`` how ``dst`` must be (ANY, QUIET,
#: CAPTURE).
Slot = tuple[int, slice, bytes, Move, int]
#: The path of a move that passes over no square.
NO_PATH = slice(0, 0)


class SlotTables(MoveTables):
    """The slot tables of the random move, added to a layout's move tables."""

    @cached_property
    def near_slots(self) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """:attr:`slots` limited to the moves that pass over no square, built on first use
        from the move tables (without building :attr:`slots`, which on a large open board
        take a second and tens of MB)."""
        return self._slot_tables(1)

    @cached_property
    def slots(self) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """Per piece code (indexed ``[code][sq]``; empty for codes of no player), every move
        the piece may make from ``sq`` on an empty board, terrain applied, each once, as a
        :data:`Slot`: a promoting Pawn's move onto a promotion square has one slot per
        promotion kind (see :func:`rules.sceptre.moves.draw`). Every pseudo-legal move of a
        position is the move of exactly one slot of the side's pieces, so drawing slots
        uniformly and keeping the valid ones draws moves uniformly. Built on first use."""
        return self._slot_tables(MAX_SPAN)

    def _slot_tables(self, reach: int) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """The slots of every piece code and square whose moves go at most ``reach``
        squares along a ray (leaps and Pawn captures always)."""
        sliding: list[tuple[tuple[Slot, ...], ...]] = [()] * 7
        for kind in (KING, QUEEN, ROOK, BISHOP):
            sliding[kind] = tuple(
                tuple(slot for ray, moves in paths
                      for slot in _ray_slots(ray[:reach], moves, ANY, frozenset()))
                for paths in self.slides[kind])
        sliding[KNIGHT] = tuple(
            tuple((dst, NO_PATH, b"", move, ANY) for dst, move in targets)
            for targets in self.leaps)
        by_code: list[tuple[tuple[Slot, ...], ...]] = [()] * 32
        for colour in self.players:
            for kind in (KING, QUEEN, ROOK, BISHOP, KNIGHT):
                by_code[colour * 8 + kind] = sliding[kind]
            promo = self.promotion[colour]
            by_code[colour * 8 + PAWN] = tuple(
                tuple(slot for ray, moves in paths
                      for slot in _ray_slots(ray[:reach], moves, QUIET, promo))
                + tuple(slot for dst, move in targets
                        for slot in _promotion_slots(dst, NO_PATH, b"", move, CAPTURE, promo))
                for paths, targets in zip(self.pawn_paths[colour],
                                          self.pawn_capture_targets[colour]))
        return tuple(by_code)


def _ray_slots(ray: Ray, moves: tuple[Move, ...], mode: int,
               promo: frozenset[int]) -> list[Slot]:
    """The slots of the moves along one ray: the move to its i-th square passes over the
    squares before it."""
    slots: list[Slot] = []
    for i, (dst, move) in enumerate(zip(ray, moves)):
        path = _path_slice(ray[:i])
        slots += _promotion_slots(dst, path, _CLEAR[i], move, mode, promo)
    return slots


#: ``_CLEAR[n]``: n empty squares, as a slot's ``clear`` (one object per length, shared).
_CLEAR = tuple(bytes(n) for n in range(MAX_SPAN))


def _promotion_slots(dst: int, path: slice, clear: bytes, move: Move, mode: int,
                     promo: frozenset[int]) -> list[Slot]:
    """The slot of ``move``, or one per promotion kind when it ends on a promotion square
    (``promo``): each such move is valid only when its kind is one the army has lost, or the
    Queen's slot as the plain move when it has lost none."""
    if dst not in promo:
        return [(dst, path, clear, move, mode)]
    return [(dst, path, clear, Move(move.src, dst, kind), mode) for kind in PROMOTION_KINDS]


_SLICES: dict[tuple[int, int | None, int], slice] = {}


def _path_slice(squares: Ray) -> slice:
    """The slice of a board (bytes indexed by square) giving ``squares``, consecutive steps
    along a ray (one slice object per distinct value, shared)."""
    if not squares:
        return NO_PATH
    step = squares[1] - squares[0] if len(squares) > 1 else 1
    stop: int | None = squares[-1] + step
    if stop is not None and stop < 0:
        stop = None
    key = (squares[0], stop, step)
    found = _SLICES.get(key)
    if found is None:
        found = _SLICES[key] = slice(*key)
        assert tuple(range(MAX_SQUARES)[found]) == squares, "a path is a straight run"
    return found
