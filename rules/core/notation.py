"""FEN-style board notation shared by the games that use it.

A board is written top rank first, ranks separated by ``/``, runs of empty
squares as decimal numbers (which may exceed 9 on wide boards). Parsing is
strict: every error names the rank and what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from .memo import memo
from .errors import InvalidPosition
from .geometry import FILE_LETTERS, Grid


def parse_board(text: str, grid: Grid, piece_pattern: str) -> list[str | None]:
    """Parse ``text`` into a list indexed by square: the piece token or None.

    ``piece_pattern`` is a regular expression matching one piece token.
    Off-board squares of ``grid`` count as empty in the notation and must be
    empty. Raises :class:`InvalidPosition` naming the offending rank.
    """
    rows = text.split("/")
    if len(rows) != grid.ranks:
        raise InvalidPosition(
            f"The board has {len(rows)} ranks separated by '/'; it needs {grid.ranks}.",
            field="board",
        )
    cells = _plain_board(rows, grid.files, piece_pattern)
    if cells is None:  # the strict reader says what is wrong with the first wrong rank
        return _parse_board_strictly(rows, grid, piece_pattern)
    if len(grid.squares) != grid.size:  # a board with holes: none of them may hold a piece
        _check_on_board(cells, [sq for sq, piece in enumerate(cells) if piece is not None], grid)
    return cells


def _plain_board(rows: list[str], files: int, piece_pattern: str) -> list[str | None] | None:
    """The cells of a board whose every rank (``rows``, the top rank first) is plainly valid,
    rank 1 first, joined from the memoised ranks; None when any rank is not."""
    cells: list[str | None] = []
    longest, read = 2 * files, _plain_row.lookup
    for row in reversed(rows):
        # No plainly valid rank is longer than two characters a square, so a longer one is
        # never memoised (a client cannot fill the memo with large strings).
        squares = read(row, piece_pattern, files) if len(row) <= longest else None
        if squares is None:
            return None
        cells += squares
    return cells


def _parse_board_strictly(rows: list[str], grid: Grid, piece_pattern: str) -> list[str | None]:
    """The cells of ``rows`` (the top rank first) read token by token, raising
    InvalidPosition for the first rank that is wrong, then for a piece off the board."""
    token = _row_patterns(piece_pattern)[1]
    cells: list[str | None] = [None] * grid.size
    placed: list[int] = []
    for i, row in enumerate(rows):
        _parse_row_strictly(row, grid.ranks - i, grid, token, cells, placed)
    _check_on_board(cells, placed, grid)
    return cells


def _check_on_board(cells: list[str | None], placed: list[int], grid: Grid) -> None:
    """Refuse a piece on a square of the bounding box that is not part of the board (the
    first such square in square order)."""
    off_board = [sq for sq in placed if not grid.on_board[sq]]
    if off_board:
        sq = min(off_board)
        raise InvalidPosition(
            f"Square {grid.names[sq]} is not part of the board but holds {cells[sq]!r}.",
            field="board",
        )


@memo(entry_bytes=180, most=16)
def _row_patterns(piece_pattern: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A rank made only of known tokens; one token, a piece (group 1) or a run (group 2)."""
    return (re.compile(rf"(?:{piece_pattern}|[1-9][0-9]*)*"),
            re.compile(rf"({piece_pattern})|([1-9][0-9]*)"))


@memo(entry_bytes=560, weight=2)
def _plain_row(row: str, piece_pattern: str, files: int) -> tuple[str | None, ...] | None:
    """The squares of a plainly valid rank, file a first (a piece token, or None for an
    empty square), or None for any rank that is not made of known tokens exactly ``files``
    squares wide.

    Memoised: ranks repeat from one position to the next (empty ranks, home ranks), so most
    ranks of a request are read once per process.
    """
    plain, token = _row_patterns(piece_pattern)
    if not plain.fullmatch(row):
        return None
    squares: list[str | None] = []
    for piece, run in token.findall(row):
        if piece:
            squares.append(piece)
        else:
            empty = int(run)
            if len(squares) + empty > files:  # wider than the board
                return None
            squares += _EMPTY * empty
    return tuple(squares) if len(squares) == files else None


_EMPTY: list[str | None] = [None]


