"""Maestria positions: the 2x12 board, stacks, terrain, and the compact notation.

``<cells> <phase> <side> <budget> <pending> <quiet> <n>``; the initial position is
``-,-,-,-,-,-,-,-,-,-,-,-/-,-,-,-,-,-,-,-,-,-,-,- setup b 3 - 0 1``.

A cell is one small int: the number of pawns in its low 3 bits, the owner in bit 3
and the General in bit 4, so the empty cell is 0 and ``b3*`` is ``3 | 0 << 3 | 1 << 4``.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from ..core.errors import InvalidOptions, InvalidPosition
from ..core.geometry import Grid
from ..core.notation import parse_counter, split_fields

GRID = Grid(12, 2)
NAMES = GRID.names
NEIGHBOURS = GRID.neighbours

BLACK, WHITE = 0, 1
SIDE_NAMES = ("black", "white")
SIDE_LETTERS = ("b", "w")

SETUP, PLAY = 0, 1
PHASE_NAMES = ("setup", "play")

MAX_STACK = 5
ARMY = 15
PLACEMENTS_PER_TURN = 3
ACTION_POINTS = 5
SETUP_TURNS = ARMY // PLACEMENTS_PER_TURN  # 5: so play starts at n = 6
FIRST_PLAY_TURN = SETUP_TURNS + 1

COUNT_MASK = 7
OWNER_SHIFT = 3
GENERAL_BIT = 16

PLAIN, FOREST, MOUNTAIN = 0, 1, 2
TERRAIN_LETTERS = "PFM"
TERRAIN_NAMES = ("Plain", "Forest", "Mountain")
DEFAULT_TERRAIN = "PFMPFMMFPMFP/PFMPFMMFPMFP"


def cell_colour(sq: int) -> int:
    """BLACK or WHITE: a cell is black when (file number + row number) is even, a1 being black."""
    f, r = GRID.coords[sq]
    return BLACK if (f + 1 + r + 1) % 2 == 0 else WHITE


CAMP_ROW = (0, 1)  # rank index of each side's camp: black row 1, white row 2


def _setup_cells(side: int) -> tuple[int, ...]:
    return tuple(sq for sq in GRID.squares
                 if GRID.coords[sq][1] == CAMP_ROW[side] and cell_colour(sq) == side)


#: The cells each side may place on during setup: its own colour, in its own camp.
SETUP_CELLS = (_setup_cells(BLACK), _setup_cells(WHITE))


def make_cell(side: int, count: int, general: bool) -> int:
    """The code of a stack of ``count`` pawns of ``side``, with its General when ``general``."""
    return count | side << OWNER_SHIFT | (GENERAL_BIT if general else 0)


def count_of(code: int) -> int:
    """The number of pawns in a cell (0 when empty)."""
    return code & COUNT_MASK


def owner_of(code: int) -> int:
    """The side owning a non-empty cell."""
    return code >> OWNER_SHIFT & 1


def has_general(code: int) -> bool:
    """Whether the General is in the cell's stack."""
    return bool(code & GENERAL_BIT)


class Pending(NamedTuple):
    """An attack waiting for the defender's choice: ``pawns`` pawns stepped from ``src`` onto
    the enemy stack on ``dst``, the General among them when ``with_general``."""

    src: int
    dst: int
    pawns: int
    with_general: bool


class Position(NamedTuple):
    """An immutable Maestria position; ``cells`` holds 24 cell codes, a1 first (row 1, then row 2).

    ``side`` and ``budget`` stay the attacker's while ``pending`` is set; ``budget`` is
    placements left in a setup turn (1-3) or action points left (0-5).
    """

    cells: tuple[int, ...]
    phase: int
    side: int
    budget: int
    pending: Pending | None
    quiet: int
    n: int


INITIAL = Position((0,) * GRID.size, SETUP, BLACK, PLACEMENTS_PER_TURN, None, 0, 1)


