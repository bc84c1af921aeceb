"""Three Men's Morris, a game that lives only in the tests: a board of points joined by lines
(a ``points`` :class:`~rules.core.view.BoardView`), drawn and played like any other game.

The board is the nine points of a 3x3 grid, ``a1`` to ``c3``, joined by the traditional lines:
the three rows, the three columns and the two diagonals. Two players, ``x`` (moves first) and
``o``, each place their three pieces, one a turn, on empty points; once all six are placed,
each turn moves one's own piece along a line to the next point, which must be empty. Three of
one's pieces on one line (a row, a column or a diagonal) win at once. (No player is ever left
without a step: whatever the six pieces' places without a line, some piece of each player
has an empty neighbour; the tests check every such position.)

Notation: a position is the grid top row first, rows separated by ``/``, each point ``x``,
``o`` or ``.``, then the player to move: ``x../.o./... x``. A placement is the point placed on
(``b2``), a step the two points joined by ``-`` (``a1-b2``).
"""

from __future__ import annotations

import re
from typing import Any, Literal, NamedTuple

from rules.core.checks import RuleBook
from rules.core.entries import STEP, entry
from rules.core.events import MOVED, PIECE, SQUARE, event
from rules.core.errors import IllegalMove, InvalidPosition
from rules.core.game import ONGOING, WIN, Analysis, Applied, Game, Status
from rules.core.geometry import Grid
from rules.core.notation import split_fields
from rules.core.reasons import Reason
from rules.core.view import BoardView, Piece, grid_cells

