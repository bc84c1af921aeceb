"""Games ended, or changed, off the board: a player resigns, leaves or runs out of time, or
the players agree a draw. No position shows these; a record (:mod:`rules.records`) or a clock
says they happened, and these functions say what follows, the same way for every game.

A player who leaves a game of two players in it loses: the other wins, and the board stays as
it was. With more players in, the game goes on without him if the game can
(:meth:`~rules.core.hooks.AnswerHooks.remove_player`: his armies may become inert, say).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import GameOver, RulesError
from .game import Game
from .reasons import OffBoard
from .values import DRAW, WIN, Status


class Departed(NamedTuple):
    """What follows a departure: the position play goes on from (the same one when the
    departure ends the game), its status, and what happened on the board."""

    position: Any
    status: Status
    events: tuple[dict[str, Any], ...]


class CannotDepart(RulesError):
    """A departure that cannot happen here: a player who is not in the game, or a game that
    cannot go on without one of three or more players."""

    code = "invalid_departure"


def depart(game: Game[Any, Any], position: Any, player: str, reason: OffBoard) -> Departed:
    """``player`` leaves the game at ``position`` for ``reason`` (a resignation, leaving,
    running out of time). Raises GameOver on a finished position and CannotDepart for a
    player not in the game."""
    in_game = _still_playing(game, position)
    if player not in in_game:
        raise CannotDepart(
            f"{player!r} is not in this game at this point; the players in it are "
            f"{', '.join(in_game)}.", player=player)
    if len(in_game) <= 2:
        winner = next((p for p in in_game if p != player), None)
        return Departed(position, Status(WIN, winner, reason), ())
    applied = game.remove_player(position, player)
    if applied is None:
        raise CannotDepart(
            f"{game.name} cannot go on without {player} while three or more players are in "
            "it.", player=player)
    return Departed(applied.position, game.status(applied.position), applied.events)


def agree_draw(game: Game[Any, Any], position: Any) -> Status:
    """The players agree a draw at ``position`` (GameOver on a finished one)."""
    _still_playing(game, position)
    return Status(DRAW, None, OffBoard.AGREEMENT)


def _still_playing(game: Game[Any, Any], position: Any) -> tuple[str, ...]:
    """The players in the game at ``position``; GameOver when it is finished."""
    status = game.status(position)
    if status.finished:
        raise GameOver.of(status, "nobody can leave it or agree a draw.")
    return game.players_in(position)
