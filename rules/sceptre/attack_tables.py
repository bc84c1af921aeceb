"""Sceptre's attack tables: per square, the lines and leaps along which a piece can capture
on it, and the squares its attack test reads (:class:`AttackTables`, each table built on its
first use from the move tables)."""

from __future__ import annotations

from functools import cached_property

from .move_tables import MoveTables, Ray
from .pieces import COLOURS, KNIGHT, LINE_KINDS, PAWN


class AttackTables(MoveTables):
    """The tables of the attack test, added to a layout's move tables."""

    @cached_property
    def attack_lines(self) -> tuple[tuple[tuple[Ray, frozenset[int]], ...], ...]:
        """Per square, its lines (the grid's 8 rays) with the kinds that attack along each:
        K, Q, R orthogonally, K, Q, B diagonally (the reach tables then limit the King to one
        square); for the attack test, built on its first use.

        Each line stops at the farthest square from which a piece could capture on the square
        (a line piece, by the reach tables, or a Pawn): beyond it terrain cuts every attack
        off, so a walk never looks further. Lines with no such square are left out."""
        return tuple(
            tuple((line, LINE_KINDS[d & 1]) for d, ray in enumerate(rays)
                  for line in (self._attack_line(sq, ray, LINE_KINDS[d & 1]),) if line)
            for sq, rays in enumerate(self.grid.rays))

    def _attack_line(self, sq: int, ray: Ray, kinds: frozenset[int]) -> Ray:
        """``ray`` (from ``sq``) up to its farthest square from which a piece of ``kinds``
        or a Pawn of any army could capture on ``sq``; empty when there is none."""
        last = -1
        for i, t in enumerate(ray):
            if any(sq in self.reach_set[kind][t] for kind in kinds) or any(
                    sq in captures[t] for captures in self.pawn_captures.values()):
                last = i
        return ray[:last + 1]

    @cached_property
    def knight_sources(self) -> tuple[Ray, ...]:
        """Per square, the squares from which a Knight may leap onto it (terrain applied),
        for the attack test, built on its first use."""
        reach = self.reach_set[KNIGHT]
        return tuple(tuple(t for t in geometry if sq in reach[t])
                     for sq, geometry in enumerate(self.knight_geometry))

    @cached_property
    def attacker_lines(self) -> tuple[tuple[tuple[tuple[int, frozenset[int]], ...], ...], ...]:
        """Per square, each line of :attr:`attack_lines` with, on each of its squares, the
        codes of the pieces (of any army) that capture on the square from there when they are
        the first piece on the line: the attack test's walks (a Knight's attack is looked up
        in :attr:`knight_sources`). Built on first use; equal sets are shared."""
        shared: dict[frozenset[int], frozenset[int]] = {}
        armies = range(len(COLOURS))
        reach_set, pawn_captures = self.reach_set, self.pawn_captures

        def codes(sq: int, t: int, line_kinds: frozenset[int]) -> frozenset[int]:
            found = frozenset(
                [army * 8 + kind for kind in line_kinds if sq in reach_set[kind][t]
                 for army in armies]
                + [army * 8 + PAWN for army, captures in pawn_captures.items()
                   if sq in captures[t]])
            return shared.setdefault(found, found)

        return tuple(
            tuple(tuple((t, codes(sq, t, line_kinds)) for t in line)
                  for line, line_kinds in lines)
            for sq, lines in enumerate(self.attack_lines))

    @cached_property
    def attack_squares(self) -> tuple[frozenset[int], ...]:
        """Per square, the squares whose pieces its attack test looks at: those of its
        :attr:`attack_lines` and :attr:`knight_sources` (built on first use)."""
        return tuple(lines | frozenset(sources)
                     for lines, sources in zip(self.line_squares, self.knight_sources))

    @cached_property
    def attack_windows(self) -> tuple[int, ...]:
        """Per square, its :attr:`attack_squares` as a number with the bits of their bytes
        set (byte ``t`` of a board read as one little-endian number): ``diff &
        attack_windows[sq]`` is 0 when two boards whose bytes differ by ``diff`` (xor) give
        the same answer to the attack test of ``sq`` (built on first use)."""
        return tuple(sum(0xFF << (8 * t) for t in squares) for squares in self.attack_squares)

    @cached_property
    def line_squares(self) -> tuple[frozenset[int], ...]:
        """Per square, every square of its :attr:`attack_lines`: the only squares from which
        a piece can shield a King there from a line piece (built on first use)."""
        return tuple(frozenset(t for line, _ in lines for t in line)
                     for lines in self.attack_lines)
