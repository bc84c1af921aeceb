"""Sceptre positions and their compact notation.

``<board> <side> <armies> <quiet> <n>``: the board over the layout's bounding box with
two-letter pieces (``wK``, ``bP``), the colour letter of the player to move, each army's
controller in seat order (``ww,rw,bb,yy``; ``r-`` for an inert army, which a bare ``-``
also spells when read), and the counters.
"""

from __future__ import annotations

import re
from itertools import compress
from operator import gt
from typing import Callable, NamedTuple

from ..core.memo import memo
from ..core.errors import InvalidPosition
from ..core.notation import parse_board_codes, parse_counter, split_fields
from .layout import Layout
from .pieces import COLOUR_NAMES, COLOURS, KIND_LETTERS, KIND_NAMES, KING, ORTHODOX_COUNT, PAWN
from .sections import MAX_SPAN
from .terrain import TERRAIN_NAMES

#: ``control[army]`` value of an army that never moves again (its player was stalemated),
#: and of a colour that is not in the game.
INERT = -1

#: Per colour in seat order, the colour of the player who moves that army, or INERT.
Control = tuple[int, int, int, int]

PIECE_PATTERN = "[wrby][KQRBNP]"
#: Piece token (``wK``) to code (colour * 8 + kind); None, an empty square, to 0.
_CELL_CODES: dict[str | None, int] = {
    None: 0, **{c + k: colour * 8 + kind for colour, c in enumerate(COLOURS)
                for kind, k in enumerate(KIND_LETTERS) if kind}}
FIELDS = ("board", "side", "armies", "quiet", "n")


class Position(NamedTuple):
    """An immutable Sceptre position.

    ``board`` holds a piece code (colour * 8 + kind) or 0 per square of the layout's grid, one
    byte each (copied, hashed and searched in C);
    ``control[colour]`` is the colour of the player who moves that army, or INERT.
    A player is still in the game exactly when he controls his own army.
    """

    board: bytes
    side: int
    control: Control
    quiet: int
    n: int


#: Per piece code, its two letters (``wK``); empty for codes of no piece.
PIECE_LETTERS: tuple[str, ...] = tuple(
    COLOURS[code >> 3] + KIND_LETTERS[code & 7] if code & 7 and code & 7 < 7 else ""
    for code in range(32))


def piece_letters(code: int) -> str:
    """``wK`` for a white King."""
    return PIECE_LETTERS[code]


def make_position(board: bytes, side: int, control: Control, quiet: int, n: int) -> Position:
    """``Position(board, side, control, quiet, n)`` built without the named tuple's
    argument handling (on the path of every move played)."""
    return tuple.__new__(Position, (board, side, control, quiet, n))


def piece_name(code: int) -> str:
    """``white King`` for a white King."""
    return f"{COLOUR_NAMES[code >> 3]} {KIND_NAMES[code & 7]}"


@memo(entry_bytes=320, most=256)
def active_players(control: Control) -> tuple[int, ...]:
    """The players still in the game (those who control their own army), in seat order
    (cached: one tuple per army control)."""
    return tuple(c for c in range(4) if control[c] == c)


def reassign(control: Control, old: int, new: int) -> Control:
    """``control`` with every army that ``old`` controls handed to ``new`` (to nobody when
    ``new`` is INERT)."""
    a, b, c, d = (new if x == old else x for x in control)
    return a, b, c, d


def initial_position(layout: Layout) -> Position:
    """The initial position; InvalidOptions when the layout has none (armies on terrain
    or on each other's squares)."""
    w, r, b, y = (colour if colour in layout.players else INERT for colour in range(4))
    board = layout.initial_board_or_raise()
    return Position(board, layout.players[0], (w, r, b, y), 0, 1)


def format_position(pos: Position, layout: Layout) -> str:
    """The compact notation of ``pos``."""
    return (f"{board_text(pos.board, layout.grid.files)} {COLOURS[pos.side]} "
            f"{armies_text(pos.control, layout)} {pos.quiet} {pos.n}")


def armies_text(control: Control, layout: Layout) -> str:
    """The armies field: per player in seat order his colour, then his army's controller's
    colour or ``-`` for an inert army (``ww,bb`` when each moves his own)."""
    return ",".join(COLOURS[c] + (COLOURS[control[c]] if control[c] != INERT else "-")
                    for c in layout.players)


def is_canonical(text: str, pos: Position, layout: Layout) -> bool:
    """Whether ``text``, which :func:`parse_position` read as ``pos``, is
    :func:`format_position` of it: unless its armies field writes an inert army as a bare
    ``-``, since every other field is read only as it is written (runs of empty squares
    whole, counters without sign or leading zero)."""
    return text.split(" ")[2] == armies_text(pos.control, layout)


