"""The events a Sceptre move reports (see :mod:`rules.core.events`)."""

from __future__ import annotations

from ..core.events import DETAIL, PIECE, SQUARE, event
from .board import COLOUR_NAMES

PLAYER = {"type": "string", "enum": list(COLOUR_NAMES), "description": "A player's colour."}

EVENTS = {
    "pass": event("The player passes.", {"player": PLAYER}),
    "move": event("A piece moves from one square to another.",
                  {"from": SQUARE, "to": SQUARE, "piece": PIECE}),
    "capture": event("A piece is taken off its square.", {"square": SQUARE, "piece": PIECE}),
    "promotion": event("A piece is promoted on its square; piece is what it becomes.",
                       {"square": SQUARE, "piece": PIECE}),
    "king_captured": event(
        "A King is captured: the armies its player controlled go to the capturer.",
        {"player": {**PLAYER, "description": "The player whose King is taken."},
         "armies": {"type": "array", "items": PLAYER,
                    "description": "The armies that change hands."},
         "to": {**PLAYER, "description": "The player who now controls them."}}),
    "removed": event("A player with no legal move, not in check, leaves the game.",
                     {"player": PLAYER, "detail": DETAIL}),
}
