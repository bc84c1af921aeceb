"""Mastery (S. John Ross) behind the common game interface."""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..core.errors import IllegalMove
from ..core.game import DRAW, ONGOING, WIN, Analysis, Applied, Game, SearchLimits, Status
from ..core.measuring import LoadCase, Measuring
from ..core.notation import SquareMoveReader
from ..core.options import OptionSpec, draw_after_quiet_plies
from ..core.view import BoardView
from ..registry import register
from . import evaluation, view
from . import moves as mv
from .entries import KINDS
from .events import EVENTS
from .illegal import BOOK
from .moves import MOVE_TEXT, NAMES, PLAIN_MOVES, RESURRECT_TEXT, Move
from .position import (
    CODE_TO_LETTER, DARK, EMPTY, GRID, KIND_LETTERS, LIGHT, SETUPS, SIDE_NAMES, LastMove,
    Position, army_counts, defeat_reason, format_position, initial_position, parse_position,
)
from .reasons import End, Illegal

# ``+M@`` is read (and refused by the rule "Masters never come back") rather than called
# malformed, so the answer names the rule.
MOVE_READER = SquareMoveReader(GRID, r"(?:\+([MOP])@({square}))?")
#: Every move's ``<from><to>`` by its text, and every resurrection suffix (``+P@h1``) as
#: (kind, square): moves are read by two lookups, the reader only says what is malformed.
PLAIN_MOVE_BY_TEXT = {MOVE_TEXT[src][dst]: PLAIN_MOVES[src][dst]
                      for src in range(GRID.size) for dst in range(GRID.size)}
RESURRECTION_BY_TEXT = {RESURRECT_TEXT[kind][sq]: (kind, sq)
                        for kind in KIND_LETTERS for sq in range(GRID.size)}
RESURRECT_KIND = {letter: kind for kind, letter in KIND_LETTERS.items()}

#: The status of every position where the game goes on, per side to move (statuses are
#: immutable, so one serves every position).
ONGOING_STATUS = tuple(Status(ONGOING, to_move=name) for name in SIDE_NAMES)


