"""King's Mate: 7x9, raised squares, Swordmasters guarding the King, check only when defenseless.

See ``RULES.md`` section 2 for the rules and rulings, and ``docs/rules/kings-mate.md`` for
what this module decides where they are silent.
"""

from .game import KingsMate
from .position import Position, format_position, parse_position

__all__ = ["KingsMate", "Position", "format_position", "parse_position"]
