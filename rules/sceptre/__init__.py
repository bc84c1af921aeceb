"""Sceptre: 2-4 player chess on a board of 8x8 sections with forest, rivers, ponds and ruins.

See ``docs/rules/sceptre.md`` for the rules as this package plays them, with every ruling it
makes where the published description is silent.
"""

from .game import Sceptre
from .layout import Layout, compile_layout
from .pieces import PASS, Move
from .position import Position, format_position, parse_position

__all__ = ["Layout", "Move", "PASS", "Position", "Sceptre", "compile_layout", "format_position",
           "parse_position"]
