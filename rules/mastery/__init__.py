"""Mastery: 8x8, Masters, Officers and Pawns, control of enemy pieces and resurrection.

See ``RULES.md`` section 1 for the rules and rulings this module implements.
"""

from .game import Mastery
from .position import Position, parse_position, format_position

__all__ = ["Mastery", "Position", "parse_position", "format_position"]
