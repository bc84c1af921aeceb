"""The kinds of Maestria's legal-moves entries (see :mod:`rules.core.entries`)."""

from __future__ import annotations

from ..core.entries import SQUARE, entry

FROM = {**SQUARE, "description": "The cell the pawns leave."}
TO = {**SQUARE, "description": "The cell the pawns reach."}
COUNT = {"type": "integer", "minimum": 1, "description": "How many pawns move."}
GENERAL = {"type": "boolean", "description": "Whether the General is among them."}
ODDS = {"type": "object", "description": "The exact odds of the fight (each outcome with its "
                                         "probability, as a float and as an exact fraction)."}

KINDS = {
    "place": entry("In setup: a pawn (or the General) placed on a cell.",
                   {"to": TO, "count": COUNT, "general": GENERAL}),
    "step": entry("Pawns step to an adjacent cell; onto an enemy stack, an attack.",
                  {"from": FROM, "to": TO, "count": COUNT, "general": GENERAL,
                   "cost": {"type": "integer", "minimum": 1,
                            "description": "The action points it spends."},
                   "attack": {"type": "boolean", "description": "The step attacks a stack."},
                   "odds": ODDS},
                  optional=("attack", "odds")),
    "end": entry("The side ends its turn.", {}),
    "fight": entry("The attacked side fights: dice decide.", {"odds": ODDS}),
    "retreat": entry("The attacked stack retreats to an adjacent cell, losing a pawn.",
                     {"from": FROM, "to": TO, "count": COUNT}),
}
