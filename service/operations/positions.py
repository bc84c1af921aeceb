"""Positions as requests send them and answers carry them, with the recent ones remembered.

A client playing a game sends each position two to four times in a row (legal-moves, apply;
status, the next legal-moves), on one keep-alive connection, so one worker sees them; and
the position an answer carries is the one the next request sends. Positions are immutable
values, so the last :data:`REMEMBERED` texts read and positions written are kept: one cache
of each for every game and configuration together, keyed by the configured game and the
position. A text read is remembered with whether it is the position's canonical notation
(:meth:`~rules.core.hooks.SpeedHooks.is_canonical`), so that an answer echoing the position
it was asked of writes it only when the text was not.
"""

from __future__ import annotations

from typing import Any

from rules.core.game import Game
from rules.core.memo import memo

#: positions read (texts of at most MAX_POSITION_LENGTH characters) and written, each
REMEMBERED = 256


@memo(entry_bytes=640)
def _parsed(game: Game[Any, Any], text: str) -> tuple[Any, bool]:
    """The position ``text`` describes, and whether ``text`` is its canonical notation."""
    position = game.parse_position(text)
    return position, game.is_canonical(text, position)


@memo(entry_bytes=560)
def _written(game: Game[Any, Any], position: Any) -> str:
    return game.format_position(position)


def position_for(game: Game[Any, Any], text: str | None) -> Any:
    """The position ``text`` describes (read, or recalled from a recent read), or the game's
    initial position for None; raises InvalidPosition as ``parse_position`` does."""
    return game.start_position if text is None else _parsed(game, text)[0]


def canonical(game: Game[Any, Any], position: Any) -> str:
    """The canonical notation of ``position`` (written, or recalled)."""
    return _written(game, position)


def position_and_canonical(game: Game[Any, Any], text: str | None) -> tuple[Any, str]:
    """:func:`position_for` ``text``, and :func:`canonical` of it: ``text`` itself when the
    game tells that it is canonical, without writing the position."""
    if text is None:
        return game.start_position, _written(game, game.start_position)
    position, is_canonical = _parsed(game, text)
    return position, text if is_canonical else _written(game, position)
