"""The kinds of Mastery's legal-moves entries (see :mod:`rules.core.entries`)."""

from __future__ import annotations

from ..core.entries import CAPTURED, PIECE, SQUARE, STEP, entry

CONTROL = {"type": "boolean", "description": "The piece moved is the other side's, under control."}
RESURRECT = {
    "type": "object",
    "description": "The piece brought back by this capture, and where.",
    "properties": {"piece": PIECE, "square": SQUARE},
    "required": ["piece", "square"],
    "additionalProperties": False,
}
TAKING = {**STEP, "control": CONTROL, "captured": CAPTURED, "resurrect": RESURRECT}

KINDS = {
    "move": entry("A move to an empty square.", {**STEP, "control": CONTROL}),
    "capture": entry("A capture of an enemy piece, perhaps with a resurrection.", TAKING,
                     optional=("resurrect",)),
    "devour": entry("A controlled piece takes a piece of the mover's own side.", TAKING,
                    optional=("resurrect",)),
}
