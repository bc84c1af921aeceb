"""The small core every game shares: errors, options, geometry, notation, the game interface."""

from .errors import (
    GameOver,
    IllegalMove,
    InvalidDice,
    InvalidOptions,
    InvalidPosition,
    RulesError,
    WorkLimitExceeded,
)
from .game import DRAW, ONGOING, WIN, Applied, Game, Status
from .geometry import Grid
from .options import DRAW_AFTER_QUIET_PLIES, OptionSpec

__all__ = [
    "Applied", "DRAW", "DRAW_AFTER_QUIET_PLIES", "Game", "GameOver", "Grid", "IllegalMove",
    "InvalidDice", "InvalidOptions", "InvalidPosition", "ONGOING", "OptionSpec", "RulesError",
    "Status", "WIN", "WorkLimitExceeded",
]
