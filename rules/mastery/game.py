"""Mastery (S. John Ross) behind the common game interface."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.errors import IllegalMove, WorkLimitExceeded
from ..core.game import DRAW, ONGOING, WIN, Applied, Game, Status
from ..core.options import DRAW_AFTER_QUIET_PLIES, OptionSpec
from ..registry import register
from . import moves as mv
from .position import (
    CODE_TO_LETTER, DARK, EMPTY, GRID, KIND_LETTERS, LIGHT, MASTER, OFFICER, PAWN,
    SETUPS, SIDE_NAMES, LastMove, Position, army_counts, defeat_reason, format_position,
    initial_position, parse_position,
)

# ``+M@`` is read (and refused by the rule "Masters never come back") rather than called
# malformed, so the answer names the rule.
_MOVE = re.compile(r"([a-h][1-8])([a-h][1-8])(?:\+([MOP])@([a-h][1-8]))?")
_RAISED_KIND = {"M": MASTER, "O": OFFICER, "P": PAWN}


@lru_cache(maxsize=4096)
def _analyse(pos: Position, classic: bool, quiet_limit: int | None) -> tuple[Status, tuple]:
    """Status and legal moves of ``pos``, computed together and cached: a request usually
    asks for both, and ``apply`` checks legality against the same list."""
    counts = army_counts(pos.board)
    for loser in (DARK, LIGHT):
        reason = defeat_reason(counts[loser])
        if reason:
            return Status(WIN, SIDE_NAMES[1 - loser], reason), ()
    if quiet_limit is not None and pos.quiet >= quiet_limit:
        return Status(DRAW, None, "quiet_plies"), ()
    moves = tuple(mv.generate(pos, classic))
    if not moves:
        return Status(WIN, SIDE_NAMES[1 - pos.side], "no_legal_moves"), ()
    return Status(ONGOING, None, None, SIDE_NAMES[pos.side]), moves


#: The same analysis without the cache, for perft.
_analyse_uncached = _analyse.__wrapped__


@register
class Mastery(Game):
    id = "mastery"
    name = "Mastery"
    max_perft_depth = 4
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
        DRAW_AFTER_QUIET_PLIES,
    )

    def __init__(self, options=None) -> None:
        super().__init__(options)
        self.classic = self.options["ruleset"] == "classic-1990"
        self.quiet_limit = self.options["draw_after_quiet_plies"]

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

    def initial_position(self) -> Position:
        return initial_position(self.options["setup"])

    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def format_position(self, position: Position) -> str:
        return format_position(position)

    def legal_moves(self, position: Position) -> tuple:
        return _analyse(position, self.classic, self.quiet_limit)[1]

    def status(self, position: Position) -> Status:
        return _analyse(position, self.classic, self.quiet_limit)[0]

    def format_move(self, position: Position, move) -> str:
        return mv.format_move(move)

    def parse_move(self, position: Position, text: str):
        m = _MOVE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            raise IllegalMove(
                "malformed_move",
                f"{text!r} is not a Mastery move; write <from><to>, e.g. d4d6, with "
                "+O@<square> or +P@<square> to resurrect, e.g. c3c5+P@h1.",
            )
        src, dst = GRID.index[m.group(1)], GRID.index[m.group(2)]
        if m.group(3):
            return (src, dst, _RAISED_KIND[m.group(3)], GRID.index[m.group(4)])
        return (src, dst, 0, -1)

    def explain_illegal(self, position: Position, move) -> IllegalMove:
        return mv.explain(position, move, self.classic)

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """As :meth:`Game.legal_move_entries` (same entries, same key order), built in one
        loop from the notation tables: the fields shared by the resurrection variants of one
        capture are computed once."""
        board, side = position.board, position.side
        names, letters, kind_letters = GRID.names, CODE_TO_LETTER, KIND_LETTERS
        move_text, raise_text = mv.MOVE_TEXT, mv.RAISE_TEXT
        entries = []
        append = entries.append
        last = None
        shared: dict[str, Any] = {}
        for src, dst, raised_kind, raised_sq in self.legal_moves(position):
            if (src, dst) != last:
                last = (src, dst)
                code, target = board[src], board[dst]
                shared = {"from": names[src], "to": names[dst], "piece": letters[code],
                          "control": code >> 2 != side}
                if target:
                    shared["captured"] = letters[target]
                    shared["kind"] = "devour" if target >> 2 == side else "capture"
                else:
                    shared["kind"] = "move"
            if raised_kind:
                append({"move": move_text[src][dst] + raise_text[raised_kind][raised_sq],
                        **shared,
                        "resurrect": {"piece": kind_letters[raised_kind],
                                      "square": names[raised_sq]}})
            else:
                append({"move": move_text[src][dst], **shared})
        return entries

    def move_fields(self, position: Position, move) -> dict[str, Any]:
        src, dst, raised_kind, raised_sq = move
        board = position.board
        code, target = board[src], board[dst]
        fields: dict[str, Any] = {
            "from": GRID.names[src],
            "to": GRID.names[dst],
            "piece": CODE_TO_LETTER[code],
            "control": code >> 2 != position.side,
        }
        if target:
            fields["captured"] = CODE_TO_LETTER[target]
            fields["kind"] = "devour" if target >> 2 == position.side else "capture"
        else:
            fields["kind"] = "move"
        if raised_kind:
            fields["resurrect"] = {"piece": KIND_LETTERS[raised_kind],
                                   "square": GRID.names[raised_sq]}
        return fields

    def apply(self, position: Position, move, dice=None) -> Applied:
        src, dst, raised_kind, raised_sq = move
        side = position.side
        code, target = position.board[src], position.board[dst]
        events: list[dict[str, Any]] = [{
            "type": "control" if code >> 2 != side else "move",
            "from": GRID.names[src], "to": GRID.names[dst], "piece": CODE_TO_LETTER[code],
        }]
        if target:
            events.append({
                "type": "devour" if target >> 2 == side else "capture",
                "square": GRID.names[dst], "piece": CODE_TO_LETTER[target],
            })
        if raised_kind:
            events.append({"type": "resurrection", "square": GRID.names[raised_sq],
                           "piece": CODE_TO_LETTER[side * 4 + raised_kind]})
        return Applied(_after(position, move), tuple(events))

    def advance(self, position: Position, move) -> Position:
        """The position after ``move``, without the events (perft and search need no more)."""
        return _after(position, move)

    def _perft(self, position: Position, depth: int, counter: list[int]) -> int:
        """:meth:`Game._perft` (same count, same budget), generating without the analysis
        cache: perft visits almost every position once, so caching them costs more than the
        few transpositions save (hashing and storing each position, and the garbage collector
        walking the stored move lists), and it would evict the positions that requests come
        back for."""
        counter[0] -= 1
        if counter[0] < 0:
            raise WorkLimitExceeded(
                "perft would generate too many positions for one call; ask for a smaller depth."
            )
        moves = _analyse_uncached(position, self.classic, self.quiet_limit)[1]
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for move in moves:
            total += self._perft(_after(position, move), depth - 1, counter)
        return total


def _after(position: Position, move) -> Position:
    """The position after the legal ``move``."""
    src, dst, raised_kind, raised_sq = move
    board = list(position.board)
    side = position.side
    target = board[dst]
    board[dst] = board[src]
    board[src] = EMPTY
    if raised_kind:
        board[raised_sq] = side * 4 + raised_kind
    return Position(
        tuple(board), 1 - side, LastMove(src, dst, bool(target)),
        0 if target else position.quiet + 1, position.n + (side == LIGHT),
    )
