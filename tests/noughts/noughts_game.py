"""Noughts and Crosses, a game that lives only in the tests: the proof that a game plugs
into the core and the service without touching either.

Two players, ``x`` (moves first) and ``o``, take turns marking an empty square of a 3x3 grid;
three marks of one player in a row, column or diagonal win, a full grid without one draws.
The option ``wobbly_hands`` makes every mark a chance move: a d6 is rolled, and on a 1 the
mark slips off the grid and the turn passes, so the game has dice too.

Notation: a position is the grid top row first, rows separated by ``/``, each square ``x``,
``o`` or ``.``, then the player to move: ``x../.o./... x``. A move is the square marked:
``b2``. Dice are ``{"die": 1-6}``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from rules.core.checks import RuleBook
from rules.core.entries import entry
from rules.core.events import PIECE, SQUARE, event
from rules.core.errors import IllegalMove, InvalidDice, InvalidPosition
from rules.core.game import DRAW, ONGOING, WIN, Analysis, Applied, Game, Status
from rules.core.geometry import Grid
from rules.core.notation import split_fields
from rules.core.options import OptionSpec
from rules.core.reasons import Reason
from rules.core.view import BoardView, Mark, Piece, grid_cells

GRID = Grid(3, 3)
Player = Literal["x", "o"]
LINES = tuple(
    tuple(GRID.index[name] for name in line)
    for line in (("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
                 ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
                 ("a1", "b2", "c3"), ("a3", "b2", "c1"))
)
ROLLS = tuple(({"die": die}, Fraction(1, 6)) for die in range(6, 0, -1))


class Position(NamedTuple):
    """The nine squares (``x``, ``o`` or ``.``) from a1 to c3, and the player to move."""

    squares: tuple[str, ...]
    to_move: Player


class Move(NamedTuple):
    """Marking one square."""

    square: int


class Illegal(Reason):
    MALFORMED_MOVE = "malformed_move", "The move is not a square name such as b2."
    OCCUPIED = "occupied", "Only an empty square can be marked."


class End(Reason):
    THREE_IN_A_ROW = "three_in_a_row", "A player has three marks in a row, column or diagonal."
    BOARD_FULL = "board_full", "Every square is marked and nobody has three in a row."


def other(player: Player) -> Player:
    return "o" if player == "x" else "x"


def winning_line(squares: tuple[str, ...]) -> tuple[int, ...] | None:
    """The first line held by one player, or None."""
    for line in LINES:
        first = squares[line[0]]
        if first != "." and all(squares[sq] == first for sq in line):
            return line
    return None


BOOK: RuleBook[NoughtsAndCrosses, Position, Move] = RuleBook(Illegal.OCCUPIED)


@BOOK.rule(Illegal.OCCUPIED)
def occupied(game: NoughtsAndCrosses, position: Position, move: Move) -> str | None:
    mark = position.squares[move.square]
    if mark == ".":
        return None
    return f"{GRID.names[move.square]} already holds {mark}; mark an empty square."


class NoughtsAndCrosses(Game[Position, Move]):
    id = "noughts"
    name = "Noughts and Crosses"
    illegal_reasons = Illegal
    end_reasons = End
    option_specs = (
        OptionSpec("wobbly_hands", "bool", False,
                   "Every mark is a chance move: a d6 is rolled, and on a 1 the mark slips and "
                   "the turn passes."),
    )
    dice_schema = {
        "type": "object",
        "properties": {"die": {"type": "integer", "minimum": 1, "maximum": 6,
                               "description": "The d6 of a wobbly mark: 1 slips."}},
        "required": ["die"],
        "additionalProperties": False,
    }
    event_schemas = {
        "place": event("A mark is placed on a square.", {"square": SQUARE, "piece": PIECE}),
        "slip": event("A wobbly mark slips off the grid; the turn passes.", {"square": SQUARE}),
    }
    entry_kinds = {"place": entry("Marking an empty square.", {"to": SQUARE, "piece": PIECE})}
    max_perft_depth = 4
    perft_budget = 10_000

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return ("x", "o")

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "pieces": [{"letter": "x", "name": "cross", "moves": "marks an empty square"},
                       {"letter": "o", "name": "nought", "moves": "marks an empty square"}],
            "setups": {"empty": ".../.../... x"},
            "notation": {"position": "<row 3>/<row 2>/<row 1> <x|o>", "move": "<square>, e.g. b2",
                         "example": "x../.o./... x"},
        }

    def initial_position(self) -> Position:
        return Position((".",) * 9, "x")

    def parse_position(self, text: str) -> Position:
        parts = split_fields(text, ("grid", "to_move"))   # an empty text is told so
        if parts[1] not in ("x", "o"):
            raise InvalidPosition("Write the grid, a space, and x or o for the player to move.",
                                  field="to_move")
        rows = parts[0].split("/")
        if len(rows) != 3 or any(len(row) != 3 or set(row) - {"x", "o", "."} for row in rows):
            raise InvalidPosition("The grid is three rows of three x, o or . separated by /.",
                                  field="board")
        squares = tuple(mark for row in reversed(rows) for mark in row)
        lines = {squares[line[0]] for line in LINES
                 if squares[line[0]] != "." and all(squares[sq] == squares[line[0]]
                                                    for sq in line)}
        if len(lines) > 1:
            raise InvalidPosition("Both players have three in a row; the game ended at the "
                                  "first.", field="board")
        crosses, noughts = squares.count("x"), squares.count("o")
        expected = "x" if crosses == noughts else "o" if crosses == noughts + 1 else None
        if not self.options["wobbly_hands"] and expected != parts[1]:
            raise InvalidPosition(f"With {crosses} crosses and {noughts} noughts it cannot be "
                                  f"{parts[1]}'s turn.", field="to_move")
        return Position(squares, "x" if parts[1] == "x" else "o")

    def format_position(self, position: Position) -> str:
        rows = ["".join(position.squares[r * 3:r * 3 + 3]) for r in (2, 1, 0)]
        return f"{'/'.join(rows)} {position.to_move}"

    def analyse(self, position: Position) -> Analysis[Move]:
        line = winning_line(position.squares)
        if line is not None:
            winner = position.squares[line[0]]
            return Analysis(Status(WIN, winner, End.THREE_IN_A_ROW), ())
        moves = tuple(Move(sq) for sq in GRID.squares if position.squares[sq] == ".")
        if not moves:
            return Analysis(Status(DRAW, None, End.BOARD_FULL), ())
        return Analysis(Status(ONGOING, None, None, position.to_move), moves)

    def format_move(self, position: Position, move: Move) -> str:
        return GRID.names[move.square]

    def parse_move(self, position: Position, text: str) -> Move:
        square = GRID.index.get(text)
        if square is None:
            raise IllegalMove(Illegal.MALFORMED_MOVE,
                              f"{text!r} is not a square of the grid; write one such as b2.")
        return Move(square)

    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
        return {"to": GRID.names[move.square], "kind": "place", "piece": position.to_move}

    def is_chance(self, position: Position, move: Move) -> bool:
        return bool(self.options["wobbly_hands"])

    def chance_outcomes(self, position: Position, move: Move) -> list[tuple[Any, Fraction]]:
        return [(dict(dice), p) for dice, p in ROLLS] if self.is_chance(position, move) else []

    def roll(self, position: Position, move: Move, rng: random.Random) -> dict[str, int]:
        return {"die": rng.randint(1, 6)}

    def check_dice(self, position: Position, move: Move, dice: Any) -> dict[str, int]:
        value = dice.get("die") if isinstance(dice, dict) else None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise InvalidDice(f"The die must be a whole number from 1 to 6; got {value!r}.")
        return {"die": value}

    def apply(self, position: Position, move: Move,
              dice: Any | None = None) -> Applied[Position]:
        name = GRID.names[move.square]
        if dice is not None and dice["die"] == 1:
            return Applied(Position(position.squares, other(position.to_move)),
                           ({"type": "slip", "square": name},), dice)
        squares = list(position.squares)
        squares[move.square] = position.to_move
        return Applied(Position(tuple(squares), other(position.to_move)),
                       ({"type": "place", "square": name, "piece": position.to_move},), dice)

    def board_view(self, position: Position) -> BoardView:
        line = winning_line(position.squares) or ()

        def piece_at(sq: int) -> Piece | None:
            mark = position.squares[sq]
            return None if mark == "." else Piece(glyph=mark.upper(), owner=mark, text=mark)

        def marks_at(sq: int) -> tuple[Mark, ...]:
            return (Mark("line", style="frame", colour="#c62828"),) if sq in line else ()

        return BoardView(game=self.id, files=3, ranks=3,
                         cells=grid_cells(GRID, piece_at, marks_at=marks_at),
                         palette={"x": ("#f6f1e4", "#2f2a26"), "o": ("#2f2a26", "#f5efe0")},
                         to_move=self.status(position).to_move)