GRID = Grid(3, 3)
Player = Literal["x", "o"]
PIECES_EACH = 3
#: the traditional lines, each a row, column or diagonal of three points
LINES = (("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
         ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
         ("a1", "b2", "c3"), ("a3", "b2", "c1"))
#: the lines' segments: each joins two neighbouring points, along which a piece steps
SEGMENTS = tuple(pair for line in LINES for pair in zip(line, line[1:]))
NEIGHBOURS = {name: frozenset({b for a, b in SEGMENTS if a == name}
                              | {a for a, b in SEGMENTS if b == name})
              for name in GRID.names}
STEP_TEXT = re.compile(r"([a-c][1-3])-([a-c][1-3])")


class Position(NamedTuple):
    """The nine points (``x``, ``o`` or ``.``) from a1 to c3, and the player to move."""

    points: tuple[str, ...]
    to_move: Player


class Move(NamedTuple):
    """A placement on ``to`` (``src`` None), or a step from ``src`` to ``to`` (indices)."""

    src: int | None
    to: int


class Illegal(Reason):
    MALFORMED_MOVE = "malformed_move", "The move is not a point (b2) or a step (a1-b2)."
    PLACEMENT_OVER = "placement_over", "Every piece is placed; pieces now step along lines."
    STILL_PLACING = "still_placing", "Pieces are placed until each player has three."
    NOT_YOURS = "not_yours", "A step starts from a point holding one's own piece."
    NOT_JOINED = "not_joined", "A step goes along a line to the next point."
    OCCUPIED = "occupied", "Only an empty point can be placed on or stepped to."


class End(Reason):
    THREE_IN_A_LINE = "three_in_a_line", "A player has three pieces on one line."


def other(player: Player) -> Player:
    return "o" if player == "x" else "x"


def line_of(points: tuple[str, ...]) -> tuple[str, ...] | None:
    """The first line whose three points hold pieces of one player, or None."""
    for line in LINES:
        marks = {points[GRID.index[name]] for name in line}
        if len(marks) == 1 and marks != {"."}:
            return line
    return None


def placing(position: Position) -> bool:
    """Whether the player to move still has a piece to place."""
    return position.points.count(position.to_move) < PIECES_EACH


BOOK: RuleBook[ThreeMensMorris, Position, Move] = RuleBook(Illegal.NOT_JOINED)


@BOOK.rule(Illegal.PLACEMENT_OVER)
def placement_over(game: ThreeMensMorris, position: Position, move: Move) -> str | None:
    if move.src is not None or placing(position):
        return None
    return f"{position.to_move} has placed all three pieces; step one along a line."


@BOOK.rule(Illegal.STILL_PLACING)
def still_placing(game: ThreeMensMorris, position: Position, move: Move) -> str | None:
    if move.src is None or not placing(position):
        return None
    return f"{position.to_move} still has a piece to place; name an empty point."


@BOOK.rule(Illegal.NOT_YOURS)
def not_yours(game: ThreeMensMorris, position: Position, move: Move) -> str | None:
    if move.src is None or position.points[move.src] == position.to_move:
        return None
    return f"{GRID.names[move.src]} holds no piece of {position.to_move}."


@BOOK.rule(Illegal.NOT_JOINED)
def not_joined(game: ThreeMensMorris, position: Position, move: Move) -> str | None:
    if move.src is None or GRID.names[move.to] in NEIGHBOURS[GRID.names[move.src]]:
        return None
    return f"No line joins {GRID.names[move.src]} to {GRID.names[move.to]} as neighbours."


@BOOK.rule(Illegal.OCCUPIED)
def occupied(game: ThreeMensMorris, position: Position, move: Move) -> str | None:
    mark = position.points[move.to]
    if mark == ".":
        return None
    return f"{GRID.names[move.to]} already holds {mark}."


class ThreeMensMorris(Game[Position, Move]):
    id = "morris"
    name = "Three Men's Morris"
    illegal_reasons = Illegal
    end_reasons = End
    event_schemas = {
        "place": event("A piece is placed on a point.", {"square": SQUARE, "piece": PIECE}),
        "move": MOVED,
    }
    entry_kinds = {
        "place": entry("Placing a piece on an empty point.", {"to": SQUARE, "piece": PIECE}),
        "step": entry("Stepping a piece along a line to the next point.", STEP),
    }
    max_perft_depth = 4
    perft_budget = 20_000

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return ("x", "o")

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "pieces": [{"letter": "x", "name": "x's man", "moves": "placed, then steps"},
                       {"letter": "o", "name": "o's man", "moves": "placed, then steps"}],
            "setups": {"empty": ".../.../... x"},
            "notation": {"position": "<row 3>/<row 2>/<row 1> <x|o>",
                         "move": "<point> to place, <point>-<point> to step",
                         "example": "x../.o./... x"},
        }

    def initial_position(self) -> Position:
        return Position((".",) * 9, "x")

    def parse_position(self, text: str) -> Position:
        grid, to_move = split_fields(text, ("grid", "to_move"))
        rows = grid.split("/")
        if len(rows) != 3 or any(len(row) != 3 or set(row) - {"x", "o", "."} for row in rows):
            raise InvalidPosition("The grid is three rows of three x, o or . separated by /.",
                                  field="board")
        if to_move not in ("x", "o"):
            raise InvalidPosition("Write the grid, a space, and x or o for the player to move.",
                                  field="to_move")
        points = tuple(mark for row in reversed(rows) for mark in row)
        xs, os = points.count("x"), points.count("o")
        if max(xs, os) > PIECES_EACH:
            raise InvalidPosition("Each player has three pieces.", field="board")
        if xs + os < 2 * PIECES_EACH and xs - os not in (0, 1):
            raise InvalidPosition("x places first, so x has as many pieces as o or one more.",
                                  field="board")
        expected = "x" if xs == os else "o"
        if xs + os < 2 * PIECES_EACH and to_move != expected:
            raise InvalidPosition(f"With {xs} x and {os} o placed it is {expected}'s turn.",
                                  field="to_move")
        return Position(points, "x" if to_move == "x" else "o")

    def format_position(self, position: Position) -> str:
        rows = ["".join(position.points[r * 3:r * 3 + 3]) for r in (2, 1, 0)]
        return f"{'/'.join(rows)} {position.to_move}"

    def analyse(self, position: Position) -> Analysis[Move]:
        line = line_of(position.points)
        if line is not None:
            winner = position.points[GRID.index[line[0]]]
            return Analysis(Status(WIN, winner, End.THREE_IN_A_LINE), ())
        empty = [sq for sq in GRID.squares if position.points[sq] == "."]
        if placing(position):
            moves = tuple(Move(None, sq) for sq in empty)
        else:
            moves = tuple(Move(src, GRID.index[to]) for src in GRID.squares
                          if position.points[src] == position.to_move
                          for to in sorted(NEIGHBOURS[GRID.names[src]])
                          if position.points[GRID.index[to]] == ".")
        return Analysis(Status(ONGOING, None, None, position.to_move), moves)

    def format_move(self, position: Position, move: Move) -> str:
        if move.src is None:
            return GRID.names[move.to]
        return f"{GRID.names[move.src]}-{GRID.names[move.to]}"

    def parse_move(self, position: Position, text: str) -> Move:
        if text in GRID.index:
            return Move(None, GRID.index[text])
        step = STEP_TEXT.fullmatch(text)
        if step is None:
            raise IllegalMove(Illegal.MALFORMED_MOVE,
                              f"{text!r} is neither a point such as b2 nor a step such as a1-b2.")
        return Move(GRID.index[step[1]], GRID.index[step[2]])

    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
        if move.src is None:
            return {"to": GRID.names[move.to], "kind": "place", "piece": position.to_move}
        return {"from": GRID.names[move.src], "to": GRID.names[move.to], "kind": "step",
                "piece": position.to_move}

    def move_squares(self, move: Move) -> tuple[str, ...]:
        ends = (move.to,) if move.src is None else (move.src, move.to)
        return tuple(GRID.names[sq] for sq in ends)

    def apply(self, position: Position, move: Move,
              dice: Any | None = None) -> Applied[Position]:
        points = list(position.points)
        points[move.to] = position.to_move
        if move.src is None:
            happened = {"type": "place", "square": GRID.names[move.to], "piece": position.to_move}
        else:
            points[move.src] = "."
            happened = {"type": "move", "from": GRID.names[move.src],
                        "to": GRID.names[move.to], "piece": position.to_move}
        return Applied(Position(tuple(points), other(position.to_move)), (happened,), None)

    def board_view(self, position: Position) -> BoardView:
        def piece_at(sq: int) -> Piece | None:
            mark = position.points[sq]
            return None if mark == "." else Piece(glyph=mark.upper(), owner=mark, text=mark,
                                                  name=f"{mark} man")

        return BoardView(game=self.id, files=3, ranks=3, cells=grid_cells(GRID, piece_at),
                         palette={"x": ("#f6f1e4", "#2f2a26"), "o": ("#2f2a26", "#f5efe0")},
                         to_move=self.status(position).to_move, layout="points",
                         lines=SEGMENTS)
