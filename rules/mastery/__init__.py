"""Mastery: 8x8, Masters, Officers and Pawns, control of enemy pieces and resurrection.

docs/rules/mastery.md gives the rules and rulings this package implements.
"""

from .game import Mastery
from .moves import Move
from .position import Position, format_position, parse_position

__all__ = ["Mastery", "Move", "Position", "format_position", "parse_position"]
