"""Sceptre: 2-4 player chess on a board of 8x8 sections with forest, rivers, ponds and ruins.

See ``RULES.md`` section 4 for the rules and rulings, and ``docs/rules/sceptre.md`` for what
this module decides where they are silent.
"""

from .board import Layout, compile_layout
from .game import Sceptre
from .position import Position, format_position, parse_position

__all__ = ["Layout", "Position", "Sceptre", "compile_layout", "format_position", "parse_position"]
