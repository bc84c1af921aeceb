"""The kinds of King's Mate's legal-moves entries (see :mod:`rules.core.entries`)."""

from __future__ import annotations

from ..core.entries import CAPTURED, PROMOTION, STEP, entry

PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1,
               "description": "Under active play: the chance the capture attempt succeeds."}
TAKING = {**STEP, "captured": CAPTURED, "probability": PROBABILITY, "promotion": PROMOTION}

KINDS = {
    "move": entry("A move to an empty square.", STEP),
    "capture": entry("A capture (an attempt decided by dice under active play).", TAKING,
                     optional=("probability", "promotion")),
    "promotion": entry("A move to an empty square that promotes the piece.",
                       {**STEP, "promotion": PROMOTION}),
    "crown": entry("Defense of the Crown: the King's jump over his two Swordmasters.", STEP),
    "gambit": entry("Fool's Gambit: a Fool onto the enemy King Square, which wins.", TAKING,
                    optional=("captured", "probability", "promotion")),
}
