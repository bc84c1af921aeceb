"""FEN-style board notation shared by the games that use it.

A board is written top rank first, ranks separated by ``/``, runs of empty
squares as decimal numbers (which may exceed 9 on wide boards). Parsing is
strict: every error names the rank and what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from .errors import InvalidPosition
from .geometry import Grid

_RUN = re.compile(r"[1-9][0-9]*")


def parse_board(text: str, grid: Grid, piece_pattern: str) -> list[str | None]:
    """Parse ``text`` into a list indexed by square: the piece token or None.

    ``piece_pattern`` is a regular expression matching one piece token.
    Off-board squares of ``grid`` count as empty in the notation and must be
    empty. Raises :class:`InvalidPosition` naming the offending rank.
    """
    token = re.compile(rf"({piece_pattern})|([1-9][0-9]*)")
    rows = text.split("/")
    if len(rows) != grid.ranks:
        raise InvalidPosition(
            f"The board has {len(rows)} ranks separated by '/'; it needs {grid.ranks}.",
            field="board",
        )
    cells: list[str | None] = [None] * grid.size
    for i, row in enumerate(rows):
        rank = grid.ranks - i
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
                    cells[(rank - 1) * grid.files + f] = m.group(1)
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
    for sq, piece in enumerate(cells):
        if piece is not None and not grid.on_board[sq]:
            raise InvalidPosition(
                f"Square {grid.names[sq]} is not part of the board but holds {piece!r}.",
                field="board",
            )
    return cells


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


def split_fields(text: str, names: Sequence[str]) -> list[str]:
    """Split a position into its space-separated fields, checking their number."""
    if not isinstance(text, str):
        raise InvalidPosition("The position must be a string in the game's notation.")
    parts = text.split(" ")
    if len(parts) != len(names) or any(p == "" for p in parts):
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
