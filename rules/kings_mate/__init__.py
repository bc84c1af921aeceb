"""King's Mate: 7x9, raised squares, Swordmasters guarding the King, check only when defenseless.

The rules as the engine plays them, and every ruling it makes where the original rules are
silent, are in ``docs/rules/kings-mate.md``.
"""

from .game import KingsMate
from .moves import Move
from .position import Position, format_position, parse_position

__all__ = ["KingsMate", "Move", "Position", "format_position", "parse_position"]
