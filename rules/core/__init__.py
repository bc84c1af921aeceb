"""The small core every game shares: errors, reasons, options, geometry, notation, rule
checks, board views and the game interface."""

from .checks import RuleBook
from .errors import (
    GameOver,
    IllegalMove,
    InvalidDice,
    InvalidOptions,
    InvalidPosition,
    RulesError,
    WorkLimitExceeded,
)
from .game import DRAW, ONGOING, WIN, Analysis, Applied, Game, Status
from .geometry import Grid
from .options import OptionSpec, draw_after_quiet_plies
from .reasons import Reason, State

__all__ = [
    "Analysis", "Applied", "DRAW", "Game", "GameOver", "Grid",
    "IllegalMove", "InvalidDice", "InvalidOptions", "InvalidPosition", "ONGOING", "OptionSpec",
    "Reason", "RuleBook", "RulesError", "State", "Status", "WIN", "WorkLimitExceeded",
    "draw_after_quiet_plies",
]
