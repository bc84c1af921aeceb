"""Mastery positions: pieces, the two setups, and the compact notation.

``<board> <side> <last> <quiet> <n>``, e.g. the imperial setup
``2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2 d - 0 1``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core.errors import InvalidPosition
from ..core.geometry import Grid
from ..core.notation import (BoardCodes, check_army_sizes, format_board, parse_board_codes,
                             parse_counter, split_fields)
from .reasons import End

GRID = Grid(8, 8)

DARK, LIGHT = 0, 1
SIDE_NAMES = ("dark", "light")
SIDE_LETTERS = ("d", "l")

# A piece is side * 4 + kind, so ``code >> 2`` is its side and ``code & 3`` its kind.
# Kinds are numbered by rank, highest first: a lower number outranks a higher one.
EMPTY, MASTER, OFFICER, PAWN = 0, 1, 2, 3
KIND_NAMES = {MASTER: "Master", OFFICER: "Officer", PAWN: "Pawn"}
KIND_LETTERS = {MASTER: "M", OFFICER: "O", PAWN: "P"}
FULL_ARMY = {MASTER: 3, OFFICER: 4, PAWN: 6}

LETTER_TO_CODE = {"M": 1, "O": 2, "P": 3, "m": 5, "o": 6, "p": 7}
#: the code of every token of the board notation, None standing for an empty square
_CELL_CODES: dict[str | None, int] = {None: EMPTY}
_CELL_CODES.update((letter, code) for letter, code in LETTER_TO_CODE.items())
PIECE_PATTERN = "[MOPmop]"
CODE_TO_LETTER = {code: letter for letter, code in LETTER_TO_CODE.items()}

SETUPS = {
    "imperial": "2mmm3/2ooo3/1ppopp2/2p1p3/3P1P2/2PPOPP1/3OOO2/3MMM2",
    "draume-crown": "1momom2/1ppopp2/p2o2p1/8/8/1P2O2P/2PPOPP1/2MOMOM1",
}


class LastMove(NamedTuple):
    """The previous ply: the moved piece went from ``src`` to ``dst``."""

    src: int
    dst: int
    capture: bool


class Position(NamedTuple):
    """An immutable Mastery position; ``board`` holds 64 piece codes, a1 first."""

    board: tuple[int, ...]
    side: int
    last: LastMove | None
    quiet: int
    n: int


def piece_name(code: int) -> str:
    """``"dark Officer"`` for the code of a dark Officer."""
    return f"{SIDE_NAMES[code >> 2]} {KIND_NAMES[code & 3]}"


def army_counts(board: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Per side, the number of pieces of each kind on the board (index = kind)."""
    # Six counts over the board as bytes (a memchr-speed scan each) are cheaper than six over
    # the tuple, and much cheaper than one Python loop over 64 squares.
    count = bytes(board).count
    return ([0, count(MASTER), count(OFFICER), count(PAWN)],
            [0, count(4 + MASTER), count(4 + OFFICER), count(4 + PAWN)])


def defeat_reason(counts: list[int]) -> End | None:
    """Why a side with these piece counts has lost, or None if it has not."""
    if counts[MASTER] == 0:
        return End.NO_MASTERS
    if counts[OFFICER] == 0 and counts[PAWN] == 0:
        return End.NO_OFFICERS_OR_PAWNS
    return None


def initial_position(setup: str) -> Position:
    """The position at the start of a game laid out as ``setup`` (a key of SETUPS)."""
    return Position(parse_board_codes(SETUPS[setup], GRID, PIECE_PATTERN, _CELL_CODES), DARK,
                    None, 0, 1)


#: reads the board field into piece codes
_BOARD = BoardCodes(GRID, PIECE_PATTERN, _CELL_CODES)


_LAST = re.compile(r"([a-h][1-8])([-x])([a-h][1-8])")


def parse_position(text: str) -> Position:
    """Parse the compact notation strictly; raise InvalidPosition naming what is wrong."""
    board_text, side_text, last_text, quiet_text, n_text = split_fields(
        text, ("board", "side", "last", "quiet", "n")
    )
    board = _BOARD.read(board_text)
    if side_text not in SIDE_LETTERS:
        raise InvalidPosition(
            f"The side field must be 'd' (dark) or 'l' (light); got {side_text!r}.", field="side"
        )
    side = SIDE_LETTERS.index(side_text)
    quiet = parse_counter(quiet_text, "quiet")
    n = parse_counter(n_text, "n", minimum=1)

    counts = army_counts(board)
    check_army_sizes(counts, FULL_ARMY, SIDE_NAMES, KIND_NAMES)
    if defeat_reason(counts[DARK]) and defeat_reason(counts[LIGHT]):
        raise InvalidPosition(
            "Both sides have lost (no Masters, or no Officers and no Pawns); a game ends when "
            "the first side does.",
            field="board",
        )
    last = _parse_last(last_text, board, side)
    if last is not None and last.capture and quiet != 0:
        raise InvalidPosition(
            f"The last ply was a capture, so the quiet counter must be 0; got {quiet}.",
            field="quiet",
        )
    return Position(board, side, last, quiet, n)


def _parse_last(text: str, board: tuple[int, ...], side: int) -> LastMove | None:
    """The last field read strictly against the board it led to; InvalidPosition if the ply
    could not have been made."""
    if text == "-":
        return None
    m = _LAST.fullmatch(text)
    if not m:
        raise InvalidPosition(
            f"The last field must be '-' or a ply such as 'd4-d6' or 'd4xd6'; got {text!r}.",
            field="last",
        )
    src, dst = GRID.index[m.group(1)], GRID.index[m.group(3)]
    capture = m.group(2) == "x"
    line = GRID.direction(src, dst)
    if line is None or line[1] > 3:
        raise InvalidPosition(
            f"The last ply {text} is not a move any Mastery piece can make.", field="last"
        )
    code = board[dst]
    if code == EMPTY:
        raise InvalidPosition(
            f"The last ply {text} ends on {m.group(3)}, which is empty; the piece that moved "
            "must stand there.",
            field="last",
        )
    if not capture and board[src] != EMPTY:
        raise InvalidPosition(
            f"The last ply {text} was a plain move from {m.group(1)}, so {m.group(1)} must be "
            "empty.",
            field="last",
        )
    direction, distance = line
    kind = code & 3
    orthogonal = direction % 2 == 0
    # The piece on dst was moved by the previous player (the side not to move now), either as
    # its own piece or as a treacherous piece of the side to move now.
    moved_by_owner = code >> 2 != side
    if (
        (kind == MASTER and not orthogonal)
        or (kind == OFFICER and (not orthogonal or distance > 2))
        or (kind == PAWN and moved_by_owner and distance > 1)
    ):
        raise InvalidPosition(
            f"The last ply {text} cannot have been made by the {piece_name(code)} on "
            f"{m.group(3)}.",
            field="last",
        )
    return LastMove(src, dst, capture)


def format_last(last: LastMove | None) -> str:
    """The last field: ``-``, ``d4-d6`` or ``d4xd6``."""
    if last is None:
        return "-"
    return f"{GRID.names[last.src]}{'x' if last.capture else '-'}{GRID.names[last.dst]}"


def format_position(pos: Position) -> str:
    """The compact notation of ``pos``; :func:`parse_position` of it gives ``pos`` back."""
    cells = [CODE_TO_LETTER[c] if c else None for c in pos.board]
    return (
        f"{format_board(cells, GRID)} {SIDE_LETTERS[pos.side]} {format_last(pos.last)} "
        f"{pos.quiet} {pos.n}"
    )