# ---- terrain (an option) -------------------------------------------------------------------------

def parse_terrain(value: object) -> str:
    """Validate the ``terrain`` option: ``"<row 2>/<row 1>"``, each 12 letters P, F or M.

    Also accepts a list of the two row strings; returns the canonical ``/``-joined string.
    """
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        value = "/".join(value)
    if not isinstance(value, str):
        raise InvalidOptions(
            "Option 'terrain' must be two rows of 12 letters P, F or M, row 2 first, e.g. "
            f"{DEFAULT_TERRAIN!r}.", option="terrain")
    rows = value.split("/")
    if len(rows) != 2:
        raise InvalidOptions(
            f"Option 'terrain' has {len(rows)} rows separated by '/'; it needs 2 (row 2, then "
            "row 1).", option="terrain")
    for row_text, row in zip(rows, (2, 1)):
        if len(row_text) != GRID.files or any(ch not in TERRAIN_LETTERS for ch in row_text):
            raise InvalidOptions(
                f"Row {row} of option 'terrain', {row_text!r}, must be 12 letters, each P "
                "(plain), F (forest) or M (mountain).", option="terrain")
    return value


def terrain_table(text: str) -> tuple[int, ...]:
    """The terrain of each square (indexed like ``cells``) from a validated option string."""
    row2, row1 = text.split("/")
    return tuple(TERRAIN_LETTERS.index(ch) for ch in row1 + row2)


# ---- notation ------------------------------------------------------------------------------------

_TOKEN = re.compile(r"([bw])([1-9][0-9]?)(\*?)")
_PENDING = re.compile(r"([a-l][12])([a-l][12]):([1-5])(\*?)")
FIELDS = ("cells", "phase", "side", "budget", "pending", "quiet", "n")


def format_cell(code: int) -> str:
    """A cell's token: ``-`` when empty, else ``b3`` or ``w2*`` (with the General)."""
    if not code:
        return "-"
    return f"{SIDE_LETTERS[owner_of(code)]}{count_of(code)}{'*' if has_general(code) else ''}"


def format_step(src: int, dst: int, pawns: int, with_general: bool) -> str:
    """A step's notation, ``c1d2:3`` or ``c1d2:3*`` (the General among the pawns)."""
    return f"{NAMES[src]}{NAMES[dst]}:{pawns}{'*' if with_general else ''}"


def format_pending(pending: Pending | None) -> str:
    """The pending field: ``-``, or the attacking step that waits for an answer."""
    return "-" if pending is None else format_step(*pending)


def format_position(pos: Position) -> str:
    """The compact notation of ``pos``; :func:`parse_position` reads it back."""
    rows = []
    for rank in (1, 0):
        rows.append(",".join(format_cell(pos.cells[rank * GRID.files + f])
                             for f in range(GRID.files)))
    return (f"{'/'.join(rows)} {PHASE_NAMES[pos.phase]} {SIDE_LETTERS[pos.side]} {pos.budget} "
            f"{format_pending(pos.pending)} {pos.quiet} {pos.n}")


#: every cell token a position can write, and its code: '-', and b<k> / w<k> (1 to 5 pawns),
#: with '*' when the General is in the stack
_CELL_CODES = {"-": 0, **{
    f"{SIDE_LETTERS[side]}{count}{'*' if general else ''}": make_cell(side, count, general)
    for side in (BLACK, WHITE) for count in range(1, MAX_STACK + 1) for general in (False, True)}}


def _parse_cells(text: str) -> tuple[int, ...]:
    """The cell codes of the cells field, a1 first; InvalidPosition names the bad cell.

    One dictionary look-up per token for a field of two rows of 12 known tokens; anything else
    goes to :func:`_parse_cells_strictly`, which says what is wrong.
    """
    row2, _, row1 = text.partition("/")
    tokens = f"{row1},{row2}".split(",")  # a1 to l1, then a2 to l2
    if len(tokens) == GRID.size and row1.count(",") == GRID.files - 1:
        try:
            return tuple(map(_CELL_CODES.__getitem__, tokens))
        except KeyError:  # a token that is not a cell: the strict reader names it
            pass
    return _parse_cells_strictly(text)


