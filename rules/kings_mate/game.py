"""King's Mate (Robert Stanek) behind the common game interface."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from ..core.errors import IllegalMove, InvalidDice, InvalidPosition
from ..core.game import DRAW, ONGOING, WIN, Applied, Game, Status
from ..core.options import DRAW_AFTER_QUIET_PLIES, OptionSpec
from ..registry import register
from . import moves as mv
from .position import (
    BLACK, CODE_TO_LETTER, EMPTY, FOOL, GRID, INITIAL_BOARD, KING, KING_SQUARES, KIND_LETTERS,
    LETTER_KINDS, NAMES, RAISED_SQUARES, SIDE_NAMES, UNMOVED_BIT, WHITE, Position, format_position,
    initial_position, parse_position,
)

_MOVE = re.compile(r"([a-g][1-9])([a-g][1-9])(?:=([WPE]))?")

#: Two d6, attacker's and defender's: the attempt succeeds when the attacker rolls higher.
DICE_OUTCOMES = tuple(
    ({"attacker": a, "defender": d}, Fraction(1, 36)) for a in range(6, 0, -1) for d in range(1, 7)
)
ATTEMPT_SUCCESS = Fraction(15, 36)


class Rules(NamedTuple):
    """The options that change the rules, in a hashable form for the analysis cache."""

    gambit: bool
    crown: bool
    active: bool
    stalemate_loss: bool
    quiet_limit: int | None


@lru_cache(maxsize=8192)
def _analyse(pos: Position, rules: Rules) -> tuple[Status, tuple]:
    """Status and legal moves of ``pos``, computed together and cached: a request usually
    asks for both, and ``apply`` checks legality against the same list."""
    side = pos.side
    # Every status carries in_check, a finished game's too.
    check = mv.in_check(pos, rules.gambit)
    if rules.gambit:
        for s in (WHITE, BLACK):
            if pos.board[KING_SQUARES[1 - s]] == s * 8 + FOOL:
                return Status(WIN, SIDE_NAMES[s], "fools_gambit", extra={"in_check": check}), ()
    moves = tuple(mv.generate(pos, rules.gambit, rules.crown))
    if not moves:
        if check:
            return Status(WIN, SIDE_NAMES[1 - side], "checkmate", extra={"in_check": True}), ()
        if rules.stalemate_loss:
            return Status(WIN, SIDE_NAMES[1 - side], "stalemate", extra={"in_check": False}), ()
        return Status(DRAW, None, "stalemate", extra={"in_check": False}), ()
    if rules.quiet_limit is not None and pos.quiet >= rules.quiet_limit:
        return Status(DRAW, None, "quiet_plies", extra={"in_check": check}), ()
    return _ONGOING[side][check], moves


#: The four statuses of a game going on, by side to move and in_check, built once: a Status is
#: immutable, and building one per analysis was a tenth of the generation time.
_ONGOING = tuple(
    tuple(Status(ONGOING, None, None, SIDE_NAMES[side], {"in_check": check})
          for check in (False, True))
    for side in (WHITE, BLACK)
)


@register
class KingsMate(Game):
    id = "kings-mate"
    name = "King's Mate"
    max_perft_depth = 5
    perft_budget = 25_000
    option_specs = (
        OptionSpec(
            "stalemate", "choice", "draw",
            "What a stalemate (no legal move, not in check) means for the stalemated side: "
            "draw, or loss (as one diagram caption of the seed has it).",
            choices=("draw", "loss"),
        ),
        OptionSpec(
            "fools_gambit", "bool", False,
            "Fool's Gambit: a Fool on its own King Square opens every raised square to the "
            "other Fools of its side; a Fool moved onto the enemy King Square wins at once.",
        ),
        OptionSpec(
            "defense_of_the_crown", "bool", False,
            "Defense of the Crown: a King that has never moved jumps 3 squares over his two "
            "Swordmasters standing in line from him, to the empty square beyond.",
        ),
        OptionSpec(
            "active_play", "bool", False,
            "Active Play: every capture is an attempt decided by two d6 (attacker and "
            "defender); it fails when the defender rolls at least as high, and the player "
            "then moves another piece.",
        ),
        DRAW_AFTER_QUIET_PLIES,
    )

    def __init__(self, options=None) -> None:
        super().__init__(options)
        o = self.options
        self.rules = Rules(o["fools_gambit"], o["defense_of_the_crown"], o["active_play"],
                           o["stalemate"] == "loss", o["draw_after_quiet_plies"])

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return SIDE_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "pieces": [
                {"letter": "K", "name": "King", "moves": "1 square in any direction; with "
                 "Defense of the Crown, a 3-square jump over his two Swordmasters"},
                {"letter": "S", "name": "Swordmaster", "moves": "like a queen; must keep "
                 "formation around the King when it can"},
                {"letter": "P", "name": "Priest", "moves": "like a bishop"},
                {"letter": "E", "name": "Priestess", "moves": "like a bishop"},
                {"letter": "W", "name": "Keeper", "moves": "like a rook"},
                {"letter": "F", "name": "Fool", "moves": "1 square straight forward or "
                 "backward; captures 1 square diagonally in any of the 4 directions; promotes "
                 "on the enemy home rank to a lost Keeper, Priest or Priestess"},
            ],
            "sides": {"w": "white (uppercase, moves first, ranks 1-2)",
                      "b": "black (lowercase, ranks 8-9)"},
            "raised_squares": sorted(NAMES[sq] for sq in RAISED_SQUARES),
            "setups": {"standard": f"{INITIAL_BOARD} w Kk - 0 1"},
            "notation": {
                "position": "<board> <side w|b> <unmoved Kk|K|k|-> <failed: squares like c3,e5 "
                            "| -> <quiet> <n>",
                "move": "<from><to>[=W|P|E] e.g. d2d3, a8a9=W; Defense of the Crown is the "
                        "King's 3-square move, e.g. d1g4",
                "dice": '{"attacker": 1-6, "defender": 1-6} for a capture attempt under '
                        "active_play",
                "example": f"{INITIAL_BOARD} w Kk - 0 1",
            },
        }

    # ---- positions ---------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return initial_position()

    def parse_position(self, text: str) -> Position:
        """Parse strictly, adding the checks that depend on the options and the rules of play."""
        pos = parse_position(text)
        rules = self.rules
        if pos.failed and not rules.active:
            raise InvalidPosition(
                "The failed field must be '-' unless the active_play option is on.",
                field="failed",
            )
        if rules.gambit and (pos.board[KING_SQUARES[BLACK]] == FOOL
                             and pos.board[KING_SQUARES[WHITE]] == 8 + FOOL):
            raise InvalidPosition(
                "Both sides have a Fool on the enemy King Square; under Fool's Gambit the game "
                "ended when the first one arrived.",
                field="board",
            )
        if mv.enemy_king_capturable(pos, rules.gambit):
            raise InvalidPosition(
                f"{SIDE_NAMES[pos.side].capitalize()}, to move, could capture the defenseless "
                f"{SIDE_NAMES[1 - pos.side]} King; the last move left it in check, which is "
                "not allowed.",
                field="board",
            )
        if pos.failed and not _analyse(pos, rules)[1] and not mv.in_check(pos, rules.gambit):
            raise InvalidPosition(
                "The failed pieces leave the side to move no move, so its ply would already have "
                "ended; write '-' in the failed field and give the turn to the other side.",
                field="failed",
            )
        return pos

    def format_position(self, position: Position) -> str:
        return format_position(position)

    # ---- moves -------------------------------------------------------------------------------

    def legal_moves(self, position: Position) -> tuple:
        return _analyse(position, self.rules)[1]

    def status(self, position: Position) -> Status:
        return _analyse(position, self.rules)[0]

    def format_move(self, position: Position, move) -> str:
        return mv.format_move(move)

    def parse_move(self, position: Position, text: str):
        m = _MOVE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            raise IllegalMove(
                "malformed_move",
                f"{text!r} is not a King's Mate move; write <from><to>, e.g. d2d3, with =W, =P "
                "or =E for a promotion, e.g. a8a9=W.",
            )
        promotion = LETTER_KINDS[m.group(3)] if m.group(3) else 0
        return (GRID.index[m.group(1)], GRID.index[m.group(2)], promotion)

    def explain_illegal(self, position: Position, move) -> IllegalMove:
        return mv.explain(position, move, self.rules.gambit, self.rules.crown)

    def move_fields(self, position: Position, move) -> dict[str, Any]:
        src, dst, promotion = move
        board = position.board
        code, target = board[src], board[dst]
        fields: dict[str, Any] = {
            "from": NAMES[src], "to": NAMES[dst], "piece": CODE_TO_LETTER[code], "kind": "move",
        }
        if target:
            fields["kind"] = "capture"
            fields["captured"] = CODE_TO_LETTER[target]
            if self.rules.active:
                fields["probability"] = float(ATTEMPT_SUCCESS)
        if promotion:
            fields["promotion"] = KIND_LETTERS[promotion]
            if not target:
                fields["kind"] = "promotion"
        if code & 7 == KING and max(abs(a - b) for a, b in zip(GRID.coords[src],
                                                                  GRID.coords[dst])) == 3:
            fields["kind"] = "crown"
        if (self.rules.gambit and code & 7 == FOOL
                and dst == KING_SQUARES[1 - position.side]):
            fields["kind"] = "gambit"
        return fields

    # ---- chance: capture attempts under active play -----------------------------------------

    def is_chance(self, position: Position, move) -> bool:
        return self.rules.active and position.board[move[1]] != EMPTY

    def chance_outcomes(self, position: Position, move) -> list[tuple[dict[str, int], Fraction]]:
        """The 36 rolls, each 1/36, successes first (so search follows the capture)."""
        if not self.is_chance(position, move):
            return []
        return [(dict(dice), p) for dice, p in DICE_OUTCOMES]

    def roll(self, position: Position, move, rng: random.Random) -> dict[str, int]:
        return {"attacker": rng.randint(1, 6), "defender": rng.randint(1, 6)}

    def check_dice(self, position: Position, move, dice: Any) -> dict[str, int]:
        if not isinstance(dice, dict) or set(dice) != {"attacker", "defender"}:
            raise InvalidDice(
                'A capture attempt takes dice {"attacker": <1-6>, "defender": <1-6>}, one d6 each.'
            )
        for who in ("attacker", "defender"):
            value = dice[who]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise InvalidDice(
                    f"The {who}'s die must be a whole number from 1 to 6; got {value!r}."
                )
        return {"attacker": dice["attacker"], "defender": dice["defender"]}

    # ---- applying moves ----------------------------------------------------------------------

    def apply(self, position: Position, move, dice=None) -> Applied:
        src, dst, promotion = move
        board = position.board
        side = position.side
        code, target = board[src], board[dst]
        events: list[dict[str, Any]] = []
        if target and self.rules.active:
            success = dice["attacker"] > dice["defender"]
            events.append({"type": "attempt", "from": NAMES[src], "to": NAMES[dst],
                           "piece": CODE_TO_LETTER[code], "success": success, **dice})
            if not success:
                return Applied(self._after_failure(position, src, events), tuple(events), dice)
        events.append({"type": "move", "from": NAMES[src], "to": NAMES[dst],
                       "piece": CODE_TO_LETTER[code]})
        if target:
            events.append({"type": "capture", "square": NAMES[dst],
                           "piece": CODE_TO_LETTER[target]})
        if promotion:
            events.append({"type": "promotion", "square": NAMES[dst],
                           "piece": CODE_TO_LETTER[side * 8 + promotion]})
        return Applied(_play(position, move), tuple(events), dice)

    def _after_failure(self, position: Position, src: int, events: list) -> Position:
        """A failed attempt: nothing moves, the piece is barred for the rest of the ply, and
        the ply ends if no other piece can move (unless the King is then mated)."""
        failed = tuple(sorted(position.failed + (src,)))
        pos = position._replace(failed=failed)
        if _analyse(pos, self.rules)[1] or mv.in_check(pos, self.rules.gambit):
            return pos
        events.append({"type": "ply_ends", "detail": "no other piece can move"})
        side = position.side
        return Position(position.board, 1 - side, position.unmoved, (), position.quiet + 1,
                        position.n + (side == BLACK))

    def advance(self, position: Position, move) -> Position:
        """Search's make-move: the capture succeeds (the first outcome), no events are built."""
        return _play(position, move)


def _play(position: Position, move) -> Position:
    """The position after ``move`` has been carried out (a capture attempt succeeding)."""
    src, dst, promotion = move
    board = list(position.board)
    side = position.side
    code = board[src]
    captured = board[dst]
    board[dst] = side * 8 + promotion if promotion else code
    board[src] = EMPTY
    unmoved = position.unmoved
    if code & 7 == KING:
        unmoved &= ~UNMOVED_BIT[side]
    return Position(tuple(board), 1 - side, unmoved, (), 0 if captured else position.quiet + 1,
                    position.n + (side == BLACK))
