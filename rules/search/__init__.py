"""The computer opponent: a move suggested for any position of any registered game.

Pure Python over the :class:`~rules.core.game.Game` interface, so a game added later gets it
for free. Three levels:

- ``random``: uniform over the legal moves;
- ``greedy``: a win in one if there is one, else the best move by the game's one-ply
  evaluation (:mod:`rules.search.simple`);
- ``mcts``: Monte Carlo tree search with random playouts (:mod:`rules.search.mcts`).

The budget that makes an answer reproducible is the number of playouts: the same position,
options, level, seed and playouts give the same move. ``time_ms`` is a cap on top of it; a
search stopped by it has done fewer playouts than asked, which the answer reports.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..core.errors import GameOver
from ..core.game import Game, SearchLimits
from . import mcts, simple
from .simple import M, P

LEVELS = ("random", "greedy", "mcts")
DEFAULT_LEVEL = "mcts"
#: The most time one suggestion may search, in milliseconds, and the default cap.
MAX_TIME_MS = 2000
#: How many of the best moves an answer lists with their visits and values.
ALTERNATIVES = 5


class BudgetError(ValueError):
    """A budget over its cap; ``field`` names it and ``limit`` is the cap."""

    def __init__(self, field: str, limit: int, detail: str) -> None:
        super().__init__(detail)
        self.field, self.limit, self.detail = field, limit, detail


@dataclass(frozen=True)
class Suggestion:
    """A suggested move and how it was chosen.

    ``value`` is the mover's estimated chance of winning after the move; ``alternatives`` the
    best few moves with their visits (0 outside ``mcts``) and values, the suggestion first.
    """

    move: Any
    level: str
    playouts: int
    seconds: float
    value: float
    alternatives: tuple[mcts.Visited, ...]


def check_budget(game: Game[Any, Any], playouts: int | None,
                 time_ms: int | None) -> tuple[int, int]:
    """The playouts and time cap a request gets (defaults filled in); BudgetError past a cap."""
    limits: SearchLimits = game.search_limits
    if playouts is None:
        playouts = limits.playouts
    if not 1 <= playouts <= limits.max_playouts:
        raise BudgetError("playouts", limits.max_playouts,
                          f"playouts must be from 1 to {limits.max_playouts} for {game.name}; "
                          f"got {playouts}.")
    if time_ms is None:
        time_ms = MAX_TIME_MS
    if not 1 <= time_ms <= MAX_TIME_MS:
        raise BudgetError("time_ms", MAX_TIME_MS,
                          f"time_ms must be from 1 to {MAX_TIME_MS}; got {time_ms}.")
    return playouts, time_ms


def suggest(game: Game[P, M], position: P, *, level: str = DEFAULT_LEVEL,
            playouts: int | None = None, time_ms: int | None = None, seed: int = 0,
            **settings: Any) -> Suggestion:
    """The move ``level`` plays from ``position``.

    Raises GameOver for a finished game, BudgetError for a budget past its cap, ValueError for
    an unknown level. ``settings`` go to the MCTS search (see :class:`mcts.Search`).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}; got {level!r}.")
    playouts, time_ms = check_budget(game, playouts, time_ms)
    status = game.status(position)
    if status.finished:
        raise GameOver.of(status, "there is no move to suggest.")
    started = time.perf_counter()
    if level == "mcts":
        result = mcts.search(game, position, playouts, time_ms / 1000, seed, **settings)
        ranked = result.ranked
        return Suggestion(ranked[0].move, level, result.playouts, result.seconds,
                          ranked[0].value, ranked[:ALTERNATIVES])
    rng = random.Random(seed)
    if level == "greedy":
        ranking = simple.greedy_ranking(game, position, rng)
        best = [mcts.Visited(move, 0, value) for move, value in ranking[:ALTERNATIVES]]
        return Suggestion(best[0].move, level, 0, time.perf_counter() - started,
                          best[0].value, tuple(best))
    move = simple.random_move(game, position, rng)
    value, _ = simple.move_value(game, position, move, simple.to_move(game, position))
    return Suggestion(move, level, 0, time.perf_counter() - started, value,
                      (mcts.Visited(move, 0, value),))


__all__ = ["ALTERNATIVES", "BudgetError", "DEFAULT_LEVEL", "LEVELS", "MAX_TIME_MS",
           "Suggestion", "check_budget", "suggest"]