@register
class Mastery(Game[Position, Move]):
    """Mastery under one rule set, setup and house rule."""

    id = "mastery"
    #: one analysed position in the analysis cache, as ``python -m bench.memory`` measures it
    analysis_entry_bytes = 2_180
    name = "Mastery"
    illegal_reasons = Illegal
    end_reasons = End
    max_perft_depth = 4
    event_schemas = EVENTS
    entry_kinds = KINDS
    #: the computer opponent's budget: 1000 playouts of 4 random plies by default
    search_limits = SearchLimits(playouts=1000, max_playouts=10_000, playout_plies=4)
    #: measured under the classic-1990 rules too; its cached picture is the one timed; the
    #: load test's abusive clients ask perft 3 from the start, and 4 (one past the work budget)
    measuring = Measuring(
        variants={"classic-1990": {"ruleset": "classic-1990"}},
        picture_query="size=400&highlight=d2,d3&orientation=light",
        load_cases=(LoadCase("perft-3", "perft", {"depth": 3}),
                    LoadCase("perft-over-budget", "perft", {"depth": 4}, (200, 422))),
    )
    option_specs = (
        OptionSpec(
            "ruleset", "choice", "ross-2002",
            "ross-2002: any piece captures any piece, reflection rule. classic-1990: rank-limited "
            "capture, KO rule on control moves.",
            choices=("ross-2002", "classic-1990"),
        ),
        OptionSpec(
            "setup", "choice", "imperial",
            "Initial layout: imperial (pawns tangled in the centre) or draume-crown.",
            choices=tuple(SETUPS),
        ),
        draw_after_quiet_plies("plies since the last capture, devour or resurrection"),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.classic: bool = self.options["ruleset"] == "classic-1990"
        self.quiet_limit: int | None = self.options["draw_after_quiet_plies"]

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return SIDE_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "pieces": [
                {"letter": "M", "name": "Master",
                 "moves": "1-3 squares orthogonally; controls enemy Officers and Pawns at "
                          "Manhattan distance exactly 2; may devour own Officers and Pawns"},
                {"letter": "O", "name": "Officer",
                 "moves": "1-2 squares orthogonally; controls adjacent enemy Pawns"},
                {"letter": "P", "name": "Pawn",
                 "moves": "1 square in any direction; slides 1-3 squares when treacherous"},
            ],
            "sides": {"d": "dark (uppercase, moves first, rank-1 side)",
                      "l": "light (lowercase)"},
            "setups": {name: f"{board} d - 0 1" for name, board in SETUPS.items()},
            "notation": {
                "position": "<board> <side d|l> <last: d4-d6 | d4xd6 | -> <quiet> <n>",
                "move": "<from><to>[+<O|P>@<square>] e.g. d4d6, c3c5+O@h1; a move from an enemy "
                        "piece's square is a control move",
                "example": f"{SETUPS['imperial']} d - 0 1",
            },
        }

    # ---- positions ---------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return initial_position(self.options["setup"])

    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def format_position(self, position: Position) -> str:
        return format_position(position)

    def is_canonical(self, text: str, position: Position) -> bool:
        """Always: :func:`~rules.mastery.position.parse_position` reads each field only as
        it is written (runs of empty squares whole, the last ply as ``d4-d6`` or ``d4xd6``,
        counters without sign or leading zero)."""
        return True

    # ---- the state of the game and its moves ------------------------------------------------

    def analyse(self, position: Position) -> Analysis[Move]:
        ended = self._ended_before_moves(position)
        if ended is not None:
            return Analysis(ended, ())
        moves = tuple(mv.generate(position, self.classic))
        if not moves:
            return Analysis(Status(WIN, SIDE_NAMES[1 - position.side], End.NO_LEGAL_MOVES), ())
        return Analysis(ONGOING_STATUS[position.side], moves)

    def _ended_before_moves(self, position: Position) -> Status | None:
        """How the game has ended in ``position`` without looking at the moves (a side
        without Masters, or without Officers and Pawns; the quiet plies), else None."""
        counts = army_counts(position.board)
        for loser in (DARK, LIGHT):
            reason = defeat_reason(counts[loser])
            if reason:
                return Status(WIN, SIDE_NAMES[1 - loser], reason)
        if self.quiet_limit is not None and position.quiet >= self.quiet_limit:
            return Status(DRAW, None, End.QUIET_PLIES)
        return None

    def random_move(self, position: Position, rng: random.Random) -> Move | None:
        """The default's draw: the same single ``rng.random()``, the same move for the same
        state of ``rng`` (so searches and playouts do not change), None exactly when the game
        is over; but without the analysis cache (a playout's positions are new) and without
        building the resurrection moves not drawn (see :func:`rules.mastery.moves.draw`)."""
        if self._ended_before_moves(position) is not None:
            return None
        return mv.draw(position, self.classic, rng.random)

    def format_move(self, position: Position, move: Move) -> str:
        """``d4d6``, or ``c3c5+O@h1`` with a resurrection (letter uppercase for both sides)."""
        src, dst, kind, square = move
        if kind:
            return MOVE_TEXT[src][dst] + RESURRECT_TEXT[kind][square]
        return MOVE_TEXT[src][dst]

    def parse_move(self, position: Position, text: str) -> Move:
        plain = PLAIN_MOVE_BY_TEXT.get(text[:4]) if isinstance(text, str) else None
        if plain is not None:
            if len(text) == 4:
                return plain
            resurrection = RESURRECTION_BY_TEXT.get(text[4:])
            if resurrection is not None:
                # tuple.__new__ builds the Move without the NamedTuple constructor's overhead.
                return tuple.__new__(Move, (plain.src, plain.dst, *resurrection))
        read = MOVE_READER.read(text)
        if read is None:
            raise IllegalMove(
                Illegal.MALFORMED_MOVE,
                f"{text!r} is not a Mastery move; write <from><to>, e.g. d4d6, with "
                "+O@<square> or +P@<square> to resurrect, e.g. c3c5+P@h1.",
            )
        src, dst, (kind, square) = read
        if kind is None or square is None:
            return PLAIN_MOVES[GRID.index[src]][GRID.index[dst]]
        index = GRID.index
        # tuple.__new__ builds the same Move without the Python-level NamedTuple constructor.
        return tuple.__new__(Move, (index[src], index[dst], RESURRECT_KIND[kind], index[square]))

    def move_squares(self, move: Move) -> tuple[str, ...]:
        return NAMES[move.src], NAMES[move.dst]

    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
        src, dst, kind, square = move
        fields = _fields(position.board, position.side, src, dst)
        if kind:
            fields["resurrect"] = RESURRECTIONS[kind][square].copy()
        return fields

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """As :meth:`Game.legal_move_entries` (same entries, same key order), built in one
        loop from the notation tables and the entry tables :data:`SQUARE_FIELDS` and
        :data:`PIECE_FIELDS`. The generator lists the resurrection variants of a capture
        right after it, so each is a copy of the capture's entry with its own ``move`` and
        ``resurrect`` (a copy of :data:`RESURRECTIONS`' field)."""
        board, side = position.board, position.side
        entries: list[dict[str, Any]] = []
        append = entries.append
        text = ""
        entry: dict[str, Any] = {}
        for src, dst, kind, square in self.legal_moves(position):
            if kind:
                variant = entry.copy()
                variant["move"] = text + RESURRECT_TEXT[kind][square]
                variant["resurrect"] = RESURRECTIONS[kind][square].copy()
                append(variant)
            else:
                text = MOVE_TEXT[src][dst]
                entry = {"move": text, **SQUARE_FIELDS[src][dst],
                         **PIECE_FIELDS[board[src]][board[dst]][side]}
                append(entry)
        return entries

    def apply(self, position: Position, move: Move, dice: Any = None) -> Applied[Position]:
        src, dst, kind, square = move
        side = position.side
        code, target = position.board[src], position.board[dst]
        events: list[dict[str, Any]] = [{
            "type": "control" if code >> 2 != side else "move",
            "from": NAMES[src], "to": NAMES[dst], "piece": CODE_TO_LETTER[code],
        }]
        if target:
            events.append({
                "type": "devour" if target >> 2 == side else "capture",
                "square": NAMES[dst], "piece": CODE_TO_LETTER[target],
            })
        if kind:
            events.append({"type": "resurrection", "square": NAMES[square],
                           "piece": CODE_TO_LETTER[side * 4 + kind]})
        return Applied(self.advance(position, move), tuple(events))

    def advance(self, position: Position, move: Move) -> Position:
        """The position after the legal ``move``, without the events."""
        src, dst, kind, square = move
        board = list(position.board)
        side = position.side
        target = board[dst]
        board[dst] = board[src]
        board[src] = EMPTY
        if kind:
            board[square] = side * 4 + kind
        return Position(
            tuple(board), 1 - side, LastMove(src, dst, bool(target)),
            0 if target else position.quiet + 1, position.n + (side == LIGHT),
        )

    # ---- pictures ----------------------------------------------------------------------------

    def winning_move(self, position: Position) -> Move | None:
        """The first legal capture that leaves the opponent without Masters or without
        Officers and Pawns; a move that wins by leaving him no legal move is not looked for
        (that would generate his moves after each of ours)."""
        board, enemy = position.board, 1 - position.side
        for move in self.legal_moves(position):
            target = board[move[1]]
            if target and target >> 2 == enemy and defeat_reason(
                    army_counts(self.advance(position, move).board)[enemy]):
                return move
        return None

    def evaluate(self, position: Position, player: str) -> float:
        """Material (see :func:`rules.mastery.evaluation.evaluate`)."""
        return evaluation.evaluate(position, player)

    def board_view(self, position: Position) -> BoardView:
        return view.board_view(position, self.status(position).to_move)


