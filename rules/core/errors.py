"""Errors the rules engine raises; each carries a stable machine-readable code.

The service turns every one of them into an RFC 9457 problem document, so the
``detail`` sentence is written for the person reading it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .reasons import Reason

if TYPE_CHECKING:
    from .values import Status


def as_json(value: Any) -> str:
    """``value`` spelled as in the JSON the client sent (``true``, ``null``, ``"w"``), for
    quoting client-supplied values in error details; ``repr`` for anything JSON cannot
    spell."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


class RulesError(Exception):
    """Base of every error a game raises for input it cannot accept."""

    code = "rules_error"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class InvalidPosition(RulesError):
    """The position notation does not parse, or describes an impossible state."""

    code = "invalid_position"


class InvalidOptions(RulesError):
    """The options are unknown, of the wrong type, or out of range."""

    code = "invalid_options"


class IllegalMove(RulesError):
    """The move is not legal here; ``reason``, a member of the game's
    :attr:`~rules.core.game.Game.illegal_reasons`, names the rule that forbids it."""

    code = "illegal_move"

    def __init__(self, reason: Reason, detail: str, **extra: Any) -> None:
        super().__init__(detail, **extra)
        self.reason = reason
        self.extra = {"reason": reason.value, **extra}


class InvalidDice(RulesError):
    """Dice were given that the move does not take, or of the wrong count or range."""

    code = "invalid_dice"


class GameOver(RulesError):
    """A move was sent for a position whose game has already ended."""

    code = "game_over"

    @classmethod
    def of(cls, status: Status, consequence: str) -> GameOver:
        """The refusal of a finished ``status``: "The game is over (win, checkmate); " then
        ``consequence``, with the state, winner and reason as fields."""
        reason = None if status.reason is None else status.reason.value
        return cls(f"The game is over ({status.state.value}, {reason}); {consequence}",
                   state=status.state.value, winner=status.winner, game_reason=reason)


class WorkLimitExceeded(RulesError):
    """The request would cost more work than one call may (deep perft, long replays)."""

    code = "work_limit_exceeded"
