"""The events a Maestria action reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import DETAIL, SQUARE, event
from .combat import ATTACKER, DEFENDER, DICE_SCHEMA
from .position import PHASE_NAMES, SIDE_NAMES

SIDE = {"type": "string", "enum": list(SIDE_NAMES), "description": "A side."}
CELL = {"type": "string", "description": "A cell in the game's notation."}
COUNT = {"type": "integer", "minimum": 1, "description": "How many pawns."}
GENERAL = {"type": "boolean", "description": "Whether the General is among them."}
MOVING = {"side": SIDE, "from": SQUARE, "to": SQUARE, "count": COUNT}

EVENTS = {
    "end": event("The side ends its turn.", {"side": SIDE}),
    "turn": event("The turn passes.", {"to_move": SIDE}),
    "place": event("In setup, a pawn (or the General) is placed on a cell.",
                   {"side": SIDE, "cell": CELL, "general": GENERAL}),
    "phase": event("The game enters a new phase.",
                   {"phase": {"type": "string", "enum": list(PHASE_NAMES)}}),
    "step": event("Pawns step to an adjacent cell.", {**MOVING, "general": GENERAL}),
    "attack": event("Pawns step onto an enemy stack: the defender fights or retreats.",
                    {**MOVING, "general": GENERAL}),
    "enter": event("The attackers enter the cell they emptied.", MOVING),
    "retreat": event("The attacked stack retreats to an adjacent cell.", MOVING),
    "fight": event(
        "A fight is rolled.",
        {"dice": DICE_SCHEMA,
         "attacker_total": {"type": "integer", "description": "The attacker's total."},
         "defender_total": {"type": "integer", "description": "The defender's total."},
         "winner": {"type": ["string", "null"], "enum": [ATTACKER, DEFENDER, None],
                    "description": "The side with the higher total; null on a tie."}}),
    "tie": event("Equal totals: nothing happens.", {"detail": DETAIL}),
    "loss": event("A side loses pawns on a cell.",
                  {"side": SIDE, "cell": CELL,
                   "pawns": {**COUNT, "description": "How many pawns are lost."},
                   "general": {**GENERAL, "description": "Whether the General falls."}}),
    "general_eliminated": event("A General falls: the other side wins.",
                                {"side": SIDE, "winner": SIDE}),
}
