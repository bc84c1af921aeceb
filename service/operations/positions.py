"""Positions as requests send them and answers carry them, with the recent ones remembered.

A client playing a game sends each position two to four times in a row (legal-moves, apply;
status, the next legal-moves), on one keep-alive connection, so one worker sees them; and
the position an answer carries is the one the next request sends. Positions are immutable
values, so the last :data:`REMEMBERED` texts read and positions written are kept: one cache
of each for every game and configuration together, keyed by the configured game and the
position.
"""

from __future__ import annotations

from typing import Any

from rules.core.game import Game
from rules.core.memo import memo

#: positions read (texts of at most MAX_POSITION_LENGTH characters) and written, each
REMEMBERED = 256


@memo(entry_bytes=640)
def _parsed(game: Game[Any, Any], text: str) -> Any:
    return game.parse_position(text)


@memo(entry_bytes=560)
def _written(game: Game[Any, Any], position: Any) -> str:
    return game.format_position(position)


def position_for(game: Game[Any, Any], text: str | None) -> Any:
    """The position ``text`` describes (read, or recalled from a recent read), or the game's
    initial position for None; raises InvalidPosition as ``parse_position`` does."""
    return game.start_position if text is None else _parsed(game, text)


def canonical(game: Game[Any, Any], position: Any) -> str:
    """The canonical notation of ``position`` (written, or recalled)."""
    return _written(game, position)
