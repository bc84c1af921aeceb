"""Maestria: 2x12 board with terrain, stacks of pawns, action points and dice combat.

The rules and rulings this package implements are docs/rules/maestria.md.
"""

from .actions import Action, Move
from .game import Maestria
from .position import Position, format_position, parse_position

__all__ = ["Action", "Maestria", "Move", "Position", "format_position", "parse_position"]
