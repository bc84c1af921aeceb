"""The events a King's Mate move reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import CAPTURED, DETAIL, MOVED, PIECE, PROMOTED, SQUARE, event

D6 = {"type": "integer", "minimum": 1, "maximum": 6}

EVENTS = {
    "attempt": event(
        "A capture attempt under active play, decided by two d6: it succeeds when the "
        "attacker rolls higher.",
        {"from": SQUARE, "to": SQUARE, "piece": PIECE,
         "success": {"type": "boolean", "description": "Whether the capture goes ahead."},
         "attacker": {**D6, "description": "The attacker's d6."},
         "defender": {**D6, "description": "The defender's d6."}}),
    "move": MOVED,
    "capture": CAPTURED,
    "promotion": PROMOTED,
    "ply_ends": event("The ply ends after a failed attempt, no other piece being able to move.",
                      {"detail": DETAIL}),
}