def _fields(board: tuple[int, ...], side: int, src: int, dst: int) -> dict[str, Any]:
    """The ``legal-moves`` fields of a move from ``src`` to ``dst`` by ``side``, but for its
    resurrection: the squares, the piece, whether it is a control move, and what it captures
    or devours."""
    return {**SQUARE_FIELDS[src][dst], **PIECE_FIELDS[board[src]][board[dst]][side]}


def _piece_fields(code: int, target: int, side: int) -> dict[str, Any]:
    """The fields of a move's entry that depend on the piece moved (``code``), what stands
    where it goes (``target``, EMPTY for nothing) and the side to move."""
    fields: dict[str, Any] = {"piece": CODE_TO_LETTER[code], "control": code >> 2 != side}
    if target:
        fields["captured"] = CODE_TO_LETTER[target]
        fields["kind"] = "devour" if target >> 2 == side else "capture"
    else:
        fields["kind"] = "move"
    return fields


# Entries are built from these shared parts by copying them into a new dict, never handed
# out themselves, so no caller can change them.
#: ``SQUARE_FIELDS[src][dst]``: the ``from`` and ``to`` fields of a move's entry.
SQUARE_FIELDS = tuple(tuple({"from": a, "to": b} for b in NAMES) for a in NAMES)
#: ``PIECE_FIELDS[code][target][side]``: :func:`_piece_fields` of every piece code, every
#: target (EMPTY or a piece code) and both sides; an empty tuple where a code is no piece.
PIECE_FIELDS = tuple(
    tuple(
        tuple(_piece_fields(code, target, side) for side in (DARK, LIGHT))
        if target == EMPTY or target in CODE_TO_LETTER else ()
        for target in range(8)
    ) if code in CODE_TO_LETTER else ()
    for code in range(8)
)


def _resurrection(kind: int, square: int) -> dict[str, str]:
    """The ``resurrect`` field of a move bringing a piece of ``kind`` back on ``square``."""
    return {"piece": KIND_LETTERS[kind], "square": NAMES[square]}


#: ``RESURRECTIONS[kind][square]``: :func:`_resurrection` of every kind (an empty tuple where
#: a code is no kind) and square, copied into the entries like the tables above.
RESURRECTIONS = tuple(
    tuple(_resurrection(kind, square) for square in range(len(NAMES)))
    if kind in KIND_LETTERS else () for kind in range(4))
