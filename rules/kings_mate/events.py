"""The events a King's Mate move reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import DETAIL, PIECE, SQUARE, event

D6 = {"type": "integer", "minimum": 1, "maximum": 6}

EVENTS = {
    "attempt": event(
        "A capture attempt under active play, decided by two d6: it succeeds when the "
        "attacker rolls higher.",
        {"from": SQUARE, "to": SQUARE, "piece": PIECE,
         "success": {"type": "boolean", "description": "Whether the capture goes ahead."},
         "attacker": {**D6, "description": "The attacker's d6."},
         "defender": {**D6, "description": "The defender's d6."}}),
    "move": event("A piece moves from one square to another.",
                  {"from": SQUARE, "to": SQUARE, "piece": PIECE}),
    "capture": event("A piece is taken off its square.", {"square": SQUARE, "piece": PIECE}),
    "promotion": event("A piece is promoted on its square; piece is what it becomes.",
                       {"square": SQUARE, "piece": PIECE}),
    "ply_ends": event("The ply ends after a failed attempt, no other piece being able to move.",
                      {"detail": DETAIL}),
}
