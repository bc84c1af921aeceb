"""Sceptre's board parts: the 8x8 section and the board's limits, the forward directions,
the section library (the project's own design) with the default layouts built from it, and
the origin square that places a section."""

from __future__ import annotations

import re

from ..core.geometry import FILE_LETTERS

SECTION = 8
MAX_SPAN = 24
MAX_SECTIONS = 9

# ---- forward directions -------------------------------------------------------------------

#: Index into core DIRECTIONS of each forward direction.
FORWARD_DIRECTION = {"north": 0, "east": 2, "south": 4, "west": 6}
#: Default forward direction by seat for the default layouts (2 players: north, south).
DEFAULT_FORWARD = {2: ("north", "south"), 3: ("north", "east", "south"),
                   4: ("north", "east", "south", "west")}

# ---- the section library (the project's own design; top row first) -------------------------

LIBRARY: dict[str, tuple[str, ...]] = {
    # Home for an army on the south edge: its two bottom rows are open ground.
    "southern-march": (
        "F..C..RR",
        "F.CC.RB.",
        "..F.RR..",
        "RBRR...P",
        "......FF",
        ".F......",
        "........",
        "........",
    ),
    # Home for an army on the north edge: its two top rows are open ground.
    "northern-march": (
        "........",
        "........",
        "......F.",
        "PP...RBR",
        "..RBRR..",
        ".FR..F..",
        "RR...C.F",
        "..F..CC.",
    ),
    # Home for an army on the west edge: its two left files are open ground.
    "western-march": (
        "....F..R",
        "....FF.R",
        "...C...B",
        "..CC...R",
        "......RR",
        "..P..RB.",
        "..PF.R..",
        "...F....",
    ),
    # Home for an army on the east edge: its two right files are open ground.
    "eastern-march": (
        "..F.....",
        "R.FF....",
        "RB...C..",
        ".R..CC..",
        ".R......",
        ".BRR.P..",
        "...R.P..",
        "...R.F..",
    ),
    # The centre of the 3- and 4-player boards: two rivers crossing at a ruined keep.
    "crossroads": (
        "...R....",
        ".F.B..P.",
        "...R....",
        "RBRCCRBR",
        "...CC...",
        "..FR..F.",
        "...B....",
        "...R....",
    ),
    "old-forest": (
        "FF..FFF.",
        "F.FF..F.",
        ".FFP.F..",
        "..F.FFC.",
        ".F..F...",
        "FF.F..FF",
        ".F..FF.F",
        "..F..F..",
    ),
    "twin-ponds": (
        "........",
        ".PP..F..",
        ".PP.....",
        "...C....",
        "....C...",
        ".....PP.",
        "..F..PP.",
        "........",
    ),
    "river-bend": (
        "..R.....",
        "..R..F..",
        "..B..F..",
        "..RR....",
        "...RRBRR",
        ".F......",
        ".FF..C..",
        "........",
    ),
    "castle-ruins": (
        "........",
        ".CC..CC.",
        ".C....C.",
        "...F....",
        "....F...",
        ".C....C.",
        ".CC..CC.",
        "........",
    ),
}

#: Default layouts by number of players: (origin, library name, home seat or None).
DEFAULT_LAYOUTS: dict[int, tuple[tuple[str, str], ...]] = {
    2: (("a1", "southern-march"), ("a9", "northern-march")),
    3: (("i1", "southern-march"), ("a9", "western-march"), ("i9", "crossroads"),
        ("i17", "northern-march")),
    4: (("i1", "southern-march"), ("a9", "western-march"), ("i9", "crossroads"),
        ("q9", "eastern-march"), ("i17", "northern-march")),
}

#: An origin square: its file letter and its rank number.
ORIGIN = re.compile(r"([a-z])([1-9][0-9]?)")


def origin_coords(origin: str) -> tuple[int, int]:
    """The (file, rank) indices of a section's origin square (validated: ``a1``..``z99``)."""
    m = ORIGIN.fullmatch(origin)
    assert m is not None, "validate_sections checked every origin"
    return FILE_LETTERS.index(m.group(1)), int(m.group(2)) - 1


def default_board_size(players: int) -> tuple[int, int]:
    """``(files, ranks)`` of the default board for that many players."""
    origins = [origin_coords(origin) for origin, _ in DEFAULT_LAYOUTS[players]]
    return (max(f for f, _ in origins) + SECTION, max(r for _, r in origins) + SECTION)
