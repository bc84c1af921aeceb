"""Sceptre layouts: the board assembled from 8x8 sections placed at offsets (the ``sections``
option), with its armies' placement and every precomputed table.

Compiling a layout validates it, builds one core :class:`Grid` over its bounding box (holes
masked by ``on_board``), places the armies in their home sections and precomputes, per square
and per piece, every square the piece may reach on an empty board *with terrain already
applied*, and the :class:`~rules.sceptre.pieces.Move` to each. Move generation then only has
to look at the pieces. Compiled layouts are cached by the option value, so every game instance
with the same board shares one set of tables.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..core.memo import memo
from ..core.errors import InvalidOptions
from ..core.geometry import FILE_LETTERS, Grid
from .attack_tables import AttackTables
from .pieces import BACK_RANK, COLOUR_NAMES, COLOURS, PAWN
from .sections import (
    DEFAULT_FORWARD, DEFAULT_LAYOUTS, FORWARD_DIRECTION, LIBRARY, MAX_SPAN, SECTION,
    origin_coords,
)
from .slots import SlotTables
from .terrain import OPEN, TERRAIN_NAMES


class Layout(AttackTables, SlotTables):
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

    These tables are built by :class:`~rules.sceptre.move_tables.MoveTables`; the tables of
    the attack test (:class:`~rules.sceptre.attack_tables.AttackTables`) and of the random
    move (:class:`~rules.sceptre.slots.SlotTables`) are built from them on first use.
    """

    def __init__(self, players: tuple[int, ...], sections: list[dict[str, Any]],
                 forward: dict[int, str], homes: dict[int, int]) -> None:
        self.players = players
        self.forward = forward
        origins = [origin_coords(s["origin"]) for s in sections]
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

    def option_value(self) -> dict[str, Any]:
        """The resolved options describing this layout (players, sections, forward)."""
        return {
            "players": [COLOURS[c] for c in self.players],
            "sections": [dict(s) for s in self.resolved_sections],
            "forward": {COLOURS[c]: self.forward[c] for c in self.players},
        }


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
@memo(entry_bytes=4096, most=16)
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
    origins = [origin_coords(s["origin"]) for s in sections]
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