def _parse_cells_strictly(text: str) -> tuple[int, ...]:
    """The cell codes of the cells field, a1 first, token by token; InvalidPosition names the
    first thing wrong (the rows, then each row's cells, row 2 first)."""
    rows = text.split("/")
    if len(rows) != 2:
        raise InvalidPosition(
            f"The cells field has {len(rows)} rows separated by '/'; "
            "it needs 2 (row 2, then row 1).",
            field="cells")
    cells = [0] * GRID.size
    for row_text, rank in zip(rows, (1, 0)):
        tokens = row_text.split(",")
        if len(tokens) != GRID.files:
            raise InvalidPosition(
                f"Row {rank + 1} of the cells has {len(tokens)} comma-separated cells; it needs "
                f"{GRID.files} (files a to l).", field="cells")
        for f, token in enumerate(tokens):
            sq = rank * GRID.files + f
            if token == "-":
                continue
            m = _TOKEN.fullmatch(token)
            if not m:
                raise InvalidPosition(
                    f"Cell {NAMES[sq]} is {token!r}; write '-' for empty or b<k>/w<k> for a black/"
                    "white stack of k pawns, with '*' when the General is in it (e.g. 'b3*').",
                    field="cells")
            count = int(m.group(2))
            if count > MAX_STACK:
                raise InvalidPosition(
                    f"Cell {NAMES[sq]} holds {count} pawns; a cell holds at most {MAX_STACK}.",
                    field="cells")
            cells[sq] = make_cell(SIDE_LETTERS.index(m.group(1)), count, bool(m.group(3)))
    return tuple(cells)


#: per cell code, its pawns and General packed in one int: black pawns in bits 0-7, black
#: Generals in bits 8-15, white pawns in bits 16-23, white Generals in bits 24-31, so that the
#: sum over a board packs the totals of :func:`army_totals` (24 cells never carry a byte over)
_ARMY_BITS = tuple(
    (count_of(code) | has_general(code) << 8) << 16 * owner_of(code) for code in range(32))


def army_totals(cells: Sequence[int]) -> tuple[list[int], list[int]]:
    """Per side: [pawns on the board, Generals on the board]."""
    packed = sum(map(_ARMY_BITS.__getitem__, cells))
    return ([packed & 255, packed >> 8 & 255], [packed >> 16 & 255, packed >> 24])


def setup_placed(side: int, to_move: int, budget: int, n: int) -> int:
    """How many pawns ``side`` has placed in the setup position with ``to_move``, ``budget``
    and turn ``n``: black places first, three per turn, and ``n`` grows after white's turn."""
    done = PLACEMENTS_PER_TURN * (n - 1)
    if side == BLACK:
        return done + (PLACEMENTS_PER_TURN - budget if to_move == BLACK else PLACEMENTS_PER_TURN)
    return done + (PLACEMENTS_PER_TURN - budget if to_move == WHITE else 0)


def parse_position(text: str) -> Position:
    """Parse the compact notation strictly; raise InvalidPosition naming what is wrong."""
    cells_text, phase_text, side_text, budget_text, pending_text, quiet_text, n_text = (
        split_fields(text, FIELDS))
    cells = _parse_cells(cells_text)
    if phase_text not in PHASE_NAMES:
        raise InvalidPosition(
            f"The phase field must be 'setup' or 'play'; got {phase_text!r}.", field="phase")
    phase = PHASE_NAMES.index(phase_text)
    if side_text not in SIDE_LETTERS:
        raise InvalidPosition(
            f"The side field must be 'b' (black) or 'w' (white); got {side_text!r}.", field="side")
    side = SIDE_LETTERS.index(side_text)
    budget = parse_counter(budget_text, "budget", 0, ACTION_POINTS)
    pending = _parse_pending(pending_text)
    quiet = parse_counter(quiet_text, "quiet")
    n = parse_counter(n_text, "n", minimum=1)
    pos = Position(cells, phase, side, budget, pending, quiet, n)
    if phase == SETUP:
        _check_setup(pos)
    else:
        _check_play(pos)
    return pos


