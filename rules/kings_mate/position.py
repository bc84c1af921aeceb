"""King's Mate positions: the 7x9 board, its raised squares, the pieces and the compact notation.

``<board> <side> <unmoved> <failed> <quiet> <n>``, e.g. the initial position
``wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW w Kk - 0 1``.

This module checks what a position must satisfy whatever the options; the
checks that need move generation or options (a capturable King, ``failed``
outside active play) live in :mod:`rules.kings_mate.game`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core.errors import InvalidPosition
from ..core.geometry import Grid
from ..core.notation import (BoardCodes, check_army_sizes, format_board, parse_counter,
                             split_fields)

GRID = Grid(7, 9)
NAMES = GRID.names

WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")
SIDE_LETTERS = ("w", "b")

# A piece is side * 8 + kind, so ``code >> 3`` is its side and ``code & 7`` its kind.
EMPTY, KING, SWORDMASTER, PRIEST, PRIESTESS, KEEPER, FOOL = 0, 1, 2, 3, 4, 5, 6
KIND_NAMES = {KING: "King", SWORDMASTER: "Swordmaster", PRIEST: "Priest",
              PRIESTESS: "Priestess", KEEPER: "Keeper", FOOL: "Fool"}
KIND_LETTERS = {KING: "K", SWORDMASTER: "S", PRIEST: "P", PRIESTESS: "E", KEEPER: "W", FOOL: "F"}
LETTER_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}
#: How many of each kind a side starts with, which is also the most it can ever have:
#: promotion only replaces a Fool by a type the player has lost.
FULL_ARMY = {KING: 1, SWORDMASTER: 2, PRIEST: 1, PRIESTESS: 1, KEEPER: 2, FOOL: 5}
#: The types a Fool may become, in the order moves are listed.
PROMOTION_KINDS = (KEEPER, PRIEST, PRIESTESS)

LETTER_TO_CODE = {
    **{letter: kind for kind, letter in KIND_LETTERS.items()},
    **{letter.lower(): 8 + kind for kind, letter in KIND_LETTERS.items()},
}
_CELL_CODES: dict[str | None, int] = {None: EMPTY}
_CELL_CODES.update(LETTER_TO_CODE)
CODE_TO_LETTER = {code: letter for letter, code in LETTER_TO_CODE.items()}
PIECE_PATTERN = "[KSPEWFkspewf]"

#: The King Squares, where each King starts (index = side).
KING_SQUARES = (GRID.index["d1"], GRID.index["d9"])
#: The central X; a King standing on one of these opens every raised square to his pieces.
CENTRAL_RAISED = frozenset(GRID.index[n] for n in ("d5", "c4", "e4", "c6", "e6"))
RAISED_SQUARES = frozenset(KING_SQUARES) | CENTRAL_RAISED
IS_RAISED = tuple(sq in RAISED_SQUARES for sq in range(GRID.size))
IS_CENTRAL_RAISED = tuple(sq in CENTRAL_RAISED for sq in range(GRID.size))
#: The enemy home rank's index, where a side's Fools promote (index = side).
PROMOTION_RANK = (8, 0)
#: Bits of the ``unmoved`` field.
UNMOVED_BIT = (1, 2)

INITIAL_BOARD = "wpsksew/ff1f1ff/7/7/7/7/7/FF1F1FF/WPSKSEW"


class Position(NamedTuple):
    """An immutable King's Mate position.

    ``board`` holds 63 piece codes, a1 first; ``unmoved`` has bit 1 set while the white King
    has never moved and bit 2 for the black King; ``failed`` is the ascending tuple of squares
    of the mover's pieces whose capture attempt failed this ply (active play).

    ``kings`` (the square of each side's King) and ``swordmasters`` (each side's Swordmaster
    squares, ascending) are read from ``board`` when a position is made (:func:`make_position`)
    and kept up to date by the game's make-move, so that move generation and the formation
    ruling need no pass over the board. They follow from ``board``, so two positions with
    the same fields before them are equal; a position with another board is made with
    :func:`make_position`, never with ``_replace(board=...)``.
    """

    board: tuple[int, ...]
    side: int
    unmoved: int
    failed: tuple[int, ...]
    quiet: int
    n: int
    kings: tuple[int, int]
    swordmasters: tuple[tuple[int, ...], tuple[int, ...]]


def piece_name(code: int) -> str:
    """``"black Keeper"`` for the code of a black Keeper."""
    return f"{SIDE_NAMES[code >> 3]} {KIND_NAMES[code & 7]}"


def army_counts(cells: bytes) -> tuple[list[int], list[int]]:
    """Per side, the number of pieces of each kind on the board given as ``bytes(board)``
    (index = kind; index 0 is 0), counted by ``bytes.count``."""
    count = cells.count
    return [0, *map(count, _CODE_BYTES[WHITE])], [0, *map(count, _CODE_BYTES[BLACK])]


#: _CODE_BYTES[side]: the code of each of ``side``'s kinds as one byte, in kind order (bytes
#: are counted and found faster by a bytes argument than by an int).
_CODE_BYTES = tuple(tuple(bytes((side * 8 + kind,)) for kind in range(1, 7)) for side in (0, 1))
_KING_BYTES = tuple(codes[KING - 1] for codes in _CODE_BYTES)
_SWORDMASTER_BYTES = tuple(codes[SWORDMASTER - 1] for codes in _CODE_BYTES)


def lost_promotion_kinds(board: tuple[int, ...], side: int) -> tuple[int, ...]:
    """The types a Fool of ``side`` may become now: those below their initial count."""
    counts = [0] * 7
    for code in board:
        if code and code >> 3 == side:
            counts[code & 7] += 1
    return tuple(kind for kind in PROMOTION_KINDS if counts[kind] < FULL_ARMY[kind])


def make_position(board: tuple[int, ...], side: int, unmoved: int, failed: tuple[int, ...],
                  quiet: int, n: int) -> Position:
    """The position with these fields, its King and Swordmaster squares read from ``board``
    (which must hold exactly one King a side and at most two Swordmasters)."""
    cells = bytes(board)
    return _made(board, cells, army_counts(cells), side, unmoved, failed, quiet, n)


def _made(board: tuple[int, ...], cells: bytes, counts: tuple[list[int], list[int]], side: int,
          unmoved: int, failed: tuple[int, ...], quiet: int, n: int) -> Position:
    """:func:`make_position`, given ``cells`` (the board as bytes) and its ``army_counts``."""
    find, rfind = cells.find, cells.rfind
    white, black = _SWORDMASTER_BYTES
    w, b = counts[WHITE][SWORDMASTER], counts[BLACK][SWORDMASTER]
    # At most two a side: the first and the last found.
    swordmasters = (() if not w else (find(white),) if w == 1 else (find(white), rfind(white)),
                    () if not b else (find(black),) if b == 1 else (find(black), rfind(black)))
    kings = (find(_KING_BYTES[WHITE]), find(_KING_BYTES[BLACK]))
    # Built as a plain tuple of its type, without the named tuple's argument handling.
    return tuple.__new__(Position, (board, side, unmoved, failed, quiet, n, kings, swordmasters))


#: reads the board field into piece codes
_BOARD = BoardCodes(GRID, PIECE_PATTERN, _CELL_CODES)


def _board_codes(text: str) -> tuple[int, ...]:
    return _BOARD.read(text)


def initial_position() -> Position:
    return make_position(_board_codes(INITIAL_BOARD), WHITE, 3, (), 0, 1)


_UNMOVED = {"Kk": 3, "K": 1, "k": 2, "-": 0}
_SQUARE = re.compile(r"[a-g][1-9]")


def parse_position(text: str) -> Position:
    """Parse the compact notation strictly; raise InvalidPosition naming the field and problem.

    Checks what holds under every option set: the fields' syntax, exactly one King a side,
    no more of a kind than a side starts with, ``unmoved`` Kings on their King Squares,
    ``failed`` squares holding the mover's pieces.
    """
    board_text, side_text, unmoved_text, failed_text, quiet_text, n_text = split_fields(
        text, ("board", "side", "unmoved", "failed", "quiet", "n")
    )
    board = _board_codes(board_text)
    if side_text not in SIDE_LETTERS:
        raise InvalidPosition(
            f"The side field must be 'w' (white) or 'b' (black); got {side_text!r}.", field="side"
        )
    side = SIDE_LETTERS.index(side_text)
    if unmoved_text not in _UNMOVED:
        raise InvalidPosition(
            f"The unmoved field must be 'Kk', 'K', 'k' or '-'; got {unmoved_text!r}.",
            field="unmoved",
        )
    unmoved = _UNMOVED[unmoved_text]
    quiet = parse_counter(quiet_text, "quiet")
    n = parse_counter(n_text, "n", minimum=1)

    cells = bytes(board)
    counts = army_counts(cells)
    check_army_sizes(counts, FULL_ARMY, SIDE_NAMES, KIND_NAMES)
    for s in (WHITE, BLACK):
        if counts[s][KING] != 1:
            raise InvalidPosition(
                f"{SIDE_NAMES[s].capitalize()} has no King; each side has exactly one, and a "
                "King is never captured (the game ends by checkmate first).",
                field="board",
            )
        if unmoved & UNMOVED_BIT[s] and board[KING_SQUARES[s]] != s * 8 + KING:
            raise InvalidPosition(
                f"The unmoved field says the {SIDE_NAMES[s]} King has never moved, but he is not "
                f"on his King Square {NAMES[KING_SQUARES[s]]}.",
                field="unmoved",
            )
    failed = _parse_failed(failed_text, board, side)
    return _made(board, cells, counts, side, unmoved, failed, quiet, n)


def _parse_failed(text: str, board: tuple[int, ...], side: int) -> tuple[int, ...]:
    if text == "-":
        return ()
    names = text.split(",")
    if not all(_SQUARE.fullmatch(name) for name in names):
        raise InvalidPosition(
            f"The failed field must be '-' or squares separated by commas, such as 'c3,e5'; "
            f"got {text!r}.",
            field="failed",
        )
    squares = [GRID.index[name] for name in names]
    if len(set(squares)) != len(squares):
        raise InvalidPosition(f"The failed field {text!r} names a square twice.", field="failed")
    for sq in squares:
        code = board[sq]
        if not code or code >> 3 != side:
            raise InvalidPosition(
                f"The failed field names {NAMES[sq]}, which holds no {SIDE_NAMES[side]} piece; it "
                "lists the side to move's pieces whose capture attempt failed this ply.",
                field="failed",
            )
    return tuple(sorted(squares))


def format_failed(failed: tuple[int, ...]) -> str:
    """The failed field: ``-``, or the squares in square order separated by commas."""
    return ",".join(NAMES[sq] for sq in failed) or "-"


def format_position(pos: Position) -> str:
    cells = [CODE_TO_LETTER[c] if c else None for c in pos.board]
    unmoved = ("K" if pos.unmoved & 1 else "") + ("k" if pos.unmoved & 2 else "") or "-"
    failed = format_failed(pos.failed)
    return (
        f"{format_board(cells, GRID)} {SIDE_LETTERS[pos.side]} {unmoved} {failed} "
        f"{pos.quiet} {pos.n}"
    )
