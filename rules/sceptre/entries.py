"""The kinds of Sceptre's legal-moves entries (see :mod:`rules.core.entries`)."""

from __future__ import annotations

from ..core.entries import CAPTURED, PROMOTION, STEP, entry

KINDS = {
    "pass": entry("The player passes.", {}),
    "move": entry("A move to an empty square.", STEP),
    "capture": entry("A capture of an enemy piece.", {**STEP, "captured": CAPTURED}),
    "promotion": entry("A move that promotes the piece, perhaps capturing.",
                       {**STEP, "captured": CAPTURED, "promotion": PROMOTION},
                       optional=("captured",)),
}