def _parse_pending(text: str) -> Pending | None:
    """The pending field: None for ``-``, else the attacking step it writes."""
    if text == "-":
        return None
    m = _PENDING.fullmatch(text)
    if not m:
        raise InvalidPosition(
            f"The pending field must be '-' or the attacking step such as 'c1c2:3' or 'c1c2:3*'; "
            f"got {text!r}.", field="pending")
    return Pending(GRID.index[m.group(1)], GRID.index[m.group(2)], int(m.group(3)),
                   bool(m.group(4)))


def _check_setup(pos: Position) -> None:
    """Setup positions are fully determined in size by the turn: no pawn is ever lost in setup."""
    if pos.pending is not None:
        raise InvalidPosition("No attack can be pending during setup; the pending field must be "
                              "'-'.", field="pending")
    if not 1 <= pos.budget <= PLACEMENTS_PER_TURN:
        raise InvalidPosition(
            f"During setup the budget is the placements left in this turn, 1 to "
            f"{PLACEMENTS_PER_TURN}; got {pos.budget}.", field="budget")
    if pos.quiet != 0:
        raise InvalidPosition(f"The quiet counter is 0 during setup; got {pos.quiet}.",
                              field="quiet")
    if pos.n > SETUP_TURNS:
        raise InvalidPosition(
            f"Setup lasts {SETUP_TURNS} turns ({ARMY} pawns, {PLACEMENTS_PER_TURN} per turn); turn "
            f"{pos.n} is impossible in setup.", field="n")
    for sq, code in enumerate(pos.cells):
        if code and sq not in SETUP_CELLS[owner_of(code)]:
            s = owner_of(code)
            where = "its own camp (row %d)" % (CAMP_ROW[s] + 1)
            raise InvalidPosition(
                f"During setup {SIDE_NAMES[s]} pawns stand only on {SIDE_NAMES[s]} cells of "
                f"{where}; "
                f"{NAMES[sq]} holds {format_cell(code)}.", field="cells")
    totals = army_totals(pos.cells)
    for s in (BLACK, WHITE):
        expected = setup_placed(s, pos.side, pos.budget, pos.n)
        pawns, generals = totals[s]
        if pawns != expected:
            raise InvalidPosition(
                f"In setup turn {pos.n} with {SIDE_NAMES[pos.side]} to place "
                f"{pos.budget} more, {SIDE_NAMES[s]} has placed {expected} pawns; the cells hold "
                f"{pawns}.", field="cells")
        if generals > 1:
            raise InvalidPosition(f"{SIDE_NAMES[s].capitalize()} has {generals} Generals; a side "
                                  "has one.", field="cells")
        if pawns == ARMY and not generals:
            raise InvalidPosition(
                f"{SIDE_NAMES[s].capitalize()} has placed all {ARMY} pawns without its General; "
                "one of them must be the General.", field="cells")


