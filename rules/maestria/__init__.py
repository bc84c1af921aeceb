"""Maestria: 2x12 board with terrain, stacks of pawns, action points and dice combat.

See ``RULES.md`` section 3 for the rules and rulings this module implements.
"""

from .game import Maestria
from .position import Position, format_position, parse_position

__all__ = ["Maestria", "Position", "format_position", "parse_position"]
