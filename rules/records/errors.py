"""The errors a record can earn, beside the rules' own (an illegal ply is an
:class:`~rules.core.errors.IllegalMove` with its index). Each carries a stable code and,
where the record text has one, the ``line`` and ``column`` (from 1) of the fault."""

from __future__ import annotations

from ..core.errors import RulesError


class InvalidRecord(RulesError):
    """The record text does not follow the record grammar."""

    code = "invalid_record"


class InvalidTag(RulesError):
    """A tag pair is malformed, repeated, or holds a value its tag does not take."""

    code = "invalid_tag"


class GameMismatch(RulesError):
    """The record's Game tag names a game this service does not play, or another game than
    the one asked for."""

    code = "game_mismatch"


class ResultContradictsBoard(RulesError):
    """The record's result (or Termination) is not what its moves and off-board events
    lead to: a win claimed in a game that goes on with nothing to explain it, another
    winner than the board's, a draw where the board shows a win."""

    code = "result_contradicts_board"


class TooManyRecords(RulesError):
    """A text holds more games than one request judges."""

    code = "too_many_records"