def board_text(board: bytes, files: int) -> str:
    """The board notation of ``board`` (as :func:`rules.core.notation.format_board` writes
    it), built with C-level string operations: the ranks top first joined by ``/`` as
    characters, each run of empty squares replaced by its length (the longest runs first,
    so each run is replaced whole), each piece by its two letters."""
    ranks = [board[i:i + files] for i in range(len(board) - files, -1, -files)]
    text = b"/".join(ranks).decode("latin-1")
    for run in range(files, 0, -1):
        text = text.replace(_EMPTY_RUNS[run], _RUN_LENGTHS[run])
    return text.translate(_LETTERS_OF_CODE)


#: Runs of 1 to 24 empty squares as characters of a board, and how notation writes them.
_EMPTY_RUNS = tuple("\0" * run for run in range(MAX_SPAN + 1))
_RUN_LENGTHS = tuple(str(run) for run in range(MAX_SPAN + 1))
#: Piece code (as a character) -> its two letters, for ``str.translate``.
_LETTERS_OF_CODE = {code: letters for code, letters in enumerate(PIECE_LETTERS) if letters}


def parse_position(text: str, layout: Layout) -> Position:
    """Parse the compact notation strictly; raise InvalidPosition naming what is wrong.

    Checks what any position reachable in play satisfies: pieces only of the players in the
    game and only on terrain they may enter, Pawns only where their army's Pawns can get, at
    most the orthodox number of each kind per army, one King per army in play, controllers
    who are still in the game, a side to move who is still in the game. Whether the side to
    move could move at all is judged by the game, which needs the move generator for it.
    """
    board_text, side_text, armies_text, quiet_text, n_text = split_fields(text, FIELDS)
    board = _plain_board(board_text, layout)
    if board is None or not _fits(board, layout):  # the careful reading says what is wrong
        board = bytes(parse_board_codes(board_text, layout.grid, PIECE_PATTERN, _CELL_CODES))
        _check_pieces(board, layout)
    players = layout.players
    if len(side_text) != 1 or side_text not in COLOURS or COLOURS.index(side_text) not in players:
        raise InvalidPosition(
            f"The side field must be the colour letter of a player "
            f"({', '.join(COLOURS[p] for p in players)}); got {side_text!r}.", field="side")
    side = COLOURS.index(side_text)

    control = _parse_armies(armies_text, players)
    for army in players:
        controller = control[army]
        kings = board.count(army * 8 + KING)
        if controller == army and kings != 1:
            raise InvalidPosition(
                f"{COLOUR_NAMES[army].capitalize()} is still in the game, so his army needs "
                f"exactly one King; it has {kings}.", field="board")
        if controller not in (army, INERT) and kings:
            raise InvalidPosition(
                f"{COLOUR_NAMES[army].capitalize()}'s army is controlled by "
                f"{COLOUR_NAMES[controller]}, which happens only when its King has been "
                "captured, yet its King is on the board.", field="armies")
        if controller not in (army, INERT) and control[controller] != controller:
            raise InvalidPosition(
                f"{COLOUR_NAMES[army].capitalize()}'s army is controlled by "
                f"{COLOUR_NAMES[controller]}, who is out of the game himself; a controller "
                "must be a player still in the game.", field="armies")
    if control[side] != side:
        raise InvalidPosition(
            f"The side to move, {COLOUR_NAMES[side]}, is out of the game (his army is "
            f"{'inert' if control[side] == INERT else 'controlled by another player'}).",
            field="side")
    quiet = parse_counter(quiet_text, "quiet")
    n = parse_counter(n_text, "n", minimum=1)
    return make_position(board, side, control, quiet, n)


def board_shape(board_text: str) -> tuple[int, int] | None:
    """``(files, ranks)`` of a board written in notation, or None when its ranks are not
    all written alike (then the ordinary parse says what is wrong)."""
    widths = set()
    for row in board_text.split("/"):
        tokens = re.findall(rf"{PIECE_PATTERN}|[1-9][0-9]*|.", row)
        if any(not (t.isdigit() or re.fullmatch(PIECE_PATTERN, t)) for t in tokens):
            return None
        widths.add(sum(int(t) if t.isdigit() else 1 for t in tokens))
    return (widths.pop(), board_text.count("/") + 1) if len(widths) == 1 else None