def _parse_row_strictly(row: str, rank: int, grid: Grid, token: re.Pattern[str],
                        cells: list[str | None], placed: list[int]) -> None:
    """Read one rank token by token, raising InvalidPosition at the first thing wrong."""
    base = (rank - 1) * grid.files
    pos = 0
    f = 0
    previous_was_run = False
    while pos < len(row):
        m = token.match(row, pos)
        if not m:
            raise InvalidPosition(
                f"Rank {rank} of the board, {row!r}, has an unknown piece or character at "
                f"{row[pos:pos + 3]!r}.",
                field="board",
            )
        if m.group(1):
            if f < grid.files:
                cells[base + f] = m.group(1)
                placed.append(base + f)
            f += 1
            previous_was_run = False
        else:
            if previous_was_run:
                raise InvalidPosition(
                    f"Rank {rank} of the board, {row!r}, has two empty runs in a row; "
                    "write them as one number.",
                    field="board",
                )
            f += int(m.group(2))
            previous_was_run = True
        pos = m.end()
        if f > grid.files:
            break
    if f != grid.files:
        raise InvalidPosition(
            f"Rank {rank} of the board, {row!r}, covers {f} squares; it needs {grid.files}.",
            field="board",
        )


def parse_board_codes(text: str, grid: Grid, piece_pattern: str,
                      cell_codes: Mapping[str | None, int]) -> tuple[int, ...]:
    """:func:`parse_board` with each square's token replaced by its code.

    ``cell_codes`` maps every piece token, and None for an empty square, to a code.
    """
    return tuple(map(cell_codes.__getitem__, parse_board(text, grid, piece_pattern)))


class BoardCodes:
    """Reads the boards of one grid into piece codes, as :func:`parse_board_codes` does:
    the same codes for every board it reads, the same InvalidPosition for every other.

    When every piece token is one ASCII character, no rank is wider than 9 squares, the grid
    has no holes and every code is below 47 (``/``), a plainly written board (known
    characters only, runs of 1 to 9 empty squares never next to another digit, every rank as
    wide as the board) is read with C-level byte operations: each piece's character becomes
    its code by a translation table, each run that many empty codes. Any other board, or any
    other grid, is read by :func:`parse_board_codes`, which says what is wrong.
    """

    def __init__(self, grid: Grid, piece_pattern: str,
                 cell_codes: Mapping[str | None, int]) -> None:
        self.grid, self.piece_pattern, self.cell_codes = grid, piece_pattern, cell_codes
        pieces = {token: code for token, code in cell_codes.items() if token is not None}
        self._plain_reading = (
            grid.files <= 9 and len(grid.squares) == grid.size
            and all(0 <= code < _SLASH for code in cell_codes.values())
            and all(len(token) == 1 and token.isascii() and token not in "0123456789/"
                    and re.fullmatch(piece_pattern, token) for token in pieces))
        table = bytearray([_UNKNOWN]) * 256
        for token, code in pieces.items() if self._plain_reading else ():
            table[ord(token)] = code
        for byte in b"123456789/":
            table[byte] = byte
        self._codes = bytes(table)
        self._runs = tuple((str(run).encode(), bytes([cell_codes[None]]) * run)
                           for run in range(1, 10))

    def read(self, text: str) -> tuple[int, ...]:
        """The code of every square of the board ``text``, a1 first; InvalidPosition naming
        the offending rank as :func:`parse_board` raises it."""
        board = self._plain(text) if self._plain_reading else None
        if board is None:
            return parse_board_codes(text, self.grid, self.piece_pattern, self.cell_codes)
        return board

    def _plain(self, text: str) -> tuple[int, ...] | None:
        """The codes of a plainly written board (see the class), or None."""
        if not text.isascii():
            return None
        raw = text.encode("ascii")
        codes = raw.translate(self._codes)
        if _UNKNOWN in codes or _TWO_DIGITS in raw.translate(_DIGIT_MARKS):
            return None
        for digit, run in self._runs:
            codes = codes.replace(digit, run)
        rows = codes.split(b"/")
        if len(rows) != self.grid.ranks or set(map(len, rows)) != {self.grid.files}:
            return None
        rows.reverse()  # the notation starts with the top rank, the board with rank 1
        return tuple(b"".join(rows))


#: Bytes of :class:`BoardCodes`: ``/`` (every code is below it, so that no code is taken for
#: a digit or a separator), an unknown character, and digits marked as such (two marks in a
#: row are a number of two digits or more, never a plain run on a board 9 squares wide).
_SLASH = ord("/")
_UNKNOWN = 255
_DIGIT_MARKS = bytes(1 if chr(byte).isdigit() and byte < 128 else 0 for byte in range(256))
_TWO_DIGITS = b"\x01\x01"


