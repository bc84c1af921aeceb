"""Maestria behind the common game interface."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..core.errors import IllegalMove
from ..core.game import DRAW, ONGOING, WIN, Analysis, Applied, Game, SearchLimits, Status
from ..core.options import OptionSpec, draw_after_quiet_plies
from ..core.view import BoardView
from ..registry import register
from . import combat, evaluation
from .actions import (
    END, FIGHT, NOTATIONS, PLACE, RETREAT, STEP, Action, format_action, generate, parse_action,
)
from .combat import DICE_SCHEMA, FightDice
from .entries import KINDS
from .events import EVENTS
from .illegal import BOOK
from .option_schemas import TERRAIN_SCHEMA
from .position import (
    ACTION_POINTS, ARMY, BLACK, DEFAULT_TERRAIN, INITIAL, NAMES, PHASE_NAMES, PLACEMENTS_PER_TURN,
    PLAY, SETUP, SIDE_NAMES, TERRAIN_NAMES, WHITE, Pending, Position, army_totals, count_of,
    format_position, has_general, make_cell, owner_of, parse_position, parse_terrain,
    terrain_table,
)
from .reasons import End, Illegal
from .view import board_view

Event = dict[str, Any]


@register
class Maestria(Game[Position, Action]):
    id = "maestria"
    #: one analysed position in the analysis cache, as ``python -m bench.memory`` measures it
    analysis_entry_bytes = 1_600
    name = "Maestria"
    illegal_reasons = Illegal
    end_reasons = End
    event_schemas = EVENTS
    entry_kinds = KINDS
    dice_schema = DICE_SCHEMA
    # A play position with two full armies and 5 AP has about 90 actions, so depth 3 generates
    # under 10,000 positions (about 0.15 s) while depth 4 would generate about 200,000 (5 s).
    max_perft_depth = 3
    #: The computer opponent's budget: 1000 playouts by default, of no random action: the leaf
    #: is scored by evaluate(), which values a pending attack by the exact odds of the fight,
    #: where a random answer (a retreat four times in five) would value it by the retreat.
    #: With no random plies to average out, a small exploration constant lets the search
    #: follow its best lines deeper.
    search_limits = SearchLimits(playouts=1000, max_playouts=10_000, playout_plies=0,
                                 exploration=0.15)
    option_specs = (
        OptionSpec(
            "terrain", "json", DEFAULT_TERRAIN,
            "The terrain of the 24 cells: two rows of 12 letters P (plain), F (forest), "
            "M (mountain), row 2 (white's camp) first, files a to l, e.g. "
            f"'{DEFAULT_TERRAIN}' (the default).",
            validate=parse_terrain,
            schema=TERRAIN_SCHEMA,
        ),
        draw_after_quiet_plies(
            "turn changes since the last pawn was lost, in a fight or a retreat (each passing "
            "of the turn in play adds one)"),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.terrain_text: str = self.options["terrain"]
        #: the terrain of each cell, indexed like a position's cells
        self.terrain = terrain_table(self.terrain_text)
        self.quiet_limit: int | None = self.options["draw_after_quiet_plies"]

    @classmethod
    def players(cls) -> tuple[str, ...]:
        return SIDE_NAMES

    @classmethod
    def describe(cls) -> dict[str, Any]:
        initial = format_position(INITIAL)
        return {
            "pieces": [
                {"letter": "b<k> / w<k>", "name": "Stack",
                 "moves": "k pawns (1-5) of one colour on a cell; steps of j pawns to an adjacent "
                          "cell cost j action points"},
                {"letter": "*", "name": "General",
                 "moves": "one pawn per side, marked '*' on its stack; its fall ends the game"},
            ],
            "sides": {"b": "black (acts first in both phases, camp row 1)",
                      "w": "white (camp row 2)"},
            "setups": {"default": initial},
            "terrain": {"letters": {"P": "Plain", "F": "Forest", "M": "Mountain"},
                        "beats": "Mountain beats Plain, Plain beats Forest, Forest beats Mountain",
                        "default": DEFAULT_TERRAIN},
            "notation": {
                "position": "<cells: row 2 / row 1, 12 comma-separated tokens each: - or b<k> / "
                            "w<k>, '*' with the General> <phase setup|play> <side b|w> <budget> "
                            "<pending: - or c1c2:3*> <quiet> <n>",
                "move": "@c1 / @c1* (place a soldier / the General), c1d2:3 / c1d2:3* (step 3 "
                        "pawns, the General among them with *), end, fight, retreat:<cell>",
                "dice": '{"attacker": [d6, (d6), (d4)], "defender": [...]}: d6 values first, '
                        "then the d4 if that side has the terrain advantage",
                "example": initial,
            },
        }

    # ---- positions -------------------------------------------------------------------------

    def initial_position(self) -> Position:
        return INITIAL

    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def format_position(self, position: Position) -> str:
        return format_position(position)

    def is_canonical(self, text: str, position: Position) -> bool:
        """Always: :func:`~rules.maestria.position.parse_position` reads each field only as
        it is written (each cell as ``-`` or ``b3*``, the pending step as ``c1c2:3``,
        counters without sign or leading zero)."""
        return True

    def board_view(self, position: Position) -> BoardView:
        return board_view(position, self.terrain, self.status(position).to_move)

    # ---- actions ---------------------------------------------------------------------------

    def _end(self, position: Position) -> Status | None:
        """The status of a finished game, None while it goes on: a game ends in play when a
        General has fallen, or by the house rule on quiet turns."""
        if position.phase != PLAY:
            return None
        totals = army_totals(position.cells)
        for loser in (BLACK, WHITE):
            if not totals[loser][1]:
                return Status(WIN, SIDE_NAMES[1 - loser], End.GENERAL_ELIMINATED,
                              extra={"phase": "play"})
        if self.quiet_limit is not None and position.quiet >= self.quiet_limit:
            return Status(DRAW, None, End.QUIET_PLIES, extra={"phase": "play"})
        return None

    def analyse(self, position: Position) -> Analysis[Action]:
        """While a fight is pending the defender acts, and the status shows the fight."""
        end = self._end(position)
        if end is not None:
            return Analysis(end, ())
        extra: dict[str, Any] = {"phase": PHASE_NAMES[position.phase], "budget": position.budget}
        actor = position.side
        if position.pending is not None:
            actor = 1 - position.side
            extra["fight"] = self.pending_fight(position, position.pending)
        return Analysis(Status(ONGOING, None, None, SIDE_NAMES[actor], extra),
                        tuple(generate(position)))

    def perft_moves(self, position: Position) -> Sequence[Action]:
        """The legal moves without the status :meth:`analyse` builds with them (a pending
        fight's status computes its odds, which perft never reads)."""
        return () if self._end(position) is not None else generate(position)

    def format_move(self, position: Position, move: Action) -> str:
        return format_action(move)

    def parse_move(self, position: Position, text: str) -> Action:
        return parse_action(text)

    def move_squares(self, move: Action) -> tuple[str, ...]:
        return tuple(NAMES[cell] for cell in (move.src, move.dst) if cell >= 0)

    def explain_illegal(self, position: Position, move: Action) -> IllegalMove:
        return BOOK.explain(self, position, move)

    def move_fields(self, position: Position, move: Action) -> dict[str, Any]:
        fields = _fixed_fields(move)
        self._position_fields(position, move, fields)
        return fields

    def _position_fields(self, position: Position, move: Action, fields: dict[str, Any]) -> None:
        """Add to ``fields`` what ``move``'s entry says that depends on ``position``: an
        attack's odds, a pending fight's odds, where a retreat goes from and with how many."""
        kind = move.kind
        if kind == STEP:
            target = position.cells[move.dst]
            if target and owner_of(target) != position.side:
                fields["attack"] = True
                # The odds the defender would face if it chose to fight.
                fields["odds"] = self.step_odds(position, move.src, move.dst, move.pawns,
                                                     move.with_general)
        elif kind == FIGHT and position.pending is not None:
            fields["odds"] = self.step_odds(position, *position.pending)
        elif kind == RETREAT and position.pending is not None:
            attacked = position.pending.dst
            fields.update({"from": NAMES[attacked], "to": NAMES[move.dst],
                           "count": count_of(position.cells[attacked])})

    def legal_move_entries(self, position: Position) -> list[dict[str, Any]]:
        """The core's entries (same keys, same order), each started from a copy of the
        action's fixed part; only attacks and a pending fight's answers add to it."""
        entries: list[dict[str, Any]] = []
        append = entries.append
        cells, side = position.cells, position.side
        for move in self.legal_moves(position):
            head = _ENTRY_HEADS.get(move)
            if head is None:  # no action outside the table is ever legal; kept for safety
                head = {"move": format_action(move), **_fixed_fields(move)}
            entry = head.copy()
            kind = move.kind
            if kind == STEP:
                target = cells[move.dst]
                if target and owner_of(target) != side:
                    self._position_fields(position, move, entry)
            elif kind != PLACE and kind != END:
                self._position_fields(position, move, entry)
                if kind == FIGHT:
                    entry["chance"] = True
            append(entry)
        return entries

    # ---- fights ----------------------------------------------------------------------------

    def entitlement(self, position: Position, attack: Pending) -> combat.Entitlement:
        """The dice each side rolls in the fight of ``attack`` (pending in ``position``)."""
        return combat.entitlement(attack.pawns, count_of(position.cells[attack.dst]),
                                  self.terrain[attack.src], self.terrain[attack.dst])

    def step_odds(self, position: Position, src: int, dst: int, pawns: int,
                       with_general: bool) -> Mapping[str, Any]:
        """Exact odds of the fight that ``pawns`` pawns stepping from ``src`` onto the enemy
        stack on ``dst`` start (or started, for the pending attack), as shared read-only data."""
        defenders = position.cells[dst]
        count = count_of(defenders)
        ent = combat.ENTITLEMENTS[pawns][count][self.terrain[src]][self.terrain[dst]]
        return combat.fight_odds_fields(ent, pawns, with_general, count, has_general(defenders))

    def pending_fight(self, position: Position, attack: Pending) -> dict[str, Any]:
        """The pending fight: both sides, their dice, and the exact odds."""
        src, dst, k, general = attack
        ent = self.entitlement(position, attack)
        defenders = position.cells[dst]
        return {
            "attacker": {"side": SIDE_NAMES[position.side], "from": NAMES[src], "pawns": k,
                         "general": general, "terrain": TERRAIN_NAMES[self.terrain[src]],
                         "dice": combat.describe_dice(ent.attacker_d6, ent.attacker_d4)},
            "defender": {"side": SIDE_NAMES[1 - position.side], "cell": NAMES[dst],
                         "pawns": count_of(defenders), "general": has_general(defenders),
                         "terrain": TERRAIN_NAMES[self.terrain[dst]],
                         "dice": combat.describe_dice(ent.defender_d6, ent.defender_d4)},
            "odds": self.step_odds(position, *attack),
        }

    def _fight_entitlement(self, position: Position, move: Action) -> combat.Entitlement:
        """The dice of ``move``, a fight, which only a pending attack allows."""
        if move.kind != FIGHT or position.pending is None:
            raise ValueError(f"{format_action(move)} is not a fight in this position.")
        return self.entitlement(position, position.pending)

    # ---- chance ------------------------------------------------------------------------------

    def is_chance(self, position: Position, move: Action) -> bool:
        return move.kind == FIGHT

    def chance_outcomes(self, position: Position, move: Action) -> list[tuple[FightDice, Fraction]]:
        if move.kind != FIGHT:
            return []
        return combat.outcomes(self._fight_entitlement(position, move))

    def roll(self, position: Position, move: Action, rng: random.Random) -> FightDice:
        return combat.roll_dice(self._fight_entitlement(position, move), rng)

    def check_dice(self, position: Position, move: Action, dice: Any) -> FightDice:
        return combat.check_dice(self._fight_entitlement(position, move), dice)

    def advance(self, position: Position, move: Action) -> Position:
        return self.apply(position, move).position

    # ---- evaluation --------------------------------------------------------------------------

    def evaluate(self, position: Position, player: str) -> float:
        """Pawns, the General's guard and a pending fight's exact odds (see
        :func:`rules.maestria.evaluation.evaluate`)."""
        pending = position.pending
        fight = None if pending is None else self.entitlement(position, pending)
        return evaluation.evaluate(position, player, fight, self.terrain)

    # ---- applying --------------------------------------------------------------------------

    def apply(self, position: Position, move: Action,
              dice: FightDice | None = None) -> Applied[Position]:
        """Play a legal ``move``; a fight without ``dice`` takes the first outcome (every die
        showing 1), as search does."""
        kind = move.kind
        if kind == STEP:
            return _step(position, move)
        if kind == PLACE:
            return _place(position, move)
        if kind == END:
            return Applied(_pass_turn(position), (
                {"type": "end", "side": SIDE_NAMES[position.side]}, *_turn_event(position)))
        if position.pending is None:
            raise ValueError(f"{format_action(move)} answers an attack, and none is pending.")
        if kind == FIGHT:
            if dice is None:
                dice = combat.first_outcome(self._fight_entitlement(position, move))
            applied = _fight(position, position.pending, dice)
            return Applied(applied.position, applied.events, dice)
        return _retreat(position, position.pending, move)


# ---- legal-move entries -----------------------------------------------------------------------

def _fixed_fields(move: Action) -> dict[str, Any]:
    """The fields of ``move``'s entry that do not depend on the position: its kind, and the
    cells, pawns and cost of a placement or a step."""
    kind = move.kind
    if kind == PLACE:
        return {"kind": kind, "to": NAMES[move.dst], "count": 1, "general": move.with_general}
    if kind == STEP:
        return {"kind": kind, "from": NAMES[move.src], "to": NAMES[move.dst],
                "count": move.pawns, "general": move.with_general, "cost": move.pawns}
    return {"kind": kind}


#: for every action that can be legal, the start of its entry: its notation and fixed fields
_ENTRY_HEADS: dict[Action, dict[str, Any]] = {
    action: {"move": text, **_fixed_fields(action)} for text, action in NOTATIONS.items()}


# ---- the effects of each action --------------------------------------------------------------

def _pass_turn(pos: Position) -> Position:
    """The other side's turn: 3 placements in setup (play after white's 15th), 5 AP in play."""
    side = 1 - pos.side
    n = pos.n + (pos.side == WHITE)
    if pos.phase == SETUP:
        if pos.side == WHITE and army_totals(pos.cells)[WHITE][0] == ARMY:
            return Position(pos.cells, PLAY, BLACK, ACTION_POINTS, None, 0, n)
        return Position(pos.cells, SETUP, side, PLACEMENTS_PER_TURN, None, 0, n)
    return Position(pos.cells, PLAY, side, ACTION_POINTS, None, pos.quiet + 1, n)


def _turn_event(before: Position) -> tuple[Event]:
    return ({"type": "turn", "to_move": SIDE_NAMES[1 - before.side]},)


def _place(pos: Position, move: Action) -> Applied[Position]:
    # Placements are played in setup, where nothing is pending and the quiet counter is 0.
    cells = list(pos.cells)
    code = cells[move.dst]
    cells[move.dst] = make_cell(pos.side, count_of(code) + 1,
                                has_general(code) or move.with_general)
    after = Position(tuple(cells), SETUP, pos.side, pos.budget - 1, None, 0, pos.n)
    events: tuple[Event, ...] = ({
        "type": "place", "side": SIDE_NAMES[pos.side], "cell": NAMES[move.dst],
        "general": move.with_general},)
    if after.budget == 0:
        after = _pass_turn(after)
        events += ({"type": "phase", "phase": "play"},) if after.phase == PLAY else ()
        events += _turn_event(pos)
    return Applied(after, events)


def _remove(cells: list[int], sq: int, k: int, general: bool) -> None:
    """Take ``k`` pawns (the General among them when ``general``) off ``sq``."""
    code = cells[sq]
    left = count_of(code) - k
    cells[sq] = make_cell(owner_of(code), left, has_general(code) and not general) if left else 0


def _add(cells: list[int], sq: int, side: int, k: int, general: bool) -> None:
    """Put ``k`` pawns of ``side`` (the General among them when ``general``) on ``sq``."""
    code = cells[sq]
    cells[sq] = make_cell(side, count_of(code) + k, has_general(code) or general)


def _move_pawns(cells: list[int], side: int, src: int, dst: int, k: int, general: bool) -> None:
    """Move ``k`` pawns of ``side`` (the General among them when ``general``) from ``src`` to
    ``dst``."""
    _remove(cells, src, k, general)
    _add(cells, dst, side, k, general)


def _step(pos: Position, move: Action) -> Applied[Position]:
    # Steps are played in play with no attack pending; positions are built field by field,
    # which costs less than NamedTuple._replace on this hot path.
    src, dst, k, general = move.src, move.dst, move.pawns, move.with_general
    budget = pos.budget - k
    target = pos.cells[dst]
    event: Event = {"type": "step", "side": SIDE_NAMES[pos.side], "from": NAMES[src],
                    "to": NAMES[dst], "count": k, "general": general}
    if target and owner_of(target) != pos.side:
        event["type"] = "attack"
        after = Position(pos.cells, PLAY, pos.side, budget, Pending(src, dst, k, general),
                         pos.quiet, pos.n)
        return Applied(after, (event,))
    cells = list(pos.cells)
    _move_pawns(cells, pos.side, src, dst, k, general)
    return _spend(Position(tuple(cells), PLAY, pos.side, budget, None, pos.quiet, pos.n),
                  (event,))


def _spend(after: Position, events: tuple[Event, ...]) -> Applied[Position]:
    """The turn passes by itself when the action points are used up."""
    if after.budget == 0:
        return Applied(_pass_turn(after), events + _turn_event(after))
    return Applied(after, events)


def _enter(pos: Position, attack: Pending, cells: list[int]) -> Event:
    """The attackers of ``attack`` enter the cell they attacked (emptied); the event says so."""
    src, dst, k, general = attack
    _move_pawns(cells, pos.side, src, dst, k, general)
    return {"type": "enter", "side": SIDE_NAMES[pos.side], "from": NAMES[src], "to": NAMES[dst],
            "count": k}


def _fight(pos: Position, attack: Pending, dice: FightDice) -> Applied[Position]:
    src, dst, k, general = attack
    cells = list(pos.cells)
    defenders = cells[dst]
    d, defender_general = count_of(defenders), has_general(defenders)
    won = combat.winner(dice)
    events: list[Event] = [{
        "type": "fight", "dice": dice, "attacker_total": sum(dice[combat.ATTACKER]),
        "defender_total": sum(dice[combat.DEFENDER]), "winner": won,
    }]
    after = pos._replace(pending=None)
    if won is combat.TIE:
        events.append({"type": "tie", "detail": "Equal totals: nothing happens; the action "
                                                "points are spent."})
        return _spend(after, tuple(events))
    lost = min(k, d)
    if won == combat.ATTACKER:
        loser, cell, fighters, has_gen = 1 - pos.side, dst, d, defender_general
    else:
        loser, cell, fighters, has_gen = pos.side, src, k, general
    # Soldiers fall before the General, so it falls only with the whole fighting group.
    general_falls = has_gen and lost == fighters
    _remove(cells, cell, lost, general_falls)
    events.append({"type": "loss", "side": SIDE_NAMES[loser], "cell": NAMES[cell],
                   "pawns": lost, "general": general_falls})
    if won == combat.ATTACKER and not cells[dst]:
        events.append(_enter(pos, attack, cells))
    after = after._replace(cells=tuple(cells), quiet=0)
    if general_falls:
        events.append({"type": "general_eliminated", "side": SIDE_NAMES[loser],
                       "winner": SIDE_NAMES[1 - loser]})
        return Applied(after, tuple(events))
    return _spend(after, tuple(events))


def _retreat(pos: Position, attack: Pending, move: Action) -> Applied[Position]:
    attacked = attack.dst
    cells = list(pos.cells)
    stack = cells[attacked]
    defender = owner_of(stack)
    size, defender_general = count_of(stack), has_general(stack)
    cells[attacked] = 0
    _add(cells, move.dst, defender, size, defender_general)
    _remove(cells, move.dst, 1, False)  # the retreat costs one soldier
    events = (
        {"type": "retreat", "side": SIDE_NAMES[defender], "from": NAMES[attacked],
         "to": NAMES[move.dst], "count": size},
        {"type": "loss", "side": SIDE_NAMES[defender], "cell": NAMES[move.dst], "pawns": 1,
         "general": False},
        _enter(pos, attack, cells),
    )
    return _spend(pos._replace(cells=tuple(cells), pending=None, quiet=0), events)