def armies_players(armies_text: str) -> list[str] | None:
    """The players an armies field names (its entries' colour letters, in seat order), or
    None when it does not name 2 to 4 players."""
    letters = [entry[:1] for entry in armies_text.split(",")]
    if (not all(letter in COLOURS for letter in letters) or len(set(letters)) != len(letters)
            or not 2 <= len(letters) <= 4):
        return None
    return sorted(letters, key=COLOURS.index)


def _parse_armies(text: str, players: tuple[int, ...]) -> Control:
    expected, everyone_in = _own_armies(players)
    if text == expected:
        return everyone_in
    entries = text.split(",")
    if len(entries) != len(players):
        raise InvalidPosition(
            f"The armies field needs one entry per player in seat order, like {expected!r}; "
            f"got {len(entries)}.", field="armies")
    control = [INERT] * 4
    for army, entry in zip(players, entries):
        if entry == "-":  # a bare '-' is the inert army of that seat, like 'r-'
            continue
        if len(entry) != 2 or entry[0] != COLOURS[army]:
            raise InvalidPosition(
                f"The armies field entry {entry!r} should start with {COLOURS[army]!r} (army "
                f"colours in seat order, like {expected!r}).", field="armies")
        if entry[1] == "-":
            continue
        if entry[1] not in COLOURS or COLOURS.index(entry[1]) not in players:
            raise InvalidPosition(
                f"The armies field entry {entry!r} names a controller who is not playing; use a "
                "player's colour letter or '-' for an inert army.", field="armies")
        control[army] = COLOURS.index(entry[1])
    a, b, c, d = control
    return a, b, c, d


@memo(entry_bytes=380, most=16)
def _own_armies(players: tuple[int, ...]) -> tuple[str, Control]:
    """The armies field of ``players`` when each moves his own army (``ww,bb``), and that
    army control (one per set of players)."""
    w, r, b, y = (colour if colour in players else INERT for colour in range(4))
    return ",".join(COLOURS[p] + COLOURS[p] for p in players), (w, r, b, y)


def _check_pieces(board: bytes, layout: Layout) -> None:
    """Raise InvalidPosition for the first piece (in square order) of a player not in the
    game, on terrain its kind may not enter or, a Pawn, where its army's Pawns never get,
    then for an army over the orthodox number of a kind."""
    grid, players = layout.grid, layout.players
    standable, pawn_area = layout.standable, layout.pawn_area
    counts = [[0] * 7 for _ in range(4)]
    for sq in compress(range(grid.size), board):  # the occupied squares
        code = board[sq]
        colour, kind = code >> 3, code & 7
        token = COLOURS[colour] + KIND_LETTERS[kind]
        if colour not in players:
            raise InvalidPosition(
                f"{grid.names[sq]} holds {token}, but {COLOUR_NAMES[colour]} is not playing "
                f"(players: {', '.join(COLOURS[p] for p in players)}).", field="board")
        if not standable[kind][sq]:
            raise InvalidPosition(
                f"{grid.names[sq]} is {TERRAIN_NAMES[layout.terrain[sq]]}, which a "
                f"{KIND_NAMES[kind]} may not enter, yet {token} stands there.", field="board")
        if kind == PAWN and pawn_area and sq not in pawn_area[colour]:
            raise InvalidPosition(
                f"{grid.names[sq]} holds {token}, but no {COLOUR_NAMES[colour]} Pawn can ever "
                f"get there from its start: Pawns move forward ({layout.forward[colour]} for "
                f"{COLOUR_NAMES[colour]}), diagonally forward or sideways, and back only 1 "
                "square off a river.", field="board")
        counts[colour][kind] += 1
    for colour in players:
        for kind in range(1, 7):
            if counts[colour][kind] > ORTHODOX_COUNT[kind]:
                raise InvalidPosition(
                    f"{COLOUR_NAMES[colour].capitalize()}'s army has {counts[colour][kind]} "
                    f"{KIND_NAMES[kind]}s; an army has at most {ORTHODOX_COUNT[kind]} (a Pawn "
                    "promotes only to a kind its army has lost).", field="board")


def _plain_board(text: str, layout: Layout) -> bytes | None:
    """The board of notation written plainly (known tokens only, runs of empty squares no
    longer than a rank, every rank exactly as wide as the board), read with C-level string
    and integer operations; None for any other text, which the careful reading then judges.

    Once the text is known to be plain, each piece's two letters become its code by adding
    the colour letter's part (colour * 8) to the next byte, the kind letter's (its kind), and
    dropping the colour letter's byte; each run becomes that many empty squares (two-digit
    runs first: a run is never next to another digit, so each match is a whole run)."""
    reading = _reading(layout)
    if reading.plain(text) is None:
        return None
    raw = text.encode("ascii")
    codes = (int.from_bytes(raw.translate(_KIND_PART), "big")
             + (int.from_bytes(raw.translate(_COLOUR_PART), "big") >> 8))
    cells = codes.to_bytes(len(raw), "big").replace(_DROPPED, b"")
    for digits, empty in reading.runs:
        cells = cells.replace(digits, empty)
    rows = cells.split(b"/")
    grid = layout.grid
    if len(rows) != grid.ranks or set(map(len, rows)) != {grid.files}:
        return None
    rows.reverse()  # the notation starts with the top rank, the board with rank 1
    return b"".join(rows)


