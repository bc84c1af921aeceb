"""Sceptre boards: terrain, the section library, layouts, moves and the per-piece move tables.

A board is assembled from 8x8 sections placed at offsets (the ``sections`` option). Compiling
a layout validates it, builds one core :class:`Grid` over its bounding box (holes masked by
``on_board``), places the armies in their home sections and precomputes, per square and per
piece, every square the piece may reach on an empty board *with terrain already applied*, and
the :class:`Move` to each. Move generation then only has to look at the pieces. Compiled
layouts are cached by the option value, so every game instance with the same board shares one
set of tables.
"""

from __future__ import annotations

import json
import re
from functools import cached_property, lru_cache
from typing import Any, Callable, Final, NamedTuple

from ..core.errors import InvalidOptions, as_json
from ..core.geometry import DIAGONAL, DIRECTIONS, FILE_LETTERS, ORTHOGONAL, Grid

SECTION = 8
MAX_SPAN = 24
MAX_SECTIONS = 9

# ---- players ------------------------------------------------------------------------------

#: Colours in seat order, which is also the turn order.
COLOURS = ("w", "r", "b", "y")
COLOUR_NAMES = ("white", "red", "black", "yellow")

# ---- pieces: a piece code is colour * 8 + kind, 0 for an empty square ---------------------

KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN = range(1, 7)
KIND_LETTERS = " KQRBNP"
KIND_NAMES = ("", "King", "Queen", "Rook", "Bishop", "Knight", "Pawn")
#: The orthodox army: how many of each kind an army has at most (promotion only replaces a
#: lost piece, so no kind can ever exceed its orthodox count).
ORTHODOX_COUNT = (0, 1, 1, 2, 2, 2, 8)
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT)
#: Which kinds attack along an orthogonal (index 0) or diagonal (index 1) line; the King is
#: among them because its reach table limits it to the adjacent square.
LINE_KINDS = (frozenset((KING, QUEEN, ROOK)), frozenset((KING, QUEEN, BISHOP)))
BACK_RANK = (ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK)

#: The Knight's leaps as (file step, rank step): (1,2), (3,3) and (0,3) in every direction.
KNIGHT_LEAPS: tuple[tuple[int, int], ...] = tuple(sorted(
    {(a * sa, b * sb) for a, b in ((1, 2), (2, 1), (3, 3), (0, 3), (3, 0))
     for sa in (1, -1) for sb in (1, -1)}
))

# ---- moves ---------------------------------------------------------------------------------


class Move(NamedTuple):
    """One move: the piece on ``src`` goes to ``dst`` and, for a Pawn that promotes, becomes
    the kind ``promotion`` (0 when it does not promote). :data:`PASS` is the mated player's
    pass."""

    src: int
    dst: int
    promotion: int


#: The only move of a player checkmated while three or more players are in the game.
PASS: Final = Move(-1, -1, 0)

#: Squares along one direction from a square, nearest first.
Ray = tuple[int, ...]
#: A ray with the move to each of its squares, for move generation.
Path = tuple[Ray, tuple[Move, ...]]
#: A square a piece may reach and the move there.
Target = tuple[int, Move]

# ---- terrain --------------------------------------------------------------------------------

OPEN, FOREST, RIVER, POND, BRIDGE, CASTLE = ".", "F", "R", "P", "B", "C"
TERRAIN_LETTERS = ".FRPBC"
TERRAIN_NAMES = {OPEN: "open ground", FOREST: "forest", RIVER: "river", POND: "pond",
                 BRIDGE: "bridge", CASTLE: "castle ruin"}

