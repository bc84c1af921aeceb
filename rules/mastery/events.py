"""The events a Mastery move reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import CAPTURED, MOVED, PIECE, SQUARE, event

EVENTS = {
    "move": MOVED,
    "control": event("A piece of the other side, under control, is moved.",
                     {"from": SQUARE, "to": SQUARE, "piece": PIECE}),
    "capture": CAPTURED,
    "devour": event("A piece of the mover's own side is taken by a controlled piece.",
                    {"square": SQUARE, "piece": PIECE}),
    "resurrection": event("A captured piece comes back on a square.",
                          {"square": SQUARE, "piece": PIECE}),
}