def format_board(cells: Sequence[str | None], grid: Grid) -> str:
    """Write ``cells`` (indexed by square, None for empty) in board notation."""
    rows = []
    for rank in range(grid.ranks - 1, -1, -1):
        parts = []
        run = 0
        for f in range(grid.files):
            piece = cells[rank * grid.files + f]
            if piece is None:
                run += 1
                continue
            if run:
                parts.append(str(run))
                run = 0
            parts.append(piece)
        if run:
            parts.append(str(run))
        rows.append("".join(parts))
    return "/".join(rows)


def parse_counter(text: str, name: str, minimum: int = 0, maximum: int = 10**9) -> int:
    """Parse a decimal counter field, refusing signs, leading zeros and huge values."""
    value = _SMALL_COUNTERS.get(text)
    if value is not None and minimum <= value <= maximum:
        return value
    if _plain_counter(text):
        value = int(text)
        if minimum <= value <= maximum:
            return value
    if re.fullmatch(r"[1-9][0-9]{10,}", text):
        raise InvalidPosition(
            f"The {name} field must be between {minimum} and {maximum}; got {text}.", field=name
        )
    if not re.fullmatch(r"0|[1-9][0-9]{0,9}", text):
        raise InvalidPosition(
            f"The {name} field must be a decimal number without sign or leading zeros; "
            f"got {text!r}.",
            field=name,
        )
    value = int(text)
    if not minimum <= value <= maximum:
        raise InvalidPosition(
            f"The {name} field must be between {minimum} and {maximum}; got {value}.", field=name
        )
    return value


#: the counters positions usually carry, by their canonical text (no sign, no leading zero):
#: one look-up reads them
_SMALL_COUNTERS = {str(value): value for value in range(1000)}


def _plain_counter(text: str) -> bool:
    """Whether ``text`` is a counter as :func:`parse_counter` reads it (``0`` or 1 to 10
    ASCII digits without a leading zero), judged without a regular expression."""
    return (text.isdigit() and text.isascii() and len(text) <= 10
            and (text[0] != "0" or text == "0"))


def split_fields(text: str, names: Sequence[str]) -> list[str]:
    """Split a position into its space-separated fields, checking their number."""
    if not isinstance(text, str):
        raise InvalidPosition("The position must be a string in the game's notation.")
    if not text.strip():
        raise InvalidPosition(
            f"The position is empty; write its {len(names)} fields "
            f"({' '.join('<' + n + '>' for n in names)}), or omit it (or send null) for the "
            "initial position.")
    parts = text.split(" ")
    if len(parts) != len(names) or "" in parts:
        raise InvalidPosition(
            f"A position has {len(names)} fields separated by single spaces "
            f"({' '.join('<' + n + '>' for n in names)}); got {len([p for p in parts if p])}"
            f"{' with extra spaces' if any(p == '' for p in parts) else ''}.",
        )
    return parts


def check_army_sizes(counts: Sequence[Sequence[int]], full_army: Mapping[int, int],
                     side_names: Sequence[str], kind_names: Mapping[int, str]) -> None:
    """Refuse a board on which a side has more pieces of a kind than its whole army holds.

    ``counts[side][kind]`` is what stands on the board; ``full_army[kind]`` the initial
    number, which no capture, resurrection or promotion can exceed.
    """
    for side, side_counts in enumerate(counts):
        for kind, full in full_army.items():
            if side_counts[kind] > full:
                raise InvalidPosition(
                    f"{side_names[side].capitalize()} has {side_counts[kind]} "
                    f"{kind_names[kind]}s; a side has at most {full}.",
                    field="board",
                )


class SquareMoveReader:
    """Reads moves written ``<from><to>[suffix]`` on a grid (``d2d3``, ``a8a9=W``,
    ``c3c5+P@h1``): every game whose moves name two squares reads them with one of these.

    ``suffix`` is a regular expression for what may follow the two squares, with
    ``{square}`` standing for a square name; its groups come back after the two squares.
    """

    def __init__(self, grid: Grid, suffix: str = "") -> None:
        ranks = "|".join(str(r) for r in range(grid.ranks, 0, -1))
        square = f"[a-{FILE_LETTERS[grid.files - 1]}](?:{ranks})"
        self.grid = grid
        self._pattern = re.compile(f"({square})({square})" + suffix.replace("{square}", square))

    def read(self, text: object) -> tuple[str, str, tuple[str | None, ...]] | None:
        """``(from, to, suffix groups)`` of ``text``, or None when it is not written so.

        The squares are names within the grid's files and ranks; on a grid with holes one of
        them may be a hole (not in ``grid.index``), which the game reports in its own words.
        """
        m = self._pattern.fullmatch(text) if isinstance(text, str) else None
        if m is None:
            return None
        return m.group(1), m.group(2), m.groups()[2:]