# What a terrain does to a piece (the terrain table of docs/rules/sceptre.md). BLOCKED: cannot
# enter or cross; SLOW: entered only by a 1-square move, and a move starting there is 1 square
# long; FORD: the Pawn's river rule (the move ends on the first river square; from a river
# square the Pawn moves 1 square, and may also step 1 square straight back).
NORMAL, BLOCKED, SLOW, FORD = "normal", "blocked", "slow", "ford"
TERRAIN_EFFECT: dict[int, dict[str, str]] = {
    KING: {FOREST: NORMAL, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    QUEEN: {FOREST: NORMAL, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    ROOK: {FOREST: BLOCKED, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: SLOW},
    BISHOP: {FOREST: SLOW, RIVER: BLOCKED, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: BLOCKED},
    KNIGHT: {FOREST: NORMAL, RIVER: NORMAL, POND: NORMAL, BRIDGE: NORMAL, CASTLE: BLOCKED},
    PAWN: {FOREST: NORMAL, RIVER: FORD, POND: BLOCKED, BRIDGE: NORMAL, CASTLE: SLOW},
}
for _effects in TERRAIN_EFFECT.values():
    _effects[OPEN] = NORMAL


def effect(kind: int, terrain: str) -> str:
    """What ``terrain`` does to a piece of ``kind`` (NORMAL, BLOCKED, SLOW or FORD)."""
    return TERRAIN_EFFECT[kind][terrain]


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

_ORIGIN = re.compile(r"([a-z])([1-9][0-9]?)")


# ---- option validation (each option on its own; the layout as a whole in compile_layout) ----

def validate_players(value: Any) -> list[str]:
    """The ``players`` option: 2-4 distinct colour letters, returned in seat order."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidOptions(
            "Option 'players' must be a list of colour letters such as [\"w\", \"b\"].",
            option="players")
    if not 2 <= len(value) <= 4:
        raise InvalidOptions(
            f"Option 'players' must name 2 to 4 players; got {len(value)}.", option="players")
    for v in value:
        if v not in COLOURS:
            raise InvalidOptions(
                f"Option 'players' has {as_json(v)}; players are \"w\", \"r\", \"b\" and \"y\".",
                option="players")
    if len(set(value)) != len(value):
        raise InvalidOptions("Option 'players' names a colour twice.", option="players")
    return sorted(value, key=COLOURS.index)


def validate_sections(value: Any) -> list[dict[str, Any]] | None:
    """The ``sections`` option: a list of sections, each checked on its own."""
    if value is None:
        return None
    if not isinstance(value, list) or not value:
        raise InvalidOptions(
            "Option 'sections' must be a non-empty list of sections "
            "({\"origin\": \"a1\", \"name\": ...} or {\"origin\": \"a1\", \"terrain\": [...]}).",
            option="sections")
    if len(value) > MAX_SECTIONS:
        raise InvalidOptions(
            f"Option 'sections' has {len(value)} sections; a board has at most {MAX_SECTIONS}.",
            option="sections")
    return [_validate_section(i, s) for i, s in enumerate(value)]


def _validate_section(i: int, section: Any) -> dict[str, Any]:
    where = f"Section {i + 1} of option 'sections'"
    if not isinstance(section, dict):
        raise InvalidOptions(f"{where} must be an object.", option="sections")
    unknown = sorted(set(section) - {"origin", "name", "terrain", "home"})
    if unknown:
        raise InvalidOptions(
            f"{where} has the unknown key {unknown[0]!r}; a section has origin, name or "
            "terrain, and optionally home.", option="sections")
    origin = section.get("origin")
    m = _ORIGIN.fullmatch(origin) if isinstance(origin, str) else None
    if not m:
        raise InvalidOptions(
            f"{where} needs an 'origin' square such as \"a1\" (its bottom-left square); "
            f"got {as_json(origin)}.", option="sections")
    out: dict[str, Any] = {"origin": origin}
    if ("name" in section) == ("terrain" in section):
        raise InvalidOptions(
            f"{where} needs exactly one of 'name' (a library section) or 'terrain' "
            "(8 rows of 8 terrain letters).", option="sections")
    if "name" in section:
        name = section["name"]
        if not isinstance(name, str) or name not in LIBRARY:
            raise InvalidOptions(
                f"{where} names {as_json(name)}, which is not in the library "
                f"({', '.join(LIBRARY)}).", option="sections")
        out["name"] = name
    else:
        rows = section["terrain"]
        if not isinstance(rows, list) or len(rows) != SECTION or not all(
                isinstance(r, str) for r in rows):
            raise InvalidOptions(
                f"{where}: 'terrain' must be a list of 8 strings, top row first.",
                option="sections")
        for r, row in enumerate(rows):
            if len(row) != SECTION or any(c not in TERRAIN_LETTERS for c in row):
                raise InvalidOptions(
                    f"{where}: terrain row {r + 1} (from the top), {row!r}, must be 8 of the "
                    "letters . F R P B C.", option="sections")
        out["terrain"] = list(rows)
    if "home" in section:
        home = section["home"]
        if not isinstance(home, str) or home not in COLOURS:
            raise InvalidOptions(
                f"{where}: 'home' must be a colour letter w, r, b or y; got {as_json(home)}.",
                option="sections")
        out["home"] = home
    return out


def validate_forward(value: Any) -> dict[str, str] | None:
    """The ``forward`` option: colour letter -> north|east|south|west."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InvalidOptions(
            "Option 'forward' must be an object such as {\"w\": \"north\", \"b\": \"south\"}.",
            option="forward")
    for colour, direction in value.items():
        if colour not in COLOURS:
            raise InvalidOptions(
                f"Option 'forward' has the key {colour!r}; keys are colour letters w, r, b, y.",
                option="forward")
        if not isinstance(direction, str) or direction not in FORWARD_DIRECTION:
            raise InvalidOptions(
                f"Option 'forward' gives {colour!r} the direction {as_json(direction)}; directions "
                "are north, east, south and west.", option="forward")
    return dict(value)


# ---- the compiled layout --------------------------------------------------------------------

class Layout:
    """One validated board with its armies' placement and every precomputed move table.

    Attributes used on the hot path (all indexed by square unless said otherwise):

    - ``terrain``: terrain letter per square ('' off the board).
    - ``slides[kind][sq]``: for K, Q, R, B, the rays (squares, nearest first) the piece may
      travel from ``sq`` on an empty board, terrain applied, each with the moves to its
      squares.
    - ``leaps[sq]``: a Knight's leap targets, terrain applied, each with the move there.
    - ``reach_set[kind][sq]``: every square a K, Q, R, B or N may reach from ``sq`` on an
      empty board, for attack tests; ``knight_geometry[sq]``: every leap target, terrain
      ignored (where an attacking Knight may stand).
    - ``pawn_rays[colour][sq]``: a Pawn's non-capturing rays, and ``pawn_paths`` the same
      with their moves; ``pawn_captures[colour][sq]``: its capture squares, and
      ``pawn_capture_targets`` the same with their moves; ``promotion[colour]``: the squares
      where its Pawns promote, and ``pawn_may_promote[colour][sq]``: whether a Pawn there
      reaches any of them;
      ``pawn_area[colour]``: the squares its Pawns can ever reach (empty dict when the layout
      has no initial position).
    """

    def __init__(self, players: tuple[int, ...], sections: list[dict[str, Any]],
                 forward: dict[int, str], homes: dict[int, int]) -> None:
        self.players = players
        self.forward = forward
        origins = [_origin_coords(s["origin"]) for s in sections]
        min_f = min(f for f, _ in origins)
        min_r = min(r for _, r in origins)
        origins = [(f - min_f, r - min_r) for f, r in origins]
        files = max(f for f, _ in origins) + SECTION
        ranks = max(r for _, r in origins) + SECTION
        if files > MAX_SPAN or ranks > MAX_SPAN:
            raise InvalidOptions(
                f"The sections span {files} files and {ranks} ranks; the board's bounding box "
                f"is at most {MAX_SPAN}x{MAX_SPAN}.", option="sections")
        cells: dict[tuple[int, int], str] = {}
        for i, ((of, orank), section) in enumerate(zip(origins, sections)):
            rows = LIBRARY[section["name"]] if "name" in section else section["terrain"]
            for r in range(SECTION):
                for f in range(SECTION):
                    key = (of + f, orank + r)
                    if key in cells:
                        raise InvalidOptions(
                            f"Section {i + 1} overlaps another section at "
                            f"{FILE_LETTERS[key[0]]}{key[1] + 1}.", option="sections")
                    cells[key] = rows[SECTION - 1 - r][f]
        self.origins = tuple(origins)
        self.grid = grid = Grid(files, ranks, lambda f, r: (f, r) in cells)
        _check_connected(cells)
        self.terrain: tuple[str, ...] = tuple(
            cells.get(grid.coords[sq], "") for sq in range(grid.size))
        # The option value with origins tightened to the bounding box: what the game echoes.
        self.resolved_sections = [
            {**s, "origin": f"{FILE_LETTERS[f]}{r + 1}"} for s, (f, r) in zip(sections, origins)]
        self._place_armies(homes)
        self._build_tables()

    # -- armies ----------------------------------------------------------------------------

    def _place_armies(self, homes: dict[int, int]) -> None:
        """Each army's 16 pieces on the two rows of its home section nearest its home edge.

        A board whose home rows are not open ground (or on which two armies would share a
        square) is still a board: positions given by a client are played on it. Only its
        initial position does not exist, so the reason is kept in ``start_error`` and raised
        by :meth:`initial_board_or_raise`.
        """
        grid = self.grid
        start: dict[int, int] = {}
        self.start_error: InvalidOptions | None = None
        for colour in self.players:
            section_index = homes[colour]
            of, orank = self.origins[section_index]
            d = FORWARD_DIRECTION[self.forward[colour]]
            for i in range(SECTION):
                for depth, kind in ((0, BACK_RANK[i]), (1, PAWN)):
                    # Queens face each other: the i-th square counts from the section's
                    # south-west corner along the home edge.
                    if d == 0:
                        f, r = of + i, orank + depth
                    elif d == 4:
                        f, r = of + i, orank + SECTION - 1 - depth
                    elif d == 2:
                        f, r = of + depth, orank + i
                    else:
                        f, r = of + SECTION - 1 - depth, orank + i
                    sq = r * grid.files + f  # a square of a section, so on the board
                    if self.terrain[sq] != OPEN and self.start_error is None:
                        self.start_error = InvalidOptions(
                            f"{COLOUR_NAMES[colour].capitalize()}'s army would start on "
                            f"{grid.names[sq]}, which is {TERRAIN_NAMES[self.terrain[sq]]}; "
                            "the two home rows of a home section must be open ground for the "
                            "game to have an initial position (give a position to play on "
                            "this board).", option="sections")
                    if sq in start and self.start_error is None:
                        self.start_error = InvalidOptions(
                            f"{COLOUR_NAMES[colour].capitalize()} and "
                            f"{COLOUR_NAMES[start[sq] >> 3]} would both start on "
                            f"{grid.names[sq]}; give them different home sections for the "
                            "game to have an initial position (or give a position).",
                            option="sections")
                    start.setdefault(sq, colour * 8 + kind)
        self.initial_board = bytes(start.get(sq, 0) for sq in range(grid.size))

    def initial_board_or_raise(self) -> bytes:
        """The board of the initial position; InvalidOptions when the layout has none
        (an army's home rows are not open ground, or two armies would share a square)."""
        if self.start_error is not None:
            raise self.start_error
        return self.initial_board

    # -- tables ----------------------------------------------------------------------------

    def _slide(self, kind: int, sq: int, d: int, length: int) -> tuple[int, ...]:
        """The squares a piece of ``kind`` may reach from ``sq`` along direction ``d``
        on an empty board, at most ``length`` squares, terrain applied."""
        out = []
        for k, t in enumerate(self.grid.rays[sq][d][:length], 1):
            e = effect(kind, self.terrain[t])
            if e == BLOCKED:
                break
            if e == SLOW:
                if k == 1:
                    out.append(t)
                break
            out.append(t)
            if e == FORD:
                break
        return tuple(out)

    def _build_tables(self) -> None:
        grid, terrain = self.grid, self.terrain
        size = grid.size
        rays_of: list[tuple[tuple[Ray, ...], ...]] = [()] * 7
        for kind, directions, length in ((KING, ORTHOGONAL + DIAGONAL, 1),
                                         (QUEEN, ORTHOGONAL + DIAGONAL, MAX_SPAN),
                                         (ROOK, ORTHOGONAL, MAX_SPAN),
                                         (BISHOP, DIAGONAL, MAX_SPAN)):
            table: list[tuple[Ray, ...]] = []
            for sq in range(size):
                if not terrain[sq] or effect(kind, terrain[sq]) == BLOCKED:
                    table.append(())
                    continue
                limit = 1 if effect(kind, terrain[sq]) == SLOW else length
                rays = (self._slide(kind, sq, d, limit) for d in sorted(directions))
                table.append(tuple(r for r in rays if r))
            rays_of[kind] = tuple(table)
        self.slides = tuple(
            tuple(_paths(sq, rays) for sq, rays in enumerate(table)) for table in rays_of)
        leaps = tuple(
            tuple(t for t in grid.leaps(sq, KNIGHT_LEAPS)
                  if effect(KNIGHT, terrain[t]) != BLOCKED)
            if terrain[sq] and effect(KNIGHT, terrain[sq]) != BLOCKED else ()
            for sq in range(size))
        self.leaps = tuple(_targets(sq, targets) for sq, targets in enumerate(leaps))
        reach_set: list[tuple[frozenset[int], ...]] = [
            tuple(frozenset(t for ray in rays for t in ray) for rays in table)
            for table in rays_of]
        reach_set[KNIGHT] = tuple(frozenset(targets) for targets in leaps)
        self.reach_set = tuple(reach_set)
        self.knight_geometry = tuple(grid.leaps(sq, KNIGHT_LEAPS) for sq in range(size))
        self._build_pawn_tables()
        self.pawn_area = self._pawn_areas()
        #: ``standable[kind][sq]``: whether a piece of that kind may stand there (as can_stand).
        self.standable = tuple(
            tuple(kind > 0 and self.can_stand(kind, sq) for sq in range(grid.size))
            for kind in range(7))

    def _build_pawn_tables(self) -> None:
        grid, terrain = self.grid, self.terrain
        self.pawn_rays: dict[int, tuple[tuple[Ray, ...], ...]] = {}
        self.pawn_captures: dict[int, tuple[Ray, ...]] = {}
        self.promotion: dict[int, frozenset[int]] = {}
        for colour in self.players:
            d = FORWARD_DIRECTION[self.forward[colour]]
            # forward, the two forward diagonals, the two sideways directions
            directions = (d, (d + 1) % 8, (d + 7) % 8, (d + 2) % 8, (d + 6) % 8)
            moves: list[tuple[Ray, ...]] = []
            captures: list[Ray] = []
            for sq in range(grid.size):
                e = effect(PAWN, terrain[sq]) if terrain[sq] else BLOCKED
                if e == BLOCKED:
                    moves.append(())
                    captures.append(())
                    continue
                limit = 1 if e in (SLOW, FORD) else 3
                rays = [self._slide(PAWN, sq, dd, limit) for dd in directions]
                if e == FORD:
                    rays.append(self._slide(PAWN, sq, (d + 4) % 8, 1))
                moves.append(tuple(r for r in rays if r))
                captures.append(tuple(
                    ray[0] for dd in directions[1:3] for ray in (grid.rays[sq][dd],)
                    if ray and effect(PAWN, terrain[ray[0]]) != BLOCKED))
            self.pawn_rays[colour] = tuple(moves)
            self.pawn_captures[colour] = tuple(captures)
            self.promotion[colour] = frozenset(
                sq for sq in grid.squares
                if terrain[sq] == OPEN and _last_line(grid, sq, d))
        self.pawn_paths = {
            colour: tuple(_paths(sq, rays) for sq, rays in enumerate(table))
            for colour, table in self.pawn_rays.items()}
        self.pawn_capture_targets = {
            colour: tuple(_targets(sq, targets) for sq, targets in enumerate(table))
            for colour, table in self.pawn_captures.items()}
        self.pawn_may_promote = {
            colour: tuple(
                not self.promotion[colour].isdisjoint(
                    {t for ray in rays for t in ray} | set(self.pawn_captures[colour][sq]))
                for sq, rays in enumerate(self.pawn_rays[colour]))
            for colour in self.players}

    def _pawn_areas(self) -> dict[int, frozenset[int]]:
        """Per army, every square its Pawns can ever reach from their start squares.

        Pawns never move backwards except 1 square off a river, so the rest of the board
        (at the least the ranks behind their start) is closed to them; a Pawn elsewhere
        makes a position unreachable. Pieces only ever block a Pawn, and a capture is a
        diagonal step its moves already include, so the closure of the moves on an empty
        board is exactly the squares reachable in some game. Empty (no check) when the
        layout has no initial position.
        """
        if self.start_error is not None:
            return {}
        areas = {}
        for colour in self.players:
            moves = self.pawn_rays[colour]
            todo = [sq for sq, code in enumerate(self.initial_board) if code == colour * 8 + PAWN]
            seen = set(todo)
            while todo:
                for ray in moves[todo.pop()]:
                    for t in ray:
                        if t not in seen:
                            seen.add(t)
                            todo.append(t)
            areas[colour] = frozenset(seen)
        return areas

    def can_stand(self, kind: int, sq: int) -> bool:
        """Whether a piece of ``kind`` may stand on ``sq`` (terrain it may enter)."""
        return bool(self.terrain[sq]) and effect(kind, self.terrain[sq]) != BLOCKED

    @cached_property
    def attack_lines(self) -> tuple[tuple[tuple[Ray, frozenset[int]], ...], ...]:
        """Per square, its lines (the grid's 8 rays) with the kinds that attack along each:
        K, Q, R orthogonally, K, Q, B diagonally (the reach tables then limit the King to one
        square); for the attack test, built on its first use.

        Each line stops at the farthest square from which a piece could capture on the square
        (a line piece, by the reach tables, or a Pawn): beyond it terrain cuts every attack
        off, so a walk never looks further. Lines with no such square are left out."""
        return tuple(
            tuple((line, LINE_KINDS[d & 1]) for d, ray in enumerate(rays)
                  for line in (self._attack_line(sq, ray, LINE_KINDS[d & 1]),) if line)
            for sq, rays in enumerate(self.grid.rays))

    def _attack_line(self, sq: int, ray: Ray, kinds: frozenset[int]) -> Ray:
        """``ray`` (from ``sq``) up to its farthest square from which a piece of ``kinds``
        or a Pawn of any army could capture on ``sq``; empty when there is none."""
        last = -1
        for i, t in enumerate(ray):
            if any(sq in self.reach_set[kind][t] for kind in kinds) or any(
                    sq in captures[t] for captures in self.pawn_captures.values()):
                last = i
        return ray[:last + 1]

    @cached_property
    def knight_sources(self) -> tuple[Ray, ...]:
        """Per square, the squares from which a Knight may leap onto it (terrain applied),
        for the attack test, built on its first use."""
        reach = self.reach_set[KNIGHT]
        return tuple(tuple(t for t in geometry if sq in reach[t])
                     for sq, geometry in enumerate(self.knight_geometry))

    @cached_property
    def attacker_lines(self) -> tuple[tuple[tuple[tuple[int, frozenset[int]], ...], ...], ...]:
        """Per square, each line of :attr:`attack_lines` with, on each of its squares, the
        codes of the pieces (of any army) that capture on the square from there when they are
        the first piece on the line: the attack test's walks (a Knight's attack is looked up
        in :attr:`knight_sources`). Built on first use; equal sets are shared."""
        shared: dict[frozenset[int], frozenset[int]] = {}
        armies = range(len(COLOURS))
        reach_set, pawn_captures = self.reach_set, self.pawn_captures

        def codes(sq: int, t: int, line_kinds: frozenset[int]) -> frozenset[int]:
            found = frozenset(
                [army * 8 + kind for kind in line_kinds if sq in reach_set[kind][t]
                 for army in armies]
                + [army * 8 + PAWN for army, captures in pawn_captures.items()
                   if sq in captures[t]])
            return shared.setdefault(found, found)

        return tuple(
            tuple(tuple((t, codes(sq, t, line_kinds)) for t in line)
                  for line, line_kinds in lines)
            for sq, lines in enumerate(self.attack_lines))

    @cached_property
    def attack_squares(self) -> tuple[frozenset[int], ...]:
        """Per square, the squares whose pieces its attack test looks at: those of its
        :attr:`attack_lines` and :attr:`knight_sources` (built on first use)."""
        return tuple(lines | frozenset(sources)
                     for lines, sources in zip(self.line_squares, self.knight_sources))

    @cached_property
    def attack_windows(self) -> tuple[int, ...]:
        """Per square, its :attr:`attack_squares` as a number with the bits of their bytes
        set (byte ``t`` of a board read as one little-endian number): ``diff &
        attack_windows[sq]`` is 0 when two boards whose bytes differ by ``diff`` (xor) give
        the same answer to the attack test of ``sq`` (built on first use)."""
        return tuple(sum(0xFF << (8 * t) for t in squares) for squares in self.attack_squares)

    @cached_property
    def plain_move_by_text(self) -> dict[str, Move]:
        """Every move of the tables (each move without promotion a piece may make on this
        board) by its text, ``e2e5``: most moves a request names are read here, without a
        regular expression. Built when the first move is read on this board."""
        names = self.grid.names
        paths = [path for table in self.slides for square in table for path in square]
        paths += [path for table in self.pawn_paths.values() for square in table
                  for path in square]
        targets = [target for square in self.leaps for target in square]
        targets += [target for table in self.pawn_capture_targets.values() for square in table
                    for target in square]
        moves = [move for _, ray_moves in paths for move in ray_moves]
        moves += [move for _, move in targets]
        return {names[move.src] + names[move.dst]: move for move in moves}

    @cached_property
    def line_squares(self) -> tuple[frozenset[int], ...]:
        """Per square, every square of its :attr:`attack_lines`: the only squares from which
        a piece can shield a King there from a line piece (built on first use)."""
        return tuple(frozenset(t for line, _ in lines for t in line)
                     for lines in self.attack_lines)

    @cached_property
    def near_slots(self) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """:attr:`slots` limited to the moves that pass over no square, built on first use
        from the move tables (without building :attr:`slots`, which on a large open board
        take a second and tens of MB)."""
        return self._slot_tables(1)

    @cached_property
    def slots(self) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """Per piece code (indexed ``[code][sq]``; empty for codes of no player), every move
        the piece may make from ``sq`` on an empty board, terrain applied, each once, as a
        :data:`Slot`: a promoting Pawn's move onto a promotion square has one slot per
        promotion kind (see :func:`rules.sceptre.moves.draw`). Every pseudo-legal move of a
        position is the move of exactly one slot of the side's pieces, so drawing slots
        uniformly and keeping the valid ones draws moves uniformly. Built on first use."""
        return self._slot_tables(MAX_SPAN)

    def _slot_tables(self, reach: int) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
        """The slots of every piece code and square whose moves go at most ``reach``
        squares along a ray (leaps and Pawn captures always)."""
        sliding: list[tuple[tuple[Slot, ...], ...]] = [()] * 7
        for kind in (KING, QUEEN, ROOK, BISHOP):
            sliding[kind] = tuple(
                tuple(slot for ray, moves in paths
                      for slot in _ray_slots(ray[:reach], moves, ANY, frozenset()))
                for paths in self.slides[kind])
        sliding[KNIGHT] = tuple(
            tuple((dst, NO_PATH, b"", move, ANY) for dst, move in targets)
            for targets in self.leaps)
        by_code: list[tuple[tuple[Slot, ...], ...]] = [()] * 32
        for colour in self.players:
            for kind in (KING, QUEEN, ROOK, BISHOP, KNIGHT):
                by_code[colour * 8 + kind] = sliding[kind]
            promo = self.promotion[colour]
            by_code[colour * 8 + PAWN] = tuple(
                tuple(slot for ray, moves in paths
                      for slot in _ray_slots(ray[:reach], moves, QUIET, promo))
                + tuple(slot for dst, move in targets
                        for slot in _promotion_slots(dst, NO_PATH, b"", move, CAPTURE, promo))
                for paths, targets in zip(self.pawn_paths[colour],
                                          self.pawn_capture_targets[colour]))
        return tuple(by_code)

    def option_value(self) -> dict[str, Any]:
        """The resolved options describing this layout (players, sections, forward)."""
        return {
            "players": [COLOURS[c] for c in self.players],
            "sections": [dict(s) for s in self.resolved_sections],
            "forward": {COLOURS[c]: self.forward[c] for c in self.players},
        }


#: The non-promoting move of each (from, to) pair in every layout's tables, one object per pair
#: (a move is a value, the same on every board), keyed by ``src * MAX_SQUARES + dst``: the
#: tables of all compiled layouts share them, and there are at most MAX_SQUARES ** 2.
_PLAIN_MOVES: dict[int, Move] = {}
MAX_SQUARES = MAX_SPAN * MAX_SPAN


def _plain_move(src: int, dst: int) -> Move:
    move = _PLAIN_MOVES.get(src * MAX_SQUARES + dst)
    if move is None:
        move = _PLAIN_MOVES[src * MAX_SQUARES + dst] = Move(src, dst, 0)
    return move


def _paths(src: int, rays: tuple[Ray, ...]) -> tuple[Path, ...]:
    """Each ray from ``src`` with the moves to its squares."""
    return tuple((ray, tuple(_plain_move(src, dst) for dst in ray)) for ray in rays)


def _targets(src: int, squares: Ray) -> tuple[Target, ...]:
    """Each square with the move from ``src`` to it."""
    return tuple((dst, _plain_move(src, dst)) for dst in squares)


#: How a slot's move is valid on its target square: empty or not the mover's (ANY), empty
#: (QUIET, a Pawn's move), holding a piece the mover does not move (CAPTURE, a Pawn's capture).
ANY, QUIET, CAPTURE = 0, 1, 2
#: One move a piece may make on an empty board: ``(dst, path, clear, move, mode)``, where
#: ``board[path] == clear`` says that the squares it passes over are empty (``path`` a slice
#: of the board, in steps along the ray) and ``mode`` how ``dst`` must be (ANY, QUIET,
#: CAPTURE).
Slot = tuple[int, slice, bytes, Move, int]
#: The path of a move that passes over no square.
NO_PATH = slice(0, 0)


def _ray_slots(ray: Ray, moves: tuple[Move, ...], mode: int,
               promo: frozenset[int]) -> list[Slot]:
    """The slots of the moves along one ray: the move to its i-th square passes over the
    squares before it."""
    slots: list[Slot] = []
    for i, (dst, move) in enumerate(zip(ray, moves)):
        path = _path_slice(ray[:i])
        slots += _promotion_slots(dst, path, _CLEAR[i], move, mode, promo)
    return slots


#: ``_CLEAR[n]``: n empty squares, as a slot's ``clear`` (one object per length, shared).
_CLEAR = tuple(bytes(n) for n in range(MAX_SPAN))


def _promotion_slots(dst: int, path: slice, clear: bytes, move: Move, mode: int,
                     promo: frozenset[int]) -> list[Slot]:
    """The slot of ``move``, or one per promotion kind when it ends on a promotion square
    (``promo``): each such move is valid only when its kind is one the army has lost, or the
    Queen's slot as the plain move when it has lost none."""
    if dst not in promo:
        return [(dst, path, clear, move, mode)]
    return [(dst, path, clear, Move(move.src, dst, kind), mode) for kind in PROMOTION_KINDS]


_SLICES: dict[tuple[int, int | None, int], slice] = {}


def _path_slice(squares: Ray) -> slice:
    """The slice of a board (bytes indexed by square) giving ``squares``, consecutive steps
    along a ray (one slice object per distinct value, shared)."""
    if not squares:
        return NO_PATH
    step = squares[1] - squares[0] if len(squares) > 1 else 1
    stop: int | None = squares[-1] + step
    if stop is not None and stop < 0:
        stop = None
    key = (squares[0], stop, step)
    found = _SLICES.get(key)
    if found is None:
        found = _SLICES[key] = slice(*key)
        assert tuple(range(MAX_SQUARES)[found]) == squares, "a path is a straight run"
    return found


def _last_line(grid: Grid, sq: int, d: int) -> bool:
    """Whether ``sq`` is on the bounding box's last rank (or file) in direction ``d``."""
    f, r = grid.coords[sq]
    df, dr = DIRECTIONS[d]
    if dr:
        return r == (grid.ranks - 1 if dr > 0 else 0)
    return f == (grid.files - 1 if df > 0 else 0)


def _origin_coords(origin: str) -> tuple[int, int]:
    """The (file, rank) indices of a section's origin square (validated: ``a1``..``z99``)."""
    m = _ORIGIN.fullmatch(origin)
    assert m is not None, "validate_sections checked every origin"
    return FILE_LETTERS.index(m.group(1)), int(m.group(2)) - 1


def default_board_size(players: int) -> tuple[int, int]:
    """``(files, ranks)`` of the default board for that many players."""
    origins = [_origin_coords(origin) for origin, _ in DEFAULT_LAYOUTS[players]]
    return (max(f for f, _ in origins) + SECTION, max(r for _, r in origins) + SECTION)


def _check_connected(cells: dict[tuple[int, int], str]) -> None:
    first = next(iter(cells))
    seen = {first}
    todo = [first]
    while todo:
        f, r = todo.pop()
        for n in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(cells):
        raise InvalidOptions(
            "The sections do not form one edge-connected board; every section must share an "
            "edge with another.", option="sections")


def compile_layout(players: list[str], sections: list[dict[str, Any]] | None,
                   forward: dict[str, str] | None) -> Layout:
    """The compiled layout for these (individually validated) options, cached by value.

    Raises InvalidOptions when the parts do not fit together: overlapping or disconnected
    sections, a board over 24x24, a home section for a player who is not playing. (Armies
    that cannot start on the board only make its initial position an error.)
    """
    key = json.dumps([players, sections, forward], sort_keys=True)
    return _compile(key)


#: A compiled layout holds its move tables (up to about 22 MB for a 4-player, all-open 24x24
#: board), so at most 16 are kept.
@lru_cache(maxsize=16)
def _compile(key: str) -> Layout:
    players_l, sections, forward_l = json.loads(key)
    players = tuple(COLOURS.index(c) for c in players_l)
    defaults = DEFAULT_FORWARD[len(players)]
    forward = {c: defaults[i] for i, c in enumerate(players)}
    for letter, direction in (forward_l or {}).items():
        colour = COLOURS.index(letter)
        if colour not in players:
            raise InvalidOptions(
                f"Option 'forward' gives a direction to {COLOUR_NAMES[colour]}, who is not "
                "playing.", option="forward")
        forward[colour] = direction
    if sections is None:
        sections = [{"origin": o, "name": n} for o, n in DEFAULT_LAYOUTS[len(players)]]
    homes = _find_homes(players, sections, forward)
    return Layout(players, sections, forward, homes)


def _find_homes(players: tuple[int, ...], sections: list[dict[str, Any]],
                forward: dict[int, str]) -> dict[int, int]:
    """Each player's home section: the one marked ``home`` for him, else the first listed
    section on the bounding box's edge behind him (opposite his forward direction)."""
    homes: dict[int, int] = {}
    for i, s in enumerate(sections):
        if "home" in s:
            colour = COLOURS.index(s["home"])
            if colour not in players:
                raise InvalidOptions(
                    f"Section {i + 1} is the home of {COLOUR_NAMES[colour]}, who is not playing.",
                    option="sections")
            if colour in homes:
                raise InvalidOptions(
                    f"{COLOUR_NAMES[colour].capitalize()} has two home sections.",
                    option="sections")
            homes[colour] = i
    origins = [_origin_coords(s["origin"]) for s in sections]
    min_f = min(f for f, _ in origins)
    min_r = min(r for _, r in origins)
    max_f = max(f for f, _ in origins)
    max_r = max(r for _, r in origins)
    behind: dict[str, Callable[[int, int], bool]] = {
        "north": lambda f, r: r == min_r, "south": lambda f, r: r == max_r,
        "east": lambda f, r: f == min_f, "west": lambda f, r: f == max_f}
    for colour in players:
        if colour in homes:
            continue
        on_edge = behind[forward[colour]]
        for i, (f, r) in enumerate(origins):
            if on_edge(f, r):
                homes[colour] = i
                break
    return homes
