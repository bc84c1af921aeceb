"""Reason codes: why a move is illegal, why a game ended, and the states a game can be in.

Every game declares two enums derived from :class:`Reason`: one listing the ``reason`` of
every illegal move it can refuse, one listing the ``reason`` of every way its games can end.
Each member is a stable code (its string value, sent over HTTP) with a sentence saying which
rule it reports, so ``GET /v1/games/{game}`` and the API spec can list them all::

    class Illegal(Reason):
        EMPTY_SQUARE = "empty_square", "There is no piece on the square the move starts from."

Members are strings (``Illegal.EMPTY_SQUARE == "empty_square"``) and serialise as such.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self


class State(StrEnum):
    """Whether a game goes on or how it ended."""

    ONGOING = "ongoing"
    WIN = "win"
    DRAW = "draw"


class Reason(StrEnum):
    """A stable reason code with one sentence for people; games subclass it with members
    written ``NAME = "code", "sentence"``."""

    sentence: str

    def __new__(cls, code: str, sentence: str = "") -> Self:
        member = str.__new__(cls, code)
        member._value_ = code
        member.sentence = sentence
        return member

    @classmethod
    def catalogue(cls) -> dict[str, str]:
        """Every code of this enum with its sentence, in declaration order."""
        return {member.value: member.sentence for member in cls}


class OffBoard(Reason):
    """The ``reason`` of a game ended off the board, the same in every game: what a record
    (:mod:`rules.records`) or a clock says happened, which no position shows."""

    RESIGNATION = "resignation", "A player resigned; with two players left the other wins."
    ABANDONED = "abandoned", "A player left the game; with two players left the other wins."
    OUT_OF_TIME = "out_of_time", (
        "A player's clock ran out; with two players left the other wins.")
    AGREEMENT = "agreement", "The players agreed a draw."
