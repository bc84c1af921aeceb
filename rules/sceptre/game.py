"""Sceptre (Horizon Games) behind the common game interface."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.errors import IllegalMove, InvalidOptions, InvalidPosition
from ..core.game import DRAW, ONGOING, WIN, Applied, Game, Status
from ..core.options import DRAW_AFTER_QUIET_PLIES, OptionSpec
from ..registry import register
from . import moves as mv
from .board import (
    COLOUR_NAMES, COLOURS, DEFAULT_LAYOUTS, KIND_LETTERS, KING, LIBRARY, Layout, compile_layout,
    validate_forward, validate_players, validate_sections,
)
from .position import (
    INERT, Position, active_players, format_position, initial_position, parse_position,
    piece_letters,
)

_MOVE = re.compile(r"([a-x](?:[1-9]|1[0-9]|2[0-4]))([a-x](?:[1-9]|1[0-9]|2[0-4]))(?:=([QRBN]))?")


@lru_cache(maxsize=8192)
def _legal(pos: Position, layout: Layout) -> tuple[tuple[mv.Move, ...], bool]:
    """The legal moves of the side to move (without the mated player's pass) and whether he
    is in check; cached because the turn hand-over of ``apply`` asks it of the next player,
    who then asks it again for his own turn."""
    moves, check = mv.generate(pos, layout)
    return tuple(moves), check


@lru_cache(maxsize=4096)
def _analyse(pos: Position, layout: Layout, quiet_limit: int | None) -> tuple[Status, tuple]:
    """Status and legal moves of ``pos``, computed together and cached: a request usually
    asks for both, and ``apply`` checks legality against the same list."""
    active = active_players(pos.control)
    if len(active) == 1:
        return Status(WIN, COLOUR_NAMES[active[0]], "last_king_standing",
                      extra={"in_check": False, "players_left": [COLOUR_NAMES[active[0]]]}), ()
    moves, check = _legal(pos, layout)
    extra = {"in_check": check, "players_left": [COLOUR_NAMES[p] for p in active]}
    if not moves:
        if len(active) == 2:
            other = active[0] if active[1] == pos.side else active[1]
            return Status(WIN, COLOUR_NAMES[other], "checkmate" if check else "stalemate",
                          extra=extra), ()
        # With three or more players left a stalemated player is removed before his turn,
        # so only the mated player's pass remains.
        moves = (mv.PASS,)
    if quiet_limit is not None and pos.quiet >= quiet_limit:
        return Status(DRAW, None, "quiet_plies", extra=extra), ()
    return Status(ONGOING, None, None, COLOUR_NAMES[pos.side], extra), moves


def _pass_turn(board: tuple[int, ...], control: tuple[int, ...], mover: int, quiet: int, n: int,
               layout: Layout, events: list[dict[str, Any]]) -> Position:
    """The position once the turn has passed from ``mover`` in seat order.

    A player due to move who has no legal move and is not in check is removed at once while
    three or more players are left (every army he controls becomes inert) and the turn passes
    on; ``n`` grows each time play wraps from the last seat to the first.
    """
    seats = layout.players
    i = seats.index(mover)
    while True:
        active = active_players(control)
        if len(active) == 1:
            return Position(board, active[0], control, quiet, n)  # type: ignore[arg-type]
        i = (i + 1) % len(seats)
        if i == 0:
            n += 1
        player = seats[i]
        if control[player] != player:
            continue
        candidate = Position(board, player, control, quiet, n)  # type: ignore[arg-type]
        if len(active) == 2:
            return candidate
        moves, check = _legal(candidate, layout)
        if moves or check:
            return candidate
        control = tuple(INERT if c == player else c for c in control)
        events.append({"type": "removed", "player": COLOUR_NAMES[player],
                       "detail": "no legal move and not in check: his armies are inert"})


@register
class Sceptre(Game):
    id = "sceptre"
    name = "Sceptre"
    max_perft_depth = 3
    perft_budget = 20_000
    option_specs = (
        OptionSpec(
            "players", "json", ["w", "b"],
            "The players, 2 to 4 colour letters among w (white), r (red), b (black), y (yellow); "
            "turn order is always white, red, black, yellow.",
            validate=validate_players,
        ),
        OptionSpec(
            "sections", "json", None,
            "The board: a list of 8x8 sections, each {\"origin\": \"a1\", \"name\": <library "
            "section>} or {\"origin\": \"a1\", \"terrain\": [8 strings of 8 letters . F R P B "
            "C, top row first]}, optionally with \"home\": <colour>. null: the default layout "
            "for the number of players.",
            validate=validate_sections,
        ),
        OptionSpec(
            "board", "json", None,
            "Another name for 'sections' (RULES.md calls the board option 'board'); give one "
            "of the two, or both with the same value. The resolved options carry both.",
            validate=validate_sections,
        ),
        OptionSpec(
            "forward", "json", None,
            "Each player's forward direction, e.g. {\"w\": \"north\", \"b\": \"south\"}; "
            "players left out take the default for their seat.",
            validate=validate_forward,
        ),
        DRAW_AFTER_QUIET_PLIES,
    )

    def __init__(self, options=None) -> None:
        super().__init__(options)
        sections, board = self.options["sections"], self.options["board"]
        if sections is not None and board is not None and sections != board:
            raise InvalidOptions(
                "Options 'sections' and 'board' name the same option (the board's sections) "
                "but differ; give one of them.", option="board")
        self.layout: Layout = compile_layout(
            self.options["players"], sections if sections is not None else board,
            self.options["forward"])
        self.quiet_limit = self.options["draw_after_quiet_plies"]
        # Echo the layout actually played, so a client sees the board it got.
        self.options.update(self.layout.option_value())
        self.options["board"] = self.options["sections"]

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return COLOUR_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "pieces": [
                {"letter": "K", "name": "King", "moves": "1 square any direction"},
                {"letter": "Q", "name": "Queen", "moves": "any distance in a straight line"},
                {"letter": "R", "name": "Rook", "moves": "any distance orthogonally"},
                {"letter": "B", "name": "Bishop", "moves": "any distance diagonally"},
                {"letter": "N", "name": "Knight",
                 "moves": "leaps (1,2), (3,3) or (0,3) in any direction"},
                {"letter": "P", "name": "Pawn",
                 "moves": "1-3 squares forward, diagonally forward or sideways without "
                          "capturing; captures 1 square diagonally forward"},
            ],
            "players": {c: n for c, n in zip(COLOURS, COLOUR_NAMES)},
            "terrain": {".": "open ground", "F": "forest", "R": "river", "P": "pond",
                        "B": "bridge", "C": "castle ruin"},
            "library": {name: list(rows) for name, rows in LIBRARY.items()},
            "setups": {
                f"{n} players": [{"origin": o, "name": s} for o, s in layout]
                for n, layout in DEFAULT_LAYOUTS.items()
            },
            "notation": {
                "position": "<board> <side w|r|b|y> <armies e.g. ww,rw,bb,y-> <quiet> <n>",
                "move": "<from><to>[=Q|R|B|N] e.g. e2e5, d15d16=Q; pass (a mated player)",
                "example": format_position(
                    initial_position(compile_layout(["w", "b"], None, None)),
                    compile_layout(["w", "b"], None, None)),
            },
        }

    # ---- positions ---------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return initial_position(self.layout)

    def parse_position(self, text: str) -> Position:
        pos = parse_position(text, self.layout)
        active = active_players(pos.control)
        if len(self.layout.players) == 2 and len(active) < 2:
            out = next(p for p in self.layout.players if p not in active)
            raise InvalidPosition(
                f"In a two-player game {COLOUR_NAMES[out]} cannot be out with his army "
                f"{'inert' if pos.control[out] == INERT else 'handed over'}: checkmate or "
                "stalemate ends the game at once, so no King is ever captured and nobody is "
                "removed; write the armies as "
                f"{','.join(COLOURS[p] * 2 for p in self.layout.players)!r}.", field="armies")
        if len(self.layout.players) == 2 and len(active) == 2:
            other = active[0] if active[1] == pos.side else active[1]
            king = pos.board.index(other * 8 + KING)
            if mv.attacked(pos.board, king, mv.hostile_armies(pos.control, other), self.layout):
                raise InvalidPosition(
                    f"{COLOUR_NAMES[other].capitalize()}'s King is attacked although it is "
                    f"{COLOUR_NAMES[pos.side]}'s turn; no move may leave one's own King "
                    "attacked.", field="side")
        if len(active) >= 3:
            moves, check = _legal(pos, self.layout)
            if not moves and not check:
                raise InvalidPosition(
                    f"{COLOUR_NAMES[pos.side].capitalize()} has no legal move and is not in "
                    "check; with three or more players left he would already have been removed "
                    "(his army inert).", field="side")
        return pos

    def format_position(self, position: Position) -> str:
        return format_position(position, self.layout)

    # ---- moves -------------------------------------------------------------------------------

    def legal_moves(self, position: Position) -> tuple:
        return _analyse(position, self.layout, self.quiet_limit)[1]

    def status(self, position: Position) -> Status:
        return _analyse(position, self.layout, self.quiet_limit)[0]

    def format_move(self, position: Position, move) -> str:
        return mv.format_move(move, self.layout)

    def parse_move(self, position: Position, text: str):
        if text == "pass":
            return mv.PASS
        m = _MOVE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            raise IllegalMove(
                "malformed_move",
                f"{text!r} is not a Sceptre move; write <from><to>, e.g. e2e5, with =Q, =R, =B "
                "or =N for a promotion, e.g. d15d16=Q, or pass.")
        index = self.layout.grid.index
        for name in (m.group(1), m.group(2)):
            if name not in index:
                raise IllegalMove("off_board", f"{name} is not a square of this board.")
        promotion = KIND_LETTERS.index(m.group(3)) if m.group(3) else 0
        return (index[m.group(1)], index[m.group(2)], promotion)

    def explain_illegal(self, position: Position, move) -> IllegalMove:
        return mv.explain(position, move, self.layout, self.legal_moves(position))

    def move_fields(self, position: Position, move) -> dict[str, Any]:
        if move == mv.PASS:
            return {"kind": "pass"}
        src, dst, promotion = move
        names = self.layout.grid.names
        code, target = position.board[src], position.board[dst]
        fields: dict[str, Any] = {"from": names[src], "to": names[dst],
                                  "piece": piece_letters(code),
                                  "kind": "capture" if target else "move"}
        if target:
            fields["captured"] = piece_letters(target)
        if promotion:
            fields["kind"] = "promotion"
            fields["promotion"] = KIND_LETTERS[promotion]
        return fields

    def apply(self, position: Position, move, dice=None) -> Applied:
        side = position.side
        events: list[dict[str, Any]] = []
        names = self.layout.grid.names
        if move == mv.PASS:
            board, control = position.board, position.control
            events.append({"type": "pass", "player": COLOUR_NAMES[side]})
            captured = 0
        else:
            src, dst, promotion = move
            code, captured = position.board[src], position.board[dst]
            new_board, control = mv.after(position, move)
            board = tuple(new_board)
            events.append({"type": "move", "from": names[src], "to": names[dst],
                           "piece": piece_letters(code)})
            if captured:
                events.append({"type": "capture", "square": names[dst],
                               "piece": piece_letters(captured)})
            if promotion:
                events.append({"type": "promotion", "square": names[dst],
                               "piece": piece_letters(board[dst])})
            if control != position.control:
                handed = [COLOUR_NAMES[a] for a in range(4)
                          if control[a] != position.control[a]]
                events.append({"type": "king_captured", "player": COLOUR_NAMES[captured >> 3],
                               "armies": handed, "to": COLOUR_NAMES[side]})
        quiet = 0 if captured else position.quiet + 1
        new = _pass_turn(board, control, side, quiet, position.n, self.layout, events)
        return Applied(new, tuple(events))