def _check_play(pos: Position) -> None:
    """Play positions are consistent: army sizes, turn, quiet counter, budget, pending."""
    totals = army_totals(pos.cells)
    for s in (BLACK, WHITE):
        pawns, generals = totals[s]
        if pawns > ARMY:
            raise InvalidPosition(f"{SIDE_NAMES[s].capitalize()} has {pawns} pawns; a side has at "
                                  f"most {ARMY}.", field="cells")
        if generals > 1:
            raise InvalidPosition(f"{SIDE_NAMES[s].capitalize()} has {generals} Generals; a side "
                                  "has one.", field="cells")
    if pos.n < FIRST_PLAY_TURN:
        raise InvalidPosition(
            f"Play starts at turn {FIRST_PLAY_TURN}, after {SETUP_TURNS} setup turns; got n = "
            f"{pos.n}.", field="n")
    missing = [s for s in (BLACK, WHITE) if not totals[s][1]]
    if len(missing) == 2:
        raise InvalidPosition("Both Generals are gone; the game ends when the first one falls.",
                              field="cells")
    if missing:
        _check_finished(pos, missing[0])
        return
    # Turn changes since play began: two per turn number, plus one if white is to act.
    max_quiet = 2 * (pos.n - FIRST_PLAY_TURN) + pos.side
    if pos.quiet > max_quiet:
        raise InvalidPosition(
            f"The quiet counter counts turns since the last loss; at turn {pos.n} with "
            f"{SIDE_NAMES[pos.side]} to act at most {max_quiet} turns have passed in play, "
            f"not {pos.quiet}.", field="quiet")
    if pos.pending is None:
        if not 1 <= pos.budget <= ACTION_POINTS:
            raise InvalidPosition(
                f"With no fight pending the mover has 1 to {ACTION_POINTS} action points (the turn "
                f"passes at 0); got {pos.budget}.", field="budget")
        return
    _check_pending(pos, pos.pending)


def _check_pending(pos: Position, pending: Pending) -> None:
    """The pending attack is a step the attacker could have made from this position."""
    src, dst, k, general = pending
    text = format_pending(pending)
    if dst not in NEIGHBOURS[src]:
        raise InvalidPosition(f"The pending attack {text} is not a step between adjacent cells.",
                              field="pending")
    attackers, defenders = pos.cells[src], pos.cells[dst]
    if not attackers or owner_of(attackers) != pos.side:
        raise InvalidPosition(
            f"The pending attack {text} starts from {NAMES[src]}, which must hold the attacking "
            f"{SIDE_NAMES[pos.side]} pawns (they wait there until the fight is decided).",
            field="pending")
    if not defenders or owner_of(defenders) == pos.side:
        raise InvalidPosition(
            f"The pending attack {text} must target a cell holding enemy pawns; {NAMES[dst]} holds "
            f"{format_cell(defenders)}.", field="pending")
    soldiers = count_of(attackers) - has_general(attackers)
    if general and not has_general(attackers):
        raise InvalidPosition(f"The pending attack {text} includes the General, but "
                              f"{NAMES[src]} does not hold it.", field="pending")
    if k > count_of(attackers) or (not general and k > soldiers):
        raise InvalidPosition(
            f"The pending attack {text} needs {k} {'pawns' if general else 'soldiers'} on "
            f"{NAMES[src]}, which holds {format_cell(attackers)}.", field="pending")
    if pos.budget + k > ACTION_POINTS:
        raise InvalidPosition(
            f"The attack {text} cost {k} action points, so at most {ACTION_POINTS - k} can be "
            "left; "
            f"got a budget of {pos.budget}.", field="budget")


def _check_finished(pos: Position, loser: int) -> None:
    """A General fell in a fight: the game ended at once, within the attacker's turn."""
    if pos.pending is not None:
        raise InvalidPosition(
            f"{SIDE_NAMES[loser].capitalize()} has no General, so the game is over and no fight "
            "can be pending.", field="pending")
    if pos.budget > ACTION_POINTS - 1:
        raise InvalidPosition(
            "A General falls only in a fight, after a step cost at least one action point; the "
            f"budget can be at most {ACTION_POINTS - 1}, not {pos.budget}.", field="budget")
    if pos.quiet != 0:
        raise InvalidPosition(
            "A General has just fallen, which is a loss, so the quiet counter must be 0; got "
            f"{pos.quiet}.", field="quiet")
