"""The events a Sceptre move reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import CAPTURED, DETAIL, MOVED, PROMOTED, event
from .pieces import COLOUR_NAMES

PLAYER = {"type": "string", "enum": list(COLOUR_NAMES), "description": "A player's colour."}

EVENTS = {
    "pass": event("The player passes.", {"player": PLAYER}),
    "move": MOVED,
    "capture": CAPTURED,
    "promotion": PROMOTED,
    "king_captured": event(
        "A King is captured: the armies its player controlled go to the capturer.",
        {"player": {**PLAYER, "description": "The player whose King is taken."},
         "armies": {"type": "array", "items": PLAYER,
                    "description": "The armies that change hands."},
         "to": {**PLAYER, "description": "The player who now controls them."}}),
    "removed": event("A player with no legal move, not in check, leaves the game.",
                     {"player": PLAYER, "detail": DETAIL}),
}
