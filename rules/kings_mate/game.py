"""King's Mate (Robert Stanek) behind the common game interface."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping, NamedTuple

from ..core.errors import IllegalMove, InvalidDice, InvalidPosition, as_json
from ..core.game import (
    DRAW, ONGOING, WIN, Analysis, Applied, Dice, Game, SearchLimits, Status,
)
from ..core.measuring import Measuring
from ..core.options import OptionSpec, draw_after_quiet_plies
from ..core.reasons import State
from ..core.view import BoardView
from ..registry import register
from . import evaluation
from . import moves as mv
from .entries import KINDS
from .events import EVENTS
from .illegal import BOOK
from .moves import Move
from .position import (
    BLACK, CODE_TO_LETTER, EMPTY, FOOL, GRID, INITIAL_BOARD, KING, KING_SQUARES, KIND_LETTERS,
    NAMES, RAISED_SQUARES, SIDE_NAMES, SWORDMASTER, UNMOVED_BIT, WHITE, Position, format_failed,
    format_position, initial_position, parse_position,
)
from .reasons import End, Illegal
from .view import draw

#: Two d6, attacker's and defender's: the attempt succeeds when the attacker rolls higher.
DICE_OUTCOMES = tuple(
    ({"attacker": a, "defender": d}, Fraction(1, 36)) for a in range(6, 0, -1) for d in range(1, 7)
)
ATTEMPT_SUCCESS = Fraction(15, 36)
#: The dice of a capture attempt under active play, as the API checks and documents them.
DICE_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "description": "A capture attempt's two d6 under active_play: it succeeds when the "
                   "attacker rolls higher than the defender.",
    "properties": {
        who: {"type": "integer", "minimum": 1, "maximum": 6, "description": f"The {who}'s d6."}
        for who in ("attacker", "defender")
    },
    "required": ["attacker", "defender"],
    "additionalProperties": False,
}


class Rules(NamedTuple):
    """The options that change the rules, read once per configured game."""

    gambit: bool
    crown: bool
    active: bool
    stalemate_loss: bool
    quiet_limit: int | None


#: The four statuses of a game going on, by side to move and in_check: a Status is immutable,
#: so every analysis of a game going on shares one of these.
_ONGOING = tuple(
    tuple(Status(ONGOING, None, None, SIDE_NAMES[side], {"in_check": check})
          for check in (False, True))
    for side in (WHITE, BLACK)
)


def _over(state: State, winner: str | None, reason: End, in_check: bool) -> Analysis[Move]:
    """The analysis of a finished game: its status, and no moves."""
    return Analysis(Status(state, winner, reason, extra={"in_check": in_check}), ())


@register
class KingsMate(Game[Position, Move]):
    id = "kings-mate"
    name = "King's Mate"
    illegal_reasons = Illegal
    end_reasons = End
    event_schemas = EVENTS
    entry_kinds = KINDS
    dice_schema = DICE_SCHEMA
    max_perft_depth = 5
    perft_budget = 25_000
    #: one analysed position in the analysis cache, as ``python -m bench.memory`` measures it
    analysis_entry_bytes = 1_220
    #: the computer opponent's budget: 1000 playouts of 4 random plies by default
    search_limits = SearchLimits(playouts=1000, max_playouts=10_000, playout_plies=4)
    #: measured with active play too (captures decided by dice); at its largest with every
    #: optional rule on
    measuring = Measuring(
        variants={"active_play": {"active_play": True}},
        largest={"active_play": True, "fools_gambit": True, "defense_of_the_crown": True},
    )
    option_specs = (
        OptionSpec(
            "stalemate", "choice", "draw",
            "What a stalemate (no legal move, not in check) means for the stalemated side: "
            "a draw, or a loss.",
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
        draw_after_quiet_plies(
            "plies since the last capture (under active_play, the last successful capture "
            "attempt)"
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
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
        if pos.failed and not self.legal_moves(pos) and not mv.in_check(pos, rules.gambit):
            raise InvalidPosition(
                "The failed pieces leave the side to move no move, so its ply would already have "
                "ended; write '-' in the failed field and give the turn to the other side.",
                field="failed",
            )
        return pos

    def format_position(self, position: Position) -> str:
        return format_position(position)

    def is_canonical(self, text: str, position: Position) -> bool:
        """Unless the failed field names two squares or more out of square order:
        :func:`~rules.kings_mate.position.parse_position` reads every other field only as
        it is written (runs of empty squares whole, counters without sign or leading zero)."""
        return len(position.failed) < 2 or text.split(" ")[3] == format_failed(position.failed)

    # ---- the state of the game and its moves ------------------------------------------------

    def analyse(self, position: Position) -> Analysis[Move]:
        """The status, which always carries ``in_check`` (a finished game's too), and the
        legal moves of ``position``."""
        rules = self.rules
        side = position.side
        check = mv.in_check(position, rules.gambit)
        if rules.gambit:
            for s in (WHITE, BLACK):
                if position.board[KING_SQUARES[1 - s]] == s * 8 + FOOL:
                    return _over(WIN, SIDE_NAMES[s], End.FOOLS_GAMBIT, check)
        moves = tuple(mv.generate(position, rules.gambit, rules.crown))
        if not moves:
            if check:
                return _over(WIN, SIDE_NAMES[1 - side], End.CHECKMATE, True)
            if rules.stalemate_loss:
                return _over(WIN, SIDE_NAMES[1 - side], End.STALEMATE, False)
            return _over(DRAW, None, End.STALEMATE, False)
        if rules.quiet_limit is not None and position.quiet >= rules.quiet_limit:
            return _over(DRAW, None, End.QUIET_PLIES, check)
        # Built as a plain tuple of its type: Analysis(...) costs twice as much, on the path
        # every position of a game going on takes.
        return tuple.__new__(Analysis, (_ONGOING[side][check], moves))

    def format_move(self, position: Position, move: Move) -> str:
        return mv.format_move(move)

    def parse_move(self, position: Position, text: str) -> Move:
        move = mv.read_move(text)
        if move is None:
            raise IllegalMove(
                Illegal.MALFORMED_MOVE,
                f"{text!r} is not a King's Mate move; write <from><to>, e.g. d2d3, with =W, =P "
                "or =E for a promotion, e.g. a8a9=W.",
            )
        return move

    def move_squares(self, move: Move) -> tuple[str, ...]:
        return NAMES[move.src], NAMES[move.dst]

    def explain_illegal(self, position: Position, move: Move) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Move) -> dict[str, Any]:
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

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """As the core builds them (``move``, then :meth:`move_fields`, then ``chance``):
        the most common entry, a plain move to an empty square by a piece whose plain moves
        are never a crown or a gambit, in one dict display; every other through
        :meth:`move_fields`."""
        board, rules = position.board, self.rules
        # the kinds whose moves to an empty square may be a crown, or a gambit
        others = (KING, FOOL) if rules.gambit else (KING,)
        entries: list[dict[str, Any]] = []
        append = entries.append
        for move in self.legal_moves(position):
            src, dst, promotion = move
            code = board[src]
            if board[dst] or promotion or code & 7 in others:
                entry = {"move": mv.format_move(move), **self.move_fields(position, move)}
                if rules.active and board[dst]:
                    entry["chance"] = True
                append(entry)
                continue
            start, end = NAMES[src], NAMES[dst]
            append({"move": start + end, "from": start, "to": end,
                    "piece": CODE_TO_LETTER[code], "kind": "move"})
        return entries

    # ---- chance: capture attempts under active play -----------------------------------------

    def is_chance(self, position: Position, move: Move) -> bool:
        return self.rules.active and position.board[move.dst] != EMPTY

    def chance_outcomes(self, position: Position, move: Move) -> list[tuple[Dice, Fraction]]:
        """The 36 rolls, each 1/36, successes first (so search follows the capture)."""
        if not self.is_chance(position, move):
            return []
        return [(dict(dice), p) for dice, p in DICE_OUTCOMES]

    def roll(self, position: Position, move: Move, rng: random.Random) -> Dice:
        return {"attacker": rng.randint(1, 6), "defender": rng.randint(1, 6)}

    def check_dice(self, position: Position, move: Move, dice: Any) -> Dice:
        if not isinstance(dice, dict) or set(dice) != {"attacker", "defender"}:
            raise InvalidDice(
                'A capture attempt takes dice {"attacker": <1-6>, "defender": <1-6>}, one d6 each.'
            )
        for who in ("attacker", "defender"):
            value = dice[who]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise InvalidDice(
                    f"The {who}'s die must be a whole number from 1 to 6; got {as_json(value)}."
                )
        return {"attacker": dice["attacker"], "defender": dice["defender"]}

    # ---- applying moves ----------------------------------------------------------------------

    def apply(self, position: Position, move: Move, dice: Dice | None = None) -> Applied[Position]:
        src, dst, promotion = move
        board = position.board
        side = position.side
        code, target = board[src], board[dst]
        events: list[dict[str, Any]] = []
        if target and self.rules.active:
            assert dice is not None, "play() rolls or checks the dice of every capture attempt"
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
        return Applied(_play(position, src, dst, promotion), tuple(events), dice)

    def _after_failure(self, position: Position, src: int,
                       events: list[dict[str, Any]]) -> Position:
        """A failed attempt: nothing moves, the piece is barred for the rest of the ply, and
        the ply ends if no other piece can move (unless the King is then mated)."""
        failed = tuple(sorted(position.failed + (src,)))
        pos = position._replace(failed=failed)
        if self.legal_moves(pos) or mv.in_check(pos, self.rules.gambit):
            return pos
        events.append({"type": "ply_ends", "detail": "no other piece can move"})
        side = position.side
        return Position(position.board, 1 - side, position.unmoved, (), position.quiet + 1,
                        position.n + (side == BLACK), position.kings, position.swordmasters)

    def perft_moves(self, position: Position) -> tuple[Move, ...]:
        """The cached legal moves: moves of different pieces commute, so a perft meets many of
        its positions again, and generating each once pays more than it costs the cache."""
        return self.legal_moves(position)

    def advance(self, position: Position, move: Move) -> Position:
        """Search's make-move: the capture succeeds (the first outcome), no events are built."""
        src, dst, promotion = move
        return _play(position, src, dst, promotion)

    def evaluate(self, position: Position, player: str) -> float:
        """Material and the hunt of the enemy King (see
        :func:`rules.kings_mate.evaluation.evaluate`)."""
        return evaluation.evaluate(position, player)

    # ---- pictures ----------------------------------------------------------------------------

    def board_view(self, position: Position) -> BoardView:
        return draw(position, self.status(position).to_move)


def _play(position: Position, src: int, dst: int, promotion: int) -> Position:
    """The position after the move ``(src, dst, promotion)`` has been carried out (a capture
    attempt succeeding), its King and Swordmaster squares updated from the move."""
    board = list(position.board)
    side = position.side
    code = board[src]
    captured = board[dst]
    board[dst] = side * 8 + promotion if promotion else code
    board[src] = EMPTY
    unmoved = position.unmoved
    kings, swordmasters = position.kings, position.swordmasters
    moved = code & 7
    if moved == KING:
        unmoved &= ~UNMOVED_BIT[side]
        kings = (dst, kings[1]) if side == WHITE else (kings[0], dst)
    if moved == SWORDMASTER or captured & 7 == SWORDMASTER:
        swordmasters = _swordmasters_after(swordmasters, side, src, dst, moved, captured)
    # Built as a plain tuple of its type, without the named tuple's argument handling: this is
    # every move's make-move (apply, and a search's advance).
    return tuple.__new__(Position, (
        tuple(board), 1 - side, unmoved, (), 0 if captured else position.quiet + 1,
        position.n + (side == BLACK), kings, swordmasters))


def _swordmasters_after(
    swordmasters: tuple[tuple[int, ...], tuple[int, ...]], side: int, src: int, dst: int,
    moved: int, captured: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's Swordmaster squares (ascending; at most two) after a piece of kind
    ``moved`` of ``side`` went from ``src`` to ``dst``, capturing the piece ``captured``
    (0: none)."""
    own, enemy = swordmasters[side], swordmasters[1 - side]
    if moved == SWORDMASTER:
        if len(own) == 1:
            own = (dst,)
        else:
            stays = own[own[0] == src]
            own = (stays, dst) if stays < dst else (dst, stays)
    if captured & 7 == SWORDMASTER:
        enemy = (enemy[enemy[0] == dst],) if len(enemy) == 2 else ()
    return (own, enemy) if side == WHITE else (enemy, own)