#: Translation tables of :func:`_plain_board`: a kind letter to its kind and a colour letter
#: to a byte to drop (every other byte of plain notation, digits and ``/``, kept); a colour
#: letter to colour * 8, every other byte to 0.
_DROPPED = b"\xff"
_KIND_PART = bytes(KIND_LETTERS.index(chr(b)) if chr(b) in KIND_LETTERS[1:]
                   else _DROPPED[0] if chr(b) in COLOURS else b for b in range(256))
_COLOUR_PART = bytes(COLOURS.index(chr(b)) * 8 if chr(b) in COLOURS else 0
                     for b in range(256))


class _Reading(NamedTuple):
    """How :func:`_plain_board` reads a layout's boards."""

    plain: Callable[[str], re.Match[str] | None]  # whether a text is plainly written
    runs: tuple[tuple[bytes, bytes], ...]         # each run's digits and its empty squares


@memo(entry_bytes=1300, most=16)
def _reading(layout: Layout) -> _Reading:
    """The plain reading of ``layout``'s boards (one per compiled layout): pieces of any
    colour (a player not in the game is named by the careful reading), runs of 1 to a rank's
    width not followed by a digit, rank separators; the runs longest first."""
    widths = range(layout.grid.files, 0, -1)
    runs = "|".join(f"{width}(?![0-9])" for width in widths)
    plain = re.compile(rf"(?:{PIECE_PATTERN}|{runs}|/)*").fullmatch
    return _Reading(plain, tuple((str(width).encode(), bytes(width)) for width in widths))


class _Masks(NamedTuple):
    """A layout's masks for :func:`_fits`: translation tables from piece codes to bits,
    integers of one byte per square (as ``int.from_bytes`` of a board) holding the bits that
    may not be there, and the players' piece codes with how many of each an army has at
    most."""

    kind_bits: bytes         # piece code -> 1 << kind
    not_standable: int       # per square: the bits of the kinds that may not stand there
    pawn_bits: bytes         # Pawn code -> 1 << colour
    outside_pawn_area: int   # per square: the bits of the colours whose Pawns never get there
    codes: tuple[int, ...]   # every piece code of the players in the game
    most: tuple[int, ...]    # per code of ``codes``, the orthodox number of its kind


@memo(entry_bytes=1550, most=16)
def _masks(layout: Layout) -> _Masks:
    """The masks of ``layout`` (one per compiled layout); a square off the board takes no
    kind."""
    size, on_board = layout.grid.size, layout.grid.on_board
    kind_bits = bytes(1 << (code & 7) if code < 32 and 0 < code & 7 < 7 else 0
                      for code in range(256))
    not_standable = bytes(
        sum(1 << kind for kind in range(1, 7)
            if not (on_board[sq] and layout.standable[kind][sq]))
        for sq in range(size))
    pawn_bits = bytes(1 << (code >> 3) if code < 32 and code & 7 == PAWN else 0
                      for code in range(256))
    area = layout.pawn_area
    outside = bytes(
        sum(1 << colour for colour in area if sq not in area[colour]) for sq in range(size))
    codes = tuple(colour * 8 + kind for colour in layout.players for kind in range(1, 7))
    return _Masks(kind_bits, int.from_bytes(not_standable, "big"), pawn_bits,
                  int.from_bytes(outside, "big"), codes,
                  tuple(ORTHODOX_COUNT[code & 7] for code in codes))


def _fits(board: bytes, layout: Layout) -> bool:
    """Whether ``board`` passes every check of :func:`_check_pieces` (then it has nothing
    to say) and has no piece off the board, found by counting and masking in C."""
    masks = _masks(layout)
    if (int.from_bytes(board.translate(masks.kind_bits), "big") & masks.not_standable
            or int.from_bytes(board.translate(masks.pawn_bits), "big")
            & masks.outside_pawn_area):
        return False
    counts = list(map(board.count, masks.codes))
    # within the orthodox numbers, and no piece of a player not in the game
    return (not any(map(gt, counts, masks.most))
            and sum(counts) == len(board) - board.count(0))
